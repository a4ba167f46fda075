import { extractResponseHeaders } from '@ai-sdk/provider-utils';
import { redactError } from './gateway-error';

/** Where a model puts its stream parts; `close` ends the stream early (e.g. at `[DONE]`). */
export interface SseSink<T> {
  enqueue(part: T): void;
  close(): void;
}

/**
 * What a model does with the events of one SSE response. `event` is called once per dispatched
 * event, in order; `end` once when the body ends. A throw from either becomes a call to `error`,
 * after which the stream closes, so a model's mapping bug still reaches the user as an error part,
 * never as a torn stream or a hang.
 */
export interface SseHandler<T> {
  event(data: string, eventName: string | undefined, sink: SseSink<T>): void;
  end(sink: SseSink<T>): void;
  error(error: unknown, sink: SseSink<T>): void;
}

/**
 * The one SSE reader, shared by every streaming model: bytes -> UTF-8 (split characters kept whole)
 * -> lines (LF, CRLF or CR) -> events (`data:` with or without the space, multi-line data joined,
 * comments and `id:`/`retry:` ignored). It does no JSON work: each model parses once, on its own path.
 *
 * At the end of the body a last event that was not closed by a blank line is still dispatched, so a
 * truncated JSON payload reaches the model and becomes a clear error rather than vanishing.
 *
 * The parts stream pulls the body itself rather than being a TransformStream: one stream fewer per
 * chunk, and cancelling it after the body has ended is safe (Node's TransformStream throws there).
 * Cancelling or closing it cancels the body, which ends the request.
 */
export function readSseStream<T>(
  body: ReadableStream<Uint8Array>,
  handler: SseHandler<T>,
  { secret }: { secret?: string } = {},
): ReadableStream<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // `buffer` holds text from the start of the current line; `pending` holds later pieces of that
  // same line, joined only when a line end arrives, so a line of many megabytes in small chunks
  // costs linear time instead of a re-join and re-scan per chunk.
  let buffer = '';
  let pending: string[] = [];
  let data: string | undefined;
  let eventName: string | undefined;
  // No more handler calls or parts once the stream is closed, failed or cancelled.
  let done = false;
  let enqueued = 0;
  let controller!: ReadableStreamDefaultController<T>;

  const sink: SseSink<T> = {
    enqueue(part) {
      enqueued++;
      controller.enqueue(part);
    },
    close() {
      if (done) return;
      done = true;
      controller.close();
      reader.cancel().catch(() => {});
    },
  };

  const dispatch = () => {
    if (data !== undefined) {
      const payload = data;
      const name = eventName;
      data = undefined;
      eventName = undefined;
      handler.event(payload, name, sink);
    } else {
      eventName = undefined;
    }
  };

  // A line is read in place, [from, to) of the buffer: only a field's value is ever sliced out.
  const line = (from: number, to: number) => {
    if (from === to) return dispatch();
    const first = buffer.charCodeAt(from);
    if (first === 58) return; // ':' starts a comment
    const isData = first === 100 && buffer.startsWith('data', from);
    if (!isData && !(first === 101 && buffer.startsWith('event', from))) return; // id, retry, others
    let at = from + (isData ? 4 : 5);
    if (at < to) {
      if (buffer.charCodeAt(at) !== 58) return; // a longer field name, e.g. "database"
      at += at + 1 < to && buffer.charCodeAt(at + 1) === 32 ? 2 : 1;
    }
    const value = at < to ? buffer.slice(at, to) : '';
    if (!isData) eventName = value;
    else data = data === undefined ? value : `${data}\n${value}`;
  };

  const drain = () => {
    let start = 0;
    const length = buffer.length;
    // The next CR, found once and reused: scanning for it per line would be quadratic in the chunk
    // size for the usual LF-only stream, where it is -1 throughout.
    let cr = buffer.indexOf('\r');
    while (start < length && !done) {
      const lf = buffer.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = buffer.indexOf('\r', start);
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
        if (cr === length - 1) break;
        line(start, cr);
        start = buffer.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1;
        continue;
      }
      if (lf === -1) break;
      line(start, lf);
      start = lf + 1;
    }
    if (start > 0) buffer = buffer.slice(start);
  };

  const guard = (step: () => void) => {
    try {
      step();
    } catch (error) {
      if (done) return;
      handler.error(redactError(error, secret), sink);
      sink.close();
    }
  };

  const push = (text: string) => {
    if (text.indexOf('\n') === -1 && text.indexOf('\r') === -1 && !buffer.endsWith('\r')) {
      pending.push(text);
      return;
    }
    buffer += pending.length > 0 ? pending.join('') + text : text;
    pending = [];
    drain();
  };

  const finish = () => {
    buffer += pending.join('') + decoder.decode();
    pending = [];
    drain();
    if (done) return;
    if (buffer.length > 0) {
      line(0, buffer.endsWith('\r') ? buffer.length - 1 : buffer.length);
      buffer = '';
    }
    if (done) return;
    dispatch();
    if (done) return;
    handler.end(sink);
  };

  return new ReadableStream<T>({
    start(streamController) {
      controller = streamController;
    },
    async pull() {
      enqueued = 0;
      while (!done && enqueued === 0) {
        let result: ReadableStreamReadResult<Uint8Array>;
        try {
          result = await reader.read();
        } catch (error) {
          // The body failed (network, abort): the parts stream fails with the same error.
          if (!done) {
            done = true;
            controller.error(error);
          }
          return;
        }
        if (done) return;
        if (result.done) {
          guard(finish);
          if (!done) {
            done = true;
            controller.close();
          }
          return;
        }
        const chunk = result.value;
        guard(() => push(decoder.decode(chunk, { stream: true })));
      }
    },
    cancel(reason) {
      done = true;
      return reader.cancel(reason);
    },
  });
}

/** A successful-response handler that hands back the raw body, for `createSseReader` to consume. */
export const streamingBody = async ({ response }: { response: Response }) => {
  if (response.body === null) throw new Error('The gateway answered a streaming request with an empty body.');
  return { value: response.body, responseHeaders: extractResponseHeaders(response) };
};
