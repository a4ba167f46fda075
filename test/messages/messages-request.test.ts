import {
  InvalidArgumentError,
  InvalidPromptError,
  UnsupportedFunctionalityError,
  type LanguageModelV3CallOptions,
  type LanguageModelV3Prompt,
} from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src';
import { DEFAULT_MESSAGES_MAX_TOKENS } from '../../src/messages/unigate-messages-options';
import { API_KEY } from '../helpers/test-kit';
import { answering, call, message, MESSAGES_URL, MODEL, userText } from './messages-test-kit';

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PNG_BASE64 = 'iVBORw0KGgoAAAAN';
const JPEG_BASE64 = '/9j/4AAQSkZJRg==';
const GIF_BASE64 = 'R0lGODlhAQABAAAAACw=';
const WEBP_BASE64 = 'UklGRhAAAABXRUJQVlA4IA==';

/** Sends one doGenerate call and returns the body the gateway received. */
async function sentBody(options: LanguageModelV3CallOptions) {
  const { model, requests } = answering(message());
  const result = await model.doGenerate(options);
  expect(requests).toHaveLength(1);
  return { body: requests[0].body as Record<string, unknown>, result };
}

/** Runs a call that must fail before any request; returns the error. */
async function rejected(options: LanguageModelV3CallOptions, stream = false) {
  const { model, requests } = answering(message());
  const error = await (stream ? model.doStream(options) : model.doGenerate(options)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(requests).toHaveLength(0);
  expect(error).toBeDefined();
  return error as Error;
}

describe('messages request: endpoint, headers and defaults', () => {
  it('posts to {site_url}/api/v1/messages with x-api-key, the version header and JSON, never a bearer token', async () => {
    const { model, requests } = answering(message());
    await model.doGenerate({ ...call([userText('Hi')]), headers: { 'x-trace': 'abc' } });
    expect(model.provider).toBe('unigate.messages');
    expect(model.modelId).toBe(MODEL);
    expect(requests[0].method).toBe('POST');
    expect(requests[0].url).toBe(MESSAGES_URL);
    expect(requests[0].headers['x-api-key']).toBe(API_KEY);
    expect(requests[0].headers['anthropic-version']).toBe('2023-06-01');
    expect(requests[0].headers['content-type']).toBe('application/json');
    expect(requests[0].headers['x-trace']).toBe('abc');
    expect(requests[0].headers['user-agent']).toContain(`unigate-ai-provider/${VERSION}`);
    expect(requests[0].headers.authorization).toBeUndefined();
  });

  it('always sends max_tokens: the documented default when maxOutputTokens is unset', async () => {
    const { body, result } = await sentBody(call([userText('Hi')]));
    expect(DEFAULT_MESSAGES_MAX_TOKENS).toBe(4096);
    expect(body).toEqual({
      model: MODEL,
      max_tokens: 4096,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    });
    expect(result.request?.body).toEqual(body);
    expect(result.warnings).toEqual([]);
  });

  it('maps the sampling settings, stop sequences and the end-user id', async () => {
    const { body } = await sentBody({
      ...call([userText('Hi')]),
      maxOutputTokens: 300,
      temperature: 0.2,
      topP: 0.9,
      topK: 40,
      stopSequences: ['END', '###'],
      providerOptions: { unigate: { userId: 'user-42' } },
    });
    expect(body).toEqual({
      model: MODEL,
      max_tokens: 300,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      temperature: 0.2,
      top_p: 0.9,
      top_k: 40,
      stop_sequences: ['END', '###'],
      metadata: { user_id: 'user-42' },
    });
  });

  it('warns about settings the endpoint lacks and does not send them', async () => {
    const { body, result } = await sentBody({
      ...call([userText('Hi')]),
      frequencyPenalty: 0.5,
      presencePenalty: 0.1,
      seed: 7,
    });
    expect(Object.keys(body).sort()).toEqual(['max_tokens', 'messages', 'model']);
    expect(result.warnings).toEqual([
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
  });
});

describe('messages request: rejections before any request', () => {
  it('rejects a temperature above 1 (the messages range is 0 to 1), naming the limit and the value', async () => {
    for (const stream of [false, true]) {
      const error = await rejected({ ...call([userText('Hi')]), temperature: 1.5 }, stream);
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as InvalidArgumentError).argument).toBe('temperature');
      expect(error.message).toBe('Invalid argument temperature: the gateway accepts 0 to 1; received 1.5.');
    }
    const negative = await rejected({ ...call([userText('Hi')]), temperature: -0.1 });
    expect(negative.message).toContain('received -0.1');
  });

  it('accepts the bounds 0 and 1', async () => {
    expect((await sentBody({ ...call([userText('Hi')]), temperature: 0 })).body.temperature).toBe(0);
    expect((await sentBody({ ...call([userText('Hi')]), temperature: 1 })).body.temperature).toBe(1);
  });

  it('rejects maxOutputTokens, topP and topK out of range', async () => {
    const cases: Array<[Partial<LanguageModelV3CallOptions>, string]> = [
      [
        { maxOutputTokens: 0 },
        'Invalid argument maxOutputTokens: the gateway accepts an integer, at least 1; received 0.',
      ],
      [
        { maxOutputTokens: 10.5 },
        'Invalid argument maxOutputTokens: the gateway accepts an integer, at least 1; received 10.5.',
      ],
      [{ topP: 1.2 }, 'Invalid argument topP: the gateway accepts 0 to 1; received 1.2.'],
      [{ topK: 0 }, 'Invalid argument topK: the gateway accepts an integer, at least 1; received 0.'],
    ];
    for (const [settings, text] of cases) {
      const error = await rejected({ ...call([userText('Hi')]), ...settings });
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(error.message).toBe(text);
    }
  });

  it('rejects a system message after the conversation started, with a clear message', async () => {
    const error = await rejected(
      call([{ role: 'system', content: 'Be brief.' }, userText('Hi'), { role: 'system', content: 'Now be verbose.' }]),
    );
    expect(InvalidPromptError.isInstance(error)).toBe(true);
    expect(error.message).toContain('system messages must come before the first user or assistant message');
    expect(error.message).toContain('message 2');
  });

  it('rejects a conversation that starts with the assistant, or has no user turn', async () => {
    const fromAssistant = await rejected(
      call([{ role: 'assistant', content: [{ type: 'text', text: 'Hello' }] }, userText('Hi')]),
    );
    expect(InvalidPromptError.isInstance(fromAssistant)).toBe(true);
    expect(fromAssistant.message).toContain('start with a user message');
    const onlySystem = await rejected(call([{ role: 'system', content: 'Be brief.' }]));
    expect(onlySystem.message).toContain('at least one user message');
  });

  it('rejects files that are not jpeg/png/gif/webp images', async () => {
    // Each names what works instead; none points back to the chat format, which refuses them too.
    const cases: Array<[string, string | Uint8Array, string]> = [
      [
        'application/pdf',
        'JVBERi0xLjQ=',
        "Extract the PDF's text and send it as a text part, or render its pages as images (PNG or JPEG) and send those.",
      ],
      ['image/bmp', 'Qk0=', 'Convert the image to PNG or JPEG and send that.'],
      ['text/plain', '//79', "Send the file's content as a text part."], // bytes that are not UTF-8
      ['image/*', 'Qk0=', 'Convert the image to PNG or JPEG and send that.'], // not detectable as a type the format has
      ['application/zip', 'UEs=', "Send the file's content as a text part, or as images."],
    ];
    for (const [mediaType, data, advice] of cases) {
      const error = await rejected(
        call([
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'file', mediaType, data },
            ],
          },
        ]),
      );
      expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
      expect(error.message).toBe(
        'The messages format accepts images only (image/jpeg, image/png, image/gif, image/webp), as does the chat-completions ' +
          `format; received a file of media type "${mediaType}" in user message 0. ${advice}`,
      );
    }
  });

  it('rejects a tool choice naming a tool the call does not have', async () => {
    const error = await rejected({
      ...call([userText('Hi')]),
      tools: [{ type: 'function', name: 'weather', inputSchema: { type: 'object', properties: {} } }],
      toolChoice: { type: 'tool', toolName: 'calendar' },
    });
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.message).toContain('"calendar"');
  });

  it('rejects provider options of the wrong shape', async () => {
    const error = await rejected({ ...call([userText('Hi')]), providerOptions: { unigate: { userId: 42 } } });
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).argument).toBe('providerOptions.unigate.userId');
    expect((error as InvalidArgumentError).message).toBe(
      'Invalid argument providerOptions.unigate.userId: Invalid input: expected string, received number; received 42.',
    );
  });
});

