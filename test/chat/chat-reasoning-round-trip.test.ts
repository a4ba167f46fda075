import type { LanguageModelV3CallOptions, LanguageModelV3Prompt } from '@ai-sdk/provider';
import { generateText, type ModelMessage, stepCountIs, streamText, tool } from 'ai';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unigateFallback } from '../../src';
import { recordingGateway } from '../helpers/emulator-gateway';
import { expectInvalidArgument } from '../helpers/invalid-argument';
import { readAll } from '../helpers/test-kit';
import { CHAT_URL, chunk, completion, DONE, setup } from './chat-fixtures';

// Reasoning round trip on the chat format: which assistant messages send their reasoning back as
// `reasoning_content`, in the request of doGenerate and doStream alike.

const call = (id: string, city: string) => ({
  type: 'tool-call' as const,
  toolCallId: id,
  toolName: 'weather',
  input: { city },
});
const result = (id: string, value: string) => ({
  role: 'tool' as const,
  content: [
    { type: 'tool-result' as const, toolCallId: id, toolName: 'weather', output: { type: 'text' as const, value } },
  ],
});

/** Two user turns of a tool loop: the first ended with an answer, the second is at its tool result. */
const prompt: LanguageModelV3Prompt = [
  { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
  { role: 'assistant', content: [{ type: 'reasoning', text: 'Ask the tool for Paris.' }, call('call_1', 'Paris')] },
  result('call_1', '21C'),
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'Report it.' },
      { type: 'text', text: 'It is 21C.' },
    ],
  },
  { role: 'user', content: [{ type: 'text', text: 'And Rome?' }] },
  {
    role: 'assistant',
    content: [{ type: 'reasoning', text: 'Now Rome.' }, { type: 'text', text: 'Checking.' }, call('call_2', 'Rome')],
  },
  result('call_2', '25C'),
];

const toolCall = (id: string, city: string) => ({
  id,
  type: 'function',
  function: { name: 'weather', arguments: JSON.stringify({ city }) },
});

/** The wire messages, with the reasoning each assistant message sends back (undefined: none). */
function wireMessages(first?: string, answer?: string, second?: string) {
  const reasoning = (text?: string) => (text === undefined ? {} : { reasoning_content: text });
  return [
    { role: 'user', content: 'Weather in Paris?' },
    { role: 'assistant', content: null, tool_calls: [toolCall('call_1', 'Paris')], ...reasoning(first) },
    { role: 'tool', tool_call_id: 'call_1', content: '21C' },
    { role: 'assistant', content: 'It is 21C.', ...reasoning(answer) },
    { role: 'user', content: 'And Rome?' },
    { role: 'assistant', content: 'Checking.', tool_calls: [toolCall('call_2', 'Rome')], ...reasoning(second) },
    { role: 'tool', tool_call_id: 'call_2', content: '25C' },
  ];
}

/** The request bodies of one doGenerate and one doStream call to `modelId` with these options. */
async function sentBodies(modelId: string, options: Partial<LanguageModelV3CallOptions> = {}) {
  const { gw, requests } = setup([
    http.post(CHAT_URL, async ({ request }) => {
      const body = (await request.json()) as { stream?: boolean };
      return body.stream
        ? new HttpResponse(chunk({ content: 'ok' }, 'stop') + DONE, {
            headers: { 'content-type': 'text/event-stream' },
          })
        : HttpResponse.json(completion({ content: 'ok' }));
    }),
  ]);
  const model = gw.chat(modelId);
  const { warnings } = await model.doGenerate({ prompt, ...options });
  // History left out is no warning: it is not the caller's option.
  expect(warnings).toEqual([]);
  await readAll((await model.doStream({ prompt, ...options })).stream);
  expect(requests).toHaveLength(2);
  const [generated, streamed] = requests.map(request => request.body as Record<string, unknown>);
  expect(streamed).toEqual({ ...generated, stream: true, stream_options: { include_usage: true } });
  return generated;
}

