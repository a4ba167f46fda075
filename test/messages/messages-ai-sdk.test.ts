import { generateText, jsonSchema, Output, stepCountIs, streamText, tool } from 'ai';
import aiPackage from 'ai/package.json';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { sseResponse } from '../helpers/test-kit';
import {
  answeringWith,
  blockStop,
  jsonDelta,
  message,
  messageDelta,
  messageStart,
  messageStop,
  MODEL,
  ping,
  sse,
  textDelta,
  textStart,
  toolStart,
} from './messages-test-kit';

// End to end through the real `ai` package (ai@6 here, ai@7 in the ai7 lane).
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const major = Number(aiPackage.version.split('.')[0]);

const weatherSchema = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
} as const;

function weatherTool(calls: string[]) {
  return tool({
    description: 'Current weather for a city',
    inputSchema: jsonSchema<{ city: string }>(weatherSchema),
    execute: async ({ city }) => {
      calls.push(city);
      return { city, sky: 'sunny', celsius: 21 };
    },
  });
}

type Body = {
  messages: unknown[];
  tools?: unknown[];
  tool_choice?: unknown;
  system?: string;
  max_tokens: number;
  stream?: boolean;
};

const toolUseAnswer = message({
  id: 'msg_1',
  content: [
    { type: 'text', text: 'Let me check.' },
    { type: 'tool_use', id: 'toolu_01', name: 'weather', input: { city: 'Paris' } },
  ],
  stop_reason: 'tool_use',
  usage: { input_tokens: 50, output_tokens: 20 },
});
const finalAnswer = message({
  id: 'msg_2',
  content: [{ type: 'text', text: 'It is sunny and 21°C in Paris.' }],
  usage: { input_tokens: 90, output_tokens: 12 },
});

const expectedSecondTurns = [
  { role: 'user', content: [{ type: 'text', text: 'What is the weather in Paris?' }] },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Let me check.' },
      { type: 'tool_use', id: 'toolu_01', name: 'weather', input: { city: 'Paris' } },
    ],
  },
  {
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: '{"city":"Paris","sky":"sunny","celsius":21}' }],
  },
];

const expectedTools = [{ name: 'weather', description: 'Current weather for a city', input_schema: weatherSchema }];

