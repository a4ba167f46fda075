/**
 * What a model does with the events of one SSE response. `event` is called once per dispatched
 * event, in order; `end` once when the body ends. A throw from either becomes a call to `error`,
 * so a model's mapping bug still reaches the user as an error part, never as a torn stream.
 */
export interface SseHandler<T> {
  event(data: string, eventName: string | undefined, controller: TransformStreamDefaultController<T>): void;
  end(controller: TransformStreamDefaultController<T>): void;
  error(error: unknown, controller: TransformStreamDefaultController<T>): void;
}

/**
 * The one SSE reader, shared by every streaming model: bytes -> UTF-8 (split characters kept whole)
 * -> lines (LF, CRLF or CR) -> events (`data:` with or without the space, multi-line data joined,
 * comments and `id:`/`retry:` ignored). It does no JSON work: each model parses once, on its own path.
 *
 * At the end of the body a last event that was not closed by a blank line is still dispatched, so a
 * truncated JSON payload reaches the model and becomes a clear error rather than vanishing.
 */
export function createSseReader<T>(handler: SseHandler<T>): TransformStream<Uint8Array, T> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string | undefined;
  let eventName: string | undefined;
  let failed = false;

  const dispatch = (controller: TransformStreamDefaultController<T>) => {
    if (data !== undefined) {
      const payload = data;
      const name = eventName;
      data = undefined;
      eventName = undefined;
      handler.event(payload, name, controller);
    } else {
      eventName = undefined;
    }
  };

  // A line is read in place, [from, to) of the buffer: only a field's value is ever sliced out.
  const line = (from: number, to: number, controller: TransformStreamDefaultController<T>) => {
    if (from === to) return dispatch(controller);
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

  const drain = (controller: TransformStreamDefaultController<T>) => {
    let start = 0;
    const length = buffer.length;
    // The next CR, found once and reused: scanning for it per line would be quadratic in the chunk
    // size for the usual LF-only stream, where it is -1 throughout.
    let cr = buffer.indexOf('\r');
    while (start < length) {
      const lf = buffer.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = buffer.indexOf('\r', start);
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
        if (cr === length - 1) break;
        line(start, cr, controller);
        start = buffer.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1;
        continue;
      }
      if (lf === -1) break;
      line(start, lf, controller);
      start = lf + 1;
    }
    if (start > 0) buffer = buffer.slice(start);
  };

  const guard = (controller: TransformStreamDefaultController<T>, step: () => void) => {
    if (failed) return;
    try {
      step();
    } catch (error) {
      failed = true;
      handler.error(error, controller);
    }
  };

  return new TransformStream<Uint8Array, T>({
    transform(chunk, controller) {
      guard(controller, () => {
        buffer += decoder.decode(chunk, { stream: true });
        drain(controller);
      });
    },
    flush(controller) {
      guard(controller, () => {
        buffer += decoder.decode();
        drain(controller);
        if (buffer.length > 0) {
          line(0, buffer.endsWith('\r') ? buffer.length - 1 : buffer.length, controller);
          buffer = '';
        }
        dispatch(controller);
        handler.end(controller);
      });
    },
  });
}

/** A successful-response handler that hands back the raw body, for `createSseReader` to consume. */
export const streamingBody = async ({ response }: { response: Response }) => {
  if (response.body === null) throw new Error('The gateway answered a streaming request with an empty body.');
  return { value: response.body, responseHeaders: Object.fromEntries(response.headers) };
};
