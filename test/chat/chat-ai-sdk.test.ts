import { generateText, Output, stepCountIs, streamText, tool } from 'ai';
import aiPackage from 'ai/package.json';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { sseResponse } from '../helpers/test-kit';
import { CHAT_URL, DONE, chunk, completion, event, setup, usageChunk } from './chat-fixtures';

// End to end through the real `ai` package (ai@6 here; the ai7 lane aliases `ai` to ai@7).
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const major = Number(aiPackage.version.split('.')[0]);

type WireMessage = { role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string };

const weatherTool = tool({
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, temperature: 21, unit: 'C' }),
});

const weatherCall = completion(
  {
    content: null,
    tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
  },
  {
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          ],
        },
        finish_reason: 'tool_calls',
      },
    ],
  },
);
const finalAnswer = completion(
  { content: 'It is 21 °C in Paris.' },
  { usage: { prompt_tokens: 40, completion_tokens: 9, total_tokens: 49 } },
);

describe("a choice Azure's content filter emptied", () => {
  // Azure OpenAI answers a filtered completion with a choice that has no `message` at all.
  const filtered = {
    index: 0,
    finish_reason: 'content_filter',
    content_filter_results: { violence: { filtered: true, severity: 'high' } },
  };
  const usage = { prompt_tokens: 31, completion_tokens: 12, total_tokens: 43 };

  it('generateText: finish content-filter with its usage, not an error', async () => {
    const body = {
      id: 'chatcmpl-f',
      object: 'chat.completion',
      created: 1,
      model: 'gpt-4o',
      choices: [filtered],
      usage,
    };
    const { gw } = setup([http.post(CHAT_URL, () => HttpResponse.json(body))]);
    const result = await generateText({ model: gw('gpt-4o'), prompt: 'Hi', maxRetries: 0 });
    expect(result.text).toBe('');
    expect(result.finishReason).toBe('content-filter');
    expect(result.rawFinishReason).toBe('content_filter');
    expect(result.usage.inputTokens).toBe(31);
    expect(result.usage.outputTokens).toBe(12);
  });

  it('streamText: the text before the filter, finish content-filter with its usage, no error', async () => {
    const { gw } = setup([
      http.post(CHAT_URL, () =>
        sseResponse([
          chunk({ content: 'Once' }),
          event({ id: 'chatcmpl-s1', object: 'chat.completion.chunk', choices: [{ ...filtered, delta: {} }] }),
          usageChunk(usage),
          DONE,
        ]),
      ),
    ]);
    const parts: string[] = [];
    const result = streamText({ model: gw('gpt-4o'), prompt: 'Hi', maxRetries: 0, onError: () => {} });
    for await (const part of result.fullStream) parts.push(part.type);
    expect(parts).not.toContain('error');
    expect(await result.text).toBe('Once');
    expect(await result.finishReason).toBe('content-filter');
    expect((await result.usage).inputTokens).toBe(31);
  });
});

