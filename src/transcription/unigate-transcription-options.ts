import { z } from 'zod/v4';
import {
  type FieldChecks,
  isFiniteNumber,
  isString,
  lazy,
  listOf,
  oneOf,
  optional,
  readUnigateMetadata,
  shape,
  type UnigateMetadataSource,
} from '../checks/values';
import { numberOption } from '../prompt/call-options';
import type { Limit } from '../checks/validate-argument';
import { TRANSCRIPTION_RESPONSE_FORMATS, type TranscriptionResponseFormat } from './transcription-api-types';
import type { UnigateTranscriptionLanguage } from './transcription-languages';
import { isUnigateCost } from '../pricing/compute-cost';
import type { UnigateCost } from '../pricing/unigate-pricing-types';

/**
 * The transcription limits (docs/endpoints.md#transcription-request). "25 MB" is read
 * as 25 MiB, 26,214,400 bytes: the OpenAI-style upstream refuses content over "26214400" bytes. That
 * limit counts the whole multipart request, so a file within about 1 KB of it may still be refused there.
 */
export const TRANSCRIPTION_LIMITS = {
  temperature: { min: 0, max: 1 },
  /** The audio file's size in bytes. */
  fileBytes: { min: 1, max: 25 * 1024 * 1024 },
} as const satisfies Record<string, Limit>;

// Types only; the language and the temperature range are checked afterwards, naming limit and value.
export const unigateTranscriptionProviderOptionsSchema = lazy(() =>
  z.object({
    // A string at run time; typed as the language union, which stays open to any string.
    language: z
      .custom<UnigateTranscriptionLanguage>(value => typeof value === 'string', 'expected an ISO-639-1 code (a string)')
      .optional(),
    prompt: z.string().optional(),
    temperature: numberOption().optional(),
    responseFormat: z.enum(TRANSCRIPTION_RESPONSE_FORMATS).optional(),
  }),
);

/**
 * Options of the transcription model, passed as `providerOptions.unigate`.
 *
 * @example
 * ```ts
 * await transcribe({
 *   model: gw.transcription('whisper-1'),
 *   audio,
 *   providerOptions: { unigate: { language: 'de', prompt: 'Quarterly report.', temperature: 0 } },
 * });
 * ```
 */
export interface UnigateTranscriptionProviderOptions {
  /**
   * The spoken language as an ISO-639-1 code (`'en'`, `'de'`, ...), one of the gateway's 99 languages;
   * improves accuracy and speed. Default: detected by the gateway.
   */
  language?: UnigateTranscriptionLanguage;
  /** Text that guides the style, or continues a previous segment's transcript. */
  prompt?: string;
  /** Sampling temperature, 0 to 1. Default (gateway): 0. */
  temperature?: number;
  /**
   * The format asked of the gateway. Default `verbose_json`: text, segments, language and duration.
   * `srt` / `vtt`: segments from the cues, the subtitle text in `providerMetadata.unigate.subtitles`.
   * `json` / `text`: the text only (segments empty, with a warning).
   */
  responseFormat?: TranscriptionResponseFormat;
}

/** What the transcription model puts in `providerMetadata.unigate`. */
export interface UnigateTranscriptionProviderMetadata {
  /** The `response_format` the gateway answered in. */
  responseFormat: TranscriptionResponseFormat;
  /** The language as the gateway named it (e.g. `"english"`), when it named one. */
  language?: string;
  /** With `srt` / `vtt`: the subtitles exactly as the gateway sent them. */
  subtitles?: string;
  /** With `verbose_json`, when the gateway sent word timings: each word with its start and end in seconds. */
  words?: Array<{ word: string; start: number; end: number }>;
  /**
   * What the call cost: minutes of audio (from `durationInSeconds`) x the per-minute price. Only when pricing
   * is on, the model has that price and the duration is known (not with `json` / `text`).
   */
  cost?: UnigateCost;
}

type Word = NonNullable<UnigateTranscriptionProviderMetadata['words']>[number];

const WORD_FIELDS: FieldChecks<Word> = { word: isString, start: isFiniteNumber, end: isFiniteNumber };

const TRANSCRIPTION_FIELDS: FieldChecks<UnigateTranscriptionProviderMetadata> = {
  responseFormat: oneOf(TRANSCRIPTION_RESPONSE_FORMATS),
  language: optional(isString),
  subtitles: optional(isString),
  words: optional(listOf(shape(WORD_FIELDS))),
  cost: optional(isUnigateCost),
};

/**
 * The transcription model's `providerMetadata.unigate`, typed: `responseFormat`, and when the gateway
 * sent them the raw `language` name, the `subtitles` of `srt` / `vtt`, the `words` with their timings,
 * and `cost` when priced. `undefined` when the result has none (another provider's model) or it is not of
 * that shape. Takes the result of `transcribe` (ai@7) or `experimental_transcribe` of either major.
 *
 * @example
 * ```ts
 * const result = await transcribe({
 *   model: gw.transcription('whisper-1'),
 *   audio,
 *   providerOptions: { unigate: { responseFormat: 'srt' } },
 * });
 * unigateTranscriptionMetadata(result)?.subtitles; // '1\n00:00:00,000 --> ...'
 * ```
 */
export function unigateTranscriptionMetadata(
  result: UnigateMetadataSource | undefined,
): UnigateTranscriptionProviderMetadata | undefined {
  return readUnigateMetadata(result, TRANSCRIPTION_FIELDS);
}
