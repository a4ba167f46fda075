import { APICallError, generateText, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cacheCreditFloor, cacheCreditRatio } from '../../bench/cache-breakpoints';
import { CODING_AGENT_INSTRUCTIONS, cachedToolLoop, toolLoopInput } from '../../examples/prompt-caching';
import { createUnigate } from '../../src';
import { createUnigateEmulator, type UnigateEmulatorOptions } from '../../src/testing/index';
import { thinkingSignature } from '../../src/testing/routes/messages-digest';

// The emulator caches prompt prefixes as the upstreams do: at cache_control breakpoints on the messages
// endpoint, by itself on chat completions; `caching: false` turns it off. And deepseek-reasoner refuses a
// tool-call turn sent back without its reasoning_content, as DeepSeek's thinking mode does.

const START = Date.UTC(2025, 0, 1, 12);
// 1,100 of the emulator's tokens (one per word), past the 1,024-token minimum.
const LONG = 'word '.repeat(1100);
const EPHEMERAL = { type: 'ephemeral' };

function emulatorAt(options: UnigateEmulatorOptions = {}) {
  const clock = { now: START };
  const emulator = createUnigateEmulator({ now: () => clock.now, ...options });
  const send = (path: string, body: unknown, headers: Record<string, string>) =>
    emulator.fetch(`http://unigate.emulator${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const post = async (path: string, body: unknown, headers: Record<string, string>) => {
    const response = await send(path, body, headers);
    return { status: response.status, json: await response.json() };
  };
  const messagesHeaders = { 'x-api-key': 'sk-test', 'anthropic-version': '2023-06-01' };
  const messagesBody = (body: Record<string, unknown>) => ({ model: 'claude-sonnet-4-5', max_tokens: 100, ...body });
  return {
    clock,
    messages: (body: Record<string, unknown>) => post('/api/v1/messages', messagesBody(body), messagesHeaders),
    /** The raw SSE text of a streamed messages request. */
    stream: async (body: Record<string, unknown>) =>
      (await send('/api/v1/messages', messagesBody({ ...body, stream: true }), messagesHeaders)).text(),
    chat: (body: Record<string, unknown>) => post('/v1/chat/completions', body, { authorization: 'Bearer sk-test' }),
  };
}

const cachedSystem = (ttl?: string) => [
  { type: 'text', text: LONG, cache_control: ttl === undefined ? EPHEMERAL : { ...EPHEMERAL, ttl } },
];
const hi = [{ role: 'user', content: 'Hi' }];
const usage = (input: number, written: number, read: number) => ({
  input_tokens: input,
  cache_creation_input_tokens: written,
  cache_read_input_tokens: read,
});

describe('emulator prompt caching: messages', () => {
  it('writes the prefix up to a breakpoint the first time and reads it on a repeat; input_tokens is the rest', async () => {
    const { messages } = emulatorAt();
    // 1,100 system tokens, then the turn: 3 + 1 ('Hi').
    const first = await messages({ system: cachedSystem(), messages: hi });
    expect(first.status).toBe(200);
    expect(first.json.usage).toMatchObject(usage(4, 1100, 0));
    const second = await messages({ system: cachedSystem(), messages: hi });
    expect(second.json.usage).toMatchObject(usage(4, 0, 1100));
    // A breakpoint further on: the cached system prompt is read, the rest up to the new breakpoint written.
    const longer = await messages({
      system: cachedSystem(),
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi', cache_control: EPHEMERAL }] }],
    });
    expect(longer.json.usage).toMatchObject(usage(0, 4, 1100));
  });

  it("caches only from the model's minimum: 1,024 tokens on Sonnet 4.5, 2,048 on Haiku 3.5, 4,096 on Haiku 4.5", async () => {
    const { messages } = emulatorAt();
    const system = (words: number) => [{ type: 'text', text: 'word '.repeat(words), cache_control: EPHEMERAL }];
    const cases: Array<[string, number, number]> = [
      ['claude-sonnet-4-5', 1100, 1100],
      ['claude-3-5-haiku', 2000, 0],
      ['claude-3-5-haiku', 2100, 2100],
      ['claude-haiku-4-5', 4000, 0],
      ['claude-haiku-4-5', 4100, 4100],
    ];
    for (const [model, words, written] of cases) {
      const answer = await messages({ model, system: system(words), messages: hi });
      expect({ model, words, usage: answer.json.usage }).toMatchObject({
        model,
        words,
        usage: usage(words + 4 - written, written, 0),
      });
    }
  });

  it('finds a cached prefix up to 20 blocks before a breakpoint, not 21', async () => {
    // The first request caches system + a user turn of 1 block; the next ones add `extra` one-word blocks
    // after it and mark only their last: a hit is found 20 blocks back, not 21.
    const turn = (blocks: number) => ({
      role: 'user',
      content: Array.from({ length: blocks }, (_, i) => ({
        type: 'text',
        text: `w${i}`,
        ...(i === blocks - 1 && { cache_control: EPHEMERAL }),
      })),
    });
    const system = [{ type: 'text', text: LONG }];
    // 1,100 system tokens, then 3 for the turn and 1 per block.
    const near = emulatorAt();
    expect((await near.messages({ system, messages: [turn(1)] })).json.usage).toMatchObject(usage(0, 1104, 0));
    expect((await near.messages({ system, messages: [turn(21)] })).json.usage).toMatchObject(usage(0, 20, 1104));
    const far = emulatorAt();
    await far.messages({ system, messages: [turn(1)] });
    expect((await far.messages({ system, messages: [turn(22)] })).json.usage).toMatchObject(usage(0, 1125, 0));
  });

  it('streams the same figures in message_start', async () => {
    const { messages, stream } = emulatorAt();
    await messages({ system: cachedSystem(), messages: hi });
    const events = (await stream({ system: cachedSystem(), messages: hi })).split('\n\n');
    const start = events.find(event => event.startsWith('event: message_start\n'))!;
    expect(JSON.parse(start.split('\ndata: ')[1]!).message.usage).toMatchObject(usage(4, 0, 1100));
  });

  it('forgets a prefix after its TTL: 5 minutes by default, 1 hour with ttl 1h', async () => {
    const { messages, clock } = emulatorAt();
    await messages({ system: cachedSystem(), messages: hi });
    clock.now += 5 * 60_000 - 1;
    expect((await messages({ system: cachedSystem(), messages: hi })).json.usage).toMatchObject(usage(4, 0, 1100));
    // A read extends the entry's life: 5 minutes from the read, not from the write.
    clock.now += 5 * 60_000;
    expect((await messages({ system: cachedSystem(), messages: hi })).json.usage).toMatchObject(usage(4, 1100, 0));

    await messages({ system: cachedSystem('1h'), messages: [{ role: 'user', content: 'Hello' }] });
    clock.now += 59 * 60_000;
    const late = await messages({ system: cachedSystem('1h'), messages: [{ role: 'user', content: 'Hello' }] });
    expect(late.json.usage).toMatchObject(usage(4, 0, 1100));
  });

  it('caches nothing below 1,024 tokens, and nothing at all with caching: false', async () => {
    const { messages } = emulatorAt();
    const short = { system: [{ type: 'text', text: 'word '.repeat(1000), cache_control: EPHEMERAL }], messages: hi };
    await messages(short);
    expect((await messages(short)).json.usage).toMatchObject(usage(1004, 0, 0));

    const off = emulatorAt({ caching: false });
    await off.messages({ system: cachedSystem(), messages: hi });
    expect((await off.messages({ system: cachedSystem(), messages: hi })).json.usage).toMatchObject(usage(1104, 0, 0));
  });

  it('answers 400 for more than 4 breakpoints, one on a thinking block, or a bad type or ttl', async () => {
    const { messages } = emulatorAt();
    const marked = (text: string) => ({ type: 'text', text, cache_control: EPHEMERAL });
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { system: ['a', 'b', 'c'].map(marked), messages: [{ role: 'user', content: [marked('d'), marked('e')] }] },
        'A maximum of 4 blocks with cache_control may be provided. Found 5.',
      ],
      [
        { system: [{ type: 'text', text: 'a', cache_control: { type: 'persistent' } }], messages: hi },
        "system.0.cache_control.type: Input should be 'ephemeral'",
      ],
      [
        { system: [{ type: 'text', text: 'a', cache_control: { type: 'ephemeral', ttl: '2h' } }], messages: hi },
        "system.0.cache_control.ttl: Input should be '5m' or '1h'",
      ],
      [
        {
          messages: [
            ...hi,
            {
              role: 'assistant',
              content: [
                { type: 'thinking', thinking: 'Hmm.', signature: thinkingSignature('Hmm.'), cache_control: EPHEMERAL },
              ],
            },
          ],
        },
        'messages.1.content.0.thinking.cache_control: Extra inputs are not permitted',
      ],
    ];
    for (const [body, message] of cases) {
      const { status, json } = await messages(body);
      expect(status).toBe(400);
      expect(json).toEqual({ type: 'error', error: { type: 'invalid_request_error', message } });
    }
  });
});

describe('emulator prompt caching: a 5-step tool loop through the provider', () => {
  it("with caching 'auto' each step reads what the step before wrote; with 'off' every token is fresh", async () => {
    const steps = [1753, 1804, 1855, 1906, 1957];
    // claude-sonnet-4-5 in the sample catalog: 1.5 credits per 1M input tokens; reads 0.1x, writes 1.25x.
    const cachedCredits = [0.003286875, 0.000358575, 0.000366225, 0.000373875, 0.000381525];
    expect(await cachedToolLoop('auto')).toEqual(
      steps.map((total, i) => ({
        total,
        fresh: 0,
        cacheRead: i === 0 ? 0 : steps[i - 1],
        cacheWrite: i === 0 ? total : total - steps[i - 1]!,
        inputCredits: cachedCredits[i],
      })),
    );
    const freshCredits = [0.0026295, 0.002706, 0.0027825, 0.002859, 0.0029355];
    expect(await cachedToolLoop('off')).toEqual(
      steps.map((total, i) => ({ total, fresh: total, cacheRead: 0, cacheWrite: 0, inputCredits: freshCredits[i] })),
    );
  });
});

describe('automatic breakpoints on tool loops, through the emulator', () => {
  it('a step of 12 parallel tool calls (24 blocks, past the 20-block look-back) still reads the whole previous request', async () => {
    const steps = await toolLoopInput('auto', { steps: 4, parallelTools: 12 });
    expect(steps).toHaveLength(4);
    for (const [i, step] of steps.entries()) {
      // Each step reads exactly what the step before sent, and writes only what it adds.
      expect({ i, read: step.cacheRead, written: step.cacheWrite, fresh: step.fresh }).toEqual({
        i,
        read: i === 0 ? 0 : steps[i - 1]!.total,
        written: i === 0 ? step.total : step.total - steps[i - 1]!.total,
        fresh: 0,
      });
    }
    expect(steps[1]!.total - steps[0]!.total).toBeGreaterThan(500);
  });

  it('costs at most 0.25x the uncached input credits on a 10-step loop, 0.27x with 12 parallel calls a step', async () => {
    expect(await cacheCreditRatio({ steps: 10, parallelTools: 1 })).toBeCloseTo(0.228, 3);
    // The rest is the write premium on each step's 562 new tokens, which the next step reads.
    expect(await cacheCreditRatio({ steps: 10, parallelTools: 12 })).toBeCloseTo(0.269, 3);
  });

  it('12 parallel calls a step under a 6,000-token system prompt: 0.245x, the floor of any placement', async () => {
    const shape = { steps: 10, parallelTools: 12, system: CODING_AGENT_INSTRUCTIONS };
    const totals = (await toolLoopInput('off', shape)).map(step => step.total);
    const floor = cacheCreditFloor(totals);
    const ratio = await cacheCreditRatio(shape);
    expect(ratio).toBeCloseTo(0.245, 3);
    expect(ratio).toBeCloseTo(floor.placement, 9);
    // Only the last step's write, which nothing reads, lies between the placement and a clairvoyant one.
    const uncached = totals.reduce((sum, total) => sum + total, 0);
    expect(floor.placement - floor.clairvoyant).toBeCloseTo((0.25 * (totals[9]! - totals[8]!)) / uncached, 12);
  });
});

describe('emulator prompt caching: chat completions', () => {
  const system = { role: 'system', content: LONG };

  it('caches every message-boundary prefix of 1,024 tokens or more and reports it as cached_tokens', async () => {
    const { chat } = emulatorAt();
    const first = await chat({ model: 'gpt-4o-mini', messages: [system, { role: 'user', content: 'Hi' }] });
    expect(first.json.usage).toEqual({ prompt_tokens: 1101, completion_tokens: 4, total_tokens: 1105 });
    // Another question after the same system prompt: the 1,100 tokens before it are read from the cache.
    const second = await chat({ model: 'gpt-4o-mini', messages: [system, { role: 'user', content: 'Hello there' }] });
    expect(second.json.usage).toEqual({
      prompt_tokens: 1102,
      completion_tokens: 5,
      total_tokens: 1107,
      prompt_tokens_details: { cached_tokens: 1100 },
    });
    // Another model has its own cache.
    const other = await chat({ model: 'gpt-4o', messages: [system, { role: 'user', content: 'Hello there' }] });
    expect(other.json.usage.prompt_tokens_details).toBeUndefined();
  });

  it('reports no cached tokens with caching: false', async () => {
    const { chat } = emulatorAt({ caching: false });
    await chat({ model: 'gpt-4o-mini', messages: [system, { role: 'user', content: 'Hi' }] });
    const again = await chat({ model: 'gpt-4o-mini', messages: [system, { role: 'user', content: 'Hello there' }] });
    expect(again.json.usage).toEqual({ prompt_tokens: 1102, completion_tokens: 5, total_tokens: 1107 });
  });

  it('reaches the V3 usage as cacheRead, with noCache the rest', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    await generateText({ model: gw('gpt-4o-mini'), system: LONG, prompt: 'Hi' });
    const { usage: second } = await generateText({ model: gw('gpt-4o-mini'), system: LONG, prompt: 'Hello there' });
    expect(second.inputTokens).toBe(1102);
    expect(second.inputTokenDetails).toEqual({ noCacheTokens: 2, cacheReadTokens: 1100, cacheWriteTokens: undefined });
  });
});

describe('emulator deepseek-reasoner: a tool-call turn must come back with its reasoning_content', () => {
  const REFUSAL =
    'Missing `reasoning_content` field in the assistant message at message index 1. ' +
    'For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls';
  const toolTurn = (extra: Record<string, unknown> = {}) => ({
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
    ...extra,
  });
  const messagesWith = (turn: Record<string, unknown>) => [
    { role: 'user', content: 'Weather in Paris?' },
    turn,
    { role: 'tool', tool_call_id: 'call_1', content: '21C' },
  ];

  it("answers 400 with DeepSeek's message without it, and answers with it", async () => {
    const { chat } = emulatorAt();
    const refused = await chat({ model: 'deepseek-reasoner', messages: messagesWith(toolTurn()) });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ type: 'invalid_request_error', message: REFUSAL });
    const answered = await chat({
      model: 'deepseek-reasoner',
      messages: messagesWith(toolTurn({ reasoning_content: 'Ask the tool.' })),
    });
    expect(answered.status).toBe(200);
    // Other models take the turn either way.
    expect((await chat({ model: 'deepseek-chat', messages: messagesWith(toolTurn()) })).status).toBe(200);
  });

  const weather = tool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, celsius: 21 }),
  });

  it('a tool loop through the provider works, streamed or not; with reasoningRoundTrip never it fails at step 2', async () => {
    const gw = createUnigate(createUnigateEmulator().settings);
    const loop = { model: gw('deepseek-reasoner'), tools: { weather }, stopWhen: stepCountIs(3) } as const;
    const generated = await generateText({ ...loop, prompt: 'Weather in Paris?' });
    expect(generated.steps.map(step => step.finishReason)).toEqual(['tool-calls', 'stop']);
    const streamed = streamText({ ...loop, prompt: 'Weather in Paris?' });
    expect((await streamed.steps).map(step => step.finishReason)).toEqual(['tool-calls', 'stop']);

    const error = await generateText({
      ...loop,
      prompt: 'Weather in Paris?',
      maxRetries: 0,
      providerOptions: { unigate: { reasoningRoundTrip: 'never' } },
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(400);
    expect((error as APICallError).message).toContain(REFUSAL);
  });
});
