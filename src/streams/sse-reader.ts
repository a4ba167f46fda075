import { EmptyResponseBodyError } from '@ai-sdk/provider';
import { extractResponseHeaders } from '@ai-sdk/provider-utils';
import { redactSecrets } from '../errors/redact-secrets';
import { type ClosableSseSink, SseEventParser, type SseHandler, type SseSink } from './sse-event-parser';

/** A look at a stream's first parts as they are produced (see `StreamOpening` in stream-extras.ts). */
export interface SseOpening<T> {
  /** Each part as it is produced, until this returns true. */
  part(part: T): boolean;
  /** The stream ended or failed (`error`: the body's failure) before `part` returned true. */
  end(error?: unknown): void;
}

// The sink and handler types live with the parser, which reads them; importers reach them here too.
export type { SseHandler, SseSink } from './sse-event-parser';

/** A stream's failure, as its `recover` sees it. */
export interface SseFailure {
  error: unknown;
  /** The body itself failed (a dropped connection), not the handler. */
  connection: boolean;
  /** Fails the stream as it would have without `recover`: the handler's error parts, or the body's error (thrown). */
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
  /** Until it has matched one part: the part it matches goes out alone (see `readSseStream`'s `first`). */
  first: ((part: T) => boolean) | undefined;
  /** Set when `first` matched: the parser stops after the current event, and the pull hands its parts on. */
  paused = false;

  constructor(
    controller: ReadableStreamDefaultController<T>,
    reader: ReadableStreamDefaultReader<Uint8Array>,
    merge: MergeParts<T> | undefined,
    opening: SseOpening<T> | undefined,
    first: ((part: T) => boolean) | undefined,
  ) {
    this.controller = controller;
    this.reader = reader;
    this.merge = merge;
    this.opening = opening;
    this.first = first;
  }

  enqueue(part: T): void {
    if (this.cancelled) return;
    this.enqueued++;
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
    this.reader.cancel().catch(() => {});
    const holding = this.holding;
    if (holding === undefined) return this.closeStream();
    this.holding = undefined;
    this.closing = holding.then(
      () => this.closeStream(),
      error => {
        if (!this.cancelled) this.controller.error(error);
      },
    );
  }

  private closeStream(): void {
    if (this.cancelled) return;
    this.flush();
    this.controller.close();
    this.endOpening();
  }

  /** The caller cancelled the stream. */
  cancel(): void {
    this.closed = true;
    this.cancelled = true;
    this.endOpening();
  }

  /** The body failed (network, abort): the parts stream fails with the same error. */
  fail(error: unknown): void {
    if (this.closed) return;
    this.closed = true;
    this.controller.error(error);
    this.endOpening(error);
  }

  /** The stream ends before it opened: the opening learns so, once. */
  endOpening(error?: unknown): void {
    const opening = this.opening;
    if (opening === undefined) return;
    this.opening = undefined;
    opening.end(error);
  }
}

/**
 * Microtask turns the rest of a read waits after its first delta went out alone, so the caller's
 * pipeline hands that delta on before the rest is parsed: ai@6's `streamText` takes 7 turns to reach its
 * reader, ai@7's over the `/v4` front 13 to 16 (measured, docs/streaming.md#the-first-delta-goes-out-alone).
 * A few µs in all; the parse after them is the same work, only later.
 */
const FIRST_DELTA_TURNS = 32;

/**
 * The one SSE reader, shared by every streaming model: the body's bytes go through `SseEventParser`
 * to `handler`, whose parts become the returned stream.
 *
 * The parts stream pulls the body itself rather than being a TransformStream: one stream fewer per
 * chunk, and cancelling it after the body has ended is safe (Node's TransformStream throws there).
 * Cancelling or closing it cancels the body, which ends the request.
 *
 * `merge` (see merge-stream-deltas.ts) may fold consecutive parts produced while processing one chunk
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
 * the stream on, without a stream of its own around it. `cancelled` is told when the caller cancels.
 *
 * `recover` is asked first when the body or the handler fails (see `SseRecover`): a resume continues the
 * same stream from a second request (docs/resume.md).
 */
export function readSseStream<T>(
  body: ReadableStream<Uint8Array>,
  handler: SseHandler<T>,
  {
    secret,
    merge,
    opening,
    cancelled,
    recover,
    first,
  }: {
    secret?: string;
    merge?: MergeParts<T>;
    opening?: SseOpening<T>;
    cancelled?: () => void;
    recover?: SseRecover<T>;
    first?: (part: T) => boolean;
  } = {},
): ReadableStream<T> {
  const reader = body.getReader();
  let sink!: ControllerSink<T>;
  let parser!: SseEventParser<T>;

  // A throw from the handler, on any event or at the end, is reported through `handler.error`.
  const report = (error: unknown) => {
    if (sink.closed) return;
    const redacted = redactSecrets(error, secret);
    const giveUp = () => handler.error(redacted, sink);
    if (recover?.({ error: redacted, connection: false, giveUp, cancelled: () => sink.cancelled }, sink)) return;
    handler.error(redacted, sink);
    sink.close();
  };
  // Runs the parser over what it has, then hands on a held part: merging never holds a part across
  // reads, nor past the first delta. False when the handler failed (reported, or taken over by `recover`).
  const parseWith = (parse: () => void): boolean => {
    try {
      parse();
      sink.flush();
      return true;
    } catch (error) {
      report(error);
      return false;
    }
  };

  return new ReadableStream<T>({
    start(controller) {
      sink = new ControllerSink(controller, reader, merge, opening, first);
      parser = new SseEventParser(handler, sink);
    },
    async pull() {
      sink.enqueued = 0;
      while (!sink.closed && (sink.enqueued === 0 || sink.opening !== undefined)) {
        if (sink.paused) {
          // The rest of the read whose first delta went out alone, before anything new is read.
          sink.paused = false;
          for (let turn = 0; turn < FIRST_DELTA_TURNS; turn++) await Promise.resolve();
          if (sink.closed) return sink.closing;
          if (parseWith(() => parser.resume())) continue;
          sink.close();
          return sink.closing;
        }
        let result: ReadableStreamReadResult<Uint8Array>;
        try {
          result = await reader.read();
        } catch (error) {
          const giveUp = () => {
            throw error;
          };
          // The held work fails the stream with this error when it gives up (see `close`).
          const failure = {
            error: redactSecrets(error, secret),
            connection: true,
            giveUp,
            cancelled: () => sink.cancelled,
          };
          if (recover?.(failure, sink)) {
            sink.close();
            return sink.closing;
          }
          return sink.fail(error);
        }
        if (sink.closed) return;
        if (!result.done) {
          if (parseWith(() => parser.push(result.value))) continue;
          sink.close();
          return sink.closing;
        }
        // The last events go out together: nothing is left to read after them.
        sink.first = undefined;
        try {
          parser.end();
          if (!sink.closed) handler.end(sink);
        } catch (error) {
          report(error);
        }
        // The body ended or the handler failed. Closing twice is a no-op: the handler may have closed already.
        sink.close();
        return sink.closing;
      }
      // The handler closed the stream (`[DONE]`, `message_stop`): its last part may still be waiting.
      return sink.closing;
    },
    cancel(reason) {
      sink.cancel();
      cancelled?.();
      return reader.cancel(reason);
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
