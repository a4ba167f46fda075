import { InvalidResponseDataError } from '@ai-sdk/provider';
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  CANONICAL,
  extraFields,
  framing,
  fuzzTimeout,
  fuzzParams,
  kindOf,
  messagesEvents,
  messagesScenario,
  PING,
  serialize,
  unicodeText,
  valueNotOf,
  type MessagesScenario,
  type WireEvent,
} from './stream-arbitraries';
import {
  deltas,
  errorsOf,
  expectLifecycles,
  expectWellFramed,
  finishOf,
  messageOf,
  parsesAsJson,
  streamDriver,
  FUZZ_API_KEY,
  type Part,
} from './stream-checks';
import type { CutStream, Injection, OwnProperty, StreamFormat } from './stream-format';
import { cutOffReason } from '../helpers/spec';

// The messages format for the stream properties (stream-formats.fuzz.test.ts): how to generate and send
// a valid stream, and the oracles, written out from the format's rules; and what only this format allows
// (event, block and delta kinds the spec does not name).

// One part per event, merging off: these properties hold the parts to the events one by one, for any
// chunking. merge-stream-deltas.fuzz.test.ts holds merging (the default) to these parts.
const partsOf = streamDriver('messages', { mergeStreamDeltas: false });

const partsOfEvents = (events: WireEvent[]) => partsOf([serialize(events, CANONICAL).bytes]);

type Json = Record<string, any>;
const jsonOf = (event: WireEvent) => ('json' in event ? (event.json as Json) : undefined);

// The documented mapping (docs/streaming.md#messages-stop-reasons), written out as the oracle.
function finishReason(raw: string | undefined) {
  const unified: Record<string, string> = {
    end_turn: 'stop',
    stop_sequence: 'stop',
    pause_turn: 'stop',
    max_tokens: 'length',
    model_context_window_exceeded: 'length',
    tool_use: 'tool-calls',
    refusal: 'content-filter',
  };
  return { unified: raw !== undefined && Object.hasOwn(unified, raw) ? unified[raw] : 'other', raw };
}

function usageOf(usage: Record<string, number>) {
  const input = usage.input_tokens;
  return {
    inputTokens: {
      total:
        input === undefined
          ? undefined
          : input + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0),
      noCache: input,
      cacheRead: usage.cache_read_input_tokens,
      cacheWrite: usage.cache_creation_input_tokens,
    },
    outputTokens: { total: usage.output_tokens, text: undefined, reasoning: undefined },
    raw: usage,
  };
}

/**
 * The finish part for these events, as they arrived (`failed`: the stream ended in an error;
 * `cutOff`: its body ended, after whole events, before message_stop).
 */
function finishFor(events: WireEvent[], failed: boolean, cutOff = false) {
  const usage: Record<string, number> = {};
  let raw: string | undefined;
  let stopSequence: string | null = null;
  for (const json of events.map(jsonOf)) {
    if (json?.type === 'message_start') Object.assign(usage, json.message.usage);
    if (json?.type === 'message_delta') {
      if (typeof json.delta.stop_reason === 'string') raw = json.delta.stop_reason;
      if (typeof json.delta.stop_sequence === 'string') stopSequence = json.delta.stop_sequence;
      Object.assign(usage, json.usage);
    }
  }
  return {
    type: 'finish',
    finishReason: failed ? { unified: cutOff ? cutOffReason('error') : 'error', raw } : finishReason(raw),
    usage: usageOf(usage),
    providerMetadata: { unigate: { stopSequence, ...(raw === 'pause_turn' && { stopReason: raw }) } },
  };
}

