import { creditCost } from './credit-units';
import type { UnigateCost, UnigateModelPrice } from './unigate-pricing-types';

// Pure: each returns undefined when the price lacks what it needs, so a result never carries a zero cost
// invented from a missing price. Figures are rounded to pico-credits (see credit-units.ts).

function cost(input: number, output: number): UnigateCost {
  return creditCost(input, output);
}

/**
 * Chat, messages and embeddings: tokens times the per-1M-token prices. No output price is needed when no
 * output tokens were used. `cacheReadTokens` and `cacheWriteTokens` are part of `inputTokens`, priced at
 * the cache prices (the input price where the price has none) and listed as `cacheRead` / `cacheWrite`;
 * `cacheWrite1hTokens`, part of `cacheWriteTokens`, were written with a 1-hour TTL, at that price.
 */
export function tokenCost(
  price: UnigateModelPrice | undefined,
  usage: {
    inputTokens?: number;
    outputTokens?: number;
    cacheReadTokens?: number;
    cacheWriteTokens?: number;
    cacheWrite1hTokens?: number;
  },
): UnigateCost | undefined {
  const inputPrice = price?.inputPerMillionTokens;
  if (inputPrice === undefined || usage.inputTokens === undefined) return undefined;
  const outputTokens = usage.outputTokens ?? 0;
  const outputPrice = price?.outputPerMillionTokens ?? (outputTokens === 0 ? 0 : undefined);
  if (outputPrice === undefined) return undefined;
  const readTokens = usage.cacheReadTokens ?? 0;
  const writeTokens = usage.cacheWriteTokens ?? 0;
  if (readTokens === 0 && writeTokens === 0) {
    return cost((usage.inputTokens * inputPrice) / 1e6, (outputTokens * outputPrice) / 1e6);
  }
  const writePrice = price?.cacheWritePerMillionTokens ?? inputPrice;
  const longTokens = Math.min(usage.cacheWrite1hTokens ?? 0, writeTokens);
  const read = (readTokens * (price?.cacheReadPerMillionTokens ?? inputPrice)) / 1e6;
  const write =
    ((writeTokens - longTokens) * writePrice + longTokens * (price?.cacheWrite1hPerMillionTokens ?? writePrice)) / 1e6;
  const fresh = (Math.max(usage.inputTokens - readTokens - writeTokens, 0) * inputPrice) / 1e6;
  return creditCost(fresh + read + write, (outputTokens * outputPrice) / 1e6, {
    ...(readTokens > 0 && { read }),
    ...(writeTokens > 0 && { write }),
  });
}

/** Speech: characters of input text times the per-1M-character price. */
export function characterCost(price: UnigateModelPrice | undefined, characters: number): UnigateCost | undefined {
  const perMillion = price?.perMillionCharacters;
  return perMillion === undefined ? undefined : cost((characters * perMillion) / 1e6, 0);
}

/** Transcription: the audio's length in minutes times the per-minute price. */
export function minuteCost(price: UnigateModelPrice | undefined, seconds: number | undefined): UnigateCost | undefined {
  const perMinute = price?.perMinute;
  return perMinute === undefined || seconds === undefined ? undefined : cost((seconds / 60) * perMinute, 0);
}

/** Images and videos: a count times the per-item price (from a price table). */
export function unitCost(
  price: UnigateModelPrice | undefined,
  kind: 'image' | 'video',
  count: number,
): UnigateCost | undefined {
  const perUnit = kind === 'image' ? price?.perImage : price?.perVideo;
  return perUnit === undefined ? undefined : cost(count * perUnit, 0);
}
