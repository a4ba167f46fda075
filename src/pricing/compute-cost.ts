import type { LanguageModelV3Prompt, LanguageModelV3Usage } from '@ai-sdk/provider';
import { type FieldChecks, hasFields, isFiniteNumber, optional } from '../checks/values';
import type { UnigateCost, UnigateModelPrice } from './unigate-pricing-types';

// Cost arithmetic, pure: credits counted in pico-credits, each kind's cost from its usage and price, a
// language-model call's cost from the AI SDK's usage, and the check of a cost as it is written into
// metadata. Each cost function returns undefined when the price lacks what it needs, so a result never
// carries a zero cost invented from a missing price.

// Credits.

/**
 * Credits are computed in whole pico-credits (1e-12): fine enough for the smallest real price (1e-8 credits
 * per embedding token) to keep four digits, coarse enough to drop binary floating-point noise
 * (0.009000000000000001 -> 0.009). An integer count divided by 1e12 is the double nearest that decimal, so
 * it prints as the decimal. Exact up to 2^53 pico-credits (about 9,007 credits per figure).
 */
const PER_CREDIT = 1e12;

function toUnits(credits: number): number {
  return Math.round(credits * PER_CREDIT);
}

/** The cache lines of a cost, in credits: parts of its `input`, listed when tokens were read or written. */
export interface CacheCredits {
  read?: number;
  write?: number;
}

/**
 * A cost whose `input` and `output` are rounded to pico-credits and whose `total` is their sum in
 * pico-credits; `cache` adds the `cacheRead` / `cacheWrite` lines (already part of `input`).
 */
export function creditCost(input: number, output: number, cache: CacheCredits = {}): UnigateCost {
  const inputUnits = toUnits(input);
  const outputUnits = toUnits(output);
  return {
    input: inputUnits / PER_CREDIT,
    output: outputUnits / PER_CREDIT,
    total: (inputUnits + outputUnits) / PER_CREDIT,
    unit: 'credits',
    ...(cache.read !== undefined && { cacheRead: toUnits(cache.read) / PER_CREDIT }),
    ...(cache.write !== undefined && { cacheWrite: toUnits(cache.write) / PER_CREDIT }),
  };
}

/**
 * The sum of several costs, added in pico-credits so the sum carries no noise either; cache lines too,
 * when any cost has them, and `estimated` when any part is.
 */
export function sumCosts(costs: readonly UnigateCost[]): UnigateCost {
  let input = 0;
  let output = 0;
  let read: number | undefined;
  let write: number | undefined;
  let estimated = false;
  for (const cost of costs) {
    if (cost.estimated === true) estimated = true;
    input += toUnits(cost.input);
    output += toUnits(cost.output);
    if (cost.cacheRead !== undefined) read = (read ?? 0) + toUnits(cost.cacheRead);
    if (cost.cacheWrite !== undefined) write = (write ?? 0) + toUnits(cost.cacheWrite);
  }
  const sum = creditCost(input / PER_CREDIT, output / PER_CREDIT, {
    read: read === undefined ? undefined : read / PER_CREDIT,
    write: write === undefined ? undefined : write / PER_CREDIT,
  });
  return estimated ? { ...sum, estimated } : sum;
}

// Each kind's cost.

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
    return creditCost((usage.inputTokens * inputPrice) / 1e6, (outputTokens * outputPrice) / 1e6);
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
  return perMillion === undefined ? undefined : creditCost((characters * perMillion) / 1e6, 0);
}

/** Transcription: the audio's length in minutes times the per-minute price. */
export function minuteCost(price: UnigateModelPrice | undefined, seconds: number | undefined): UnigateCost | undefined {
  const perMinute = price?.perMinute;
  return perMinute === undefined || seconds === undefined ? undefined : creditCost((seconds / 60) * perMinute, 0);
}

/** Images and videos: a count times the per-item price (from a price table). */
export function unitCost(
  price: UnigateModelPrice | undefined,
  kind: 'image' | 'video',
  count: number,
): UnigateCost | undefined {
  const perUnit = kind === 'image' ? price?.perImage : price?.perVideo;
  return perUnit === undefined ? undefined : creditCost(count * perUnit, 0);
}

// A language-model call.

/**
 * Characters of a language-model prompt's text (system, text, reasoning, tool calls and results), for
 * the context-window check. Files count nothing: their token cost is not known from their size.
 */
export function promptCharacters(prompt: LanguageModelV3Prompt): number {
  let characters = 0;
  for (const message of prompt) {
    if (typeof message.content === 'string') {
      characters += message.content.length;
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text' || part.type === 'reasoning') characters += part.text.length;
      else if (part.type === 'tool-call') characters += JSON.stringify(part.input ?? null).length;
      else if (part.type === 'tool-result') {
        const output = part.output;
        if (output.type === 'text' || output.type === 'error-text') characters += output.value.length;
        else if (output.type === 'json' || output.type === 'error-json')
          characters += JSON.stringify(output.value).length;
      }
    }
  }
  return characters;
}

/**
 * A language-model call's cost from its usage: fresh input tokens at the input price, cache reads and
 * writes at their own prices, and every output token. `oneHourWrites` is how many of the cache writes had
 * a 1-hour TTL; when the caller cannot tell, every write is priced at the 1-hour price, so the cost never
 * under-counts. With `n > 1` the gateway's usage already covers every choice.
 */
export function languageModelCost(
  price: UnigateModelPrice | undefined,
  usage: LanguageModelV3Usage,
  oneHourWrites?: number,
): UnigateCost | undefined {
  if (price === undefined) return undefined;
  const cacheWriteTokens = usage.inputTokens.cacheWrite;
  return tokenCost(price, {
    inputTokens: usage.inputTokens.total,
    outputTokens: usage.outputTokens.total,
    cacheReadTokens: usage.inputTokens.cacheRead,
    cacheWriteTokens,
    cacheWrite1hTokens: oneHourWrites ?? cacheWriteTokens,
  });
}

// A cost as this package writes it into metadata.

const COST_FIELDS: FieldChecks<UnigateCost> = {
  input: isFiniteNumber,
  output: isFiniteNumber,
  total: isFiniteNumber,
  unit: (value): value is 'credits' => value === 'credits',
  cacheRead: optional(isFiniteNumber),
  cacheWrite: optional(isFiniteNumber),
  estimated: optional((value): value is true => value === true),
};

/** `value` is a cost as this package writes it into metadata: finite credit figures, `unit: 'credits'`. */
export function isUnigateCost(value: unknown): value is UnigateCost {
  return hasFields(value, COST_FIELDS);
}