/** The parts each event must give, by the spec: the oracle for valid streams and their prefixes. */
function partsFor(events: WireEvent[], raw = false): Part[][] {
  type Open = { type: string; id: string; name: string; signature: string | undefined; input: string };
  const open = new Map<number, Open>();
  return events.map(event => {
    const json = jsonOf(event)!;
    const out: Part[] = raw ? [{ type: 'raw', rawValue: json }] : [];
    const block = open.get(json.index);
    switch (json.type) {
      case 'message_start':
        out.push({ type: 'response-metadata', id: json.message.id, modelId: json.message.model });
        break;
      case 'content_block_start': {
        const { type, id: toolId, name } = json.content_block;
        const id = type === 'tool_use' ? toolId : String(json.index);
        open.set(json.index, { type, id, name, signature: undefined, input: '' });
        if (type === 'text') out.push({ type: 'text-start', id });
        if (type === 'thinking') out.push({ type: 'reasoning-start', id });
        if (type === 'tool_use') out.push({ type: 'tool-input-start', id, toolName: name });
        break;
      }
      case 'content_block_delta': {
        const { delta } = json;
        const { id } = block!;
        if (delta.type === 'text_delta') out.push({ type: 'text-delta', id, delta: delta.text });
        if (delta.type === 'thinking_delta') out.push({ type: 'reasoning-delta', id, delta: delta.thinking });
        if (delta.type === 'signature_delta') block!.signature = (block!.signature ?? '') + delta.signature;
        if (delta.type === 'input_json_delta' && delta.partial_json !== '') {
          block!.input += delta.partial_json;
          out.push({ type: 'tool-input-delta', id, delta: delta.partial_json });
        }
        break;
      }
      case 'content_block_stop': {
        const { type, id, name, signature, input } = block!;
        if (type === 'text') out.push({ type: 'text-end', id });
        if (type === 'thinking') {
          out.push(
            signature === undefined
              ? { type: 'reasoning-end', id }
              : { type: 'reasoning-end', id, providerMetadata: { unigate: { signature } } },
          );
        }
        if (type === 'tool_use') {
          out.push(
            { type: 'tool-input-end', id },
            { type: 'tool-call', toolCallId: id, toolName: name, input: input === '' ? '{}' : input },
          );
        }
        open.delete(json.index);
        break;
      }
    }
    return out;
  });
}

const expectedParts = (events: WireEvent[], raw = false) => partsFor(events, raw);

/**
 * What ends the blocks these events left open when the stream fails after them, by the break rule: in
 * index order, text-end, reasoning-end (with the signature), tool-input-end and, when the input so far
 * is valid JSON, the tool-call. Also the calls that cannot complete, as the error names them.
 */
function closingFor(events: WireEvent[]): { parts: Part[]; lost: string[] } {
  const open = new Map<number, Json>();
  for (const json of events.map(jsonOf)) {
    if (json?.type === 'content_block_start')
      open.set(json.index, { ...json.content_block, streamed: '', signature: undefined });
    if (json?.type === 'content_block_stop') open.delete(json.index);
    const block = open.get(json?.index);
    if (json?.type === 'content_block_delta' && block !== undefined) {
      if (json.delta.type === 'input_json_delta') block.streamed += json.delta.partial_json;
      if (json.delta.type === 'signature_delta') block.signature = (block.signature ?? '') + json.delta.signature;
    }
  }
  const parts: Part[] = [];
  const lost: string[] = [];
  for (const index of [...open.keys()].sort((a, b) => a - b)) {
    const block = open.get(index)!;
    const id = String(index);
    if (block.type === 'text') parts.push({ type: 'text-end', id });
    if (block.type === 'thinking') {
      parts.push(
        block.signature === undefined
          ? { type: 'reasoning-end', id }
          : { type: 'reasoning-end', id, providerMetadata: { unigate: { signature: block.signature } } },
      );
    }
    if (block.type === 'tool_use') {
      parts.push({ type: 'tool-input-end', id: block.id });
      if (parsesAsJson(block.streamed))
        parts.push({ type: 'tool-call', toolCallId: block.id, toolName: block.name, input: block.streamed });
      else lost.push(`${block.id} (${block.name})`);
    }
  }
  return { parts, lost };
}

function expectGenerated(parts: Part[], scenario: MessagesScenario, events: WireEvent[], raw: boolean) {
  expectWellFramed(parts);
  expect(errorsOf(parts)).toEqual([]);
  expectLifecycles(parts, true, '{}');
  expect(parts).toEqual([
    { type: 'stream-start', warnings: [] },
    ...expectedParts(events, raw).flat(),
    finishFor(events, false),
  ]);
  // And, said plainly: every text piece once, in order, nothing else.
  expect(deltas(parts, 'text-delta')).toEqual(scenario.blocks.flatMap(b => (b.type === 'text' ? b.pieces : [])));
}

const withoutErrors = (parts: Part[]) => parts.filter(p => p.type !== 'error' && p.type !== 'finish');

/**
 * `bad` right after `events[0..at)` and `setup` gives what those gave, then one error naming the
 * problem, the ends of the blocks still open, then a finish with reason `error`; nothing after the
 * error is read.
 */
