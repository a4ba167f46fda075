import type { JSONObject, SharedV3Warning } from '@ai-sdk/provider';
import { mapTranscriptionLanguage } from './map-transcription-language';
import { parseSubtitles } from './parse-subtitles';
import type { TranscriptionAnswer, TranscriptionVerboseJson } from './transcription-api-types';
import type { TranscriptionSegment, TranscriptionWord } from './transcription-segment';
import type { UnigateTranscriptionProviderMetadata } from './unigate-transcription-options';

/** What a response body gives the AI SDK's result, whatever the format. */
export interface ConvertedTranscription {
  text: string;
  segments: TranscriptionSegment[];
  language: string | undefined;
  durationInSeconds: number | undefined;
  /** verbose_json's word timings, when the gateway sent them. */
  words?: TranscriptionWord[];
  /** What the gateway bills, as it reported it: `{ seconds }` when the answer states its duration. */
  usage?: JSONObject;
  warnings: SharedV3Warning[];
  providerMetadata: Record<string, JSONObject>;
}

function metadata(value: UnigateTranscriptionProviderMetadata): Record<string, JSONObject> {
  return { unigate: { ...value } };
}

/** `verbose_json`: every field the result has; the language name becomes its ISO-639-1 code. */
export function convertVerboseJson(body: TranscriptionVerboseJson): ConvertedTranscription {
  const segments = (body.segments ?? []).map(s => ({ text: s.text, startSecond: s.start, endSecond: s.end }));
  const language = mapTranscriptionLanguage(body.language);
  const warnings: SharedV3Warning[] = [];
  if (language === undefined && body.language != null && body.language !== '') {
    warnings.push({
      type: 'other',
      message:
        `The gateway named the language ${JSON.stringify(body.language)}, which has no ISO-639-1 code known to this ` +
        'provider: language is undefined; the name is in providerMetadata.unigate.language.',
    });
  }
  return {
    text: body.text,
    segments,
    language,
    durationInSeconds: body.duration ?? segments.at(-1)?.endSecond,
    ...(body.words != null && {
      words: body.words.map(w => ({ text: w.word, startSecond: w.start, endSecond: w.end })),
    }),
    // Only the duration the gateway stated: a last segment's end is not what it bills.
    ...(body.duration != null && { usage: { seconds: body.duration } }),
    warnings,
    providerMetadata: metadata({
      responseFormat: 'verbose_json',
      ...(body.language != null && { language: body.language }),
      ...(body.words != null && { words: body.words }),
    }),
  };
}

/** `srt` / `vtt`: segments from the cues, text the cues joined, duration the last cue's end. */
export function convertSubtitles(
  body: string,
  format: 'srt' | 'vtt',
  requestedLanguage: string | undefined,
): ConvertedTranscription {
  const segments = parseSubtitles(body);
  return {
    text: segments.map(segment => segment.text.replace(/\s*\n\s*/g, ' ')).join(' '),
    segments,
    language: requestedLanguage,
    durationInSeconds: segments.at(-1)?.endSecond,
    warnings: [],
    providerMetadata: metadata({ responseFormat: format, subtitles: body }),
  };
}

/** `json` / `text`: the text only, and a warning that says so. */
export function convertPlainText(
  text: string,
  format: 'json' | 'text',
  requestedLanguage: string | undefined,
): ConvertedTranscription {
  return {
    text,
    segments: [],
    language: requestedLanguage,
    durationInSeconds: undefined,
    warnings: [
      {
        type: 'other',
        message:
          `responseFormat "${format}" returns the text only: segments are empty and durationInSeconds is undefined. ` +
          'The default, "verbose_json", returns them.',
      },
    ],
    providerMetadata: metadata({ responseFormat: format }),
  };
}

/** The converter of each format. */
export function convertTranscription(
  answer: TranscriptionAnswer,
  requestedLanguage: string | undefined,
): ConvertedTranscription {
  switch (answer.format) {
    case 'verbose_json':
      return convertVerboseJson(answer.body);
    case 'json':
      return convertPlainText(answer.body.text, 'json', requestedLanguage);
    case 'text':
      return convertPlainText(answer.body.trim(), 'text', requestedLanguage);
    default:
      return convertSubtitles(answer.body, answer.format, requestedLanguage);
  }
}
