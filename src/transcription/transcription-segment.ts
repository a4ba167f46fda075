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