async function expectErrorAt(events: WireEvent[], at: number, { setup, bad, problem }: Injection) {
  const before = [...events.slice(0, at), ...setup];
  const got = await partsOfEvents([...before, bad, ...events.slice(at)]);
  expectWellFramed(got);
  expectLifecycles(got, true, '{}');
  const errors = errorsOf(got);
  expect(errors).toHaveLength(1);
  expect(messageOf(errors[0])).toContain(problem);
  const closing = closingFor(before).parts;
  expect(got.at(-2 - closing.length)!.type).toBe('error');
  expect(withoutErrors(got)).toEqual([
    { type: 'stream-start', warnings: [] },
    ...expectedParts(before).flat(),
    ...closing,
  ]);
  expect(finishOf(got)).toEqual(finishFor(before, true));
  return errors[0];
}

const FRESH = 900;
const ev = (json: Json): WireEvent => ({ event: json.type, json });
const startAt = (content_block: Json): WireEvent => ev({ type: 'content_block_start', index: FRESH, content_block });
const deltaAt = (delta: unknown, index: unknown = FRESH): WireEvent =>
  ev({ type: 'content_block_delta', index, delta });
const TEXT = startAt({ type: 'text', text: '' });
const TOOL = startAt({ type: 'tool_use', id: 'toolu_fresh', name: 'f', input: {} });
const THINKING = startAt({ type: 'thinking', thinking: '', signature: '' });

type Wrong = Injection;
const wrong = (setup: WireEvent[], bad: WireEvent, problem: string): Wrong => ({ setup, bad, problem });
const badIndex = fc.oneof(
  valueNotOf('number'),
  fc.integer({ max: -1 }),
  fc.double({ noNaN: true }).filter(n => !Number.isInteger(n)),
);

/** Events of the wrong shape (valid JSON), with the words the error must use. */
const wrongEvents: fc.Arbitrary<Wrong> = fc.oneof(
  valueNotOf('object').map(v =>
    wrong([], { event: 'content_block_delta', json: v }, `a chunk is ${kindOf(v)}, not a JSON object`),
  ),
  fc
    .tuple(badIndex, fc.constantFrom('content_block_start', 'content_block_delta', 'content_block_stop'))
    .map(([index, type]) =>
      wrong(
        [],
        ev({ type, index, content_block: { type: 'text', text: '' }, delta: { type: 'text_delta', text: 'x' } }),
        `${type} index is ${typeof index === 'number' ? index : kindOf(index)}, not a non-negative integer`,
      ),
    ),
  valueNotOf('object', 'array').map(v =>
    wrong([], startAt(v as Json), `content_block_start content_block is ${kindOf(v)}, not an object`),
  ),
  fc
    .tuple(valueNotOf('string'), fc.boolean())
    .map(([v, onId]) =>
      wrong(
        [],
        startAt({ type: 'tool_use', id: onId ? v : 'toolu_x', name: onId ? 'f' : v, input: {} }),
        `tool_use content_block.${onId ? 'id' : 'name'} is ${kindOf(v)}, not a string`,
      ),
    ),
  valueNotOf('string').map(v =>
    wrong(
      [],
      startAt({ type: 'redacted_thinking', data: v }),
      `redacted_thinking content_block.data is ${kindOf(v)}, not a string`,
    ),
  ),
  fc.constant(
    wrong([], deltaAt({ type: 'text_delta', text: 'x' }), `content_block_delta for block ${FRESH}, which is not open`),
  ),
  fc.constant(
    wrong(
      [],
      ev({ type: 'content_block_stop', index: FRESH }),
      `content_block_stop for block ${FRESH}, which is not open`,
    ),
  ),
  valueNotOf('object', 'array').map(v =>
    wrong([TEXT], deltaAt(v), `content_block_delta delta is ${kindOf(v)}, not an object`),
  ),
  valueNotOf('string').map(v =>
    wrong([TEXT], deltaAt({ type: 'text_delta', text: v }), `text_delta delta.text is ${kindOf(v)}, not a string`),
  ),
  valueNotOf('string').map(v =>
    wrong(
      [TOOL],
      deltaAt({ type: 'input_json_delta', partial_json: v }),
      `input_json_delta delta.partial_json is ${kindOf(v)}, not a string`,
    ),
  ),
  valueNotOf('string').map(v =>
    wrong(
      [THINKING],
      deltaAt({ type: 'thinking_delta', thinking: v }),
      `thinking_delta delta.thinking is ${kindOf(v)}, not a string`,
    ),
  ),
  valueNotOf('string').map(v =>
    wrong(
      [THINKING],
      deltaAt({ type: 'signature_delta', signature: v }),
      `signature_delta delta.signature is ${kindOf(v)}, not a string`,
    ),
  ),
  fc.constantFrom(
    wrong([TOOL], deltaAt({ type: 'text_delta', text: 'x' }), 'text_delta for a tool block'),
    wrong([THINKING], deltaAt({ type: 'text_delta', text: 'x' }), 'text_delta for a reasoning block'),
    wrong([TEXT], deltaAt({ type: 'input_json_delta', partial_json: '{' }), 'input_json_delta for a text block'),
    wrong([TEXT], deltaAt({ type: 'thinking_delta', thinking: 'x' }), 'thinking_delta for a text block'),
    wrong([TOOL], deltaAt({ type: 'signature_delta', signature: 'x' }), 'signature_delta for a tool block'),
  ),
  valueNotOf('object', 'array').map(v =>
    wrong([], ev({ type: 'message_start', message: v }), `message_start message is ${kindOf(v)}, not an object`),
  ),
);

