import { EmptyResponseBodyError } from '@ai-sdk/provider';
import { extractResponseHeaders, isAbortError } from '@ai-sdk/provider-utils';
import type { ConnectionFailureKind } from '../errors/gateway-error';
import { redactSecrets } from '../errors/redact-secrets';
import { connectionLost, type StreamConnection } from './stream-errors';

// The one SSE reader, shared by every streaming model: an SSE body's bytes -> events (`SseEventParser`)
// -> a handler's parts -> the returned parts stream (`readSseStream`), with its endings: the body's end,
// a dropped or silent connection, the handler's failure (offered to `recover` first), the caller's cancel.

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
    // Two line ends: the first ends a last line (a CR left waiting for its LF becomes a CRLF), the
    // second is the blank line that dispatches its event.
    this.buffer += `${this.pending.join('')}${this.decoder.decode()}\n\n`;
    this.pending = [];
    this.drain();
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

/** A look at a stream's first parts as they are produced (see `StreamOpening` in stream-extras.ts). */
export interface SseOpening<T> {
  /** Each part as it is produced, until this returns true. */
  part(part: T): boolean;
  /** The stream ended or failed (`error`: the body's failure) before `part` returned true. */
  end(error?: unknown): void;
}

/** A stream's failure, as its `recover` sees it. */
export interface SseFailure {
  /** The handler's error, or for a failed connection the `network` or `timeout` error (see `connectionLost`). */
  error: unknown;
  /** The connection failed (it dropped, or went silent for `idleMs`), not the handler. */
  connection: boolean;
  /** Fails the stream as it would have without `recover`: the handler's error part and `finish`. */
  giveUp(): void;
  /** The caller cancelled the stream. */
  cancelled(): boolean;
}

/**
 * A failed stream's second chance, asked before the failure is reported: `true` when it took the stream
 * over, having held the sink (`hold`) with the work that continues it, which calls `giveUp` when it
 * cannot.
 */
export type SseRecover<T> = (failure: SseFailure, sink: SseSink<T>) => boolean;

/**
 * How the parts stream ended, told once (`readSseStream`'s `ended`): closed after its last part, failed
 * with `error` (the stream errors with it), or cancelled by the caller.
 */
export interface SseEnd {
  readonly cancelled: boolean;
  readonly error?: unknown;
}

/** Folds `next` into `held` and returns true, or returns false and leaves both alone. */
export type MergeParts<T> = (held: T, next: T) => boolean;

/**
 * Writes parts into the returned stream's controller: counts what a pull produced and closes once. With
 * `merge`, the last part is held back only until the next part or the end of the current read's
 * processing (`flush`), so parts of one read can be merged and none waits for a later read.
 */
class ControllerSink<T> implements ClosableSseSink<T> {
  closed = false;
  /** Parts enqueued since the last pull began: a pull reads on until it has produced one. */
  enqueued = 0;
  /** Parts enqueued in all, for the error of a failed connection. */
  total = 0;
  private held: T | undefined = undefined;
  private readonly controller: ReadableStreamDefaultController<T>;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly merge: MergeParts<T> | undefined;
  /** Set until the opening says the stream is open: while set, a pull reads on past its first part. */
  opening: SseOpening<T> | undefined;
  /** The last part waits for this (see `hold`); the stream closes after it. */
  private holding: Promise<void> | undefined;
  /** Set when `close` had to wait for a held part: the pull waits for it too. */
  closing: Promise<void> | undefined;
  /** The caller cancelled: nothing more may be enqueued. */
  cancelled = false;
  /** Told once when the parts stream ends, whatever ends it (a cancel after the end reaches nothing). */
  ended: ((end: SseEnd) => void) | undefined;
  /** Until it has matched one part: the part it matches goes out alone (see `readSseStream`'s `first`). */
  first: ((part: T) => boolean) | undefined;
  /** Set when `first` matched: the parser stops after the current event, and the pull hands its parts on. */
  paused = false;

  /** The stall timer, stopped at every ending. */
  readonly idle: IdleClock | undefined;