describe('messages request: prompt conversion', () => {
  it('hoists every leading system message into the top-level system, joined', async () => {
    const { body } = await sentBody(
      call([
        { role: 'system', content: 'You are terse.' },
        { role: 'system', content: 'Answer in French.' },
        userText('Hi'),
      ]),
    );
    expect(body.system).toBe('You are terse.\n\nAnswer in French.');
    expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
  });

  it('merges adjacent same-role messages and turns tool messages into user turns of tool_result blocks', async () => {
    const { body } = await sentBody(
      call([
        userText('First.'),
        userText('Second.'),
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Let me check.' },
            { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'weather', input: { city: 'Paris' } },
            { type: 'tool-call', toolCallId: 'toolu_2', toolName: 'weather', input: { city: 'Oslo' } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'toolu_1',
              toolName: 'weather',
              output: { type: 'text', value: 'sunny' },
            },
            {
              type: 'tool-result',
              toolCallId: 'toolu_2',
              toolName: 'weather',
              output: { type: 'json', value: { temp: -3, sky: 'snow' } },
            },
          ],
        },
        userText('And tomorrow?'),
        { role: 'assistant', content: [{ type: 'text', text: 'Part one.' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Part two.' }] },
      ]),
    );
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'First.' },
          { type: 'text', text: 'Second.' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me check.' },
          { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_2', name: 'weather', input: { city: 'Oslo' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: '{"temp":-3,"sky":"snow"}' },
          { type: 'text', text: 'And tomorrow?' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Part one.' },
          { type: 'text', text: 'Part two.' },
        ],
      },
    ]);
  });

  it('puts tool_result blocks first when a user message precedes the tool message', async () => {
    const { body } = await sentBody(
      call([
        userText('Weather?'),
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'weather', input: {} }] },
        userText('Hurry.'),
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 't1', toolName: 'weather', output: { type: 'text', value: 'rain' } },
          ],
        },
      ]),
    );
    expect((body.messages as unknown[])[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 't1', content: 'rain' },
        { type: 'text', text: 'Hurry.' },
      ],
    });
  });

  it('maps every tool output kind: error flags, JSON stringified, text and image arrays, denials', async () => {
    const result = (toolCallId: string, output: unknown) =>
      ({ type: 'tool-result', toolCallId, toolName: 'fn', output }) as const;
    const { body } = await sentBody(
      call([
        userText('Go.'),
        {
          role: 'assistant',
          content: ['a', 'b', 'c', 'd', 'e'].map(id => ({
            type: 'tool-call' as const,
            toolCallId: id,
            toolName: 'fn',
            input: {},
          })),
        },
        {
          role: 'tool',
          content: [
            result('a', { type: 'error-text', value: 'city not found' }),
            result('b', { type: 'error-json', value: { code: 404 } }),
            result('c', {
              type: 'content',
              value: [
                { type: 'text', text: 'Chart:' },
                { type: 'image-data', data: PNG_BASE64, mediaType: 'image/png' },
                { type: 'image-url', url: 'https://cdn.test/chart.png' },
              ],
            }),
            result('d', { type: 'execution-denied', reason: 'Not allowed on weekends.' }),
            result('e', { type: 'execution-denied' }),
          ] as LanguageModelV3Prompt[number]['content'] as never,
        },
      ]),
    );
    expect((body.messages as Array<{ content: unknown }>)[2].content).toEqual([
      { type: 'tool_result', tool_use_id: 'a', content: 'city not found', is_error: true },
      { type: 'tool_result', tool_use_id: 'b', content: '{"code":404}', is_error: true },
      {
        type: 'tool_result',
        tool_use_id: 'c',
        content: [
          { type: 'text', text: 'Chart:' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
          { type: 'image', source: { type: 'url', url: 'https://cdn.test/chart.png' } },
        ],
      },
      { type: 'tool_result', tool_use_id: 'd', content: 'Not allowed on weekends.' },
      { type: 'tool_result', tool_use_id: 'e', content: 'The user denied running this tool.' },
    ]);
  });

  it('sends images as base64 blocks (bytes, base64, data URLs, detected image/*) and URL blocks', async () => {
    const { body } = await sentBody(
      call([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe these.' },
            { type: 'file', mediaType: 'image/png', data: PNG_BYTES },
            { type: 'file', mediaType: 'image/jpeg', data: JPEG_BASE64 },
            { type: 'file', mediaType: 'image/gif', data: GIF_BASE64 },
            { type: 'file', mediaType: 'image/webp', data: WEBP_BASE64 },
            { type: 'file', mediaType: 'image/*', data: PNG_BASE64 },
            { type: 'file', mediaType: 'image/*', data: WEBP_BASE64 },
            { type: 'file', mediaType: 'image', data: JPEG_BASE64 },
            { type: 'file', mediaType: 'image/jpeg', data: new URL('https://cdn.test/cat.jpg') },
            { type: 'file', mediaType: 'image', data: new URL('https://cdn.test/dog') },
            { type: 'file', mediaType: 'image/*', data: new URL(`data:image/gif;base64,${GIF_BASE64}`) },
          ],
        },
      ]),
    );
    const base64 = (media_type: string, data: string) => ({
      type: 'image',
      source: { type: 'base64', media_type, data },
    });
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Describe these.' },
          base64('image/png', PNG_BASE64),
          base64('image/jpeg', JPEG_BASE64),
          base64('image/gif', GIF_BASE64),
          base64('image/webp', WEBP_BASE64),
          base64('image/png', PNG_BASE64),
          base64('image/webp', WEBP_BASE64),
          base64('image/jpeg', JPEG_BASE64),
          { type: 'image', source: { type: 'url', url: 'https://cdn.test/cat.jpg' } },
          { type: 'image', source: { type: 'url', url: 'https://cdn.test/dog' } },
          base64('image/gif', GIF_BASE64),
        ],
      },
    ]);
  });

  it('declares http(s) image URLs as supported so the AI SDK passes them through', () => {
    const { model } = answering(message());
    const patterns = (model.supportedUrls as Record<string, RegExp[]>)['image/*'];
    expect(patterns.some(p => p.test('https://cdn.test/cat.jpg'))).toBe(true);
    expect(patterns.some(p => p.test('ftp://cdn.test/cat.jpg'))).toBe(false);
  });

  it('drops empty assistant text blocks, which the format rejects', async () => {
    const { body } = await sentBody(
      call([
        userText('Go.'),
        {
          role: 'assistant',
          content: [
            { type: 'text', text: '' },
            { type: 'tool-call', toolCallId: 't1', toolName: 'fn', input: { a: 1 } },
          ],
        },
        {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 't1', toolName: 'fn', output: { type: 'text', value: 'ok' } }],
        },
      ]),
    );
    expect((body.messages as unknown[])[1]).toEqual({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 't1', name: 'fn', input: { a: 1 } }],
    });
  });
});

