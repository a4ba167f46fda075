import { z } from 'zod/v4';
import {
  type FieldChecks,
  isString,
  lazy,
  oneOf,
  optional,
  readUnigateMetadata,
  type UnigateMetadataSource,
} from '../checks/values';
import type { Limit } from '../checks/validate-argument';
import { SPEECH_FORMATS, SPEECH_VOICES, type UnigateSpeechFormat, type UnigateSpeechVoice } from './speech-api-types';
import { isUnigateCost } from '../pricing/compute-cost';
import type { UnigateCost } from '../pricing/unigate-pricing-types';

/** The speech limits (docs/endpoints.md#speech). */
export const SPEECH_LIMITS = {
  /** Characters of `input`, counted as Unicode code points. */
  text: { min: 1, max: 4096 },
  speed: { min: 0.25, max: 4 },
} as const satisfies Record<string, Limit>;

/** What is sent when the call leaves them out: `voice` is required by the gateway. */
export const SPEECH_DEFAULTS = { voice: 'alloy', outputFormat: 'mp3' } as const satisfies {
  voice: UnigateSpeechVoice;
  outputFormat: UnigateSpeechFormat;
};

// The endpoint has no provider-specific fields (no `user` either): every key is an `unsupported` warning.
export const unigateSpeechProviderOptionsSchema = lazy(() => z.object({}));

/**
 * Options of the speech model in `providerOptions.unigate`: there are none. The gateway's speech body has
 * only `model`, `input`, `voice`, `response_format` and `speed`, which the standard call settings cover
 * (`text`, `voice`, `outputFormat`, `speed`); a key given here is reported as an `unsupported` warning and
 * not sent. `satisfies UnigateSpeechProviderOptions` flags any key at compile time.
 */
export type UnigateSpeechProviderOptions = Record<string, never>;

/**
 * What the speech model puts in `providerMetadata.unigate`; `unigateSpeechMetadata(result)` reads it typed.
 * A type, not an interface, so that it fits the metadata's JSON type.
 */
export type UnigateSpeechProviderMetadata = {
  /** The audio's media type, by the requested format (e.g. `audio/mpeg` for mp3, `audio/ogg` for opus). */
  mediaType: string;
  /** The format that was requested and received. */
  format: UnigateSpeechFormat;
  /** The voice that was sent (`alloy` when the call named none). */
  voice: UnigateSpeechVoice;
  /** What the call cost: characters of the text x the per-1M-character price. Only when pricing is on and the model has that price. */
  // Pick: UnigateCost is an interface, and only an object type fits the metadata's JSON type.
  cost?: Pick<UnigateCost, keyof UnigateCost>;
};

const SPEECH_FIELDS: FieldChecks<UnigateSpeechProviderMetadata> = {
  mediaType: isString,
  format: oneOf(SPEECH_FORMATS),
  voice: oneOf(SPEECH_VOICES),
  cost: optional(isUnigateCost),
};

/**
 * The speech model's `providerMetadata.unigate`, typed: `mediaType`, `format`, `voice` and, when priced,
 * `cost`. `undefined` when the result has none (another provider's model) or it is not of that shape.
 * Takes the result of `generateSpeech` (ai@7) or `experimental_generateSpeech` of either major.
 *
 * @example
 * ```ts
 * const result = await generateSpeech({ model: gw.speech('tts-1'), text: 'Hello', outputFormat: 'opus' });
 * unigateSpeechMetadata(result)?.mediaType; // 'audio/ogg'
 * ```
 */
export function unigateSpeechMetadata(
  result: UnigateMetadataSource | undefined,
): UnigateSpeechProviderMetadata | undefined {
  return readUnigateMetadata(result, SPEECH_FIELDS);
}
