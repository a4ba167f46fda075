import type { PricedKind, UnigateModelPrice } from './unigate-pricing-types';

/**
 * Cache prices as multiples of the input price (docs/prompt-caching-prices.md): a read, a write with the
 * default 5-minute TTL, a write with a 1-hour TTL.
 */
interface CacheRatio {
  read: number;
  write: number;
  write1h: number;
}

const ratio = (read: number, write = 1, write1h = write): CacheRatio => ({ read, write, write1h });

type Family = 'anthropic' | 'openai' | 'google' | 'deepseek' | 'xai' | 'qwen' | 'moonshot' | 'mistral';

// Each family's ratio is the highest any readable source gives for a model of the family, so a model
// without its own line below is never priced under its real cache price (docs/prompt-caching-prices.md).
const FAMILIES: Readonly<Record<Family, CacheRatio>> = {
  anthropic: ratio(0.1, 1.25, 2),
  // GPT-5.6 and later bill cache writes; the family's write premium covers an OpenAI model not listed below.
  openai: ratio(0.5, 1.25),
  google: ratio(0.25),
  deepseek: ratio(0.26),
  xai: ratio(0.25),
  qwen: ratio(0.2),
  moonshot: ratio(0.25),
  mistral: ratio(0.1),
};

// Qwen bills an explicit cache (the `cache_control` markers this package sends on the messages format) at
// 1.25x to write; its implicit cache, on chat, at the input price.
const QWEN_MESSAGES = ratio(0.2, 1.25);

// OpenAI models before GPT-5.6: no write charge; cached input at the highest ratio any source gives (0.5).
const OPENAI_NO_WRITE = ratio(0.5);

// Models whose cache prices differ from their family's, by id prefix (matched up to a '-' or the id's end,
// so 'gpt-5' is not 'gpt-5.6'), most specific first.
const MODELS: ReadonlyArray<readonly [prefix: string, ratio: CacheRatio]> = [
  ['claude-3-haiku', ratio(0.12, 1.2, 2)],
  ...['gpt-5', 'gpt-5.1', 'gpt-5.2', 'gpt-5.3', 'gpt-5.4', 'gpt-5.5', 'gpt-4.1', 'gpt-4o', 'o1', 'o3', 'o4-mini'].map(
    prefix => [prefix, OPENAI_NO_WRITE] as const,
  ),
  ['grok-4.20', ratio(0.16)],
  ['grok-4.3', ratio(0.16)],
];

// The catalog's provider names (compared lower case) and, for a model the catalog does not list, id prefixes.
const PROVIDERS: Readonly<Record<string, Family>> = {
  anthropic: 'anthropic',
  openai: 'openai',
  google: 'google',
  deepseek: 'deepseek',
  xai: 'xai',
  qwen: 'qwen',
  alibaba: 'qwen',
  moonshot: 'moonshot',
  moonshotai: 'moonshot',
  mistral: 'mistral',
  mistralai: 'mistral',
};
const ID_PREFIXES: ReadonlyArray<readonly [prefix: string, family: Family]> = [
  ['claude-', 'anthropic'],
  ['gpt-', 'openai'],
  ['chatgpt-', 'openai'],
  ['o1', 'openai'],
  ['o3', 'openai'],
  ['o4', 'openai'],
  ['gemini-', 'google'],
  ['deepseek-', 'deepseek'],
  ['grok-', 'xai'],
  ['qwen', 'qwen'],
  ['kimi-', 'moonshot'],
  ['moonshot-', 'moonshot'],
  ['mistral-', 'mistral'],
  ['magistral-', 'mistral'],
  ['codestral-', 'mistral'],
  ['devstral-', 'mistral'],
  ['ministral-', 'mistral'],
  ['pixtral-', 'mistral'],
];

/** What decides a model's cache prices besides its id: the catalog's provider and the call's kind. */
export interface CacheRateContext {
  /** The catalog entry's `provider`, when the catalog lists the model. */
  provider?: string;
  kind?: PricedKind;
}

/**
 * The model's family: the catalog's provider when it names one this file knows, else the id's prefix. On
 * the messages format an unknown model pays the format's write premium: a cost never under-counts.
 */
function familyRatio(modelId: string, { provider, kind }: CacheRateContext): CacheRatio | undefined {
  const named = provider === undefined ? undefined : PROVIDERS[provider.trim().toLowerCase()];
  const family = named ?? ID_PREFIXES.find(([prefix]) => modelId.startsWith(prefix))?.[1];
  if (family === 'qwen' && kind === 'messages') return QWEN_MESSAGES;
  if (family !== undefined) return FAMILIES[family];
  return kind === 'messages' ? ratio(1, FAMILIES.anthropic.write, FAMILIES.anthropic.write1h) : undefined;
}

function cacheRatio(modelId: string, context: CacheRateContext): CacheRatio {
  const family = familyRatio(modelId, context);
  // A model's own prices apply only within its family (an id another vendor reuses is not that model).
  const own = MODELS.find(([prefix]) => modelId === prefix || modelId.startsWith(`${prefix}-`))?.[1];
  const ownFamily = own === undefined ? undefined : familyRatio(modelId, { kind: context.kind });
  return (own !== undefined && ownFamily === family ? own : family) ?? ratio(1);
}

/**
 * Whether `modelId` writes to the prompt cache on the chat format without being asked, and bills the
 * writes: OpenAI's models from GPT-5.6 on cache automatically and bill writes (the family's write premium;
 * the models before it have a line without one). Anthropic models write only where a breakpoint asks,
 * and every other family's automatic cache writes at the input price (docs/prompt-caching-prices.md).
 * Told by the id's prefix: the call's cost has no catalog entry at hand.
 */
export function writesCacheUnasked(modelId: string): boolean {
  const family = ID_PREFIXES.find(([prefix]) => modelId.startsWith(prefix))?.[1];
  return family === 'openai' && cacheRatio(modelId, { kind: 'chat' }).write > 1;
}

/** Rounds a derived price to the pico-credit per 1M tokens, so 0.1 x 3 is 0.3, not 0.30000000000000004. */
function scaled(price: number, ratio: number): number {
  return Math.round(price * ratio * 1e12) / 1e12;
}

/**
 * A token price with its cache prices filled in: the entry's own `cacheReadPerMillionTokens`,
 * `cacheWritePerMillionTokens` and `cacheWrite1hPerMillionTokens`, else the model's published ratio to
 * the input price, else its family's (decided by the catalog's provider), else the input price itself. A
 * 1-hour write never costs less than a 5-minute one. Prices without an input price (audio, images, video)
 * are returned as they are.
 */
export function withCacheRates(
  modelId: string,
  price: UnigateModelPrice | undefined,
  context: CacheRateContext = {},
): UnigateModelPrice | undefined {
  const input = price?.inputPerMillionTokens;
  if (price === undefined || input === undefined) return price;
  const { cacheReadPerMillionTokens: read, cacheWritePerMillionTokens: write } = price;
  if (read !== undefined && write !== undefined && price.cacheWrite1hPerMillionTokens !== undefined) return price;
  const rates = cacheRatio(modelId, context);
  const write5m = write ?? scaled(input, rates.write);
  return {
    ...price,
    cacheReadPerMillionTokens: read ?? scaled(input, rates.read),
    cacheWritePerMillionTokens: write5m,
    cacheWrite1hPerMillionTokens: price.cacheWrite1hPerMillionTokens ?? Math.max(scaled(input, rates.write1h), write5m),
  };
}
