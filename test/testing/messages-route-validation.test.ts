import { describe, expect, it } from 'vitest';
import { PNG_BASE64, WEATHER_TOOL, callRoute, post, request } from './messages-fixtures';

function errorBody(type: string, message: string) {
  return { type: 'error', error: { type, message } };
}

const toolUseTurn = {
  role: 'assistant',
  content: [{ type: 'tool_use', id: 'toolu_emu_1', name: 'get_weather', input: { city: 'Paris' } }],
};

describe('messages route: headers and body', () => {
  it('rejects a request without the anthropic-version header', async () => {
    const { status, json, headers } = await post(request('Hi'), { 'anthropic-version': undefined });
    expect(status).toBe(400);
    expect(headers.get('content-type')).toBe('application/json');
    expect(json).toEqual(errorBody('invalid_request_error', 'anthropic-version: header is required'));
  });

  it('rejects an anthropic-version that is not a date', async () => {
    const { status, json } = await post(request('Hi'), { 'anthropic-version': 'latest' });
    expect(status).toBe(400);
    expect(json).toEqual(
      errorBody('invalid_request_error', "anthropic-version: 'latest' is not a version date such as 2023-06-01"),
    );
  });

  it('rejects a body that is not sent as application/json', async () => {
    const { status, json } = await post(request('Hi'), { 'content-type': 'text/plain' });
    expect(status).toBe(400);
    expect(json).toEqual(
      errorBody('invalid_request_error', "content-type: must be application/json, got 'text/plain'"),
    );
  });

  it('rejects invalid JSON and a body that is not an object', async () => {
    const broken = await post('{"model": "claude-sonnet-4-5",');
    expect(broken.status).toBe(400);
    expect(broken.json).toEqual(errorBody('invalid_request_error', 'Invalid JSON body'));
    const array = await post([]);
    expect(array.status).toBe(400);
    expect(array.json).toEqual(errorBody('invalid_request_error', 'The request body must be a JSON object'));
  });
});

describe('messages route: model', () => {
  it('requires a model', async () => {
    const { model: _model, ...body } = request('Hi');
    const { status, json } = await post(body);
    expect(status).toBe(400);
    expect(json).toEqual(errorBody('invalid_request_error', 'model: Field required'));
  });

  it('answers 404 not_found_error for a model outside the catalog', async () => {
    const { status, json } = await post(request('Hi', { model: 'claude-9' }));
    expect(status).toBe(404);
    expect(json).toEqual(errorBody('not_found_error', "Unknown model 'claude-9'"));
  });

  it('answers 400 for a model that is not a chat model', async () => {
    const { status, json } = await post(request('Hi', { model: 'tts-1' }));
    expect(status).toBe(400);
    expect(json).toEqual(
      errorBody('invalid_request_error', "Invalid model: 'tts-1' is an audio model, not a chat model"),
    );
  });

  it('answers 403 permission_error for a model the key may not use', async () => {
    const { status, json } = await post(request('Hi', { model: 'claude-opus-4-1' }));
    expect(status).toBe(403);
    expect(json).toEqual(errorBody('permission_error', "This key has no access to model 'claude-opus-4-1'"));
  });
});

describe('messages route: parameters', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['max_tokens absent', { max_tokens: undefined }, 'max_tokens: Field required'],
    ['max_tokens 0', { max_tokens: 0 }, 'max_tokens: Input should be greater than or equal to 1'],
    ['max_tokens fractional', { max_tokens: 1.5 }, 'max_tokens: Input should be a valid integer'],
    ['a chat-completions field', { stop: ['x'] }, 'stop: Extra inputs are not permitted'],
    ['temperature above 1', { temperature: 1.5 }, 'temperature: Input should be less than or equal to 1'],
    ['temperature below 0', { temperature: -0.1 }, 'temperature: Input should be greater than or equal to 0'],
    ['temperature not a number', { temperature: '0.5' }, 'temperature: Input should be a valid number'],
    ['top_p above 1', { top_p: 1.01 }, 'top_p: Input should be less than or equal to 1'],
    ['top_k 0', { top_k: 0 }, 'top_k: Input should be greater than or equal to 1'],
    ['top_k fractional', { top_k: 2.5 }, 'top_k: Input should be a valid integer'],
    ['stop_sequences a string', { stop_sequences: 'END' }, 'stop_sequences: Input should be a valid list of strings'],
    [
      'stop_sequences with a number',
      { stop_sequences: ['END', 7] },
      'stop_sequences.1: Input should be a valid string',
    ],
    ['stream not boolean', { stream: 'yes' }, 'stream: Input should be a valid boolean'],
    ['system a number', { system: 42 }, 'system: Input should be a valid string or a list of text blocks'],
    ['system block not text', { system: [{ type: 'image' }] }, "system.0.type: Input should be 'text'"],
    ['metadata with extra keys', { metadata: { user: 'u1' } }, 'metadata.user: Extra inputs are not permitted'],
  ];

  it.each(cases)('rejects %s with 400 invalid_request_error', async (_name, extra, message) => {
    const { status, json } = await post(request('Hi', extra));
    expect(status).toBe(400);
    expect(json).toEqual(errorBody('invalid_request_error', message));
  });

  it('accepts every optional parameter within its range', async () => {
    const { status, json } = await post(
      request('Hi', {
        system: [{ type: 'text', text: 'Be brief.' }],
        temperature: 0,
        top_p: 1,
        top_k: 5,
        stop_sequences: ['END'],
        metadata: { user_id: 'user-1' },
        stream: false,
      }),
    );
    expect(status).toBe(200);
    expect(json.type).toBe('message');
  });
});

