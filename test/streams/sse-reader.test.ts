import { EmptyResponseBodyError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { readSseStream, streamingBody, type SseHandler } from '../../src/streams/sse-reader';

type Out = { data: string; event?: string } | { end: true } | { error: string };

async function read(chunks: Array<string | Uint8Array>, failOn?: string): Promise<Out[]> {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
  const out: Out[] = [];
  const stream = readSseStream<Out>(body, {
    event(data, event, sink) {
      if (data === failOn) throw new Error(`bad event ${data}`);
      sink.enqueue(event === undefined ? { data } : { data, event });
    },
    end(sink) {
      sink.enqueue({ end: true });
    },
    error(error, sink) {
      sink.enqueue({ error: (error as Error).message });
    },
  });
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

describe('readSseStream', () => {
  it('dispatches one event per blank line, with and without the space after data:', async () => {
    expect(await read(['data: {"a":1}\n\ndata:{"b":2}\n\n'])).toEqual([
      { data: '{"a":1}' },
      { data: '{"b":2}' },
      { end: true },
    ]);
  });

  it('keeps event names, ignores comments, id and retry lines', async () => {
    expect(await read([': keep-alive\n\nevent: ping\ndata: {"type":"ping"}\nid: 7\nretry: 1000\n\n'])).toEqual([
      { data: '{"type":"ping"}', event: 'ping' },
      { end: true },
    ]);
  });

  it('ignores fields whose name only starts with data or event; a bare field name has an empty value', async () => {
    expect(await read(['database: x\neventual: y\ndata: kept\n\ndata\n\nevent\ndata:\n\n'])).toEqual([
      { data: 'kept' },
      { data: '' },
      { data: '', event: '' },
      { end: true },
    ]);
  });

  it('joins multi-line data with a newline', async () => {
    expect(await read(['data: one\ndata: two\n\n'])).toEqual([{ data: 'one\ntwo' }, { end: true }]);
  });

  it('accepts CRLF and lone CR line ends, between events and at chunk ends', async () => {
    expect(await read(['data: a\r\n\r\ndata: b\r', '\n\r', '\ndata: c\r\rdata: d\n\n'])).toEqual([
      { data: 'a' },
      { data: 'b' },
      { data: 'c' },
      { data: 'd' },
      { end: true },
    ]);
  });

  it('reads a CRLF split across chunks inside a multi-line event as one line end', async () => {
    // Each CR ends a chunk and its LF starts the next: taken as two line ends, the LF would be a blank
    // line, and the event would split into "one", "two" and "three", losing its name after the first.
    expect(await read(['event: e\r\ndata: one\r', '\ndata: two\r', '\ndata: three\r', '\n\r', '\n'])).toEqual([
      { data: 'one\ntwo\nthree', event: 'e' },
      { end: true },
    ]);
  });

  it('keeps a UTF-8 character whole when its bytes are split across chunks', async () => {
    const bytes = new TextEncoder().encode('data: {"t":"héllo 👋"}\n\n');
    const chunks = Array.from(bytes, byte => new Uint8Array([byte]));
    expect(await read(chunks)).toEqual([{ data: '{"t":"héllo 👋"}' }, { end: true }]);
  });

  it('dispatches a last event that lacks the closing blank line, so truncation is visible', async () => {
    expect(await read(['data: {"a":1}\n\ndata: {"b":'])).toEqual([
      { data: '{"a":1}' },
      { data: '{"b":' },
      { end: true },
    ]);
    expect(await read(['data: [DONE]\n'])).toEqual([{ data: '[DONE]' }, { end: true }]);
  });

  it('an event line without data dispatches nothing', async () => {
    expect(await read(['event: ping\n\n\n\n'])).toEqual([{ end: true }]);
  });

  it('routes a throw from the handler to error and stops reading', async () => {
    expect(await read(['data: ok\n\ndata: boom\n\ndata: later\n\n'], 'boom')).toEqual([
      { data: 'ok' },
      { error: 'bad event boom' },
    ]);
  });

  it('close() from the handler ends the stream at once and cancels the body, even if it never ends', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: a\n\ndata: [DONE]\n\ndata: after\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const parts: string[] = [];
    const handler: SseHandler<string> = {
      event(data, _, sink) {
        if (data === '[DONE]') return sink.close();
        sink.enqueue(data);
      },
      end: sink => sink.enqueue('end'),
      error: () => {},
    };
    const reader = readSseStream(body, handler).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
    expect(parts).toEqual(['a']);
    expect(cancelled).toBe(true);
  });

  it('cancelling after the body has ended is safe and cancelling mid-body cancels the body', async () => {
    const encoder = new TextEncoder();
    const ended = readSseStream(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('data: a\n\ndata: b\n\n'));
          controller.close();
        },
      }),
      { event: (data, _, sink) => sink.enqueue(data), end: () => {}, error: () => {} } as SseHandler<string>,
    ).getReader();
    expect((await ended.read()).value).toBe('a');
    await new Promise(resolve => setTimeout(resolve, 5));
    await expect(ended.cancel()).resolves.toBeUndefined();

    let reason: unknown;
    const open = readSseStream(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('data: a\n\n'));
        },
        cancel(why) {
          reason = why;
        },
      }),
      { event: (data, _, sink) => sink.enqueue(data), end: () => {}, error: () => {} } as SseHandler<string>,
    ).getReader();
    expect((await open.read()).value).toBe('a');
    await open.cancel('stop');
    expect(reason).toBe('stop');
  });

  it("an aborted body (the caller's abort) ends the parts stream through the handler with the abort's error", async () => {
    const failure = new DOMException('The operation was aborted.', 'AbortError');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: a\n\n'));
        controller.error(failure);
      },
    });
    const reader = readSseStream(body, {
      event: (data, _, sink) => sink.enqueue(data),
      end: () => {},
      error: (error, sink) => sink.enqueue(error === failure ? 'the abort' : 'another error'),
    } as SseHandler<string>).getReader();
    const values: string[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) values.push(r.value);
    // The body errored before its chunk was read: only the abort is left.
    expect(values).toEqual(['the abort']);
  });
});