describe('messages request: tools', () => {
  const tools: LanguageModelV3CallOptions['tools'] = [
    {
      type: 'function',
      name: 'weather',
      description: 'Current weather for a city',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
    { type: 'function', name: 'time', inputSchema: { type: 'object', properties: {} } },
  ];

  it('defines tools with input_schema, never parameters', async () => {
    const { body } = await sentBody({ ...call([userText('Weather?')]), tools });
    expect(body.tools).toEqual([
      {
        name: 'weather',
        description: 'Current weather for a city',
        input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
      { name: 'time', input_schema: { type: 'object', properties: {} } },
    ]);
    expect(JSON.stringify(body)).not.toContain('parameters');
    expect(body.tool_choice).toBeUndefined();
  });

  it('maps each tool choice', async () => {
    const cases: Array<[LanguageModelV3CallOptions['toolChoice'], unknown]> = [
      [{ type: 'auto' }, { type: 'auto' }],
      [{ type: 'required' }, { type: 'any' }],
      [{ type: 'none' }, { type: 'none' }],
      [
        { type: 'tool', toolName: 'time' },
        { type: 'tool', name: 'time' },
      ],
    ];
    for (const [toolChoice, expected] of cases) {
      const { body } = await sentBody({ ...call([userText('Weather?')]), tools, toolChoice });
      expect(body.tool_choice).toEqual(expected);
      expect((body.tools as unknown[]).length).toBe(2);
    }
  });

  it('warns about provider-defined tools and sends only function tools', async () => {
    const { body, result } = await sentBody({
      ...call([userText('Search')]),
      tools: [{ type: 'provider', id: 'other.web_search', name: 'web_search', args: {} }],
      toolChoice: { type: 'auto' },
    });
    expect(body.tools).toBeUndefined();
    expect(body.tool_choice).toBeUndefined();
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'provider-defined tool other.web_search',
        details: 'The messages endpoint documents function tools only; this tool was not sent.',
      },
    ]);
  });
});

