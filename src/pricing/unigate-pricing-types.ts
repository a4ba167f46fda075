import type { SharedV3Warning } from '@ai-sdk/provider';

/** One model's prices, in credits. Each model kind reads the fields that apply to it. */
export interface UnigateModelPrice {
  /** Credits per 1M input tokens: chat, messages, embeddings. */
  inputPerMillionTokens?: number;
  /** Credits per 1M output tokens: chat, messages. */
  outputPerMillionTokens?: number;
  /** Credits per 1M characters of input text: speech. */
  perMillionCharacters?: number;
  /** Credits per minute of audio: transcription. */
  perMinute?: number;
  /** Credits per generated image. Only from a price table: the catalog has no per-image basis. */
  perImage?: number;
  /** Credits per generated video. Only from a price table: the catalog has no per-video basis. */
  perVideo?: number;
}

/** Prices by model id. */
export type UnigatePriceTable = Record<string, UnigateModelPrice>;

/**
 * How the provider prices calls.
 * - `false` (default): no prices, nothing fetched, no `cost` in results.
 * - `'catalog'`: the gateway's public catalog, fetched lazily once, shared by concurrent calls and cached
 *   (`catalogCacheTtlMs`), plus the documented fixed prices (speech, transcription, embeddings).
 * - a table: its prices override the built-in and catalog ones; models missing from it fall back to the
 *   built-in prices, then to the catalog.
 */
export type UnigatePricing = false | 'catalog' | UnigatePriceTable;

/**
 * What one call cost, in credits (`providerMetadata.unigate.cost`). Figures are not rounded.
 * A type alias, not an interface, so it fits in provider metadata (`JSONObject`).
 */
export type UnigateCost = {
  /** Credits for the input: prompt tokens, characters, minutes, images or videos. */
  input: number;
  /** Credits for the output tokens; 0 for kinds billed on input only. */
  output: number;
  /** `input + output`. */
  total: number;
  unit: 'credits';
};

/** The model kinds that are priced, one per accessor family. */
export type PricedKind = 'chat' | 'messages' | 'embedding' | 'speech' | 'transcription' | 'image' | 'video';

/** What a model call learns before it sends its request. Never throws, never fails the call. */
export interface CallPricing {
  /** `undefined`: pricing off, or no usable price for this model and kind. */
  price?: UnigateModelPrice;
  /**
   * `other` warnings: the catalog could not be loaded (and why), the model is used through the wrong
   * accessor (names the right one), the prompt's estimated tokens exceed the catalog's context window.
   */
  warnings: SharedV3Warning[];
}

/** Per-call options of `forCall`. */
export interface CallPricingOptions {
  /**
   * Characters of the prompt, for the context-window check (tokens estimated as `ceil(characters / 4)`).
   * A function: the prompt is walked only when the catalog lists a context window to check against.
   */
  promptCharacters?: () => number;
  /** Stops waiting for the catalog; the shared load goes on while other calls still wait for it. */
  abortSignal?: AbortSignal;
}