describe('chat model with the AI SDK', () => {
  it('generateText returns the text, usage, finish reason and warnings', async () => {
    const { gw, requests } = setup([http.post(CHAT_URL, () => HttpResponse.json(completion({ content: 'Hello!' })))]);
    const result = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Say hello', temperature: 0.2, topK: 3 });
    expect(result.text).toBe('Hello!');
    expect(result.finishReason).toBe('stop');
    expect(result.usage.inputTokens).toBe(9);
    expect(result.usage.outputTokens).toBe(3);
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'topK',
        details: 'The chat-completions endpoint has no top_k parameter; topK was not sent.',
      },
    ]);
    expect(result.response.id).toBe('chatcmpl-1');
    expect(requests[0].body).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Say hello' }],
      temperature: 0.2,
    });
  });

  it('streamText streams the text, reasoning and final usage', async () => {
    const { gw, requests } = setup([
      http.post(CHAT_URL, () =>
        sseResponse([
          chunk({ role: 'assistant', reasoning_content: 'Greet ' }),
          chunk({ reasoning_content: 'back.' }),
          chunk({ content: 'Hel' }),
          chunk({ content: 'lo!' }, 'stop'),
          usageChunk({
            prompt_tokens: 4,
            completion_tokens: 6,
            total_tokens: 10,
            completion_tokens_details: { reasoning_tokens: 2 },
          }),
          DONE,
        ]),
      ),
    ]);
    const result = streamText({ model: gw.chat('deepseek-reasoner'), prompt: 'Hi' });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas).toEqual(['Hel', 'lo!']);
    expect(await result.text).toBe('Hello!');
    expect(await result.reasoningText).toBe('Greet back.');
    expect(await result.finishReason).toBe('stop');
    const usage = await result.usage;
    expect(usage.inputTokens).toBe(4);
    expect(usage.outputTokens).toBe(6);
    expect(usage.outputTokenDetails?.reasoningTokens ?? usage.reasoningTokens).toBe(2);
    expect(requests[0].body).toMatchObject({
      model: 'deepseek-reasoner',
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('generateText runs a two-step tool loop with stopWhen: stepCountIs(3)', async () => {
    const { gw, requests } = setup([
      http.post(CHAT_URL, async ({ request }) => {
        const body = (await request.json()) as { messages: WireMessage[] };
        return HttpResponse.json(body.messages.some(m => m.role === 'tool') ? finalAnswer : weatherCall);
      }),
    ]);
    const result = await generateText({
      model: gw.languageModel('gpt-4o-mini'),
      tools: { weather: weatherTool },
      stopWhen: stepCountIs(3),
      prompt: 'Weather in Paris?',
    });
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0].toolCalls.map(call => [call.toolName, call.input])).toEqual([
      ['weather', { city: 'Paris' }],
    ]);
    expect(result.steps[0].toolResults.map(r => r.output)).toEqual([{ city: 'Paris', temperature: 21, unit: 'C' }]);
    expect(result.text).toBe('It is 21 °C in Paris.');
    expect(requests).toHaveLength(2);
    expect(requests[0].body).toMatchObject({
      tools: [
        {
          type: 'function',
          function: {
            name: 'weather',
            description: 'Current weather for a city',
            parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        },
      ],
      tool_choice: 'auto',
    });
    expect((requests[1].body as { messages: WireMessage[] }).messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"city":"Paris","temperature":21,"unit":"C"}' },
    ]);
  });

  it('streamText runs the tool loop with arguments streamed in pieces', async () => {
    const { gw, requests } = setup([
      http.post(CHAT_URL, async ({ request }) => {
        const body = (await request.json()) as { messages: WireMessage[] };
        if (body.messages.some(m => m.role === 'tool')) {
          return sseResponse([chunk({ content: 'Sunny, ' }), chunk({ content: '21 °C.' }, 'stop'), DONE]);
        }
        return sseResponse([
          chunk({
            tool_calls: [{ index: 0, id: 'call_s', type: 'function', function: { name: 'weather', arguments: '' } }],
          }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '{"ci' } }] }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Ro' } }] }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: 'me"}' } }] }),
          chunk({}, 'tool_calls'),
          DONE,
        ]);
      }),
    ]);
    const result = streamText({
      model: gw('gpt-4o-mini'),
      tools: { weather: weatherTool },
      stopWhen: stepCountIs(3),
      prompt: 'Weather in Rome?',
    });
    expect(await result.text).toBe('Sunny, 21 °C.');
    const steps = await result.steps;
    expect(steps).toHaveLength(2);
    expect(steps[0].toolCalls.map(call => call.input)).toEqual([{ city: 'Rome' }]);
    expect((requests[1].body as { messages: WireMessage[] }).messages[2]).toEqual({
      role: 'tool',
      tool_call_id: 'call_s',
      content: '{"city":"Rome","temperature":21,"unit":"C"}',
    });
  });

  it('lets the repair hook see invalid argument JSON as the model wrote it', async () => {
    const broken = completion(
      {},
      {
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                { id: 'call_x', type: 'function', function: { name: 'weather', arguments: "{city: 'Oslo'}" } },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
      },
    );
    const { gw } = setup([http.post(CHAT_URL, () => HttpResponse.json(broken))]);
    const seen: string[] = [];
    const result = await generateText({
      model: gw('gpt-4o-mini'),
      tools: { weather: weatherTool },
      prompt: 'Weather in Oslo?',
      experimental_repairToolCall: async ({ toolCall }) => {
        seen.push(toolCall.input);
        return { ...toolCall, input: '{"city":"Oslo"}' };
      },
    });
    expect(seen).toEqual(["{city: 'Oslo'}"]);
    expect(result.toolCalls.map(call => call.input)).toEqual([{ city: 'Oslo' }]);
  });

  it('generateText with Output.object sends a strict json_schema and parses the answer', async () => {
    const { gw, requests } = setup([
      http.post(CHAT_URL, () => HttpResponse.json(completion({ content: '{"name":"Ada","born":1815}' }))),
    ]);
    const result = await generateText({
      model: gw('gpt-4o-mini'),
      output: Output.object({ schema: z.object({ name: z.string(), born: z.number() }) }),
      prompt: 'A pioneer of computing',
    });
    expect(result.output).toEqual({ name: 'Ada', born: 1815 });
    expect(requests[0].body).toMatchObject({
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'response',
          strict: true,
          schema: {
            type: 'object',
            properties: { name: { type: 'string' }, born: { type: 'number' } },
            required: ['name', 'born'],
          },
        },
      },
    });
  });

  it('streamText surfaces an in-stream error object through onError', async () => {
    const { gw } = setup([
      http.post(CHAT_URL, () =>
        sseResponse([
          chunk({ content: 'Par' }),
          `data: ${JSON.stringify({ error: { type: 'upstream_error', message: 'Model overloaded' } })}\n\n`,
        ]),
      ),
    ]);
    const errors: unknown[] = [];
    const result = streamText({
      model: gw('gpt-4o-mini'),
      prompt: 'Hi',
      onError: ({ error }) => void errors.push(error),
    });
    expect(await result.text).toBe('Par');
    expect(await result.finishReason).toBe('error');
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('Unigate chat completion failed (upstream_error): Model overloaded');
  });
});

