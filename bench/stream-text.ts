/**
 * Draining `streamText`'s full stream as a server relaying it would, for any AI SDK major: the caller
 * passes its `streamText` (ai@6 here, ai@7 in ai7-line.ts), so every streamText row reads parts alike.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { streamText } from 'ai';

/** The part fields read here; every AI SDK major's full-stream parts have them. */
interface FullStreamPart {
  type: string;
  text?: string;
  error?: unknown;
}

/** A `streamText` of some AI SDK major, as far as this drain calls it. */
export type StreamTextCall<MODEL> = (options: {
  model: MODEL;
  prompt: string;
  abortSignal: AbortSignal;
  maxRetries: number;
}) => { fullStream: AsyncIterable<FullStreamPart> };

export interface StreamTextOutcome {
  length: number;
  finished: boolean;
  /** text-delta parts the consumer saw: below the scenario's deltas when deltas were merged. */
  parts: number;
  /** performance.now() at the first text delta. */
  firstDeltaAt?: number;
}

/** Drains one `streamText` call to its end; an error part throws. */
export type DrainStreamText<MODEL> = (model: MODEL, abortSignal: AbortSignal) => Promise<StreamTextOutcome>;

export async function drainStreamText<MODEL>(
  call: StreamTextCall<MODEL>,
  model: MODEL,
  abortSignal: AbortSignal,
): Promise<StreamTextOutcome> {
  const result = call({ model, prompt: 'Say something.', abortSignal, maxRetries: 0 });
  const outcome: StreamTextOutcome = { length: 0, finished: false, parts: 0 };
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      outcome.firstDeltaAt ??= performance.now();
      outcome.parts++;
      outcome.length += part.text?.length ?? 0;
    } else if (part.type === 'finish') {
      outcome.finished = true;
    } else if (part.type === 'error') {
      throw part.error instanceof Error ? part.error : new Error(JSON.stringify(part.error));
    }
  }
  return outcome;
}

/** `streamText` from 'ai' (ai@6), what the rows other than the ai@7 line's call. */
export const drainAi6: DrainStreamText<LanguageModelV3> = (model, abortSignal) =>
  drainStreamText(streamText, model, abortSignal);
