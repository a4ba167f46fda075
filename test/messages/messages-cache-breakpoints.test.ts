import {
  InvalidArgumentError,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FunctionTool,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { CACHE_REFUSAL_BACKOFF_MS } from '../../src/messages/messages-model-calls';
import { assembleUnigate } from '../../src/provider/unigate-provider';
import { estimateTokens, minCacheableTokens, placeCacheBreakpoints } from '../../src/messages/place-cache-breakpoints';
import { expectInvalidArgument } from '../helpers/invalid-argument';
import { createMockFetch } from '../helpers/mock-fetch';
import { API_KEY, readAll, sseResponse } from '../helpers/test-kit';
import {
  answering,
  answeringWith,
  blockStop,
  message,
  MESSAGES_URL,
  messageDelta,
  messageStart,
  messageStop,
  MODEL,
  setup,
  textDelta,
  textStart,
  userText,
} from './messages-test-kit';

// Prompt caching on the messages format: where each breakpoint lands, exactly, for the prompt shapes an
// agent loop sends; explicit markers; the 4-breakpoint cap; 'off'; and the self-healing retry.

const EPHEMERAL = { type: 'ephemeral' };
// Each well past 1,024 estimated tokens on its own.
const LONG_SYSTEM = 'You are a travel agent. Answer briefly and use the tools. '.repeat(80);
const LONG_DESCRIPTION = 'Looks up the weather for a city on a given day, in degrees Celsius. '.repeat(70);

const weatherTool: LanguageModelV3FunctionTool = {
  type: 'function',
  name: 'weather',
  description: LONG_DESCRIPTION,
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const timeTool: LanguageModelV3FunctionTool = {
  type: 'function',
  name: 'time',
  description: 'The local time in a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/** Step 3 of a tool loop: the prompt the AI SDK sends after two tool calls and their results. */
function toolLoopPrompt(system = LONG_SYSTEM): LanguageModelV3Prompt {
  return [
    { role: 'system', content: system },
    userText('Plan a day in Paris.'),
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking the weather.' },
        { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'weather', input: { city: 'Paris' } },
      ],
    },
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'toolu_1', toolName: 'weather', output: { type: 'text', value: '21C' } },
      ],
    },
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'toolu_2', toolName: 'time', input: { city: 'Paris' } }],
    },
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'toolu_2', toolName: 'time', output: { type: 'text', value: '09:00' } },
      ],
    },
  ];
}