  constructor(
    controller: ReadableStreamDefaultController<T>,
    reader: ReadableStreamDefaultReader<Uint8Array>,
    merge: MergeParts<T> | undefined,
    opening: SseOpening<T> | undefined,
    first: ((part: T) => boolean) | undefined,
    idle: IdleClock | undefined,
    ended: ((end: SseEnd) => void) | undefined,
  ) {
    this.idle = idle;
    this.ended = ended;
    this.controller = controller;
    this.reader = reader;
    this.merge = merge;
    this.opening = opening;
    this.first = first;
  }

  enqueue(part: T): void {
    if (this.cancelled) return;
    this.enqueued++;
    this.total++;
    if (this.opening?.part(part)) this.opening = undefined;
    if (this.first?.(part)) {
      this.first = undefined;
      this.paused = true;
    }
    if (this.merge === undefined) return this.controller.enqueue(part);
    const held = this.held;
    if (held !== undefined) {
      if (this.merge(held, part)) return;
      this.controller.enqueue(held);
    }
    this.held = part;
  }

  /** The end of one read's processing: the held part goes out. */
  flush(): void {
    const held = this.held;
    if (held === undefined) return;
    this.held = undefined;
    this.controller.enqueue(held);
  }

  hold(until: Promise<void>): void {
    this.holding = until;
  }

  /** Reading stops at once; the stream itself closes after a held part, if one is waiting. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.idle?.stop();
    this.reader.cancel().catch(() => {});
    const holding = this.holding;
    if (holding === undefined) return this.closeStream();
    this.holding = undefined;
    this.closing = holding.then(
      () => this.closeStream(),
      error => this.closeStream({ error }),
    );
  }

  /** The stream closes after its last part, or fails with the held work's `failure`. */
  private closeStream(failure?: { error: unknown }): void {
    if (this.cancelled) return;
    if (failure === undefined) {
      this.flush();
      this.controller.close();
    } else this.controller.error(failure.error);
    // A wrapper waiting for the stream to open (a fallback chain) must hear of its end, or it waits for ever.
    this.endOpening(failure?.error);
    this.end({ cancelled: false, ...failure });
  }

  /** The caller cancelled the stream. */
  cancel(): void {
    this.closed = true;
    this.cancelled = true;
    this.idle?.stop();
    this.endOpening();
    this.end({ cancelled: true });
  }

  /** The stream ended: `ended` learns how, once. */
  private end(end: SseEnd): void {
    const ended = this.ended;
    this.ended = undefined;
    ended?.(end);
  }

  /** The stream ends before it opened: the opening learns so, once. */
  endOpening(error?: unknown): void {
    const opening = this.opening;
    if (opening === undefined) return;
    this.opening = undefined;
    opening.end(error);
  }
}

/** A timer as Node and Bun make it (a number elsewhere): `ref`/`unref` only where they exist. */
type Timer = ReturnType<typeof setTimeout> & { ref?: () => void; unref?: () => void };

/**
 * The stall timer of one stream: armed while a body read is pending, it fires `onIdle` once when a read
 * has waited `ms`. Each read starts the wait again (any byte resets it, SSE comments and pings
 * included); a consumer that does not pull is no silence. One timer serves many reads: it is set again
 * only when it fires early, so a read costs a clock read, not a timer. Where the runtime can, the timer
 * holds the process only while a read waits (the caller awaits it), never while disarmed.
 */
class IdleClock {
  private since = 0;
  private armed = false;
  private timer: Timer | undefined = undefined;
  /** The wait ran out: the pending read was cancelled for it. */
  fired = false;

  constructor(
    private readonly ms: number,
    private readonly onIdle: () => void,
  ) {}

  arm(): void {
    this.since = performance.now();
    this.armed = true;
    if (this.timer === undefined) this.schedule(this.ms);
    else this.timer.ref?.();
  }

  disarm(): void {
    this.armed = false;
    this.timer?.unref?.();
  }

  stop(): void {
    this.armed = false;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => this.tick(), ms) as Timer;
  }

  private tick(): void {
    this.timer = undefined;
    if (!this.armed) return;
    const left = this.since + this.ms - performance.now();
    if (left > 0) return this.schedule(left);
    this.armed = false;
    this.fired = true;
    this.onIdle();
  }
}