/** The model ids, as gateways spell them, of the families whose vendors document the round trip. */
const ROUND_TRIP_MODELS = [
  'deepseek-reasoner',
  'deepseek-chat',
  'deepseek-v3.1',
  'deepseek-v3.1:free',
  'deepseek-v3.2-exp',
  'deepseek-v4-pro',
  'deepseek/deepseek-reasoner',
  'deepseek-ai/DeepSeek-V3.1',
  'kimi-k2-thinking',
  'kimi-k2-thinking-turbo',
  'kimi-k2.5',
  'moonshotai/Kimi-K2-Thinking',
  'glm-4.5',
  'glm-4.5-air',
  'glm-4.6',
  'z-ai/glm-4.6',
  'glm-5',
];

/** Models that produce no reasoning, or whose vendors do not take it back (docs/reasoning-round-trip.md). */
const OTHER_MODELS = [
  'gpt-4o',
  'gpt-4o-mini',
  'o3-mini',
  'claude-sonnet-4-5',
  'deepseek-r1',
  'deepseek-r1:free',
  'deepseek/deepseek-r1-0528',
  'deepseek-v3',
  'deepseek-coder-v2',
  'kimi-k2',
  'kimi-k2-0905',
  'moonshot-v1-8k',
  'glm-4-plus',
  'qwen3-235b-a22b-thinking',
  'qwq-32b',
  'minimax-m2',
  'grok-3-mini',
  'llama-3.3-70b-instruct',
];

describe('chat reasoning round trip (providerOptions.unigate.reasoningRoundTrip)', () => {
  it.each(ROUND_TRIP_MODELS)(
    "'auto' (default) to %s: every assistant message with tool calls keeps its reasoning, others drop it",
    async modelId => {
      const expected = { model: modelId, messages: wireMessages('Ask the tool for Paris.', undefined, 'Now Rome.') };
      expect(await sentBodies(modelId)).toEqual(expected);
      expect(await sentBodies(modelId, { providerOptions: { unigate: { reasoningRoundTrip: 'auto' } } })).toEqual(
        expected,
      );
    },
  );

  it.each(OTHER_MODELS)("'auto' (default) to %s: no reasoning is sent back, without a warning", async modelId => {
    expect(await sentBodies(modelId)).toEqual({ model: modelId, messages: wireMessages() });
    expect(await sentBodies(modelId, { providerOptions: { unigate: { reasoningRoundTrip: 'auto' } } })).toEqual({
      model: modelId,
      messages: wireMessages(),
    });
  });

  it.each(['gpt-4o', 'deepseek-reasoner'])(
    "'always' to %s: every assistant message with reasoning keeps it",
    async modelId => {
      expect(await sentBodies(modelId, { providerOptions: { unigate: { reasoningRoundTrip: 'always' } } })).toEqual({
        model: modelId,
        messages: wireMessages('Ask the tool for Paris.', 'Report it.', 'Now Rome.'),
      });
    },
  );

  it.each(['deepseek-reasoner', 'kimi-k2-thinking', 'gpt-4o'])(
    "'never' to %s: no reasoning is sent back",
    async modelId => {
      expect(await sentBodies(modelId, { providerOptions: { unigate: { reasoningRoundTrip: 'never' } } })).toEqual({
        model: modelId,
        messages: wireMessages(),
      });
    },
  );

  it('sends no reasoning_content for a tool-call turn that has no reasoning', async () => {
    const { gw, requests } = setup([http.post(CHAT_URL, () => HttpResponse.json(completion({ content: 'ok' })))]);
    await gw.chat('deepseek-reasoner').doGenerate({
      prompt: [prompt[0], { role: 'assistant', content: [call('call_1', 'Paris')] }, result('call_1', '21C')],
    });
    expect((requests[0].body as { messages: unknown[] }).messages[1]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [toolCall('call_1', 'Paris')],
    });
  });

  it('refuses another value before any request', async () => {
    const { model, requests } = setup([]);
    await expectInvalidArgument(
      model.doGenerate({ prompt, providerOptions: { unigate: { reasoningRoundTrip: 'sometimes' } } }),
      'providerOptions.unigate.reasoningRoundTrip',
      'Invalid argument providerOptions.unigate.reasoningRoundTrip: Invalid option: expected one of "auto"|"always"|"never"; received "sometimes".',
    );
    expect(requests).toHaveLength(0);
  });
});

// Through the emulator, whose gpt-4o refuses an unknown message field as strict upstreams do.

