import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSseStream } from '../../src/streams/sse-reader';
import {
  chunkBytes,
  chunking,
  framing,
  fuzzParams,
  fuzzTimeout,
  referenceSse,
  serialize,
  unicodeText,
  type DispatchedEvent,
} from './stream-arbitraries';
import { pulledSseResponse, readWithin } from './stream-checks';

type Out = DispatchedEvent | { end: true } | { error: string };

/** What the reader hands its handler, for these chunks; `throwAt` makes the handler throw on that event. */
async function dispatched(chunks: Uint8Array[], throwAt = -1): Promise<Out[]> {
  let seen = 0;
  const stream = readSseStream<Out>(pulledSseResponse(chunks).body!, {
    event(data, event, sink) {
      if (seen++ === throwAt) throw new Error(`handler failed on event ${throwAt}`);
      sink.enqueue(event === undefined ? { data } : { data, event });
    },
    end(sink) {
      sink.enqueue({ end: true });
    },
    error(error, sink) {
      sink.enqueue({ error: (error as Error).message });
    },
  });
  return readWithin(stream);
}

/** A field value: any text but a line end. */
const lineValue = unicodeText(12).map(text => text.replace(/[\r\n]/g, '␤'));

const events = fc.array(
  fc.record(
    {
      event: lineValue,
      // Several values are several `data:` lines, joined with "\n" on dispatch.
      data: fc.array(lineValue, { minLength: 1, maxLength: 3 }).map(lines => lines.join('\n')),
    },
    { requiredKeys: ['data'] },
  ),
  { maxLength: 8 },
);

/** Text made of SSE's own tokens, so random input still forms fields, events and line ends. */
const sseish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'data',
        'data:',
        'data: ',
        'event:',
        'event: ',
        ':',
        ' ',
        'id: 1',
        'retry: 5',
        '\n',
        '\r',
        '\r\n',
        '\n\n',
        '{"a":1}',
        'x',
        'é',
        '👋',
        '\ufeff',
      ),
      unicodeText(4),
    ),
    { maxLength: 40 },
  )
  .map(tokens => new TextEncoder().encode(tokens.join('')));

describe('readSseStream (fuzz)', () => {
  it(
    'dispatches exactly the serialized events for any framing and any chunking',
    async () => {
      await fc.assert(
        fc.asyncProperty(events, framing({ openEnd: true }), chunking, async (list, frame, plan) => {
          const wire = serialize(
            list.map(e => (e.event === undefined ? { data: e.data } : { event: e.event, data: e.data })),
            frame,
          );
          const expected: Out[] = [
            ...list.map(e => (e.event === undefined ? { data: e.data } : { data: e.data, event: e.event })),
            { end: true },
          ];
          expect(await dispatched(chunkBytes(wire.bytes, plan))).toEqual(expected);
        }),
        fuzzParams(1),
      );
    },
    fuzzTimeout(1),
  );

  it(
    'reads random bytes and SSE-like noise the way the spec does, whatever the chunking',
    async () => {
      const bytes = fc.oneof(fc.uint8Array({ maxLength: 300 }), sseish);
      await fc.assert(
        fc.asyncProperty(bytes, chunking, async (body, plan) => {
          expect(await dispatched(chunkBytes(body, plan))).toEqual([...referenceSse(body), { end: true }]);
        }),
        fuzzParams(1),
      );
    },
    fuzzTimeout(1),
  );

  it(
    'routes a handler throw to error once and dispatches nothing after it, not even end',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          events.filter(list => list.length > 0),
          framing(),
          chunking,
          fc.nat(),
          async (list, frame, plan, pick) => {
            const throwAt = pick % list.length;
            const wire = serialize(
              list.map(e => ({ data: e.data })),
              frame,
            );
            expect(await dispatched(chunkBytes(wire.bytes, plan), throwAt)).toEqual([
              ...list.slice(0, throwAt).map(e => ({ data: e.data })),
              { error: `handler failed on event ${throwAt}` },
            ]);
          },
        ),
        fuzzParams(0.5),
      );
    },
    fuzzTimeout(0.5),
  );

  // Lines of megabytes (a base64 image, a large tool input) arrive in network-sized pieces; reading
  // one must cost time linear in its length, not length x chunk count.
  it(
    'reads a multi-megabyte line in small chunks well within the hang limit',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 3_000_000, max: 4_000_000 }),
          fc.integer({ min: 512, max: 2048 }),
          fc.constantFrom('x', 'é', '👋'),
          async (length, size, unit) => {
            const value = unit.repeat(Math.ceil(length / unit.length));
            const bytes = new TextEncoder().encode(`data: ${value}\n\n`);
            const out = await dispatched(chunkBytes(bytes, { kind: 'fixed', size }));
            expect(out).toHaveLength(2);
            expect((out[0] as DispatchedEvent).data === value).toBe(true);
          },
        ),
        { ...fuzzParams(0.01), endOnFailure: true },
      );
    },
    fuzzTimeout(0.5),
  );
});