describe('messages model with the ai package', () => {
  it('runs the tool round trip with generateText and stepCountIs(3)', async () => {
    const answers = [toolUseAnswer, finalAnswer];
    const { gw, requests } = answeringWith(() => HttpResponse.json(answers[requests.length - 1]));
    const calls: string[] = [];
    const result = await generateText({
      model: gw.messages(MODEL),
      system: 'You are a weather bot.',
      prompt: 'What is the weather in Paris?',
      tools: { weather: weatherTool(calls) },
      stopWhen: stepCountIs(3),
    });

    expect(calls).toEqual(['Paris']);
    expect(result.text).toBe('It is sunny and 21°C in Paris.');
    expect(result.steps).toHaveLength(2);
    expect(result.finishReason).toBe('stop');
    expect(result.totalUsage.inputTokens).toBe(140);
    expect(result.totalUsage.outputTokens).toBe(32);
    expect(requests).toHaveLength(2);
    const [first, second] = requests.map(r => r.body as Body);
    expect(first).toEqual({
      model: MODEL,
      max_tokens: 4096,
      system: 'You are a weather bot.',
      messages: [expectedSecondTurns[0]],
      tools: expectedTools,
      tool_choice: { type: 'auto' },
    });
    expect(second).toEqual({ ...first, messages: expectedSecondTurns });
  });

  it('runs the same tool round trip with streamText', async () => {
    const streams = [
      [
        messageStart(),
        textStart(0),
        textDelta(0, 'Let me '),
        ping,
        textDelta(0, 'check.'),
        blockStop(0),
        toolStart(1, 'toolu_01', 'weather'),
        jsonDelta(1, '{"city"'),
        jsonDelta(1, ': "Paris"}'),
        blockStop(1),
        messageDelta('tool_use', 20),
        messageStop,
      ],
      [
        messageStart(),
        textStart(0),
        textDelta(0, 'It is sunny and 21°C in Paris.'),
        blockStop(0),
        messageDelta('end_turn', 12),
        messageStop,
      ],
    ];
    const { gw, requests } = answeringWith(() => sseResponse(streams[requests.length - 1]));
    const calls: string[] = [];
    const result = streamText({
      model: gw.messages(MODEL),
      prompt: 'What is the weather in Paris?',
      tools: { weather: weatherTool(calls) },
      stopWhen: stepCountIs(3),
    });
    expect(await result.text).toBe('It is sunny and 21°C in Paris.');
    expect(calls).toEqual(['Paris']);
    expect(await result.finishReason).toBe('stop');
    expect((await result.steps).length).toBe(2);
    const second = requests[1].body as Body;
    expect(second.stream).toBe(true);
    expect(second.messages).toEqual(expectedSecondTurns);
    expect(second.tools).toEqual(expectedTools);
  });

  it('sends the thinking signature back intact on the next step (generateText)', async () => {
    const answers = [
      message({
        content: [
          { type: 'thinking', thinking: 'I should call the weather tool.', signature: 'sig/abc+123==' },
          { type: 'redacted_thinking', data: 'REDACTED-BLOB' },
          { type: 'tool_use', id: 'toolu_01', name: 'weather', input: { city: 'Paris' } },
        ],
        stop_reason: 'tool_use',
      }),
      finalAnswer,
    ];
    const { gw, requests } = answeringWith(() => HttpResponse.json(answers[requests.length - 1]));
    const result = await generateText({
      model: gw.messages(MODEL),
      prompt: 'What is the weather in Paris?',
      tools: { weather: weatherTool([]) },
      stopWhen: stepCountIs(3),
      providerOptions: { unigate: { thinking: { type: 'enabled', budgetTokens: 2048 } } },
    });
    expect(result.text).toBe('It is sunny and 21°C in Paris.');
    // ai@6 names the part's metadata providerMetadata, ai@7 providerOptions.
    expect(
      result.steps[0].reasoning.map(part => {
        const { providerMetadata, providerOptions } = part as { providerMetadata?: unknown; providerOptions?: unknown };
        return { text: part.text, unigate: ((providerMetadata ?? providerOptions) as { unigate: unknown }).unigate };
      }),
    ).toEqual([
      { text: 'I should call the weather tool.', unigate: { signature: 'sig/abc+123==' } },
      { text: '', unigate: { redactedData: 'REDACTED-BLOB' } },
    ]);
    const second = requests[1].body as Body;
    expect(second.max_tokens).toBe(2048 + 4096);
    expect(second.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'I should call the weather tool.', signature: 'sig/abc+123==' },
        { type: 'redacted_thinking', data: 'REDACTED-BLOB' },
        { type: 'tool_use', id: 'toolu_01', name: 'weather', input: { city: 'Paris' } },
      ],
    });
  });

  it('sends the streamed thinking signature back intact on the next step (streamText)', async () => {
    const streams = [
      [
        messageStart(),
        sse({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } }),
        sse({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Need the ' } }),
        sse({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'weather tool.' } }),
        sse({ type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig-streamed==' } }),
        blockStop(0),
        toolStart(1, 'toolu_01', 'weather'),
        jsonDelta(1, '{"city":"Paris"}'),
        blockStop(1),
        messageDelta('tool_use', 30),
        messageStop,
      ],
      [messageStart(), textStart(0), textDelta(0, 'Sunny.'), blockStop(0), messageDelta('end_turn', 2), messageStop],
    ];
    const { gw, requests } = answeringWith(() => sseResponse(streams[requests.length - 1]));
    const result = streamText({
      model: gw.messages(MODEL),
      prompt: 'What is the weather in Paris?',
      tools: { weather: weatherTool([]) },
      stopWhen: stepCountIs(3),
      providerOptions: { unigate: { thinking: { type: 'enabled', budgetTokens: 1024 } } },
    });
    expect(await result.text).toBe('Sunny.');
    expect((await result.steps)[0].reasoningText).toBe('Need the weather tool.');
    expect((requests[1].body as Body).messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Need the weather tool.', signature: 'sig-streamed==' },
        { type: 'tool_use', id: 'toolu_01', name: 'weather', input: { city: 'Paris' } },
      ],
    });
  });

  it('describes an image given as bytes, and passes an image URL through without downloading it', async () => {
    const { gw, requests } = answeringWith(() =>
      HttpResponse.json(message({ content: [{ type: 'text', text: 'A red pixel and a cat.' }] })),
    );
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const result = await generateText({
      model: gw.messages(MODEL),
      maxOutputTokens: 200,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe both images.' },
            { type: 'image', image: png },
            { type: 'image', image: new URL('https://images.test/cat.jpg') },
          ],
        },
      ],
    });
    expect(result.text).toBe('A red pixel and a cat.');
    expect(requests).toHaveLength(1);
    expect(requests[0].body).toEqual({
      model: MODEL,
      max_tokens: 200,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe both images.' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgoAAAAN' } },
            { type: 'image', source: { type: 'url', url: 'https://images.test/cat.jpg' } },
          ],
        },
      ],
    });
  });

  it('produces a structured object through the json answer tool', async () => {
    const { gw, requests } = answeringWith(() =>
      HttpResponse.json(
        message({
          content: [{ type: 'tool_use', id: 'toolu_j', name: 'json', input: { name: 'Ada', age: 36 } }],
          stop_reason: 'tool_use',
        }),
      ),
    );
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'number' } },
      required: ['name', 'age'],
      additionalProperties: false,
    } as const;
    const result = await generateText({
      model: gw.messages(MODEL),
      prompt: 'Invent a person.',
      output: Output.object({ schema: jsonSchema<{ name: string; age: number }>(schema) }),
    });
    expect(result.output).toEqual({ name: 'Ada', age: 36 });
    const body = requests[0].body as Body;
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'json' });
    expect(body.tools).toEqual([
      { name: 'json', description: 'Respond with a JSON object that matches the input schema.', input_schema: schema },
    ]);
  });
});

