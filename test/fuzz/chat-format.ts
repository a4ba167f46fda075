import { InvalidResponseDataError } from '@ai-sdk/provider';
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  CANONICAL,
  chatEvents,
  chatScenario,
  extraFields,
  framing,
  fuzzParams,
  fuzzTimeout,
  kindOf,
  serialize,
  unicodeText,
  valueNotOf,
  type ChatScenario,
  type WireEvent,
} from './stream-arbitraries';
import {
  deltas,
  errorsOf,
  expectLifecycles,
  expectPrefix,
  expectWellFramed,
  finishOf,
  messageOf,
  parsesAsJson,
  said,
  withoutRaw,
  streamDriver,
  FUZZ_API_KEY,
  type Part,
} from './stream-checks';
import type { CutStream, Injection, OwnProperty, StreamFormat } from './stream-format';
import { cutOffReason } from '../helpers/spec';

// The chat-completions format for the stream properties (stream-formats.fuzz.test.ts): how to generate
// and send a valid stream, and the oracles, written out from the format's rules.

// One part per event, merging off: these properties hold the parts to the events one by one, for any
// chunking. merge-stream-deltas.fuzz.test.ts holds merging (the default) to these parts.
const partsOf = streamDriver('chat', { mergeStreamDeltas: false });

const partsOfEvents = (events: WireEvent[]) => partsOf([serialize(events, CANONICAL).bytes]);

// The documented mapping (docs/streaming.md#chat-finish-reasons), written out as the oracle.
function finishReason(raw: string | undefined) {
  const unified: Record<string, string> = {
    stop: 'stop',
    length: 'length',
    tool_calls: 'tool-calls',
    content_filter: 'content-filter',
  };
  return { unified: raw !== undefined && Object.hasOwn(unified, raw) ? unified[raw] : 'other', raw };
}

function usageOf(usage: Record<string, any> | undefined) {
  if (usage === undefined) {
    return {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
    };
  }
  const cached = usage.prompt_tokens_details?.cached_tokens;
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  return {
    inputTokens: {
      total: usage.prompt_tokens,
      noCache: usage.prompt_tokens - (cached ?? 0),
      cacheRead: cached,
      cacheWrite: undefined,
    },
    outputTokens: { total: usage.completion_tokens, text: usage.completion_tokens - (reasoning ?? 0), reasoning },
    raw: usage,
  };
}

/** The last finish_reason and usage among these chunks, as the finish part reports them. */
function finishFrom(events: WireEvent[]): { raw: string | undefined; usage: Record<string, unknown> | undefined } {
  let raw: string | undefined;
  let usage: Record<string, unknown> | undefined;
  for (const event of events) {
    if (!('json' in event)) continue;
    const chunk = event.json as { choices: Array<{ finish_reason: string | null }>; usage?: Record<string, unknown> };
    const reason = chunk.choices[0]?.finish_reason;
    if (typeof reason === 'string') raw = reason;
    if (chunk.usage !== undefined) usage = chunk.usage;
  }
  return { raw, usage };
}

/** The indexes of tool calls that began in these chunks but got no name yet, in order of arrival. */
function namelessCalls(events: WireEvent[]): number[] {
  const seen: number[] = [];
  const named = new Set<number>();
  for (const event of events) {
    if (!('json' in event)) continue;
    const calls = (
      event.json as {
        choices: Array<{ delta: { tool_calls?: Array<{ index: number; function: { name?: string } }> } }>;
      }
    ).choices[0]?.delta.tool_calls;
    for (const call of calls ?? []) {
      if (!seen.includes(call.index)) seen.push(call.index);
      if (call.function.name !== undefined) named.add(call.index);
    }
  }
  return seen.filter(index => !named.has(index));
}

/**
 * The named calls these chunks left open (no finish_reason came) with arguments that do not parse as
 * JSON: by the break rule, the end names them in an error part.
 */
function lostCalls(events: WireEvent[]): string[] {
  const calls = new Map<number, { id: string; name?: string; args: string }>();
  let finished = false;
  for (const event of events) {
    if (!('json' in event)) continue;
    const choice = (event.json as { choices: Array<{ finish_reason: string | null; delta: { tool_calls?: any[] } }> })
      .choices[0];
    for (const call of choice?.delta.tool_calls ?? []) {
      const known: { id: string; name?: string; args: string } = calls.get(call.index) ?? { id: call.id, args: '' };
      known.name ??= call.function.name;
      known.args += call.function.arguments ?? '';
      calls.set(call.index, known);
    }
    if (typeof choice?.finish_reason === 'string') finished = true;
  }
  if (finished) return [];
  return [...calls.values()]
    .filter(call => call.name !== undefined && !parsesAsJson(call.args))
    .map(call => `${call.id} (${call.name})`);
}