/** The wire turns of `toolLoopPrompt`, with breakpoints where `marks` says (turn index -> marker). */
function toolLoopTurns(marks: Record<number, unknown> = {}) {
  const marked = (turn: number) => (marks[turn] === undefined ? {} : { cache_control: marks[turn] });
  return [
    { role: 'user', content: [{ type: 'text', text: 'Plan a day in Paris.', ...marked(0) }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking the weather.' },
        { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' }, ...marked(1) },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '21C', ...marked(2) }] },
    {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_2', name: 'time', input: { city: 'Paris' }, ...marked(3) }],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_2', content: '09:00', ...marked(4) }] },
  ];
}

const wireTool = (tool: LanguageModelV3FunctionTool, cacheControl?: unknown) => ({
  name: tool.name,
  description: tool.description,
  input_schema: tool.inputSchema,
  ...(cacheControl !== undefined && { cache_control: cacheControl }),
});

async function sentBody(options: LanguageModelV3CallOptions, settings?: Parameters<typeof createUnigate>[0]) {
  const kit = setup([http.post(MESSAGES_URL, () => HttpResponse.json(message()))], settings);
  const result = await kit.model.doGenerate(options);
  expect(kit.requests).toHaveLength(1);
  return { body: kit.requests[0].body, result };
}

describe("caching 'auto' (default): automatic breakpoints", () => {
  it('marks the tools, the system prompt, the end of the previous step and the end of the conversation', async () => {
    const { body, result } = await sentBody({ prompt: toolLoopPrompt(), tools: [timeTool, weatherTool] });
    expect(body).toEqual({
      model: MODEL,
      max_tokens: 4096,
      // The upstream's prefix order is tools, system, messages: the last tool ends the tools' prefix.
      tools: [wireTool(timeTool), wireTool(weatherTool, EPHEMERAL)],
      system: [{ type: 'text', text: LONG_SYSTEM, cache_control: EPHEMERAL }],
      // Turn 2 is where the previous request (step 2) ended; turn 4 is this request's end.
      messages: toolLoopTurns({ 2: EPHEMERAL, 4: EPHEMERAL }),
    });
    expect(result.warnings).toEqual([]);
    expect(result.request?.body).toEqual(body);
  });

  it('streams the same body, with stream: true', async () => {
    const kit = setup([
      http.post(MESSAGES_URL, () => sseResponse([messageStart(), messageDelta('end_turn', 1), messageStop])),
    ]);
    const result = await kit.model.doStream({ prompt: toolLoopPrompt(), tools: [timeTool, weatherTool] });
    await readAll(result.stream);
    expect(kit.requests[0].body).toEqual({
      model: MODEL,
      max_tokens: 4096,
      tools: [wireTool(timeTool), wireTool(weatherTool, EPHEMERAL)],
      system: [{ type: 'text', text: LONG_SYSTEM, cache_control: EPHEMERAL }],
      messages: toolLoopTurns({ 2: EPHEMERAL, 4: EPHEMERAL }),
      stream: true,
    });
    expect(result.request?.body).toEqual(kit.requests[0].body);
  });

  it('marks only where the prefix reaches the minimum: a short system prompt and no tools get none', async () => {
    const prompt = toolLoopPrompt('Be brief.');
    // A long first message puts both conversation breakpoints past the minimum; the system prompt alone is not.
    const longQuestion = `Plan a day in Paris. ${'I like museums, parks and long lunches. '.repeat(110)}`;
    prompt[1] = userText(longQuestion);
    const { body } = await sentBody({ prompt });
    const turns = toolLoopTurns({ 2: EPHEMERAL, 4: EPHEMERAL });
    turns[0] = { role: 'user', content: [{ type: 'text', text: longQuestion }] };
    expect(body).toEqual({ model: MODEL, max_tokens: 4096, system: 'Be brief.', messages: turns });
  });

  it('sends no breakpoint at all when the whole prompt is under the minimum', async () => {
    expect(minCacheableTokens(MODEL)).toBe(1024);
    const { body } = await sentBody({ prompt: toolLoopPrompt('Be brief.'), tools: [timeTool] });
    expect(body).toEqual({
      model: MODEL,
      max_tokens: 4096,
      tools: [wireTool(timeTool)],
      system: 'Be brief.',
      messages: toolLoopTurns(),
    });
  });

  it('marks the first step (no previous step yet) at the end of its one user message', async () => {
    const { body } = await sentBody({ prompt: [{ role: 'system', content: LONG_SYSTEM }, userText('Hi')] });
    expect(body).toEqual({
      model: MODEL,
      max_tokens: 4096,
      system: [{ type: 'text', text: LONG_SYSTEM, cache_control: EPHEMERAL }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi', cache_control: EPHEMERAL }] }],
    });
  });

  it('never marks a thinking block: a final assistant turn is marked on its last other block', async () => {
    const { body } = await sentBody({
      prompt: [
        { role: 'system', content: LONG_SYSTEM },
        userText('Hi'),
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Well,' },
            { type: 'reasoning', text: 'Hmm.', providerOptions: { unigate: { signature: 'sig' } } },
          ],
        },
      ],
    });
    expect(body).toMatchObject({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Hmm.', signature: 'sig' },
            { type: 'text', text: 'Well,', cache_control: EPHEMERAL },
          ],
        },
      ],
    });
    expect((body as { messages: Array<{ content: unknown[] }> }).messages[0].content[0]).not.toHaveProperty(
      'cache_control',
    );
  });
});