describe(`chat call options with ai@${major}`, () => {
  // ai@7 passes `reasoning` to this V3 model; ai@6 has no such option and passes nothing.
  it.each([
    ['none', 'none'],
    ['minimal', 'minimal'],
    ['low', 'low'],
    ['medium', 'medium'],
    ['high', 'high'],
    ['xhigh', 'xhigh'],
    ['max', 'xhigh'],
    ['provider-default', undefined],
  ] as const)('reasoning %s: reasoning_effort %s on ai@7, nothing on ai@6', async (reasoning, effort) => {
    const { gw, requests } = setup([http.post(CHAT_URL, () => HttpResponse.json(completion({ content: 'Hi' })))]);
    const result = await generateText({ model: gw('o4-mini'), prompt: 'Hi', ...({ reasoning } as object) });
    const sent = major >= 7 ? effort : undefined;
    expect(requests[0].body).toEqual({
      model: 'o4-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      ...(sent !== undefined && { reasoning_effort: sent }),
    });
    expect(result.warnings).toEqual(
      major >= 7 && reasoning === 'max'
        ? [
            {
              type: 'compatibility',
              feature: 'reasoning',
              details:
                'The chat-completions format has no "max" reasoning effort; reasoning_effort "xhigh", its highest, was sent.',
            },
          ]
        : [],
    );
  });

  it('every option the endpoint cannot take comes back as a warning naming it; the rest are sent', async () => {
    const { gw, requests } = setup([http.post(CHAT_URL, () => HttpResponse.json(completion({ content: 'Hi' })))]);
    const result = await generateText({
      model: gw('gpt-4o-mini'),
      prompt: 'Hi',
      maxOutputTokens: 50,
      temperature: 0.5,
      topK: 4,
      presencePenalty: 0.1,
      frequencyPenalty: 0.2,
      stopSequences: ['END'],
      seed: 7,
      tools: { weather: tool({ ...weatherTool, inputExamples: [{ input: { city: 'Oslo' } }] }) },
      toolChoice: 'none',
      providerOptions: { unigate: { user: 'user-42', dimensions: 3 } },
    });
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.unigate.dimensions',
        details: 'The chat-completions model does not read this option.',
      },
      {
        type: 'unsupported',
        feature: 'topK',
        details: 'The chat-completions endpoint has no top_k parameter; topK was not sent.',
      },
      {
        type: 'unsupported',
        feature: 'tool input examples',
        details:
          'The chat-completions format has no field for the input examples of tool "weather"; they were not sent.',
      },
    ]);
    expect(requests[0].body).toMatchObject({
      max_tokens: 50,
      temperature: 0.5,
      presence_penalty: 0.1,
      frequency_penalty: 0.2,
      stop: ['END'],
      seed: 7,
      user: 'user-42',
      tool_choice: 'none',
    });
  });
});