/** A complete, valid stream gives exactly what was generated. */
function expectGenerated(parts: Part[], scenario: ChatScenario, events: WireEvent[], raw: boolean) {
  expectWellFramed(parts);
  expect(errorsOf(parts)).toEqual([]);
  expectLifecycles(parts, true);
  if (raw) {
    expect(parts.filter(p => p.type === 'raw').map(p => (p as { rawValue: unknown }).rawValue)).toEqual(
      events.flatMap(e => ('json' in e ? [e.json] : [])),
    );
  }
  const content = withoutRaw(parts);
  expect(content.slice(0, 2)).toEqual([
    { type: 'stream-start', warnings: [] },
    {
      type: 'response-metadata',
      id: scenario.meta.id,
      modelId: scenario.meta.model,
      timestamp: new Date(scenario.meta.created * 1000),
    },
  ]);
  // No lost, split, merged or duplicated delta: one part per non-empty piece, in order.
  expect(deltas(parts, 'reasoning-delta')).toEqual(scenario.reasoning.filter(piece => piece !== ''));
  expect(deltas(parts, 'text-delta')).toEqual(scenario.text.filter(piece => piece !== ''));
  const calls = parts.filter(p => p.type === 'tool-call');
  expect(calls).toHaveLength(scenario.tools.length);
  for (const tool of scenario.tools) {
    expect(calls).toContainEqual({
      type: 'tool-call',
      toolCallId: tool.id,
      toolName: tool.name,
      input: tool.pieces.join(''),
    });
    expect(deltas(parts, 'tool-input-delta', tool.id).join('')).toBe(tool.pieces.join(''));
    expect(parts).toContainEqual({ type: 'tool-input-start', id: tool.id, toolName: tool.name });
  }
  expect(finishOf(parts)).toEqual({
    type: 'finish',
    finishReason: finishReason(scenario.finishReason),
    usage: usageOf(scenario.usage),
  });
}

// No `id`: a chunk without one belongs to the stream it arrives in (another id would be another answer).
const chunkOf = (fields: Record<string, unknown>) => ({
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  ...fields,
});
const choiceWith = (choice: Record<string, unknown>) => chunkOf({ choices: [{ index: 0, ...choice }] });
const deltaWith = (delta: Record<string, unknown>) => choiceWith({ delta });
const toolWith = (call: Record<string, unknown>) => deltaWith({ tool_calls: [{ index: 0, ...call }] });

