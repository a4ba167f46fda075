import type { UnigateModelPrice } from './unigate-pricing-types';

/** A family's cache prices as multiples of its input price (docs/prompt-caching-prices.md#published-ratios-by-family). */
interface CacheRatio {
  read: number;
  write: number;
}

// The upstreams' published ratios, by model id prefix, most specific first. An id no family matches
// pays the full input price for cached tokens: a cost and a budget never under-count.
const FAMILIES: ReadonlyArray<readonly [prefix: string, ratio: CacheRatio]> = [
  // Anthropic: a cache read is 0.1x the input price, a 5-minute cache write 1.25x.
  ['claude-', { read: 0.1, write: 1.25 }],
  // OpenAI: cached input 0.1x for GPT-5, 0.25x for GPT-4.1, o3 and o4-mini, 0.5x for GPT-4o, o1 and
  // o3-mini; writes cost nothing extra.
  ['gpt-5', { read: 0.1, write: 1 }],
  ['gpt-4.1', { read: 0.25, write: 1 }],
  ['o3-mini', { read: 0.5, write: 1 }],
  ['o3', { read: 0.25, write: 1 }],
  ['o4-mini', { read: 0.25, write: 1 }],
  ['gpt-4o', { read: 0.5, write: 1 }],
  ['o1', { read: 0.5, write: 1 }],
];

function familyRatio(modelId: string): CacheRatio | undefined {
  return FAMILIES.find(([prefix]) => modelId.startsWith(prefix))?.[1];
}

/** Rounds a derived price to the pico-credit per 1M tokens, so 0.1 x 3 is 0.3, not 0.30000000000000004. */
function scaled(price: number, ratio: number): number {
  return Math.round(price * ratio * 1e12) / 1e12;
}

/**
 * A token price with its cache prices filled in: the entry's own `cacheReadPerMillionTokens` /
 * `cacheWritePerMillionTokens`, else the model family's published ratio to the input price, else the
 * input price itself. Prices without an input price (audio, images, video) are returned as they are.
 */
export function withCacheRates(modelId: string, price: UnigateModelPrice | undefined): UnigateModelPrice | undefined {
  const input = price?.inputPerMillionTokens;
  if (price === undefined || input === undefined) return price;
  if (price.cacheReadPerMillionTokens !== undefined && price.cacheWritePerMillionTokens !== undefined) return price;
  const ratio = familyRatio(modelId) ?? { read: 1, write: 1 };
  return {
    ...price,
    cacheReadPerMillionTokens: price.cacheReadPerMillionTokens ?? scaled(input, ratio.read),
    cacheWritePerMillionTokens: price.cacheWritePerMillionTokens ?? scaled(input, ratio.write),
  };
}