describe('messages request: JSON answers through a forced tool', () => {
  const schema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as const;

  it('offers a json tool with the schema and forces it', async () => {
    const { body, result } = await sentBody({
      ...call([userText('Invent a name.')]),
      responseFormat: { type: 'json', schema, description: 'A person' },
    });
    expect(body.tools).toEqual([{ name: 'json', description: 'A person', input_schema: schema }]);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'json' });
    expect(result.warnings).toEqual([]);
  });

  it('lets the model use the other tools first when there are some (tool_choice any)', async () => {
    const { body } = await sentBody({
      ...call([userText('Invent a name.')]),
      responseFormat: { type: 'json', schema },
      tools: [{ type: 'function', name: 'lookup', inputSchema: { type: 'object', properties: {} } }],
    });
    expect((body.tools as Array<{ name: string }>).map(t => t.name)).toEqual(['lookup', 'json']);
    expect(body.tool_choice).toEqual({ type: 'any' });
  });

  it('warns, without a tool, when no schema is given', async () => {
    const { body, result } = await sentBody({ ...call([userText('JSON please')]), responseFormat: { type: 'json' } });
    expect(body.tools).toBeUndefined();
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'responseFormat',
        details:
          'The messages format has no JSON mode; without a schema the answer is not constrained. ' +
          'Pass a schema (it is then enforced through a tool) or ask for JSON in the prompt.',
      },
    ]);
  });

  it('refuses a user tool named json, which would collide', async () => {
    const error = await rejected({
      ...call([userText('Hi')]),
      responseFormat: { type: 'json', schema },
      tools: [{ type: 'function', name: 'json', inputSchema: { type: 'object' } }],
    });
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.message).toContain('reserved');
  });
});