/**
 * Microtask turns the rest of a read waits after its first delta went out alone, so the caller's
 * pipeline hands that delta on before the rest is parsed: ai@6's `streamText` takes 7 turns to reach its
 * reader, ai@7's over the `/v4` front 13 to 16 (measured, docs/streaming.md#the-first-delta-goes-out-alone).
 * A few µs in all; the parse after them is the same work, only later.
 */
const FIRST_DELTA_TURNS = 32;

/** How `readSseStream` reads one body (each option is described there). */
export interface SseReadOptions<T> {
  secret?: string;
  merge?: MergeParts<T>;
  opening?: SseOpening<T>;
  /** Told once how the parts stream ended: closed, failed or cancelled (`SseEnd`). */
  ended?: (end: SseEnd) => void;
  recover?: SseRecover<T>;
  first?: (part: T) => boolean;
  /** The request the stream answers, named by the error of a failed connection. */
  connection?: StreamConnection;
  /** A read that waits this long (ms) fails the connection (`timeout`); absent: no limit. */
  idleMs?: number;
  /** The caller's abort: a body that fails for it fails the parts stream with the same error. */
  abortSignal?: AbortSignal;
}

/** One read of the body: its chunk or its end, or how its connection failed. */
type BodyRead = ReadableStreamReadResult<Uint8Array> | { lost: ConnectionFailureKind; cause?: unknown };

/** Reads the body once, the stall clock running while the read waits. */
async function readBody(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  idle: IdleClock | undefined,
): Promise<BodyRead> {
  idle?.arm();
  try {
    const result = await reader.read();
    // A stall cancelled the read, which then resolved done.
    return idle?.fired ? { lost: 'timeout' } : result;
  } catch (cause) {
    return { lost: 'network', cause };
  } finally {
    idle?.disarm();
  }
}

/**
 * The one SSE reader, shared by every streaming model: the body's bytes go through `SseEventParser`
 * to `handler`, whose parts become the returned stream.
 *
 * The parts stream pulls the body itself rather than being a TransformStream: one stream fewer per
 * chunk, and cancelling it after the body has ended is safe (Node's TransformStream throws there).
 * Cancelling or closing it cancels the body, which ends the request.
 *
 * `merge` (see `mergeStreamDelta` in stream-state.ts) may fold consecutive parts produced while processing one chunk
 * of the body, one network read, into one part; the merged part goes out before the next read.
 *
 * `first` picks the part the caller waits for most (a language stream's first delta): the events of a
 * read are processed only up to the one that produced it, whose parts then go out, and the rest of that
 * read is processed at the next pull, before anything new is read. The first delta reaches the caller
 * without waiting for a whole read's events to be parsed; only its grouping changes (it is not merged
 * with the deltas after it).
 *
 * `opening` is told of each part until it says the stream is open; until then the stream reads on
 * without a caller (its first pull needs none), so a wrapper can look at a stream's head before it hands
 * the stream on, without a stream of its own around it. `ended` is told once how the parts stream ended
 * (closed, failed or cancelled), so a stream's ending is heard even when no `finish` part was sent.
 *
 * `recover` is asked first when the body or the handler fails (see `SseRecover`): a resume continues the
 * same stream from a second request (docs/resume.md).
 *
 * Every ending but the caller's own (a cancel, an abort of `abortSignal`) reaches the caller as parts,
 * never as a failed stream: a body that errors (a dropped, reset or closed connection) or stays silent
 * for `idleMs` (`streamIdleMs`) is offered to `recover` as a connection failure, and otherwise goes to
 * `handler.error` with the `network` or `timeout` error naming `connection` (see `connectionLost`).
 */