/** Chunks of the wrong shape (valid JSON), with the words the error must use to name the problem. */
const wrongChunks: fc.Arbitrary<{ payload: unknown; problem: string }> = fc.oneof(
  valueNotOf('object').map(v => ({ payload: v, problem: `a chunk is ${kindOf(v)}, not a JSON object` })),
  valueNotOf('array', 'null').map(v => ({
    payload: chunkOf({ choices: v }),
    problem: `choices is ${kindOf(v)}, not an array`,
  })),
  valueNotOf('object', 'array', 'null').map(v => ({
    payload: chunkOf({ choices: [v] }),
    problem: `choices[0] is ${kindOf(v)}, not an object`,
  })),
  valueNotOf('number', 'null').map(v => ({
    payload: choiceWith({ index: v }),
    problem: `choices[0].index is ${kindOf(v)}, not a number`,
  })),
  valueNotOf('object', 'array', 'null').map(v => ({
    payload: choiceWith({ delta: v }),
    problem: `choices[0].delta is ${kindOf(v)}, not an object`,
  })),
  valueNotOf('string', 'null').map(v => ({
    payload: choiceWith({ finish_reason: v }),
    problem: `choices[0].finish_reason is ${kindOf(v)}, not a string`,
  })),
  // A list is a content of parts (`readContentParts`, src/chat/chat-model-calls.ts), not malformed.
  valueNotOf('string', 'array', 'null').map(v => ({
    payload: deltaWith({ content: v }),
    problem: `choices[0].delta.content is ${kindOf(v)}, not a string`,
  })),
  valueNotOf('string', 'null').map(v => ({
    payload: deltaWith({ reasoning_content: v }),
    problem: `choices[0].delta.reasoning_content is ${kindOf(v)}, not a string`,
  })),
  valueNotOf('string', 'null').map(v => ({
    payload: deltaWith({ reasoning: v }),
    problem: `is ${kindOf(v)}, not a string`,
  })),
  valueNotOf('array', 'null').map(v => ({
    payload: deltaWith({ tool_calls: v }),
    problem: `choices[0].delta.tool_calls is ${kindOf(v)}, not an array`,
  })),
  valueNotOf('object', 'array').map(v => ({
    payload: deltaWith({ tool_calls: [v] }),
    problem: `choices[0].delta.tool_calls[0] is ${kindOf(v)}, not an object`,
  })),
  valueNotOf('number', 'null').map(v => ({
    payload: toolWith({ index: v }),
    problem: `choices[0].delta.tool_calls[0].index is ${kindOf(v)}, not a number`,
  })),
  valueNotOf('string', 'null').map(v => ({
    payload: toolWith({ id: v }),
    problem: `choices[0].delta.tool_calls[0].id is ${kindOf(v)}, not a string`,
  })),
  valueNotOf('object', 'array', 'null').map(v => ({
    payload: toolWith({ function: v }),
    problem: `choices[0].delta.tool_calls[0].function is ${kindOf(v)}, not an object`,
  })),
  valueNotOf('string', 'null').map(v => ({
    payload: toolWith({ function: { name: v } }),
    problem: `choices[0].delta.tool_calls[0].function.name is ${kindOf(v)}, not a string`,
  })),
  valueNotOf('string', 'null').map(v => ({
    payload: toolWith({ function: { name: 'f', arguments: v } }),
    problem: `choices[0].delta.tool_calls[0].function.arguments is ${kindOf(v)}, not a string`,
  })),
  valueNotOf('object', 'array', 'null').map(v => ({
    payload: chunkOf({ choices: [], usage: v }),
    problem: `usage is ${kindOf(v)}, not an object`,
  })),
);

/** An array where the format has an object: as malformed as a number there. */
const arraysForObjects: fc.Arbitrary<{ payload: unknown; problem: string }> = fc
  .array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 })
  .chain(array =>
    fc.constantFrom(
      { payload: chunkOf({ choices: [array] }), problem: 'choices[0] is array, not an object' },
      { payload: choiceWith({ delta: array }), problem: 'choices[0].delta is array, not an object' },
      {
        payload: deltaWith({ tool_calls: [array] }),
        problem: 'choices[0].delta.tool_calls[0] is array, not an object',
      },
      {
        payload: toolWith({ function: array }),
        problem: 'choices[0].delta.tool_calls[0].function is array, not an object',
      },
      { payload: chunkOf({ choices: [], usage: array }), problem: 'usage is array, not an object' },
    ),
  );

const chunkCount = (events: WireEvent[]) => events.filter(e => 'json' in e).length;

/** Where the chunk with choice 0's finish_reason is (every generated stream has one). */
const finishAt = (events: WireEvent[]) =>
  events.findIndex(
    e =>
      'json' in e &&
      typeof (e.json as { choices: Array<{ finish_reason: unknown }> }).choices[0]?.finish_reason === 'string',
  );

/**
 * An event position up to the finish chunk. After it, content for choice 0 is an error of its own,
 * whatever its shape (see `splicedChunks`).
 */
const beforeFinish = (events: WireEvent[], pick: number) => pick % (finishAt(events) + 1);

/** Injecting a malformed event at `at` gives what a stream cut there gives, then the error. */
async function expectErrorAt(events: WireEvent[], at: number, { setup, bad, problem }: Injection) {
  const before = [...events.slice(0, at), ...setup];
  const got = await partsOfEvents([...before, bad, ...events.slice(at)]);
  const cut = await partsOfEvents(before);
  expectWellFramed(got);
  expectLifecycles(got, true);
  const errors = errorsOf(got);
  expect(errors).toHaveLength(1);
  expect(messageOf(errors[0])).toContain(problem);
  // A chunk's metadata is read before its shape is checked: a malformed first chunk still names the response.
  const arrived = at === 0 ? said(got).filter(p => p.type !== 'response-metadata') : said(got);
  expect(arrived).toEqual(said(cut));
  // A call still open is completed when its arguments so far are valid JSON, as at a cut there.
  expect(got.filter(p => p.type === 'tool-call')).toEqual(cut.filter(p => p.type === 'tool-call'));
  const finish = finishOf(cut);
  expect(finishOf(got)).toEqual({
    type: 'finish',
    finishReason: { unified: 'error', raw: finish.finishReason.raw },
    usage: finish.usage,
  });
  return errors[0];
}