describe('messages request: extended thinking', () => {
  const thinking = (budgetTokens: number) => ({ unigate: { thinking: { type: 'enabled' as const, budgetTokens } } });

  it('sends thinking with budget_tokens and defaults max_tokens to budget + the default', async () => {
    const { body } = await sentBody({ ...call([userText('Think.')]), providerOptions: thinking(2048) });
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(body.max_tokens).toBe(2048 + DEFAULT_MESSAGES_MAX_TOKENS);
  });

  it('keeps an explicit maxOutputTokens above the budget', async () => {
    const { body } = await sentBody({
      ...call([userText('Think.')]),
      maxOutputTokens: 3000,
      providerOptions: thinking(2048),
    });
    expect(body.max_tokens).toBe(3000);
  });

  it('rejects maxOutputTokens not above the budget, and budgets below 1024', async () => {
    const low = await rejected({
      ...call([userText('Think.')]),
      maxOutputTokens: 2048,
      providerOptions: thinking(2048),
    });
    expect(InvalidArgumentError.isInstance(low)).toBe(true);
    expect(low.message).toBe(
      'Invalid argument maxOutputTokens: with thinking enabled it must be greater than providerOptions.unigate.thinking.budgetTokens (2048), because thinking counts toward max_tokens; received 2048.',
    );
    const small = await rejected({ ...call([userText('Think.')]), providerOptions: thinking(100) });
    expect(small.message).toBe(
      'Invalid argument providerOptions.unigate.thinking.budgetTokens: the gateway accepts an integer, at least 1024; received 100.',
    );
  });

  it('does not send temperature or topK with thinking, and says so', async () => {
    const { body, result } = await sentBody({
      ...call([userText('Think.')]),
      temperature: 0.3,
      topK: 5,
      topP: 0.98,
      providerOptions: thinking(1024),
    });
    expect(body.temperature).toBeUndefined();
    expect(body.top_k).toBeUndefined();
    expect(body.top_p).toBe(0.98);
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'temperature',
        details: 'Not available together with extended thinking; it was not sent.',
      },
      {
        type: 'unsupported',
        feature: 'topK',
        details: 'Not available together with extended thinking; it was not sent.',
      },
    ]);
  });

  it('with thinking, sends a topP of 0.95 to 1 and drops a lower one with a warning naming topP, the limit and the value', async () => {
    expect(
      (await sentBody({ ...call([userText('Think.')]), topP: 0.95, providerOptions: thinking(1024) })).body.top_p,
    ).toBe(0.95);
    const { body, result } = await sentBody({
      ...call([userText('Think.')]),
      topP: 0.5,
      providerOptions: thinking(1024),
    });
    expect(body.top_p).toBeUndefined();
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'topP',
        details:
          'With extended thinking the gateway accepts topP from 0.95 to 1 only; received 0.5, which was not sent.',
      },
    ]);
    // Without thinking the whole 0 to 1 range goes through.
    expect((await sentBody({ ...call([userText('Hi')]), topP: 0.5 })).body.top_p).toBe(0.5);
  });

  it('sends disabled thinking as no thinking at all', async () => {
    const { body } = await sentBody({
      ...call([userText('Hi')]),
      providerOptions: { unigate: { thinking: { type: 'disabled' } } },
    });
    expect(body.thinking).toBeUndefined();
    expect(body.max_tokens).toBe(DEFAULT_MESSAGES_MAX_TOKENS);
  });

  it('sends reasoning back as thinking / redacted_thinking blocks before tool_use, and drops unsigned reasoning', async () => {
    const { body, result } = await sentBody({
      ...call([
        userText('Weather in Paris?'),
        {
          role: 'assistant',
          content: [
            {
              type: 'reasoning',
              text: 'The user wants weather.',
              providerOptions: { unigate: { signature: 'sig-abc==' } },
            },
            { type: 'reasoning', text: '', providerOptions: { unigate: { redactedData: 'ENCRYPTED' } } },
            { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'weather', input: { city: 'Paris' } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'toolu_1',
              toolName: 'weather',
              output: { type: 'text', value: 'sunny' },
            },
          ],
        },
        { role: 'assistant', content: [{ type: 'text', text: 'Sunny.' }] },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'From another provider, unsigned.' },
            { type: 'reasoning', text: 'Signed late.', providerOptions: { unigate: { signature: 'sig-late' } } },
          ],
        },
        userText('Thanks'),
      ]),
      providerOptions: thinking(1024),
    });
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'The user wants weather.', signature: 'sig-abc==' },
          { type: 'redacted_thinking', data: 'ENCRYPTED' },
          { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Signed late.', signature: 'sig-late' },
          { type: 'text', text: 'Sunny.' },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
    ]);
    expect(result.warnings).toEqual([
      {
        type: 'other',
        message:
          'Dropped 1 reasoning part without providerOptions.unigate.signature or redactedData: the messages format ' +
          'only accepts thinking blocks sent back exactly as the model produced them.',
      },
    ]);
  });
});
