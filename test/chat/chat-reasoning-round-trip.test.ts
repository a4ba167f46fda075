import type { LanguageModelV3CallOptions, LanguageModelV3Prompt } from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
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

/** The request bodies of one doGenerate and one doStream call with these options. */
async function sentBodies(options: Partial<LanguageModelV3CallOptions>) {
  const { model, requests } = setup([
    http.post(CHAT_URL, async ({ request }) => {
      const body = (await request.json()) as { stream?: boolean };
      return body.stream
        ? new HttpResponse(chunk({ content: 'ok' }, 'stop') + DONE, {
            headers: { 'content-type': 'text/event-stream' },
          })
        : HttpResponse.json(completion({ content: 'ok' }));
    }),
  ]);
  await model.doGenerate({ prompt, ...options });
  await readAll((await model.doStream({ prompt, ...options })).stream);
  expect(requests).toHaveLength(2);
  const [generated, streamed] = requests.map(request => request.body as Record<string, unknown>);
  expect(streamed).toEqual({ ...generated, stream: true, stream_options: { include_usage: true } });
  return generated;
}

describe('chat reasoning round trip (providerOptions.unigate.reasoningRoundTrip)', () => {
  it("'auto' (default): every assistant message with tool calls keeps its reasoning, others drop it", async () => {
    expect(await sentBodies({})).toEqual({
      model: 'gpt-4o-mini',
      messages: wireMessages('Ask the tool for Paris.', undefined, 'Now Rome.'),
    });
    expect(await sentBodies({ providerOptions: { unigate: { reasoningRoundTrip: 'auto' } } })).toEqual({
      model: 'gpt-4o-mini',
      messages: wireMessages('Ask the tool for Paris.', undefined, 'Now Rome.'),
    });
  });

  it("'always': every assistant message with reasoning keeps it", async () => {
    expect(await sentBodies({ providerOptions: { unigate: { reasoningRoundTrip: 'always' } } })).toEqual({
      model: 'gpt-4o-mini',
      messages: wireMessages('Ask the tool for Paris.', 'Report it.', 'Now Rome.'),
    });
  });

  it("'never': no reasoning is sent back", async () => {
    expect(await sentBodies({ providerOptions: { unigate: { reasoningRoundTrip: 'never' } } })).toEqual({
      model: 'gpt-4o-mini',
      messages: wireMessages(),
    });
  });

  it('sends no reasoning_content for a tool-call turn that has no reasoning', async () => {
    const { model, requests } = setup([http.post(CHAT_URL, () => HttpResponse.json(completion({ content: 'ok' })))]);
    await model.doGenerate({
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
