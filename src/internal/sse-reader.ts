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

  const line = (text: string, controller: TransformStreamDefaultController<T>) => {
    if (text === '') return dispatch(controller);
    const colon = text.indexOf(':');
    if (colon === 0) return; // comment
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
    else if (field === 'event') eventName = value;
  };

  const drain = (controller: TransformStreamDefaultController<T>) => {
    let start = 0;
    const length = buffer.length;
    while (start < length) {
      let end = buffer.indexOf('\n', start);
      const cr = buffer.indexOf('\r', start);
      if (cr !== -1 && (end === -1 || cr < end)) {
        // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
        if (cr === length - 1) break;
        line(buffer.slice(start, cr), controller);
        start = buffer.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1;
        continue;
      }
      if (end === -1) break;
      line(buffer.slice(start, end), controller);
      start = end + 1;
    }
    buffer = start === 0 ? buffer : buffer.slice(start);
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
          line(buffer.endsWith('\r') ? buffer.slice(0, -1) : buffer, controller);
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