/** Every step's response messages: ai@7 gives them as `responseMessages` (its `response` is the last step's). */
function allResponseMessages(result: { response: { messages: ModelMessage[] } }): ModelMessage[] {
  return 'responseMessages' in result && Array.isArray(result.responseMessages)
    ? result.responseMessages
    : result.response.messages;
}
describe('reasoning never reaches a model that does not take it back (emulator)', () => {
  const weather = tool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, celsius: 21 }),
  });

  it('a conversation started on deepseek-reasoner and continued on gpt-4o sends gpt-4o no reasoning_content', async () => {
    const { gw, bodies } = recordingGateway();
    const first = await generateText({
      model: gw('deepseek-reasoner'),
      tools: { weather },
      stopWhen: stepCountIs(3),
      prompt: 'Weather in Paris?',
    });
    expect(first.steps.map(step => step.reasoningText !== undefined)).toEqual([true, true]);
    // deepseek-reasoner got its tool-call turn's reasoning back.
    expect(bodies[1]?.messages[1]).toMatchObject({ role: 'assistant', reasoning_content: expect.any(String) });

    bodies.length = 0;
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Weather in Paris?' },
      ...allResponseMessages(first),
      { role: 'user', content: 'Thanks!' },
    ];
    const generated = await generateText({ model: gw('gpt-4o'), messages, maxRetries: 0 });
    const streamed = streamText({ model: gw('gpt-4o'), messages, maxRetries: 0 });
    expect(await streamed.text).toBe(generated.text);
    expect(generated.text).toBe('You said: Thanks!');
    const toolCall = { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } };
    expect(bodies[0]).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: [toolCall] },
        { role: 'tool', tool_call_id: 'call_1', content: '{"city":"Paris","celsius":21}' },
        { role: 'assistant', content: 'The weather tool returned: {"city":"Paris","celsius":21}' },
        { role: 'user', content: 'Thanks!' },
      ],
    });
    expect(bodies[1]).toEqual({ ...bodies[0], stream: true, stream_options: { include_usage: true } });
  });

  /** A deepseek-reasoner tool loop, then a question that deepseek-reasoner (down) cannot answer. */
  const history: ModelMessage[] = [
    { role: 'user', content: 'Weather in Paris?' },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Ask the tool.' },
        { type: 'tool-call', toolCallId: 'call_1', toolName: 'weather', input: { city: 'Paris' } },
      ],
    },
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'call_1', toolName: 'weather', output: { type: 'text', value: '21C' } },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Report it.' },
        { type: 'text', text: 'It is 21C.' },
      ],
    },
    { role: 'user', content: 'And Rome? [[emulator:status:503:deepseek-reasoner]]' },
  ];
  const wire = (reasoning: boolean) => [
    { role: 'user', content: 'Weather in Paris?' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
      ...(reasoning && { reasoning_content: 'Ask the tool.' }),
    },
    { role: 'tool', tool_call_id: 'call_1', content: '21C' },
    { role: 'assistant', content: 'It is 21C.' },
    { role: 'user', content: 'And Rome? [[emulator:status:503:deepseek-reasoner]]' },
  ];

  it('gw.fallback([deepseek-reasoner (down), gpt-4o]) is answered by gpt-4o, which gets no reasoning_content', async () => {
    const { gw, bodies } = recordingGateway();
    // No cool-down: both calls send deepseek-reasoner its body.
    const model = gw.fallback([gw('deepseek-reasoner'), gw('gpt-4o')], { cooldownMs: 0 });
    const generated = await generateText({ model, messages: history, maxRetries: 0 });
    expect(generated.text).toBe('You said: And Rome?');
    expect(unigateFallback(generated)?.answeredBy).toBe('gpt-4o');
    const streamed = streamText({ model, messages: history, maxRetries: 0 });
    expect(await streamed.text).toBe('You said: And Rome?');
    expect((await unigateFallback(streamed))?.answeredBy).toBe('gpt-4o');

    const sent = bodies.map(body => ({ model: body.model, messages: body.messages }));
    const [deepseek, gpt] = [
      { model: 'deepseek-reasoner', messages: wire(true) },
      { model: 'gpt-4o', messages: wire(false) },
    ];
    expect(sent).toEqual([deepseek, gpt, deepseek, gpt]);
  });
});