describe('automatic breakpoints: guards and estimates', () => {
  it('never marks a thinking block, even when it is the last block of the last turn', async () => {
    const { body } = await sentBody({
      prompt: [
        { role: 'system', content: LONG_SYSTEM },
        userText('Hi'),
        {
          role: 'assistant',
          content: [{ type: 'reasoning', text: 'Hmm.', providerOptions: { unigate: { signature: 'sig' } } }],
        },
      ],
    });
    expect(body).toEqual({
      model: MODEL,
      max_tokens: 4096,
      system: [{ type: 'text', text: LONG_SYSTEM, cache_control: EPHEMERAL }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'Hmm.', signature: 'sig' }] },
      ],
    });
  });

  it("takes each model's minimum: 1,024, 2,048 or 4,096 tokens, by id with or without a vendor prefix", () => {
    expect(
      ['claude-sonnet-4-5', 'anthropic/claude-opus-4.1', 'claude-3-5-haiku', 'claude-3-haiku-20240307'].map(
        minCacheableTokens,
      ),
    ).toEqual([1024, 1024, 2048, 2048]);
    expect(
      ['claude-haiku-4-5', 'anthropic/claude-opus-4.5', 'claude-opus-4-6', 'qwen-max'].map(minCacheableTokens),
    ).toEqual([4096, 4096, 4096, 1024]);
  });

  it('counts dense text at no fewer tokens than a tokenizer does: CJK, emoji, code and base64', () => {
    expect(estimateTokens('the cat sat on the mat ')).toBe(23 / 4);
    expect(estimateTokens('東京の天気')).toBe(5);
    expect(estimateTokens('🙂🙂')).toBe(4);
    expect(estimateTokens('f(x);')).toBe(3 + 2 / 4);
    // Base64: about 2.7 characters a token, as dense as a tokenizer makes it.
    expect(estimateTokens('QUJDRA+/0123456789==')).toBe(6 / 4 + 14);
    // Counting stops once enough is reached.
    expect(estimateTokens('東'.repeat(10_000), 1024)).toBe(1024);
  });

  it('places a breakpoint on a CJK system prompt past the minimum that a characters/4 count would skip', () => {
    const body = {
      model: MODEL,
      max_tokens: 10,
      system: '東京'.repeat(600),
      messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }],
    };
    placeCacheBreakpoints(body, 'auto', new Map());
    expect(body.system).toEqual([{ type: 'text', text: '東京'.repeat(600), cache_control: EPHEMERAL }]);
  });

  it("skips a prefix under the model's minimum: 1,100 words reach Sonnet 4.5's, not Haiku 4.5's", () => {
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }];
    const body = (model: string) => ({
      model,
      max_tokens: 10,
      system: 'words '.repeat(1100),
      messages: structuredClone(prompt),
    });
    const sonnet = body('claude-sonnet-4-5');
    placeCacheBreakpoints(sonnet, 'auto', new Map());
    expect(Array.isArray(sonnet.system)).toBe(true);
    const haiku = body('claude-haiku-4-5');
    placeCacheBreakpoints(haiku, 'auto', new Map());
    expect(haiku).toEqual(body('claude-haiku-4-5'));
  });
});

describe("caching 'off'", () => {
  it('sends no automatic breakpoint, however long the prompt', async () => {
    const { body } = await sentBody({ prompt: toolLoopPrompt(), tools: [weatherTool] }, { caching: 'off' });
    expect(body).toEqual({
      model: MODEL,
      max_tokens: 4096,
      tools: [wireTool(weatherTool)],
      system: LONG_SYSTEM,
      messages: toolLoopTurns(),
    });
  });

  it('still sends the explicit ones', async () => {
    const prompt = toolLoopPrompt('Be brief.');
    prompt[1] = { ...userText('Plan a day in Paris.'), providerOptions: { unigate: { cacheControl: EPHEMERAL } } };
    const { body } = await sentBody({ prompt }, { caching: 'off' });
    expect(body).toEqual({
      model: MODEL,
      max_tokens: 4096,
      system: 'Be brief.',
      messages: toolLoopTurns({ 0: EPHEMERAL }),
    });
  });

  it('is checked when the provider is created', () => {
    expect(() => createUnigate({ caching: 'on' as never })).toThrow(
      'Invalid argument caching: the provider accepts "auto" or "off"; received "on".',
    );
    expect(() => createUnigate({ caching: 'on' as never })).toThrow(InvalidArgumentError);
  });
});

