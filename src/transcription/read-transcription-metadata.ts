import { type FieldChecks, isFiniteNumber, isString, listOf, oneOf, optional, shape } from '../internal/field-checks';
import { readUnigateMetadata, type UnigateMetadataSource } from '../internal/read-unigate-metadata';
import { isUnigateCost } from '../pricing/is-unigate-cost';
import { TRANSCRIPTION_RESPONSE_FORMATS } from './transcription-api-types';
import type { UnigateTranscriptionProviderMetadata } from './unigate-transcription-options';

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