/** An array where the format has an object. */
const arraysForObjects: fc.Arbitrary<Wrong> = fc
  .array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 })
  .chain(array =>
    fc.constantFrom(
      wrong([], startAt(array as unknown as Json), 'content_block_start content_block is array, not an object'),
      wrong([TEXT], deltaAt(array), 'content_block_delta delta is array, not an object'),
      wrong([], ev({ type: 'message_start', message: array }), 'message_start message is array, not an object'),
    ),
  );

const KNOWN_TYPES = new Set([
  'ping',
  'message_start',
  'message_delta',
  'message_stop',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'error',
]);
const KNOWN_DELTAS = new Set(['text_delta', 'input_json_delta', 'thinking_delta', 'signature_delta']);
const KNOWN_BLOCKS = new Set(['text', 'thinking', 'redacted_thinking', 'tool_use']);
/** A kind name the spec does not know (no line ends: it also goes on the `event:` line). */
const unknownName = (known: Set<string>) =>
  fc
    .oneof(fc.constantFrom('citations_delta', 'server_tool_use', 'web_search_tool_result', 'x'), unicodeText(12))
    .map(name => name.replace(/[\r\n]/g, ' '))
    .filter(name => !known.has(name));

/** A stream cut at any byte: the parts of what arrived whole, one error (cut event or no message_stop), one finish. */
async function expectCut({ events, whole, partial, none, got }: CutStream<MessagesScenario>) {
  const arrived = events.slice(0, whole);
  const closing = closingFor(arrived);
  const errors = errorsOf(got);
  if (none) {
    expect(errors).toHaveLength(1);
    expect(InvalidResponseDataError.isInstance(errors[0])).toBe(true);
    expect(messageOf(errors[0])).toContain('a stream that delivered no event is not an answer');
  } else if (partial) {
    expect(errors).toHaveLength(1);
    expect(InvalidResponseDataError.isInstance(errors[0])).toBe(true);
    expect(messageOf(errors[0])).toContain('not valid JSON');
  } else if (whole < events.length && answered(arrived)) {
    // The stop reason and final usage arrived: the answer is whole, a cut after them takes nothing (docs/resume.md).
    expect(errors).toEqual([]);
  } else if (whole < events.length) {
    expect(errors).toHaveLength(1);
    expect(InvalidResponseDataError.isInstance(errors[0])).toBe(true);
    expect(messageOf(errors[0])).toContain('ended before message_stop');
    // A call the cut left with input that does not parse is named; whole ones complete.
    for (const call of closing.lost) expect(messageOf(errors[0])).toContain(call);
  } else {
    expect(errors).toEqual([]);
  }
  const failed = errors.length > 0;
  expect(withoutErrors(got)).toEqual([
    { type: 'stream-start', warnings: [] },
    ...expectedParts(arrived).flat(),
    ...closing.parts,
  ]);
  expect(finishOf(got)).toEqual(finishFor(arrived, failed, !none && !partial && whole < events.length));
}

/** A `message_delta` with the stop reason and the final usage is among the events: the answer is whole. */
function answered(events: WireEvent[]): boolean {
  return events
    .map(jsonOf)
    .some(
      json =>
        json?.type === 'message_delta' &&
        typeof json.delta?.stop_reason === 'string' &&
        typeof json.usage === 'object' &&
        json.usage !== null,
    );
}

