import type {
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  SharedV3Warning,
} from '@ai-sdk/provider';
import type { ExtendableLanguageModel, StreamExtras } from '../streams/stream-extras';

// Parts that carry no content: a failure after only these may still move on to the next model. A block's
// start is one of them: a stream may fail between opening a block and its first delta, and the next
// model's answer opens its own. They are held with the rest of the head, so the caller never sees them twice.
const BEFORE_CONTENT = new Set<LanguageModelV3StreamPart['type']>([
  'stream-start',
  'response-metadata',
  'raw',
  'text-start',
  'reasoning-start',
  'tool-input-start',
]);

/** A stream read up to its first content part: the parts so far and the reader of the rest. */
export interface OpenedStream {
  head: LanguageModelV3StreamPart[];
  reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart>;
  /** The stream failed before content with an error that does not move on: the caller gets it after `head`. */
  failure?: { error: unknown };
}

/**
 * Reads a stream until content starts (a text, reasoning or tool-input delta, a tool call, a finish): the
 * parts before it, block starts included, are held in `head`. A failure before that,
 * as a rejected read or an `error` part, whose error `movesOn` accepts, returns `{ failed }` with the
 * stream cancelled, so no part of it reaches the caller.
 */
export async function openStream(
  result: LanguageModelV3StreamResult,
  movesOn: (error: unknown) => boolean,
): Promise<OpenedStream | { failed: unknown }> {
  const reader = result.stream.getReader();
  const head: LanguageModelV3StreamPart[] = [];
  for (;;) {
    let next: ReadableStreamReadResult<LanguageModelV3StreamPart>;
    try {
      next = await reader.read();
    } catch (error) {
      if (movesOn(error)) return { failed: error };
      return { head, reader, failure: { error } };
    }
    if (next.done) return { head, reader };
    const part = next.value;
    if (part.type === 'error' && movesOn(part.error)) {
      await reader.cancel().catch(() => undefined); // the model already failed; its cancel outcome changes nothing
      return { failed: part.error };
    }
    head.push(part);
    if (!BEFORE_CONTENT.has(part.type)) return { head, reader };
  }
}

/**
 * A stream of this package's own model, opened: the model applies the additions where it builds
 * `stream-start` and `finish`, and reports its first parts as it produces them, so the caller gets the
 * model's own stream and a delta costs what it costs on the bare model. Until content starts, the parts
 * wait in the stream's own queue, unread. A failure before content whose error `movesOn` accepts is
 * thrown, with the stream cancelled, so no part of it (a block's start included) reaches the caller.
 */
export async function openOwnStream(
  model: ExtendableLanguageModel,
  options: LanguageModelV3CallOptions,
  additions: StreamExtras,
  movesOn: (error: unknown) => boolean,
): Promise<LanguageModelV3StreamResult> {
  let settle!: (failure: { error: unknown } | undefined) => void;
  const opened = new Promise<{ error: unknown } | undefined>(resolve => {
    settle = resolve;
  });
  const result = await model.doStream(options, {
    ...additions,
    opening: {
      part(part) {
        if (part.type === 'error') settle({ error: part.error });
        else if (BEFORE_CONTENT.has(part.type)) return false;
        else settle(undefined);
        return true;
      },
      end: error => settle(error === undefined ? undefined : { error }),
    },
  });
  const failure = await opened;
  if (failure !== undefined && movesOn(failure.error)) {
    await result.stream.cancel().catch(() => undefined); // the model already failed; its cancel outcome changes nothing
    throw failure.error;
  }
  return result;
}

/** What the chain does to another provider's errors on their way to the caller. */
export interface ForeignErrors {
  /** A failure before content that stops the chain: the error the caller gets instead. */
  stopped: (error: unknown) => unknown;
  /** The one redaction step, for everything else the model hands over. */
  redact: <T>(value: T) => T;
}

/**
 * The caller's stream for another provider's model: the opened head, then the rest of the same model's
 * stream, pulled one part per read (one layer more than the model's own stream). Cancelling it cancels
 * the model's stream. Its errors, warnings and metadata leave through `errors`.
 */
export function committedStream(
  opened: OpenedStream,
  additions: StreamExtras,
  errors: ForeignErrors,
): ReadableStream<LanguageModelV3StreamPart> {
  const { reader, failure } = opened;
  const pending = opened.head.map(part =>
    part.type === 'error' ? { ...part, error: errors.stopped(part.error) } : part,
  );
  if (additions.warnings.length > 0 && !pending.some(part => part.type === 'stream-start')) {
    pending.unshift({ type: 'stream-start', warnings: [] });
  }
  let done = false;
  // A model may add to its `stream-start` list later (an adapted V4 model, for a part V3 has no place
  // for): those reach the caller's copy by `finish`, before the AI SDK reads it at the step's end.
  let late: { from: readonly SharedV3Warning[]; copied: number; into: SharedV3Warning[] } | undefined;
  const add = (part: LanguageModelV3StreamPart): LanguageModelV3StreamPart => {
    if (part.type === 'stream-start') {
      const warnings = errors.redact([...part.warnings, ...additions.warnings]);
      late = { from: part.warnings, copied: part.warnings.length, into: warnings };
      return { ...part, warnings };
    }
    if (part.type === 'error') return { ...part, error: errors.redact(part.error) };
    if (part.type === 'finish' && late !== undefined) late.into.push(...errors.redact(late.from.slice(late.copied)));
    if (part.type === 'finish') {
      const outcome = part.finishReason.unified === 'error' ? 'failed' : 'completed';
      const ending = {
        outcome,
        metadata: part.providerMetadata,
        usage: part.usage,
        responseId: undefined,
        cost: undefined,
      } as const;
      return {
        ...part,
        providerMetadata:
          additions.ended === undefined ? errors.redact(part.providerMetadata) : additions.ended(ending).metadata,
      };
    }
    return part;
  };
  return new ReadableStream<LanguageModelV3StreamPart>({
    async pull(controller) {
      if (pending.length > 0) {
        for (const part of pending.splice(0)) controller.enqueue(add(part));
        if (failure !== undefined) controller.error(errors.stopped(failure.error));
        return;
      }
      if (done) return;
      let next: ReadableStreamReadResult<LanguageModelV3StreamPart>;
      try {
        next = await reader.read();
      } catch (error) {
        throw errors.redact(error);
      }
      if (next.done) {
        done = true;
        controller.close();
      } else controller.enqueue(add(next.value));
    },
    cancel: reason => reader.cancel(reason),
  });
}
