import type {
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';

// Parts that carry no content: a failure after only these may still move on to the next model.
const BEFORE_CONTENT = new Set<LanguageModelV3StreamPart['type']>(['stream-start', 'response-metadata', 'raw']);

/** A stream read up to its first content part: the parts so far and the reader of the rest. */
export interface OpenedStream {
  head: LanguageModelV3StreamPart[];
  reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart>;
  /** The stream failed before content with an error that does not move on: the caller gets it after `head`. */
  failure?: { error: unknown };
}

/**
 * Reads a stream until content starts (text, reasoning, a tool input, a finish). A failure before that,
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

/** What the answering model's parts get: the skip warning on `stream-start`, the metadata on `finish`. */
export interface StreamAdditions {
  warnings: SharedV3Warning[];
  metadata: (providerMetadata: SharedV3ProviderMetadata | undefined) => SharedV3ProviderMetadata;
}

/**
 * The caller's stream: the opened head, then the rest of the same model's stream, pulled one part per
 * read so a delta costs what it costs on the bare model. Cancelling it cancels the model's stream.
 */
export function committedStream(
  opened: OpenedStream,
  additions: StreamAdditions,
): ReadableStream<LanguageModelV3StreamPart> {
  const { reader, failure } = opened;
  const pending = [...opened.head];
  if (additions.warnings.length > 0 && !pending.some(part => part.type === 'stream-start')) {
    pending.unshift({ type: 'stream-start', warnings: [] });
  }
  let done = false;
  const add = (part: LanguageModelV3StreamPart): LanguageModelV3StreamPart => {
    if (part.type === 'stream-start' && additions.warnings.length > 0)
      return { ...part, warnings: [...part.warnings, ...additions.warnings] };
    if (part.type === 'finish') return { ...part, providerMetadata: additions.metadata(part.providerMetadata) };
    return part;
  };
  return new ReadableStream<LanguageModelV3StreamPart>({
    async pull(controller) {
      if (pending.length > 0) {
        for (const part of pending.splice(0)) controller.enqueue(add(part));
        if (failure !== undefined) controller.error(failure.error);
        return;
      }
      if (done) return;
      const next = await reader.read();
      if (next.done) {
        done = true;
        controller.close();
      } else controller.enqueue(add(next.value));
    },
    cancel: reason => reader.cancel(reason),
  });
}