const ignoresAllowed: OwnProperty = {
  title:
    'ignores what the format allows: unknown event, block and delta kinds, extra fields, pings with fields, any event name',
  run: async () => {
    const unknownEvent = fc.tuple(unknownName(KNOWN_TYPES), extraFields).map(([type, extra]) => ev({ ...extra, type }));
    // Each inserted block gets its own index (FRESH + its place in the list): they may overlap.
    const unknownBlock = fc
      .tuple(unknownName(KNOWN_BLOCKS), fc.array(fc.tuple(unknownName(KNOWN_DELTAS), extraFields), { maxLength: 3 }))
      .map(([kind, deltaKinds]) => (index: number) => [
        ev({ type: 'content_block_start', index, content_block: { type: kind } }),
        ...deltaKinds.map(([type, extra]) => deltaAt({ ...extra, type }, index)),
        ev({ type: 'content_block_stop', index }),
      ]);
    await fc.assert(
      fc.asyncProperty(
        messagesScenario(),
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.oneof(
              unknownEvent.map(e => () => [e]),
              unknownBlock,
              extraFields.map(extra => () => [ev({ ...extra, type: 'ping' })]),
            ),
          ),
          { maxLength: 4 },
        ),
        fc.array(fc.tuple(unknownName(KNOWN_DELTAS), extraFields), { maxLength: 3 }),
        fc.array(extraFields, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 5 }),
        fc.option(
          unicodeText(10).map(name => name.replace(/[\r\n]/g, '')),
          { nil: undefined },
        ),
        async (scenario, inserts, unknownDeltas, extras, dice, renamed) => {
          const events = messagesEvents(scenario);
          const expected = await partsOfEvents(events);
          let roll = 0;
          // Extra fields anywhere but in a tool's `input` (that is the tool's data).
          const sprinkle = (value: unknown, key?: string): unknown => {
            if (key === 'input' || value === null || typeof value !== 'object') return value;
            if (Array.isArray(value)) return value.map(item => sprinkle(item));
            const object = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sprinkle(v, k)]));
            return dice[roll++ % dice.length] === 0 ? { ...extras[roll % extras.length], ...object } : object;
          };
          const mutated: WireEvent[] = [];
          for (const event of events) {
            const json = jsonOf(event)!;
            // The payload's type wins over the event line's name.
            mutated.push({ event: renamed ?? json.type, json: sprinkle(json) });
            if (json.type === 'content_block_start') {
              for (const [type, extra] of unknownDeltas) mutated.push(deltaAt({ ...extra, type }, json.index));
            }
          }
          inserts.forEach(([pick, group], i) => mutated.splice(pick % (mutated.length + 1), 0, ...group(FRESH + i)));
          expect(await partsOfEvents(mutated)).toEqual(expected);
        },
      ),
      fuzzParams(0.5),
    );
  },
  timeout: fuzzTimeout(0.5),
};

const skipsUnknownBlocks: OwnProperty = {
  title: 'skips a block of a kind the spec does not name with all its deltas, whatever their type',
  run: async () => {
    const knownDelta = fc.oneof(
      unicodeText(8).map(text => ({ type: 'text_delta', text })),
      unicodeText(8).map(partial_json => ({ type: 'input_json_delta', partial_json })),
      unicodeText(8).map(thinking => ({ type: 'thinking_delta', thinking })),
      fc.base64String({ maxLength: 8 }).map(signature => ({ type: 'signature_delta', signature })),
    );
    await fc.assert(
      fc.asyncProperty(
        messagesScenario(),
        unknownName(KNOWN_BLOCKS),
        fc.array(knownDelta, { minLength: 1, maxLength: 3 }),
        fc.nat(),
        async (scenario, kind, blockDeltas, pick) => {
          const events = messagesEvents(scenario);
          const expected = await partsOfEvents(events);
          // e.g. a server tool's block: content_block_start {type:'server_tool_use'}, input_json_delta..., stop.
          const block = [
            ev({
              type: 'content_block_start',
              index: FRESH,
              content_block: { type: kind, id: 'srvtoolu_1', name: 'web_search', input: {} },
            }),
            ...blockDeltas.map(delta => deltaAt(delta)),
            ev({ type: 'content_block_stop', index: FRESH }),
          ];
          const at = 1 + (pick % (events.length - 2));
          expect(await partsOfEvents([...events.slice(0, at), ...block, ...events.slice(at)])).toEqual(expected);
        },
      ),
      fuzzParams(0.3),
    );
  },
  timeout: fuzzTimeout(0.3),
};

