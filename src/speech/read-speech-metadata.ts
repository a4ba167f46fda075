import { type FieldChecks, isString, oneOf, optional } from '../internal/field-checks';
import { readUnigateMetadata, type UnigateMetadataSource } from '../internal/read-unigate-metadata';
import { isUnigateCost } from '../pricing/is-unigate-cost';
import { SPEECH_FORMATS, SPEECH_VOICES } from './speech-api-types';
import type { UnigateSpeechProviderMetadata } from './unigate-speech-options';

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