describe('messages route: messages', () => {
  const cases: Array<[string, unknown, string]> = [
    ['messages absent', undefined, 'messages: Field required'],
    ['messages not a list', { role: 'user', content: 'Hi' }, 'messages: Input should be a valid list'],
    ['an empty list', [], 'messages: at least one message is required'],
    [
      'a first assistant turn',
      [{ role: 'assistant', content: 'Hi' }],
      'messages.0.role: the first message must use the "user" role',
    ],
    [
      'two user turns in a row',
      [
        { role: 'user', content: 'Hi' },
        { role: 'user', content: 'Hello?' },
      ],
      'messages: roles must alternate between "user" and "assistant", but messages.0 and messages.1 are both "user"',
    ],
    [
      'a system role inside messages',
      [{ role: 'system', content: 'Hi' }],
      "messages.0.role: Input should be 'user' or 'assistant'",
    ],
    [
      'empty string content',
      [{ role: 'user', content: '' }],
      'messages.0: all messages must have non-empty content except for the optional final assistant message',
    ],
    [
      'a whitespace-only text block',
      [{ role: 'user', content: [{ type: 'text', text: '  ' }] }],
      'messages.0.content.0.text: text content blocks must contain non-whitespace text',
    ],
    [
      'a tool_use block in a user turn',
      [{ role: 'user', content: [{ type: 'tool_use', id: 'x', name: 'y', input: {} }] }],
      "messages.0.content.0.type: 'tool_use' blocks are not accepted in user turns (accepted: text, image, tool_result)",
    ],
    [
      'an image block with an unsupported media type',
      [
        {
          role: 'user',
          content: [{ type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: PNG_BASE64 } }],
        },
      ],
      "messages.0.content.0.source.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif', 'image/webp', got 'image/bmp'",
    ],
    [
      'image data sent as a data URL',
      [
        {
          role: 'user',
          content: [
            {
              type: 'image',
              source: { type: 'base64', media_type: 'image/png', data: `data:image/png;base64,${PNG_BASE64}` },
            },
          ],
        },
      ],
      'messages.0.content.0.source.data: must be a base64 string (without a data: URL prefix)',
    ],
    [
      'an image URL that is not http(s)',
      [{ role: 'user', content: [{ type: 'image', source: { type: 'url', url: 'ftp://example.com/a.png' } }] }],
      "messages.0.content.0.source.url: must be an http(s) URL, got 'ftp://example.com/a.png'",
    ],
    [
      'an unknown image source type',
      [{ role: 'user', content: [{ type: 'image', source: { type: 'file', file_id: 'f1' } }] }],
      "messages.0.content.0.source.type: Input should be 'base64' or 'url'",
    ],
    [
      'a tool_result in the first turn',
      [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_emu_1', content: '20C' }] }],
      'messages.0.content.0: unexpected `tool_use_id` in a `tool_result` block: toolu_emu_1. Each `tool_result` must answer a `tool_use` block of the previous assistant message.',
    ],
    [
      'a tool_result whose id matches no tool_use of the previous turn',
      [
        { role: 'user', content: 'Weather?' },
        toolUseTurn,
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_other', content: '20C' }] },
      ],
      'messages.2.content.0: unexpected `tool_use_id` in a `tool_result` block: toolu_other. Each `tool_result` must answer a `tool_use` block of the previous assistant message.',
    ],
    [
      'a tool_use left without its tool_result',
      [{ role: 'user', content: 'Weather?' }, toolUseTurn, { role: 'user', content: 'Never mind' }],
      'messages.2: `tool_use` ids without `tool_result` blocks immediately after: toolu_emu_1. Each `tool_use` block needs a `tool_result` block in the next message.',
    ],
  ];

  it.each(cases)('rejects %s with 400 invalid_request_error', async (_name, messages, message) => {
    const { status, json } = await post(request('Hi', { messages }));
    expect(status).toBe(400);
    expect(json).toEqual(errorBody('invalid_request_error', message));
  });

  it('accepts a final assistant turn (prefill) and string or block content', async () => {
    const { status } = await post(
      request('Hi', {
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
          { role: 'assistant', content: 'Hello' },
          { role: 'user', content: 'Go on' },
          { role: 'assistant', content: '' },
        ],
      }),
    );
    expect(status).toBe(200);
  });
});