describe('explicit breakpoints', () => {
  it('go on a system message, a message (its last block), a part and a tool, and replace the automatic ones', async () => {
    const prompt: LanguageModelV3Prompt = [
      {
        role: 'system',
        content: 'Rules.',
        providerOptions: { unigate: { cacheControl: { type: 'ephemeral', ttl: '1h' } } },
      },
      { role: 'system', content: LONG_SYSTEM },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Plan a day', providerOptions: { anthropic: { cacheControl: EPHEMERAL } } },
          { type: 'text', text: 'in Paris.' },
        ],
      },
      ...toolLoopPrompt().slice(2, 4),
    ];
    prompt[3] = { ...prompt[3], providerOptions: { unigate: { cacheControl: { type: 'ephemeral', ttl: '5m' } } } };
    const { body, result } = await sentBody({
      prompt,
      tools: [{ ...timeTool, providerOptions: { unigate: { cacheControl: EPHEMERAL } } }, weatherTool],
    });
    expect(body).toEqual({
      model: MODEL,
      max_tokens: 4096,
      tools: [wireTool(timeTool, EPHEMERAL), wireTool(weatherTool)],
      // With a marker, each system message is its own text block, so the marker can end the right one.
      system: [
        { type: 'text', text: 'Rules.', cache_control: { type: 'ephemeral', ttl: '1h' } },
        { type: 'text', text: LONG_SYSTEM },
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Plan a day', cache_control: EPHEMERAL },
            { type: 'text', text: 'in Paris.' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Checking the weather.' },
            {
              type: 'tool_use',
              id: 'toolu_1',
              name: 'weather',
              input: { city: 'Paris' },
              cache_control: { type: 'ephemeral', ttl: '5m' },
            },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '21C' }] },
      ],
    });
    expect(result.warnings).toEqual([]);
  });

  it("prefers the unigate key to the anthropic one, and reads anthropic's cache_control spelling too", async () => {
    const { body } = await sentBody({
      prompt: [
        {
          role: 'user',
          content: [
            {
              type: 'text',
              text: 'a',
              providerOptions: {
                unigate: { cacheControl: { type: 'ephemeral', ttl: '1h' } },
                anthropic: { cacheControl: EPHEMERAL },
              },
            },
            { type: 'text', text: 'b', providerOptions: { anthropic: { cache_control: EPHEMERAL } } },
          ],
        },
      ],
    });
    expect(body).toMatchObject({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a', cache_control: { type: 'ephemeral', ttl: '1h' } },
            { type: 'text', text: 'b', cache_control: EPHEMERAL },
          ],
        },
      ],
    });
  });

  it('are cut to the first 4 (tools, system, messages), with a warning naming the ones dropped', async () => {
    const mark = { unigate: { cacheControl: EPHEMERAL } };
    const prompt = toolLoopPrompt('Be brief.');
    prompt[0] = { ...prompt[0], providerOptions: mark };
    for (const position of [1, 2, 3, 4, 5]) prompt[position] = { ...prompt[position], providerOptions: mark } as never;
    const { body, result } = await sentBody({ prompt });
    expect(body).toEqual({
      model: MODEL,
      max_tokens: 4096,
      system: [{ type: 'text', text: 'Be brief.', cache_control: EPHEMERAL }],
      messages: toolLoopTurns({ 0: EPHEMERAL, 1: EPHEMERAL, 2: EPHEMERAL }),
    });
    expect(result.warnings).toEqual([
      {
        type: 'other',
        message:
          'The call placed 6 cache breakpoints and upstream accepts 4: the first 4 (tools, then system, then ' +
          'messages) were sent, the cacheControl of prompt[4], prompt[5] was not.',
      },
    ]);
  });

  it('are not sent on reasoning (thinking) parts, with a warning', async () => {
    const { body, result } = await sentBody({
      prompt: [
        userText('Hi'),
        {
          role: 'assistant',
          content: [
            {
              type: 'reasoning',
              text: 'Hmm.',
              providerOptions: { unigate: { signature: 'sig', cacheControl: EPHEMERAL } },
            },
            { type: 'text', text: 'Hello.' },
          ],
        },
        userText('Again'),
      ],
    });
    expect(body).toEqual({
      model: MODEL,
      max_tokens: 4096,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Hmm.', signature: 'sig' },
            { type: 'text', text: 'Hello.' },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: 'Again' }] },
      ],
    });
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'cacheControl on reasoning',
        details:
          'The messages format takes no cache breakpoint on a thinking block; the cacheControl of prompt[1].content[0] ' +
          'was not sent. Mark the text or tool call that follows it instead.',
      },
    ]);
  });

  it('fail before any request when malformed, naming where and the value', async () => {
    const { model, requests } = answering(message());
    await expectInvalidArgument(
      model.doGenerate({
        prompt: [
          {
            role: 'user',
            content: [{ type: 'text', text: 'Hi' }],
            providerOptions: { unigate: { cacheControl: { type: 'persistent' } } },
          },
        ],
      }),
      'prompt[0].providerOptions.unigate.cacheControl.type',
      'Invalid argument prompt[0].providerOptions.unigate.cacheControl.type: the only cache type is "ephemeral"; received "persistent".',
    );
    await expectInvalidArgument(
      model.doStream({
        prompt: [
          {
            role: 'user',
            content: [
              {
                type: 'text',
                text: 'Hi',
                providerOptions: { anthropic: { cacheControl: { type: 'ephemeral', ttl: '2h' } } },
              },
            ],
          },
        ],
      }),
      'prompt[0].content[0].providerOptions.anthropic.cacheControl.ttl',
      'Invalid argument prompt[0].content[0].providerOptions.anthropic.cacheControl.ttl: the gateway accepts "5m" or "1h"; received "2h".',
    );
    await expectInvalidArgument(
      model.doGenerate({
        prompt: [userText('Hi')],
        tools: [{ ...timeTool, providerOptions: { unigate: { cacheControl: 'ephemeral' } } }],
      }),
      'tools[0].providerOptions.unigate.cacheControl',
      "Invalid argument tools[0].providerOptions.unigate.cacheControl: expected { type: 'ephemeral', ttl?: '5m' | '1h' }; received \"ephemeral\".",
    );
    expect(requests).toHaveLength(0);
  });
});

