import { APICallError, InvalidResponseDataError } from '@ai-sdk/provider';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatFormat } from './chat-format';
import { messagesFormat } from './messages-format';
import {
  CANONICAL,
  chunkBytes,
  chunking,
  cutAt,
  fraction,
  fuzzParams,
  fuzzTimeout,
  kindOf,
  referenceSse,
  serialize,
  unicodeText,
  type WireEvent,
} from './stream-arbitraries';
import {
  deltas,
  errorsOf,
  expectLifecycles,
  expectWellFramed,
  FUZZ_API_KEY,
  isSubsequence,
  messageOf,
} from './stream-checks';
import type { StreamFormat } from './stream-format';

// Property tests of the two stream paths, gw.chat(id).doStream and gw.messages(id).doStream, over SSE
// bytes cut and framed at random, truncated, and mixed with garbage: one harness, each format's
// oracles in chat-format.ts and messages-format.ts.

const API_KEY = FUZZ_API_KEY;
// Each format's scenario type stays inside its own module; here they run side by side.
const FORMATS: StreamFormat<any>[] = [chatFormat, messagesFormat];

describe.each(FORMATS)('$name doStream (fuzz)', format => {
  const { partsOf } = format;
  const partsOfEvents = (events: WireEvent[]) => partsOf([serialize(events, CANONICAL).bytes]);

  it(
    'gives exactly the generated parts for any chunking: every delta once, calls, finish, usage',
    async () => {
      await fc.assert(
        fc.asyncProperty(format.scenario(), chunking, fc.boolean(), async (scenario, plan, raw) => {
          const events = format.events(scenario);
          const { bytes } = serialize(events, CANONICAL);
          const whole = await partsOf([bytes], raw);
          format.expectGenerated(whole, scenario, events, raw);
          expect(await partsOf(chunkBytes(bytes, plan), raw)).toEqual(whole);
        }),
        fuzzParams(1),
      );
    },
    fuzzTimeout(1),
  );

  it(
    'carries a 100 KB delta whole, in any chunking',
    async () => {
      await fc.assert(
        fc.asyncProperty(format.scenario({ longText: 100_000 }), chunking, async (scenario, plan) => {
          const events = format.events(scenario);
          const parts = await partsOf(chunkBytes(serialize(events, CANONICAL).bytes, plan, 400));
          format.expectGenerated(parts, scenario, events, false);
        }),
        fuzzParams(0.1),
      );
    },
    fuzzTimeout(0.5),
  );

  it(
    'gives the same parts for any framing: LF/CR/CRLF, spaces, comments, id/retry, multi-line data, BOM, what the format lets go unsaid',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          format.scenario(),
          format.framing,
          chunking,
          format.leaveOut,
          async (scenario, frame, plan, leaveOut) => {
            const events = format.events(scenario);
            const canonical = await partsOfEvents(events);
            const framed = format.serialize(leaveOut(events), frame);
            expect(await partsOf(chunkBytes(framed.bytes, plan))).toEqual(canonical);
          },
        ),
        fuzzParams(1),
      );
    },
    fuzzTimeout(1),
  );

  it(
    'cut at any byte: the parts of what arrived whole, an error only where the break rule names one, one finish',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          format.scenario(),
          format.framing,
          chunking,
          fraction,
          async (scenario, frame, plan, where) => {
            const events = format.events(scenario);
            const wire = format.serialize(events, frame);
            const at = Math.round(where * wire.bytes.length);
            const { whole, partial, none } = cutAt(wire, at);
            const got = await partsOf(chunkBytes(wire.bytes.slice(0, at), plan));

            expectWellFramed(got);
            // Every block that started also ended: a cut never leaves one open.
            expectLifecycles(got, true, format.emptyInput);
            // Text never invented: what arrived is the start of the full text.
            expect(format.pieces(scenario).text.join('').startsWith(deltas(got, 'text-delta').join(''))).toBe(true);
            await format.expectCut({ scenario, events, wire, whole, partial, none, got });
          },
        ),
        fuzzParams(1),
      );
    },
    fuzzTimeout(1),
  );

  it(
    'turns an event of the wrong shape into an error part naming the field, its kind or the block',
    async () => {
      await fc.assert(
        fc.asyncProperty(format.scenario(), format.wrongShapes, fc.nat(), async (scenario, wrong, pick) => {
          const events = format.events(scenario);
          const error = await format.expectErrorAt(events, format.insertAt(events, pick), wrong);
          expect(InvalidResponseDataError.isInstance(error)).toBe(true);
        }),
        fuzzParams(1),
      );
    },
    fuzzTimeout(1),
  );

  it(
    'turns an array where an object belongs into an error part naming the field',
    async () => {
      await fc.assert(
        fc.asyncProperty(format.scenario(), format.arraysForObjects, fc.nat(), async (scenario, wrong, pick) => {
          const events = format.events(scenario);
          await format.expectErrorAt(events, format.insertAt(events, pick), wrong);
        }),
        fuzzParams(0.3),
      );
    },
    fuzzTimeout(0.3),
  );

  it(
    'turns data that is not JSON into an error part saying so',
    async () => {
      const text = unicodeText(40)
        .map(data => data.replace(/[\r\n]/g, ' '))
        .filter(data => {
          try {
            JSON.parse(data);
            return false;
          } catch {
            return true;
          }
        });
      await fc.assert(
        fc.asyncProperty(format.scenario(), format.notJson(text), fc.nat(), async (scenario, wrong, pick) => {
          const events = format.events(scenario);
          await format.expectErrorAt(events, format.insertAt(events, pick), wrong);
        }),
        fuzzParams(0.5),
      );
    },
    fuzzTimeout(0.5),
  );

  it(
    'surfaces an in-band error where it arrives and stops there, as an APICallError with its type and message, the key redacted',
    async () => {
      const { types, event, showsKeyOnlyMessage, retryable } = format.inBandError;
      const errorEvent = fc.record({
        type: fc.oneof(fc.constantFrom(...types), unicodeText(8)),
        text: unicodeText(20),
        withKey: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(format.scenario(), errorEvent, fc.nat(), async (scenario, { type, text, withKey }, pick) => {
          const events = format.events(scenario);
          const message = withKey ? `${text}${API_KEY}${text}` : text;
          // Reported where it arrived, then finish with reason error and nothing more read.
          const error = await format.expectErrorAt(events, format.insertAt(events, pick), {
            setup: [],
            bad: event(type, message),
            problem: '',
          });
          expect(APICallError.isInstance(error)).toBe(true);
          const reported = messageOf(error);
          expect(reported).not.toContain(API_KEY);
          if (showsKeyOnlyMessage || text !== '')
            expect(reported).toContain(withKey ? `${text}[redacted]${text}` : text);
          if (type !== '' && type !== 'error') expect(reported).toContain(`(${type})`);
          if (retryable !== undefined) expect((error as APICallError).isRetryable).toBe(retryable.includes(type));
        }),
        fuzzParams(0.3),
      );
    },
    fuzzTimeout(0.3),
  );

  it(
    'never puts the API key into an error message, even when a malformed event echoes it',
    async () => {
      const echo = fc.record({
        before: unicodeText(10).map(text => text.replace(/[\r\n]/g, ' ')),
        after: fc.constantFrom('"', '', '"}', ' is not valid'),
      });
      await fc.assert(
        fc.asyncProperty(format.scenario(), echo, fc.nat(), async (scenario, { before, after }, pick) => {
          const events = format.events(scenario);
          const at = format.insertAt(events, pick);
          const parts = await partsOfEvents([
            ...events.slice(0, at),
            format.echoKey(before, after),
            ...events.slice(at),
          ]);
          // The malformed event failed the stream: the loop below has an error to look at.
          const errors = errorsOf(parts);
          expect(errors).toHaveLength(1);
          for (const error of errors) expect(messageOf(error)).not.toContain(API_KEY);
        }),
        fuzzParams(0.1),
      );
    },
    fuzzTimeout(0.1),
  );

  for (const { title, run, timeout } of format.own) it(title, run, timeout);

  it(
    'survives random bytes and SSE-like noise as the whole body: one finish, errors only for bad data',
    async () => {
      const { tokens, terminator, closesBlocks } = format.noise;
      const sseish = fc
        .array(fc.oneof(fc.constantFrom(...tokens), unicodeText(3)), { maxLength: 30 })
        .map(parts => new TextEncoder().encode(parts.join('')));
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.uint8Array({ maxLength: 200 }), sseish), chunking, async (bytes, plan) => {
          const parts = await partsOf(chunkBytes(bytes, plan));
          expectWellFramed(parts);
          if (closesBlocks) expectLifecycles(parts, true);
          const first = referenceSse(bytes)[0];
          if (first === undefined) {
            // Not one event: no answer, and the error says so.
            expect(errorsOf(parts)).toHaveLength(1);
            expect(messageOf(errorsOf(parts)[0])).toContain('a stream that delivered no event is not an answer');
            return;
          }
          if (terminator?.is(first.data)) {
            terminator.expect(parts);
            return;
          }
          let parsed: unknown;
          try {
            parsed = JSON.parse(first.data);
          } catch {
            expect(messageOf(errorsOf(parts)[0])).toContain('not valid JSON');
            return;
          }
          if (kindOf(parsed) !== 'object')
            expect(messageOf(errorsOf(parts)[0])).toContain(`a chunk is ${kindOf(parsed)}, not a JSON object`);
        }),
        fuzzParams(1),
      );
    },
    fuzzTimeout(1),
  );

  it(
    'survives random bytes between events: one finish, and no text that was not sent',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          format.scenario(),
          fc.uint8Array({ minLength: 1, maxLength: 64 }),
          fc.nat(),
          chunking,
          async (scenario, garbage, pick, plan) => {
            const events = format.events(scenario);
            const wire = serialize(events, CANONICAL);
            const at = [0, ...wire.boundaries][pick % (wire.boundaries.length + 1)];
            const bytes = new Uint8Array([...wire.bytes.slice(0, at), ...garbage, ...wire.bytes.slice(at)]);
            const parts = await partsOf(chunkBytes(bytes, plan));
            expectWellFramed(parts);
            expectLifecycles(parts, format.garbageClosesBlocks, format.emptyInput);
            const { text, reasoning } = format.pieces(scenario);
            expect(isSubsequence(deltas(parts, 'text-delta'), text)).toBe(true);
            if (reasoning !== undefined) expect(isSubsequence(deltas(parts, 'reasoning-delta'), reasoning)).toBe(true);
          },
        ),
        fuzzParams(0.5),
      );
    },
    fuzzTimeout(0.5),
  );
});