describe('messages route: tools', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    [
      'a tool with `parameters` instead of `input_schema`',
      { tools: [{ name: 'get_weather', parameters: WEATHER_TOOL.input_schema }] },
      "tools.0.input_schema: Field required (tool 'get_weather' has `parameters`; the messages format names the JSON schema `input_schema`)",
    ],
    [
      'a chat-completions function tool',
      { tools: [{ type: 'function', function: { name: 'get_weather', parameters: {} } }] },
      "tools.0.type: Input should be 'custom', got 'function' (the messages format takes tools as {name, description, input_schema})",
    ],
    ['a tool without a schema', { tools: [{ name: 'get_weather' }] }, 'tools.0.input_schema: Field required'],
    [
      'a schema that is not an object schema',
      { tools: [{ name: 'get_weather', input_schema: { type: 'string' } }] },
      "tools.0.input_schema.type: Input should be 'object'",
    ],
    [
      'a tool name with spaces',
      { tools: [{ ...WEATHER_TOOL, name: 'get weather' }] },
      "tools.0.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'",
    ],
    [
      'duplicate tool names',
      { tools: [WEATHER_TOOL, WEATHER_TOOL] },
      "tools: tool names must be unique, 'get_weather' appears twice",
    ],
    [
      'an unknown tool_choice type',
      { tools: [WEATHER_TOOL], tool_choice: { type: 'required' } },
      "tool_choice.type: Input should be 'auto', 'any', 'none' or 'tool'",
    ],
    [
      'tool_choice as a string',
      { tools: [WEATHER_TOOL], tool_choice: 'auto' },
      'tool_choice: Input should be an object such as {"type": "auto"}',
    ],
    [
      'tool_choice naming a tool that is not offered',
      { tools: [WEATHER_TOOL], tool_choice: { type: 'tool', name: 'get_time' } },
      "tool_choice.name: no tool named 'get_time' in tools",
    ],
    [
      'tool_choice any without tools',
      { tool_choice: { type: 'any' } },
      "tool_choice: type 'any' may only be specified while providing tools",
    ],
  ];

  it.each(cases)('rejects %s with 400 invalid_request_error', async (_name, extra, message) => {
    const { status, json } = await post(request('Weather in Paris?', extra));
    expect(status).toBe(400);
    expect(json).toEqual(errorBody('invalid_request_error', message));
  });
});

describe('messages route: thinking', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    [
      'a budget below 1024',
      { max_tokens: 4096, thinking: { type: 'enabled', budget_tokens: 1000 } },
      'thinking.budget_tokens: Input should be greater than or equal to 1024',
    ],
    [
      'a budget not below max_tokens',
      { max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 2048 } },
      'max_tokens: must be greater than thinking.budget_tokens (max_tokens 2048, budget_tokens 2048)',
    ],
    ['a budget missing', { thinking: { type: 'enabled' } }, 'thinking.budget_tokens: Field required'],
    [
      'an unknown thinking type',
      { thinking: { type: 'auto' } },
      "thinking.type: Input should be 'enabled' or 'disabled'",
    ],
    [
      'a temperature other than 1 with thinking',
      { max_tokens: 4096, temperature: 0.2, thinking: { type: 'enabled', budget_tokens: 1024 } },
      'temperature: may only be set to 1 when thinking is enabled',
    ],
    [
      'top_k with thinking',
      { max_tokens: 4096, top_k: 3, thinking: { type: 'enabled', budget_tokens: 1024 } },
      'top_k: must not be set when thinking is enabled',
    ],
  ];

  it.each(cases)('rejects %s with 400 invalid_request_error', async (_name, extra, message) => {
    const { status, json } = await post(request('Think', extra));
    expect(status).toBe(400);
    expect(json).toEqual(errorBody('invalid_request_error', message));
  });

  it('accepts thinking disabled without a budget', async () => {
    const response = await callRoute(request('Think', { thinking: { type: 'disabled' } }));
    expect(response.status).toBe(200);
  });
});