const readsNothingAfterStop: OwnProperty = {
  title: 'reads nothing after message_stop: another message, malformed events, an error event change no part',
  run: async () => {
    const trailing = fc
      .array(
        fc.oneof(
          messagesScenario().map(messagesEvents),
          wrongEvents.map(({ setup, bad }) => [...setup, bad]),
          unicodeText(20).map(data => [{ event: 'content_block_delta', data }]),
          fc.constant([ev({ type: 'error', error: { type: 'overloaded_error', message: 'late' } })]),
        ),
        { minLength: 1, maxLength: 3 },
      )
      .map(groups => groups.flat());
    await fc.assert(
      fc.asyncProperty(messagesScenario(), trailing, async (scenario, after) => {
        const events = messagesEvents(scenario);
        expect(await partsOfEvents([...events, ...after])).toEqual(await partsOfEvents(events));
      }),
      fuzzParams(0.3),
    );
  },
  timeout: fuzzTimeout(0.3),
};

const splicedMessage: OwnProperty = {
  title:
    'fails at a second message_start: no id, usage, content or stop reason of the spliced message reaches the caller',
  run: async () => {
    await fc.assert(
      fc.asyncProperty(messagesScenario(), messagesScenario(), fc.nat(), async (scenario, other, pick) => {
        const events = messagesEvents(scenario);
        const [start, ...rest] = messagesEvents({ ...other, id: `${scenario.id}-spliced` });
        // After the first message_start, before message_stop; the other message follows its start.
        const at = 1 + (pick % (events.length - 1));
        await expectErrorAt([...events.slice(0, at), ...rest], at, {
          setup: [],
          bad: start,
          problem: 'a second message_start arrived: another message was spliced into the stream',
        });
      }),
      fuzzParams(0.3),
    );
  },
  timeout: fuzzTimeout(0.3),
};

const textOf = (scenario: MessagesScenario) => scenario.blocks.flatMap(b => (b.type === 'text' ? b.pieces : []));

export const messagesFormat: StreamFormat<MessagesScenario> = {
  name: 'messages',
  partsOf,
  scenario: messagesScenario,
  events: messagesEvents,
  pieces: scenario => ({ text: textOf(scenario) }),
  emptyInput: '{}',
  expectGenerated,
  // Event lines may be moved or left out: the payload's type names the event.
  framing: framing({ openEnd: true, omitEventLine: true }),
  leaveOut: fc.constant((events: WireEvent[]) => events),
  // Pings anywhere.
  serialize: (events, frame) => serialize(events, frame, PING),
  expectCut,
  // Before message_stop: nothing after it is read (see readsNothingAfterStop).
  insertAt: (events, pick) => pick % events.length,
  expectErrorAt,
  wrongShapes: wrongEvents,
  arraysForObjects,
  notJson: text =>
    fc.tuple(text, fc.constantFrom('content_block_delta', 'message_stop', 'ping')).map(([data, name]) => ({
      setup: [],
      bad: { event: name, data },
      problem: `a "${name}" chunk is not valid JSON`,
    })),
  inBandError: {
    types: ['overloaded_error', 'api_error', 'rate_limit_error', 'invalid_request_error'],
    event: (type, message) => ev({ type: 'error', error: { type, message } }),
    showsKeyOnlyMessage: false,
    retryable: ['overloaded_error', 'api_error', 'rate_limit_error'],
  },
  echoKey: (before, after) => ({
    event: 'error',
    data: `{"type":"error","error":{"type":"authentication_error","message":"${before}${FUZZ_API_KEY}${after}`,
  }),
  noise: {
    tokens: [
      'data:',
      'data: ',
      'event: ',
      'message_stop',
      ':',
      '\n',
      '\r\n',
      '\n\n',
      '{',
      '}',
      '{}',
      '"',
      'null',
      '1',
      '{"type":',
      '"ping"',
      '[]',
      '\ufeff',
    ],
    closesBlocks: false,
  },
  garbageClosesBlocks: false,
  own: [ignoresAllowed, skipsUnknownBlocks, readsNothingAfterStop, splicedMessage],
};
