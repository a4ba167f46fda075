// The prices' public types: a model's prices, a call's cost, the price table and the pricing setting. A
// leaf: it imports nothing, so every layer may name these types (scripts/check-import-cycles.mjs).

/** One model's prices, in credits. Each model kind reads the fields that apply to it. */
export interface UnigateModelPrice {
  /** Credits per 1M input tokens: chat, messages, embeddings. */
  inputPerMillionTokens?: number;
  /** Credits per 1M output tokens: chat, messages. */
  outputPerMillionTokens?: number;
  /**
   * Credits per 1M input tokens read from the prompt cache: chat, messages. Default: the model's published
   * cache price, else its family's (from the catalog's provider) ratio to `inputPerMillionTokens`, else the
   * input price (docs/prompt-caching-prices.md).
   */
  cacheReadPerMillionTokens?: number;
  /**
   * Credits per 1M input tokens written to the prompt cache with the default 5-minute TTL: messages.
   * Default: the model's or family's ratio (1.25x for Claude, 1.2x for Claude Haiku 3), else the input price.
   */
  cacheWritePerMillionTokens?: number;
  /**
   * Credits per 1M input tokens written to the prompt cache with a 1-hour TTL (`cacheControl: { ttl: '1h' }`):
   * messages. Default: the model's or family's ratio (2x for Claude), and never below the 5-minute price.
   */
  cacheWrite1hPerMillionTokens?: number;
  /** Credits per 1M characters of input text: speech. */
  perMillionCharacters?: number;
  /** Credits per minute of audio: transcription. */
  perMinute?: number;
  /** Credits per generated image. Only from a price table: the catalog has no per-image basis. */
  perImage?: number;
  /** Credits per generated video. Only from a price table: the catalog has no per-video basis. */
  perVideo?: number;
}

/**
 * What one call cost, in credits (`providerMetadata.unigate.cost`; `unigateCost(result)` reads it typed).
 * Figures are rounded to 12 decimal places (whole pico-credits), and `total` is `input + output` summed in
 * pico-credits, so they print and add up without floating-point noise.
 * A type alias, not an interface, so it fits in provider metadata (`JSONObject`).
 */
export type UnigateCost = {
  /** Credits for the input: prompt tokens (cache reads and writes included), characters, minutes, images or videos. */
  input: number;
  /** Credits for the output tokens; 0 for kinds billed on input only. */
  output: number;
  /** `input + output`, added in pico-credits (to 12 decimal places). */
  total: number;
  unit: 'credits';
  /** Of `input`: the credits for tokens read from the prompt cache, at their own price (when any were). */
  cacheRead?: number;
  /** Of `input`: the credits for tokens written to the prompt cache, at their own price (when any were). */
  cacheWrite?: number;
  /**
   * `true` when the usage did not say how many tokens were written to the prompt cache and the cost
   * prices every uncached input token as written: the most the call can have cost, not the invoice.
   * Only on chat completions, for a request that asked for caching (a `cache_control` in the body as
   * sent) or a model that writes without being asked and bills it (docs/prompt-caching-prices.md#usage-the-prices-apply-to),
   * whose upstream's usage carried no `prompt_tokens_details.cache_write_tokens`. Absent otherwise.
   */
  estimated?: true;
};

/** Prices by model id. */
export type UnigatePriceTable = Record<string, UnigateModelPrice>;

/**
 * How the provider prices calls.
 * - `false` (default): no prices, nothing fetched, no `cost` in results.
 * - `'catalog'`: the gateway's public catalog, fetched lazily once, shared by concurrent calls and cached
 *   (`catalogCacheTtlMs`), plus the documented fixed prices (speech, transcription, embeddings). A call
 *   never waits for it: a response complete before the catalog has loaded comes without its price.
 * - a table: its prices override the built-in and catalog ones; models missing from it fall back to the
 *   built-in prices, then to the catalog.
 */
export type UnigatePricing = false | 'catalog' | UnigatePriceTable;
