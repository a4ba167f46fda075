import { z } from 'zod/v4';
import { lazy } from '../checks/values';

// Wire shapes of `POST {base_url}/audio/transcriptions` (docs/endpoints.md#transcription-results).
// Parsed tolerantly: only the fields the model reads are required.

/** The five `response_format` values. */
export const TRANSCRIPTION_RESPONSE_FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json'] as const;
export type TranscriptionResponseFormat = (typeof TRANSCRIPTION_RESPONSE_FORMATS)[number];

/** The multipart fields besides `file`, as sent (numbers as text). */
export interface TranscriptionRequestFields {
  model: string;
  response_format: TranscriptionResponseFormat;
  language?: string;
  prompt?: string;
  temperature?: string;
}

/** `json`: `{text}`. */
export const transcriptionJsonSchema = lazy(() => z.object({ text: z.string() }));

/**
 * `verbose_json`: `{task, language, duration, text, segments:[{id, seek, start, end, text, tokens,
 * temperature, avg_logprob, compression_ratio, no_speech_prob}], words?:[{word, start, end}]}`.
 */
export const transcriptionVerboseJsonSchema = lazy(() =>
  z.object({
    task: z.string().nullish(),
    language: z.string().nullish(),
    duration: z.number().nullish(),
    text: z.string(),
    segments: z
      .array(
        z.object({
          id: z.number().nullish(),
          start: z.number(),
          end: z.number(),
          text: z.string(),
        }),
      )
      .nullish(),
    words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number() })).nullish(),
  }),
);

export type TranscriptionVerboseJson = z.output<ReturnType<typeof transcriptionVerboseJsonSchema>>;

/** A parsed answer with the format it was asked in: JSON for the two JSON formats, text for the others. */
export type TranscriptionAnswer =
  | { format: 'verbose_json'; body: TranscriptionVerboseJson }
  | { format: 'json'; body: z.output<ReturnType<typeof transcriptionJsonSchema>> }
  | { format: 'text' | 'srt' | 'vtt'; body: string };

/** One timed piece of a transcript, as the AI SDK's transcription result lists them. */
export interface TranscriptionSegment {
  text: string;
  /** Start, in seconds from the beginning of the audio. */
  startSecond: number;
  /** End, in seconds from the beginning of the audio. */
  endSecond: number;
}

/** One timed word of a transcript, as V4's transcription result lists them (`words`): the segment's shape. */
export type TranscriptionWord = TranscriptionSegment;
