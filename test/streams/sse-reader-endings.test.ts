import { APICallError } from '@ai-sdk/provider';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSseStream, type SseFailure, type SseHandler } from '../../src/streams/sse-reader';
import { unigateError } from '../../src';

// How the one SSE reader ends a stream whose connection fails: a drop or a stall becomes the handler's
// error (an APICallError of kind `network` or `timeout`), offered to `recover` first; only the caller's
// abort fails the parts stream itself. The stall tests run on fake timers: no wall-clock waits.

const SECRET = 'sk-unigate-secret-key-42';
const connection = {
  format: 'chat' as const,
  url: 'https://gw.test/v1/chat/completions',
  requestBodyValues: { model: 'gpt-4o' },
  secret: SECRET,
};
const encoder = new TextEncoder();

/** A body under the test's control: `send` enqueues a chunk, `fail` errors it; `cancelled` tells whether the reader let go. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return {
    body,
    state,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    fail: (error: unknown) => controller.error(error),
    close: () => controller.close(),
  };
}

type Out = string | { error: unknown };
const errors: unknown[] = [];
const handler: SseHandler<Out> = {
  event: (data, _event, sink) => sink.enqueue(data),
  end: sink => sink.enqueue('end'),
  error(error, sink) {
    errors.push(error);
    sink.enqueue({ error });
    sink.close();
  },
};

async function rest(reader: ReadableStreamDefaultReader<Out>): Promise<Out[]> {
  const out: Out[] = [];
  for (let result = await reader.read(); !result.done; result = await reader.read()) out.push(result.value);
  return out;
}

const readAll = (stream: ReadableStream<Out>) => rest(stream.getReader());

afterEach(() => {
  errors.length = 0;
  vi.useRealTimers();
});

describe('readSseStream: a dropped connection', () => {
  it("ends with the handler's error part, a retryable network APICallError naming the drop, the key redacted", async () => {
    const { body, send, fail } = controlledBody();
    const stream = readSseStream(body, handler, { connection, secret: SECRET });
    const reader = stream.getReader();
    send('data: a\n\ndata: b\n\n');
    expect((await reader.read()).value).toBe('a');
    expect((await reader.read()).value).toBe('b');
    fail(new TypeError('terminated', { cause: new Error(`other side closed (key ${SECRET})`) }));
    const last = await reader.read();
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    const error = (last.value as { error: APICallError }).error;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Unigate chat stream: the connection closed after 2 parts (18 bytes) before the answer was whole: ' +
        'terminated (other side closed (key [redacted])).',
    );
    expect(error).toMatchObject({
      isRetryable: true,
      url: connection.url,
      requestBodyValues: { model: 'gpt-4o' },
      data: { kind: 'network', dailyLimit: false },
    });
    expect(unigateError(error)?.kind).toBe('network');
    expect(JSON.stringify({ message: error.message, cause: String((error.cause as Error).cause) })).not.toContain(
      SECRET,
    );
  });

  it('is offered to recover first as a connection failure; its giveUp ends the stream through the handler', async () => {
    const { body, send, fail } = controlledBody();
    let failure: SseFailure | undefined;
    const stream = readSseStream(body, handler, {
      connection,
      recover: (seen, sink) => {
        failure = seen;
        sink.hold?.(Promise.resolve().then(() => seen.giveUp()));
        return true;
      },
    });
    send('data: a\n\n');
    const reader = stream.getReader();
    expect((await reader.read()).value).toBe('a');
    fail(new TypeError('terminated'));
    expect(await rest(reader)).toEqual([{ error: failure!.error }]);
    expect(failure!.connection).toBe(true);
    expect(unigateError(failure!.error)?.kind).toBe('network');
    expect(errors).toEqual([failure!.error]);
  });

  it("an abort of the caller's signal ends the parts stream through the handler with the abort's own error, never a network error", async () => {
    const { body, send, fail } = controlledBody();
    const abort = new AbortController();
    const stream = readSseStream(body, handler, { connection, abortSignal: abort.signal });
    const reader = stream.getReader();
    send('data: a\n\n');
    expect((await reader.read()).value).toBe('a');
    abort.abort('stop');
    fail('stop');
    expect(await rest(reader)).toEqual([{ error: 'stop' }]);
    expect(errors).toEqual(['stop']);
  });
});

describe('readSseStream: a stalled connection (idleMs)', () => {
  it('a read that waits idleMs ends the stream with a timeout error and lets the body go; any byte resets the clock', async () => {
    vi.useFakeTimers();
    const { body, send, state } = controlledBody();
    const stream = readSseStream(body, handler, { connection, idleMs: 1000 });
    const reader = stream.getReader();
    send('data: a\n\n');
    expect((await reader.read()).value).toBe('a');
    const next = reader.read();
    await vi.advanceTimersByTimeAsync(999);
    send(': ping\n\n'); // a comment: no part, but a byte
    await vi.advanceTimersByTimeAsync(999);
    send('data: b\n\n');
    expect((await next).value).toBe('b');
    const last = reader.read();
    await vi.advanceTimersByTimeAsync(999);
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const error = ((await last).value as { error: APICallError }).error;
    expect(error.message).toBe(
      'Unigate chat stream: no byte arrived for 1000 ms (streamIdleMs) after 2 parts (26 bytes), with the ' +
        'connection still open; it was closed.',
    );
    expect(error).toMatchObject({ isRetryable: true, data: { kind: 'timeout', dailyLimit: false } });
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(state.cancelled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a stall is offered to recover as a connection failure of kind timeout', async () => {
    vi.useFakeTimers();
    const { body } = controlledBody();
    let failure: SseFailure | undefined;
    const stream = readSseStream(body, handler, {
      connection,
      idleMs: 50,
      recover: (seen, sink) => {
        failure = seen;
        sink.enqueue('continued');
        return true;
      },
    });
    const parts = readAll(stream);
    await vi.advanceTimersByTimeAsync(50);
    expect(await parts).toEqual(['continued']);
    expect(failure?.connection).toBe(true);
    expect(unigateError(failure?.error)?.kind).toBe('timeout');
  });

  it('a consumer that does not read is no silence: the clock runs only while a read waits for the body', async () => {
    vi.useFakeTimers();
    const { body, send, close } = controlledBody();
    const stream = readSseStream(body, handler, { connection, idleMs: 100 });
    send('data: a\n\n');
    send('data: b\n\n');
    const reader = stream.getReader();
    expect((await reader.read()).value).toBe('a');
    await vi.advanceTimersByTimeAsync(1000); // the caller is busy; 'b' waits in the body
    expect((await reader.read()).value).toBe('b');
    close();
    expect(await reader.read()).toEqual({ done: false, value: 'end' });
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(errors).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("the caller's cancel clears the timer", async () => {
    vi.useFakeTimers();
    const { body, send } = controlledBody();
    const reader = readSseStream(body, handler, { connection, idleMs: 100 }).getReader();
    send('data: a\n\n');
    expect((await reader.read()).value).toBe('a');
    const pending = reader.read();
    await vi.advanceTimersByTimeAsync(10);
    expect(vi.getTimerCount()).toBe(1);
    await reader.cancel();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(vi.getTimerCount()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe("readSseStream: the caller's cancel", () => {
  it('is told to `ended` before the last part is queued, and not after it (the stream has had its ending)', async () => {
    const told: string[] = [];
    const early = controlledBody();
    const open = readSseStream(early.body, handler, {
      ended: end => told.push(`early ${end.cancelled ? 'cancelled' : 'closed'}`),
    }).getReader();
    early.send('data: a\n\n');
    expect((await open.read()).value).toBe('a');
    await open.cancel();

    const late = controlledBody();
    const withFinish: SseHandler<Out> = {
      ...handler,
      error(error, sink) {
        sink.enqueue({ error });
        sink.enqueue('finish');
        sink.close();
      },
    };
    const ended = readSseStream(late.body, withFinish, {
      ended: end => told.push(`late ${end.cancelled ? 'cancelled' : 'closed'}`),
    }).getReader();
    late.send('data: a\n\n');
    expect((await ended.read()).value).toBe('a');
    late.fail(new TypeError('terminated'));
    // ai@7 cancels at an error part, its finish still queued behind it.
    expect(unigateError(((await ended.read()).value as { error: unknown }).error)?.kind).toBe('network');
    await ended.cancel();
    expect(told).toEqual(['early cancelled', 'late closed']);
  });
});

describe('readSseStream: held work that fails', () => {
  it('fails the stream with its error and ends the opening with it, so a wrapper waiting for the opening never hangs', async () => {
    const { body, fail } = controlledBody();
    const broken = new Error('the continuation broke');
    const ended = new Promise<unknown>(resolve => {
      const stream = readSseStream(body, handler, {
        opening: { part: () => false, end: resolve },
        recover: (_failure, sink) => {
          sink.hold?.(Promise.reject(broken));
          return true;
        },
      });
      stream
        .getReader()
        .read()
        .catch(() => {});
    });
    fail(new TypeError('terminated'));
    expect(await ended).toBe(broken);
  });
});