describe('streamingBody', () => {
  it('rejects a streaming answer without a body as EmptyResponseBodyError', async () => {
    const error = await streamingBody({ response: new Response(null, { status: 200 }) }).catch(
      (caught: unknown) => caught,
    );
    expect(EmptyResponseBodyError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('The gateway answered a streaming request with an empty body.');
  });
});

describe('readSseStream: opening', () => {
  const handler: SseHandler<string> = {
    event: (data, _event, sink) => sink.enqueue(data),
    end: () => {},
    error: () => {},
  };

  /** A body that sends `chunks`, one per read, then stays open until `fail` is called. */
  function openBody(chunks: string[]) {
    const encoder = new TextEncoder();
    let fail!: (error: unknown) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        fail = error => controller.error(error);
      },
    });
    return { body, fail: (error: unknown) => fail(error) };
  }

  it('reads on without a reader until the opening says the stream is open, then hands every part on', async () => {
    const { body } = openBody(['data: head\n\n', 'data: more head\n\n', 'data: content\n\ndata: after\n\n']);
    const seen: string[] = [];
    let opened!: () => void;
    const open = new Promise<void>(resolve => {
      opened = resolve;
    });
    const stream = readSseStream(body, handler, {
      opening: {
        part(part) {
          seen.push(part);
          if (part !== 'content') return false;
          opened();
          return true;
        },
        end: () => {},
      },
    });
    await open; // no reader yet: the stream read three chunks on its own
    expect(seen).toEqual(['head', 'more head', 'content']);
    const reader = stream.getReader();
    const parts: string[] = [];
    for (let index = 0; index < 4; index++) parts.push((await reader.read()).value!);
    expect(parts).toEqual(['head', 'more head', 'content', 'after']);
    expect(seen).toHaveLength(3); // told of nothing once open
    await reader.cancel();
  });

  it("a body failure before the stream opened reaches the opening as the handler's error part, then its end", async () => {
    const { body, fail } = openBody(['data: head\n\n']);
    const seen: string[] = [];
    let read!: () => void;
    const headRead = new Promise<void>(resolve => (read = resolve));
    const ended = new Promise<unknown>(resolve => {
      readSseStream(
        body,
        { ...handler, error: (error, sink) => sink.enqueue(`error: ${(error as Error).message}`) },
        {
          opening: {
            part: part => {
              seen.push(part);
              read();
              return false;
            },
            end: error => resolve(error),
          },
        },
      );
    });
    await headRead;
    fail(new TypeError('terminated'));
    expect(await ended).toBeUndefined();
    expect(seen).toEqual([
      'head',
      'error: Unigate SSE stream: the connection closed after 1 part (12 bytes) before the answer was whole: terminated.',
    ]);
  });
});

