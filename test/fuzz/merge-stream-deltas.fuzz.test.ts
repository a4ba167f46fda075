import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brokenChatEvents,
  brokenChatScenario,
  brokenMessagesEvents,
  brokenMessagesScenario,
  CANONICAL,
  chatEvents,
  chatScenario,
  chunkBytes,
  chunking,
  fraction,
  fuzzParams,
  fuzzTimeout,
  interleavedMessagesEvents,
  interleavedMessagesScenario,
  messagesEvents,
  messagesScenario,
  serialize,
  type WireEvent,
} from './stream-arbitraries';
import { deltas, streamDriver, withoutRaw, type Part } from './stream-checks';

// Merging deltas (the default), the same property over both wire formats: for any event sequence
// (valid, breaking the block protocol and so failing, or with the deltas of several open blocks
// interleaved), cut anywhere or not, and any chunking, the
// parts are exactly the parts of merging off with the deltas of one read merged, and nothing else:
// consecutive text, reasoning or tool-input deltas of one id whose events were completed by the same
// network read, except that the stream's first delta goes out alone: deltas of later events never join
// it (unless its event is dispatched at the end of the body, with nothing left to read). The run with merging off and raw chunks on is the oracle: its raw parts say which
// event each part came from.

const DELTAS = new Set(['text-delta', 'reasoning-delta', 'tool-input-delta']);
type Delta = Extract<Part, { type: 'text-delta' | 'reasoning-delta' | 'tool-input-delta' }>;

/**
 * The read (chunk index) during which each event is dispatched: the one holding its closing blank line's
 * last byte. An event the body ends before closing is dispatched at the end, after the last chunk.
 */
function readsOfEvents(boundaries: number[], chunks: Uint8Array[]): number[] {
  const ends: number[] = [];
  let at = 0;
  for (const chunk of chunks) ends.push((at += chunk.length));
  return boundaries.map(boundary => {
    const read = ends.findIndex(end => boundary - 1 < end);
    return read === -1 ? chunks.length : read;
  });
}

/**
 * What merging gives, from the parts of merging off with raw chunks on: the k-th raw part opens the
 * parts of the k-th JSON event, which belong to that event's read. With `keepRaw`, the raw parts stay
 * (and, being parts of their own kind, end every run).
 */
function merged(reference: Part[], events: WireEvent[], reads: number[], keepRaw: boolean, chunks: number): Part[] {
  const jsonReads = reads.filter((_, i) => 'json' in events[i]);
  const out: Part[] = [];
  let raws = 0;
  let read = -1;
  let lastRead = -2;
  let lastEvent = -1;
  // The event of the stream's first delta, while that delta's run is the last one out.
  let firstEvent: number | undefined;
  let seenDelta = false;
  for (const part of reference) {
    if (part.type === 'raw') {
      read = jsonReads[raws++];
      if (!keepRaw) continue;
    }
    const event = raws - 1;
    const last = out.at(-1);
    if (
      last !== undefined &&
      DELTAS.has(part.type) &&
      last.type === part.type &&
      (last as Delta).id === (part as Delta).id &&
      lastRead === read &&
      (firstEvent === undefined || lastEvent !== firstEvent || event === firstEvent)
    ) {
      out[out.length - 1] = { ...(last as Delta), delta: (last as Delta).delta + (part as Delta).delta };
    } else out.push(part);
    if (DELTAS.has(part.type) && !seenDelta) {
      seenDelta = true;
      // Dispatched at the end of the body, the first delta merges like any other.
      if (read < chunks) firstEvent = event;
    }
    lastRead = read;
    lastEvent = event;
  }
  return out;
}

/** Every delta of a kind, joined per id: what a consumer ends up with. */
function joined(parts: Part[]): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const part of parts) {
    if (DELTAS.has(part.type)) {
      const key = `${part.type}:${(part as Delta).id}`;
      texts[key] = (texts[key] ?? '') + (part as Delta).delta;
    }
  }
  return texts;
}

interface Format {
  name: 'chat' | 'messages';
  events: fc.Arbitrary<WireEvent[]>;
}

const formats: Format[] = [
  { name: 'chat', events: fc.oneof(chatScenario().map(chatEvents), brokenChatScenario.map(brokenChatEvents)) },
  {
    name: 'messages',
    events: fc.oneof(
      messagesScenario().map(messagesEvents),
      brokenMessagesScenario.map(brokenMessagesEvents),
      interleavedMessagesScenario.map(interleavedMessagesEvents),
    ),
  },
];

describe.each(formats)('$name doStream merging the deltas of one read (fuzz)', ({ name, events: eventSequences }) => {
  const merging = streamDriver(name);
  const oneByOne = streamDriver(name, { mergeStreamDeltas: false });

  it(
    'gives the parts of merging off with only the deltas of one read merged, raw chunks unchanged, the same text',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          eventSequences,
          chunking,
          fc.option(fraction, { nil: undefined }),
          async (events, plan, cut) => {
            const wire = serialize(events, CANONICAL);
            const bytes = cut === undefined ? wire.bytes : wire.bytes.slice(0, Math.round(cut * wire.bytes.length));
            const chunks = chunkBytes(bytes, plan);
            const reference = await oneByOne(chunks, true);
            const reads = readsOfEvents(wire.boundaries, chunks);

            const parts = await merging(chunks);
            expect(parts).toEqual(merged(reference, events, reads, false, chunks.length));
            // What the user reads is the same: every text, reasoning and tool input, whole and in order.
            expect(joined(parts)).toEqual(joined(reference));
            expect(withoutRaw(parts).filter(part => !DELTAS.has(part.type))).toEqual(
              withoutRaw(reference).filter(part => !DELTAS.has(part.type)),
            );

            // Raw chunks on: one raw part per event, in order, each before its event's parts.
            const withRaw = await merging(chunks, true);
            expect(withRaw).toEqual(merged(reference, events, reads, true, chunks.length));
            expect(withRaw.filter(part => part.type === 'raw')).toEqual(reference.filter(part => part.type === 'raw'));
          },
        ),
        fuzzParams(0.5),
      );
    },
    fuzzTimeout(0.5),
  );

  it(
    'merges every run of deltas when the whole body is one read; with one byte per read, only the deltas of one event',
    async () => {
      await fc.assert(
        fc.asyncProperty(eventSequences, async events => {
          const { bytes, boundaries } = serialize(events, CANONICAL);
          const reference = await oneByOne([bytes]);
          const whole = await merging([bytes]);
          // One read: no two consecutive deltas of one kind and id are left apart, but for the first delta.
          const first = whole.findIndex(part => DELTAS.has(part.type));
          for (let i = 1; i < whole.length; i++) {
            const [before, part] = [whole[i - 1], whole[i]];
            if (DELTAS.has(part.type) && i - 1 !== first)
              expect(before.type === part.type && (before as Delta).id === (part as Delta).id).toBe(false);
          }
          expect(deltas(whole, 'text-delta').join('')).toBe(deltas(reference, 'text-delta').join(''));
          // A byte completes at most one event: nothing merges across events, only within one.
          const perByte = chunkBytes(bytes, { kind: 'bytes' });
          expect(await merging(perByte)).toEqual(
            merged(await oneByOne(perByte, true), events, readsOfEvents(boundaries, perByte), false, perByte.length),
          );
        }),
        fuzzParams(0.2),
      );
    },
    fuzzTimeout(0.2),
  );
});