describe(`messages call options with ai@${major}`, () => {
  const prompt = 'Is 1001 prime?';
  const turns = [{ role: 'user', content: [{ type: 'text', text: prompt }] }];

  // ai@7 passes `reasoning` to this V3 model; ai@6 has no such option and passes nothing.
  it.each([
    ['none', { type: 'disabled' }, 4096],
    ['minimal', { type: 'enabled', budget_tokens: 1024 }, 5120],
    ['low', { type: 'enabled', budget_tokens: 3072 }, 7168],
    ['medium', { type: 'enabled', budget_tokens: 8192 }, 12288],
    ['high', { type: 'enabled', budget_tokens: 16384 }, 20480],
    ['xhigh', { type: 'enabled', budget_tokens: 24576 }, 28672],
    ['max', { type: 'enabled', budget_tokens: 27648 }, 31744],
    ['provider-default', undefined, 4096],
  ] as const)(
    'reasoning %s: thinking %j and max_tokens %i on ai@7, neither on ai@6',
    async (reasoning, thinking, maxTokens) => {
      const { gw, requests } = answeringWith(() => HttpResponse.json(message()));
      const result = await generateText({ model: gw.messages(MODEL), prompt, ...({ reasoning } as object) });
      const sent = major >= 7 ? thinking : undefined;
      expect(requests[0].body).toEqual({
        model: MODEL,
        max_tokens: major >= 7 ? maxTokens : 4096,
        messages: turns,
        ...(sent !== undefined && { thinking: sent }),
      });
      expect(result.warnings).toEqual([]);
    },
  );

  it('reasoning high makes the emulator think: reasoning text on ai@7, none on ai@6', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    const result = await generateText({ model: gw.messages(MODEL), prompt, ...({ reasoning: 'high' } as object) });
    expect(result.text).not.toBe('');
    if (major >= 7) expect(result.reasoningText).toMatch(/^The user wrote: "Is 1001 prime\?"/);
    else expect(result.reasoningText ?? '').toBe('');
  });

  it('every option the endpoint cannot take comes back as a warning naming it; the rest are sent', async () => {
    const { gw, requests } = answeringWith(() => HttpResponse.json(message()));
    const result = await generateText({
      model: gw.messages(MODEL),
      prompt,
      maxOutputTokens: 50,
      temperature: 0.5,
      topP: 0.9,
      topK: 4,
      presencePenalty: 0.1,
      frequencyPenalty: 0.2,
      stopSequences: ['END'],
      seed: 7,
      tools: {
        weather: tool({
          description: 'Current weather for a city',
          inputSchema: jsonSchema<{ city: string }>(weatherSchema),
          inputExamples: [{ input: { city: 'Oslo' } }],
        }),
      },
      providerOptions: { unigate: { userId: 'user-42', user: 'user-42' } },
    });
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.unigate.user',
        details: 'The messages-format model does not read this option.',
      },
      {
        type: 'unsupported',
        feature: 'tool input examples',
        details: 'The messages format has no field for the input examples of tool "weather"; they were not sent.',
      },
      {
        type: 'unsupported',
        feature: 'frequencyPenalty',
        details: 'The messages endpoint has no such parameter; it was not sent.',
      },
      {
        type: 'unsupported',
        feature: 'presencePenalty',
        details: 'The messages endpoint has no such parameter; it was not sent.',
      },
      {
        type: 'unsupported',
        feature: 'seed',
        details: 'The messages endpoint has no such parameter; it was not sent.',
      },
    ]);
    expect(requests[0].body).toMatchObject({
      max_tokens: 50,
      temperature: 0.5,
      top_p: 0.9,
      top_k: 4,
      stop_sequences: ['END'],
      metadata: { user_id: 'user-42' },
      tools: [{ name: 'weather', description: 'Current weather for a city', input_schema: weatherSchema }],
      tool_choice: { type: 'auto' },
    });
  });
});