describe('readSseStream: first', () => {
  // Parts are the events' data; 'd…' events are deltas, which merge with each other.
  function firstDeltaStream(chunks: string[], parsed: string[], failOn?: string) {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    const handler: SseHandler<{ data: string }> = {
      event(data, _event, sink) {
        parsed.push(data);
        if (data === failOn) throw new Error(`bad event ${data}`);
        sink.enqueue({ data });
      },
      end() {},
      error(error, sink) {
        sink.enqueue({ data: `error: ${(error as Error).message}` });
      },
    };
    const isDelta = (part: { data: string }) => part.data.startsWith('d');
    return readSseStream(body, handler, {
      first: isDelta,
      merge: (held, next) => {
        if (!isDelta(held) || !isDelta(next)) return false;
        held.data += next.data;
        return true;
      },
    }).getReader();
  }
  const events = (...data: string[]) => data.map(d => `data: ${d}\n\n`).join('');

  it('hands out the first delta before the rest of its read is parsed, then the rest merged', async () => {
    const parsed: string[] = [];
    const reader = firstDeltaStream([events('start', 'd1', 'd2', 'd3', 'end')], parsed);
    expect((await reader.read()).value).toEqual({ data: 'start' });
    expect((await reader.read()).value).toEqual({ data: 'd1' });
    // The events after the first delta wait for the caller's next read.
    expect(parsed).toEqual(['start', 'd1']);
    const rest: Array<{ data: string }> = [];
    for (let result = await reader.read(); !result.done; result = await reader.read()) rest.push(result.value);
    expect(rest).toEqual([{ data: 'd2d3' }, { data: 'end' }]);
    expect(parsed).toEqual(['start', 'd1', 'd2', 'd3', 'end']);
  });

  it('only the first delta goes out alone: later reads merge whole, and a failure in the rest is still reported', async () => {
    const parsed: string[] = [];
    const reader = firstDeltaStream([events('d1', 'd2'), events('d3', 'd4', 'bad', 'd5')], parsed, 'bad');
    const parts: Array<{ data: string }> = [];
    for (let result = await reader.read(); !result.done; result = await reader.read()) parts.push(result.value);
    expect(parts).toEqual([{ data: 'd1' }, { data: 'd2' }, { data: 'd3d4' }, { data: 'error: bad event bad' }]);
    expect(parsed).toEqual(['d1', 'd2', 'd3', 'd4', 'bad']);
  });

  it('cancelling after the first delta parses nothing more', async () => {
    const parsed: string[] = [];
    const reader = firstDeltaStream([events('d1', 'd2', 'd3')], parsed);
    expect((await reader.read()).value).toEqual({ data: 'd1' });
    await reader.cancel();
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(parsed).toEqual(['d1']);
  });
});