/** A stream cut at any byte: what arrived whole, then an error part only if a chunk was cut or a call was lost, and one finish. */
async function expectCut({ events, wire, whole, partial, none, got }: CutStream<ChatScenario>) {
  const full = await partsOf([wire.bytes]);
  expectPrefix(said(got), said(full));
  const errors = errorsOf(got);
  // A call cut off between its id and its name cannot be emitted: that end is an error too.
  const nameless = namelessCalls(events.slice(0, whole));
  // A call cut off before its finish_reason, with arguments that do not parse, is named.
  const lost = lostCalls(events.slice(0, whole));
  const arrived = finishFrom(events.slice(0, whole));
  // Neither a finish_reason nor [DONE] arrived: nothing said the answer was whole, so it was cut.
  const interrupted =
    arrived.raw === undefined && !events.slice(0, whole).some(e => 'data' in e && e.data === '[DONE]');
  if (none) {
    expect(errors).toHaveLength(1);
    expect(InvalidResponseDataError.isInstance(errors[0])).toBe(true);
    expect(messageOf(errors[0])).toContain('a stream that delivered no event is not an answer');
  } else if (partial) {
    expect(errors).toHaveLength(1);
    expect(InvalidResponseDataError.isInstance(errors[0])).toBe(true);
    expect(messageOf(errors[0])).toContain('not valid JSON');
  } else if (interrupted) {
    expect(errors).toHaveLength(1);
    expect(messageOf(errors[0])).toContain(
      'the body ended with neither a finish_reason nor [DONE]: the response was cut off',
    );
    for (const call of lost) expect(messageOf(errors[0])).toContain(call);
  } else if (lost.length > 0) {
    expect(errors).toHaveLength(1);
    expect(messageOf(errors[0])).toContain('the stream ended with tool calls no finish_reason completed');
    for (const call of lost) expect(messageOf(errors[0])).toContain(call);
  } else if (nameless.length > 0) {
    expect(errors).toHaveLength(1);
    expect(messageOf(errors[0])).toContain(`tool call ${nameless[0]} ended without a function name`);
  } else {
    expect(errors).toEqual([]);
  }
  // A cut body finishes `error`, `interrupted` on V4; a chunk cut mid-JSON is an error of its own.
  const cut = interrupted && !none && !partial;
  expect(finishOf(got)).toEqual({
    type: 'finish',
    finishReason:
      errors.length > 0
        ? { unified: cut ? cutOffReason('error') : 'error', raw: arrived.raw }
        : finishReason(arrived.raw),
    usage: usageOf(arrived.usage),
  });
  const chunks = events.filter(e => 'json' in e).length;
  if (!partial && whole >= chunks) expect(got).toEqual(full);
}

const ignoresAllowed: OwnProperty = {
  title:
    'ignores what the format allows: extra fields, null optional fields, other choices, empty chunks, anything after [DONE]',
  run: async () => {
    // Chunks that carry nothing for choice 0 (n = 1): "missing optional fields do not crash".
    const harmless = fc.oneof(
      fc.constant(chunkOf({})),
      fc.constant(chunkOf({ choices: [] })),
      fc.constant(chunkOf({ choices: null, usage: null })),
      fc.constant(choiceWith({ delta: null, finish_reason: null })),
      fc.constant(deltaWith({ content: null, reasoning_content: null, tool_calls: null, role: 'assistant' })),
      fc.constant(deltaWith({ content: '', reasoning_content: '', tool_calls: [] })),
      fc
        .jsonValue({ maxDepth: 2 })
        .map(anything => chunkOf({ choices: [{ index: 1, delta: anything, finish_reason: anything }] })),
    );
    const afterDone = fc.oneof(
      unicodeText(30).map(data => ({ data })),
      fc.jsonValue().map(json => ({ json })),
    );
    await fc.assert(
      fc.asyncProperty(
        chatScenario().filter(s => s.done),
        fc.array(fc.tuple(fc.nat(), harmless), { maxLength: 3 }),
        fc.array(extraFields, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat({ max: 4 }), { minLength: 1, maxLength: 5 }),
        fc.array(afterDone, { maxLength: 2 }),
        async (scenario, inserts, extras, dice, trailing) => {
          const events = chatEvents(scenario);
          const expected = await partsOfEvents(events);
          // Extra fields sprinkled on the chunks, their choices, deltas, tool calls and functions.
          let roll = 0;
          const sprinkle = (value: unknown, key?: string): unknown => {
            if (key === 'usage' || value === null || typeof value !== 'object') return value;
            if (Array.isArray(value)) return value.map(item => sprinkle(item));
            const object = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sprinkle(v, k)]));
            const pick = dice[roll++ % dice.length];
            return pick === 0 ? { ...extras[roll % extras.length], ...object } : object;
          };
          const mutated: WireEvent[] = events.map(e => ('json' in e ? { json: sprinkle(e.json) } : e));
          // After the first chunk, which sets the response metadata; before [DONE].
          for (const [pick, chunk] of inserts) mutated.splice(1 + (pick % (mutated.length - 1)), 0, { json: chunk });
          mutated.push(...trailing);
          expect(await partsOfEvents(mutated)).toEqual(expected);
        },
      ),
      fuzzParams(0.5),
    );
  },
  timeout: fuzzTimeout(0.5),
};