describe('self-healing: a gateway that refuses cache_control', () => {
  const REFUSAL = 'messages.2.content.0.cache_control: Extra inputs are not permitted';
  const refusing = async ({ request }: { request: Request }) => {
    const text = await request.text();
    if (text.includes('cache_control')) {
      return HttpResponse.json(
        { type: 'error', error: { type: 'invalid_request_error', message: REFUSAL } },
        { status: 400 },
      );
    }
    return text.includes('"stream":true')
      ? sseResponse([
          messageStart(),
          textStart(0),
          textDelta(0, 'Hi'),
          blockStop(0),
          messageDelta('end_turn', 1),
          messageStop,
        ])
      : HttpResponse.json(message());
  };
  const refusingGateway = () => answeringWith(refusing);
  const warningFor = (model: string) => ({
    type: 'other',
    message:
      `The gateway refused prompt caching (HTTP 400: ${REFUSAL}). The call was sent again without cache ` +
      `breakpoints, and ${model} sends none for the next 10 minutes.`,
  });
  const warning = warningFor(MODEL);
  const plain = { model: MODEL, max_tokens: 4096, system: LONG_SYSTEM, messages: toolLoopTurns() };

  it('sends the call again once without breakpoints, warns, and that model sends none afterwards', async () => {
    const { model, requests } = refusingGateway();
    const first = await model.doGenerate({ prompt: toolLoopPrompt() });
    expect(requests).toHaveLength(2);
    expect(requests[0].body).toEqual({
      ...plain,
      system: [{ type: 'text', text: LONG_SYSTEM, cache_control: EPHEMERAL }],
      messages: toolLoopTurns({ 2: EPHEMERAL, 4: EPHEMERAL }),
    });
    expect(requests[1].body).toEqual(plain);
    expect(first.warnings).toEqual([warning]);
    expect(first.request?.body).toEqual(plain);
    expect(first.content).toEqual([{ type: 'text', text: 'Hello!' }]);

    // The same model, explicit markers too: nothing is marked any more.
    const prompt = toolLoopPrompt();
    prompt[1] = { ...prompt[1], providerOptions: { unigate: { cacheControl: EPHEMERAL } } } as never;
    const next = await model.doGenerate({ prompt });
    expect(requests).toHaveLength(3);
    expect(requests[2].body).toEqual(plain);
    expect(next.warnings).toEqual([]);
  });

  it('turns caching off for the refused model only, and tries it again after 10 minutes', async () => {
    let now = 1_000_000;
    const { fetch, requests } = createMockFetch(http.post(MESSAGES_URL, refusing));
    const gw = assembleUnigate({ apiKey: API_KEY, siteURL: 'https://gw.test', fetch }, { now: () => now });
    const marked = { ...plain, system: [{ type: 'text', text: LONG_SYSTEM, cache_control: EPHEMERAL }] };
    const markedTurns = toolLoopTurns({ 2: EPHEMERAL, 4: EPHEMERAL });

    expect((await gw.messages(MODEL).doGenerate({ prompt: toolLoopPrompt() })).warnings).toEqual([warning]);
    // Another model of the same provider still sends its breakpoints (and is refused and retried itself).
    const other = await gw.messages('claude-opus-4-1').doGenerate({ prompt: toolLoopPrompt() });
    expect(requests.map(request => request.body)).toEqual([
      { ...marked, messages: markedTurns },
      plain,
      { ...marked, model: 'claude-opus-4-1', messages: markedTurns },
      { ...plain, model: 'claude-opus-4-1' },
    ]);
    expect(other.warnings).toEqual([warningFor('claude-opus-4-1')]);

    // A minute before the back-off ends: still none. At its end: marked again, refused again, retried.
    now += CACHE_REFUSAL_BACKOFF_MS - 60_000;
    await gw.messages(MODEL).doGenerate({ prompt: toolLoopPrompt() });
    expect(requests.slice(4).map(request => request.body)).toEqual([plain]);
    now += 60_000;
    const again = await gw.messages(MODEL).doGenerate({ prompt: toolLoopPrompt() });
    expect(requests.slice(5).map(request => request.body)).toEqual([{ ...marked, messages: markedTurns }, plain]);
    expect(again.warnings).toEqual([warning]);
  });

  it('retries a stream before handing it over; the warning is in stream-start', async () => {
    const { model, requests } = refusingGateway();
    const result = await model.doStream({ prompt: toolLoopPrompt() });
    const parts = await readAll(result.stream);
    expect(requests).toHaveLength(2);
    expect(requests[1].body).toEqual({ ...plain, stream: true });
    expect(result.request?.body).toEqual({ ...plain, stream: true });
    expect(parts[0]).toEqual({ type: 'stream-start', warnings: [warning] });
    expect(
      parts
        .filter(
          (part): part is Extract<LanguageModelV3StreamPart, { type: 'text-delta' }> => part.type === 'text-delta',
        )
        .map(part => part.delta),
    ).toEqual(['Hi']);
  });

  it('does not retry a 400 that does not name cache_control, nor one for a request that carried none', async () => {
    const other = answeringWith(() =>
      HttpResponse.json(
        { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: too large' } },
        { status: 400 },
      ),
    );
    await expect(other.model.doGenerate({ prompt: toolLoopPrompt() })).rejects.toThrow('max_tokens: too large');
    expect(other.requests).toHaveLength(1);

    const unmarked = answeringWith(() =>
      HttpResponse.json({ type: 'error', error: { type: 'invalid_request_error', message: REFUSAL } }, { status: 400 }),
    );
    await expect(unmarked.model.doGenerate({ prompt: [userText('Hi')] })).rejects.toThrow(REFUSAL);
    expect(unmarked.requests).toHaveLength(1);
  });

  it('keeps the key out of the warning when the gateway echoes it', async () => {
    const { model } = answeringWith(async ({ request }) =>
      (await request.text()).includes('cache_control')
        ? HttpResponse.json(
            {
              type: 'error',
              error: { type: 'invalid_request_error', message: `cache_control refused for key ${API_KEY}` },
            },
            { status: 400 },
          )
        : HttpResponse.json(message()),
    );
    const { warnings } = await model.doGenerate({ prompt: toolLoopPrompt() });
    expect(warnings).toEqual([
      {
        type: 'other',
        message:
          'The gateway refused prompt caching (HTTP 400: cache_control refused for key [redacted]). The call was ' +
          `sent again without cache breakpoints, and ${MODEL} sends none for the next 10 minutes.`,
      },
    ]);
  });
});
