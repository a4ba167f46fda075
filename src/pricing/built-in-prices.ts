import type { UnigatePriceTable } from './unigate-pricing-types';

/** The fixed prices the gateway publishes (docs/video-and-catalog.md#fixed-prices); a price table overrides them. */
export const BUILT_IN_PRICES: Readonly<UnigatePriceTable> = Object.freeze({
  'tts-1': { perMillionCharacters: 3.75 },
  'tts-1-hd': { perMillionCharacters: 7.5 },
  'whisper-1': { perMinute: 0.003 },
  'text-embedding-3-small': { inputPerMillionTokens: 0.01 },
  'text-embedding-3-large': { inputPerMillionTokens: 0.065 },
  'text-embedding-ada-002': { inputPerMillionTokens: 0.05 },
});