const splicedChunks: OwnProperty = {
  title: 'fails where content for the finished choice arrives, under its id or another: none of it reaches the caller',
  run: async () => {
    const content = fc.oneof(
      unicodeText(8, 1).map(text => ({ content: text })),
      unicodeText(8, 1).map(text => ({ reasoning_content: text })),
      fc.constant({ tool_calls: [{ index: 0, id: 'call_spliced', type: 'function', function: { name: 'f' } }] }),
    );
    await fc.assert(
      fc.asyncProperty(chatScenario(), content, fc.boolean(), fc.nat(), async (scenario, delta, otherId, pick) => {
        const events = chatEvents(scenario);
        const { id } = scenario.meta;
        const finish = finishAt(events);
        // Its usage must not reach the finish part either.
        const bad = {
          json: {
            id: otherId ? `${id}-other` : id,
            object: 'chat.completion.chunk',
            created: 1,
            model: 'm',
            choices: [{ index: 0, delta, finish_reason: 'stop' }],
            usage: { prompt_tokens: 999_999, completion_tokens: 999_999, total_tokens: 1_999_998 },
          },
        };
        // Chunk ids are not compared (Groq's compound models change them every chunk): either way, after the finish chunk.
        const at = finish + 1 + (pick % (chunkCount(events) - finish));
        const problem = `carries content for choice 0 after its finish_reason "${scenario.finishReason}"`;
        await expectErrorAt(events, at, { setup: [], bad, problem });
      }),
      fuzzParams(0.3),
    );
  },
  timeout: fuzzTimeout(0.3),
};

const injected = ({ payload, problem }: { payload: unknown; problem: string }): Injection => ({
  setup: [],
  bad: { json: payload },
  problem,
});

export const chatFormat: StreamFormat<ChatScenario> = {
  name: 'chat',
  partsOf,
  scenario: chatScenario,
  events: chatEvents,
  pieces: scenario => ({ text: scenario.text, reasoning: scenario.reasoning }),
  expectGenerated,
  framing: framing({ openEnd: true }),
  // The [DONE] terminator may be missing: the end of the body ends the stream the same way.
  leaveOut: fc
    .boolean()
    .map(dropDone => (events: WireEvent[]) => (dropDone ? events.filter(e => !('data' in e)) : events)),
  serialize: (events, frame) => serialize(events, frame),
  expectCut,
  insertAt: beforeFinish,
  expectErrorAt,
  wrongShapes: wrongChunks.map(injected),
  arraysForObjects: arraysForObjects.map(injected),
  notJson: text =>
    text.filter(data => data !== '[DONE]').map(data => ({ setup: [], bad: { data }, problem: 'not valid JSON' })),
  inBandError: {
    types: ['server_error', 'rate_limit_exceeded', 'invalid_request_error'],
    event: (type, message) => ({ json: { error: { type, message, code: null } } }),
    showsKeyOnlyMessage: true,
  },
  echoKey: (before, after) => ({ data: `{"error":{"message":"${before}${FUZZ_API_KEY}${after}` }),
  noise: {
    tokens: [
      'data:',
      'data: ',
      '[DONE]',
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
      '{"choices":',
      '[]',
      'event: x\n',
      '\ufeff',
    ],
    terminator: {
      is: data => data === '[DONE]',
      expect: parts =>
        expect(parts).toEqual([
          { type: 'stream-start', warnings: [] },
          { type: 'finish', finishReason: finishReason(undefined), usage: usageOf(undefined) },
        ]),
    },
    closesBlocks: true,
  },
  garbageClosesBlocks: true,
  own: [ignoresAllowed, splicedChunks],
};
