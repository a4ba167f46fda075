/**
 * Where a model puts its stream parts; `close` ends the stream early (e.g. at `[DONE]`). A part handed
 * to `enqueue` belongs to the sink from then on: merging may extend it in place, so a handler keeps no
 * reference to it.
 */
export interface SseSink<T> {
  enqueue(part: T): void;
  close(): void;
  /**
   * The stream's last part is sent once `until` settles (a price still loading): the stream closes after
   * it, and reading stops meanwhile. A sink without it cannot wait, and the part is sent at once.
   */
  hold?(until: Promise<void>): void;
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
 * The sink as the parser sees it: once `closed`, no further event of the current chunk is dispatched;
 * while `paused`, none until `resume`.
 */
export interface ClosableSseSink<T> extends SseSink<T> {
  readonly closed: boolean;
  readonly paused?: boolean;
}

// Hoisted: decode() would otherwise get a fresh options object per chunk.
const STREAMING = { stream: true };

/**
 * Bytes -> UTF-8 (split characters kept whole) -> lines (LF, CRLF or CR) -> events (`data:` with or
 * without the space, multi-line data joined, comments and `id:`/`retry:` ignored), each handed to
 * `handler.event` as it completes. It does no JSON work: each model parses once, on its own path.
 */
export class SseEventParser<T> {
  private readonly decoder = new TextDecoder();
  // `buffer` holds text from the start of the current line; `pending` holds later pieces of that
  // same line, joined only when a line end arrives, so a line of many megabytes in small chunks
  // costs linear time instead of a re-join and re-scan per chunk.
  private buffer = '';
  private pending: string[] = [];
  private data: string | undefined = undefined;
  private eventName: string | undefined = undefined;
  private readonly handler: SseHandler<T>;
  private readonly sink: ClosableSseSink<T>;

  constructor(handler: SseHandler<T>, sink: ClosableSseSink<T>) {
    this.handler = handler;
    this.sink = sink;
  }

  /** Takes the next chunk of the body and dispatches every event it completes. */
  push(chunk: Uint8Array): void {
    const text = this.decoder.decode(chunk, STREAMING);
    if (text.indexOf('\n') === -1 && text.indexOf('\r') === -1 && !this.buffer.endsWith('\r')) {
      this.pending.push(text);
      return;
    }
    this.buffer += this.pending.length > 0 ? this.pending.join('') + text : text;
    this.pending = [];
    this.drain();
  }

  /**
   * The body ended: a last event that was not closed by a blank line is still dispatched, so a
   * truncated JSON payload reaches the model and becomes a clear error rather than vanishing.
   */
  end(): void {
    this.buffer += this.pending.join('') + this.decoder.decode();
    this.pending = [];
    this.drain();
    if (this.sink.closed) return;
    const buffer = this.buffer;
    if (buffer.length > 0) {
      this.line(0, buffer.endsWith('\r') ? buffer.length - 1 : buffer.length);
      this.buffer = '';
    }
    if (this.sink.closed) return;
    this.dispatch();
  }

  /** Dispatches the events left in the buffer when the sink paused. */
  resume(): void {
    this.drain();
  }

  private drain(): void {
    const buffer = this.buffer;
    const length = buffer.length;
    let start = 0;
    // The next CR, found once and reused: scanning for it per line would be quadratic in the chunk
    // size for the usual LF-only stream, where it is -1 throughout.
    let cr = buffer.indexOf('\r');
    const sink = this.sink;
    while (start < length && !sink.closed && sink.paused !== true) {
      const lf = buffer.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = buffer.indexOf('\r', start);
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
        if (cr === length - 1) break;
        this.line(start, cr);
        start = buffer.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1;
        continue;
      }
      if (lf === -1) break;
      this.line(start, lf);
      start = lf + 1;
    }
    if (start > 0) this.buffer = buffer.slice(start);
  }

  // A line is read in place, [from, to) of the buffer: only a field's value is ever sliced out.
  private line(from: number, to: number): void {
    if (from === to) return this.dispatch();
    const buffer = this.buffer;
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
    if (!isData) this.eventName = value;
    else this.data = this.data === undefined ? value : `${this.data}\n${value}`;
  }

  private dispatch(): void {
    const data = this.data;
    const name = this.eventName;
    this.data = undefined;
    this.eventName = undefined;
    if (data !== undefined) this.handler.event(data, name, this.sink);
  }
}