export function readSseStream<T>(
  body: ReadableStream<Uint8Array>,
  handler: SseHandler<T>,
  { secret, merge, opening, ended, recover, first, connection, idleMs, abortSignal }: SseReadOptions<T> = {},
): ReadableStream<T> {
  const reader = body.getReader();
  let sink!: ControllerSink<T>;
  let parser!: SseEventParser<T>;
  let bytes = 0;
  // A stall cancels the pending read, which then resolves done: `idle.fired` tells it from the body's end.
  const idle = idleMs === undefined ? undefined : new IdleClock(idleMs, () => void reader.cancel().catch(() => {}));

  // A failure is offered to `recover` first; when it declines, the handler reports it (an error part and
  // `finish`). The caller closes the sink after it.
  const fail = (error: unknown, connectionFailed: boolean) => {
    const giveUp = () => handler.error(error, sink);
    const failure = { error, connection: connectionFailed, giveUp, cancelled: () => sink.cancelled };
    if (!recover?.(failure, sink)) giveUp();
  };
  // A failed connection (`cause`: the body's error; none for a stall). The caller's abort, never resumed
  // nor a network error, ends the stream through the handler with the abort's own error (an `error` part
  // and `finish`), so a reader gets parts, never a throw: streamText turns what it reads after an abort
  // into its `abort` part, whatever the abort's reason (a failed stream would throw a reason that is no
  // AbortError; @ai-sdk/openai-compatible gives `abort`).
  const lose = (kind: ConnectionFailureKind, cause?: unknown) => {
    if (kind === 'network' && (abortSignal?.aborted === true || isAbortError(cause))) handler.error(cause, sink);
    else fail(connectionLost(connection, { kind, parts: sink.total, bytes, cause, idleMs }), true);
  };
  // A throw from the handler, on any event or at the end.
  const report = (error: unknown) => {
    if (!sink.closed) fail(redactSecrets(error, secret), false);
  };
  // Runs the parser over what it has, then hands on a held part: merging never holds a part across
  // reads, nor past the first delta. A handler's failure is reported (or taken over by `recover`), and
  // the sink closed.
  const parseWith = (parse: () => void) => {
    try {
      parse();
      sink.flush();
    } catch (error) {
      report(error);
      sink.close();
    }
  };

  return new ReadableStream<T>({
    start(controller) {
      sink = new ControllerSink(controller, reader, merge, opening, first, idle, ended);
      parser = new SseEventParser(handler, sink);
    },
    async pull() {
      sink.enqueued = 0;
      // Every way out closes the sink, or leaves it closed (the handler's `[DONE]`, `message_stop`): its
      // last part may still be waiting (`closing`).
      while (!sink.closed && (sink.enqueued === 0 || sink.opening !== undefined)) {
        if (sink.paused) {
          // The rest of the read whose first delta went out alone, before anything new is read.
          sink.paused = false;
          for (let turn = 0; turn < FIRST_DELTA_TURNS; turn++) await Promise.resolve();
          if (!sink.closed) parseWith(() => parser.resume());
          continue;
        }
        const result = await readBody(reader, idle);
        if (sink.closed) break;
        if ('lost' in result) {
          lose(result.lost, result.cause);
        } else if (!result.done) {
          bytes += result.value.byteLength;
          parseWith(() => parser.push(result.value));
          continue;
        } else {
          // The last events go out together: nothing is left to read after them.
          sink.first = undefined;
          try {
            parser.end();
            if (!sink.closed) handler.end(sink);
          } catch (error) {
            report(error);
          }
        }
        // The body ended or failed, or the handler failed. Closing twice is a no-op: the handler may have closed already.
        sink.close();
      }
      return sink.closing;
    },
    cancel(reason) {
      // A cancel after the last part was queued (ai@7 cancels at an error part, its finish still queued)
      // ends nothing: the stream has had its ending (`ended` was told at the close).
      sink.cancel();
      // A body that already failed rejects its cancel with its error: the caller's cancel still succeeds.
      return reader.cancel(reason).catch(() => {});
    },
  });
}

/** A successful-response handler that hands back the raw body, for `readSseStream` to consume. */
export const streamingBody = ({ response }: { response: Response }) => {
  if (response.body === null) {
    return Promise.reject(
      new EmptyResponseBodyError({ message: 'The gateway answered a streaming request with an empty body.' }),
    );
  }
  return Promise.resolve({ value: response.body, responseHeaders: extractResponseHeaders(response) });
};
