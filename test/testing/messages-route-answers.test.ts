import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { thinkingSignature } from '../../src/testing/routes/messages-digest';
import { PNG_BASE64, TIME_TOOL, WEATHER_TOOL, callRoute, post, request } from './messages-fixtures';

const THINKING = { max_tokens: 4096, thinking: { type: 'enabled', budget_tokens: 1024 } };

describe('messages route: text answers', () => {
  it('answers a Message object derived from the last user text', async () => {
    const { status, headers, json } = await post(request('Hello there'));
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('request-id')).toMatch(/^req_emu_[0-9a-f]{24}$/);
    expect(json.id).toMatch(/^msg_emu_[0-9a-f]{24}$/);
    expect(json).toEqual({
      id: json.id,
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'You said: "Hello there".' }],
      model: 'claude-sonnet-4-5',
      stop_reason: 'end_turn',
      stop_sequence: null,
      // 3 per turn + 2 words in; 8 tokens out: You / said / : / " / Hello / there / " / .
      usage: { input_tokens: 5, output_tokens: 8, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    });
  });

  it('gives the same answer, id included, to the same request and a different one to another prompt', async () => {
    const first = await (await callRoute(request('Tell me about tides'))).text();
    const second = await (await callRoute(request('Tell me about tides'))).text();
    expect(second).toBe(first);
    const other = (await post(request('Tell me about waves'))).json;
    expect(other.id).not.toBe(JSON.parse(first).id);
    expect(other.content).toEqual([{ type: 'text', text: 'You said: "Tell me about waves".' }]);
  });

  it('answers the last user turn of a conversation, with a system prompt as string or text blocks', async () => {
    const messages = [
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'First answer' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Second' },
          { type: 'text', text: 'question' },
        ],
      },
    ];
    const withString = await post(request('', { messages, system: 'Be brief.' }));
    const withBlocks = await post(request('', { messages, system: [{ type: 'text', text: 'Be brief.' }] }));
    expect(withString.json.content).toEqual([{ type: 'text', text: 'You said: "Second question".' }]);
    expect(withBlocks.json.content).toEqual(withString.json.content);
    // Turn overhead 3 x 3, texts 2 + 2 + 2, system 3 (Be / brief / .)
    expect(withString.json.usage.input_tokens).toBe(18);
  });

  it('cuts the text at the earliest stop sequence and reports it', async () => {
    const { json } = await post(request('alpha beta gamma', { stop_sequences: ['gamma', 'beta'] }));
    expect(json.content).toEqual([{ type: 'text', text: 'You said: "alpha ' }]);
    expect(json.stop_reason).toBe('stop_sequence');
    expect(json.stop_sequence).toBe('beta');
    expect(json.usage.output_tokens).toBe(5);
  });

  it('truncates at max_tokens and reports max_tokens', async () => {
    const { json } = await post(request('alpha beta gamma', { max_tokens: 3 }));
    expect(json.content).toEqual([{ type: 'text', text: 'You said:' }]);
    expect(json.stop_reason).toBe('max_tokens');
    expect(json.stop_sequence).toBeNull();
    expect(json.usage.output_tokens).toBe(3);
  });

  it('lets max_tokens win over a stop sequence that comes later', async () => {
    const { json } = await post(request('alpha beta gamma', { max_tokens: 4, stop_sequences: ['gamma'] }));
    expect(json.content).toEqual([{ type: 'text', text: 'You said: "' }]);
    expect(json.stop_reason).toBe('max_tokens');
    expect(json.stop_sequence).toBeNull();
  });

  it('acknowledges base64 and URL images', async () => {
    const messages = [
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
          { type: 'text', text: 'What is this?' },
        ],
      },
    ];
    const two = await post(request('', { messages }));
    expect(two.status).toBe(200);
    expect(two.json.content).toEqual([{ type: 'text', text: 'I see 2 images. You said: "What is this?".' }]);
    // 3 + 85 per image + 4 text tokens
    expect(two.json.usage.input_tokens).toBe(177);

    const one = await post(
      request('', {
        messages: [
          {
            role: 'user',
            content: [{ type: 'image', source: { type: 'base64', media_type: 'image/webp', data: PNG_BASE64 } }],
          },
        ],
      }),
    );
    expect(one.json.content).toEqual([{ type: 'text', text: 'I see 1 image.' }]);
  });
});

describe('messages route: tools', () => {
  const tools = [WEATHER_TOOL, TIME_TOOL];

  it('answers only a tool_use block of the first tool with tool_choice any', async () => {
    const { json } = await post(request('Weather in Paris?', { tools, tool_choice: { type: 'any' } }));
    expect(json.content).toEqual([
      { type: 'tool_use', id: 'toolu_emu_1', name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } },
    ]);
    expect(json.stop_reason).toBe('tool_use');
    expect(json.stop_sequence).toBeNull();
  });

  it('calls the named tool with tool_choice tool', async () => {
    const { json } = await post(request('Time in Tokyo?', { tools, tool_choice: { type: 'tool', name: 'get_time' } }));
    expect(json.content).toEqual([
      { type: 'tool_use', id: 'toolu_emu_1', name: 'get_time', input: { zone: 'Tokyo', precise: true } },
    ]);
    expect(json.stop_reason).toBe('tool_use');
  });

  it('says what it does, then calls the first tool, with tool_choice auto or absent', async () => {
    const auto = await post(request('Weather in Paris?', { tools, tool_choice: { type: 'auto' } }));
    const absent = await post(request('Weather in Paris?', { tools }));
    expect(auto.json.content).toEqual([
      { type: 'text', text: 'I will call the get_weather tool.' },
      { type: 'tool_use', id: 'toolu_emu_1', name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } },
    ]);
    expect(auto.json.stop_reason).toBe('tool_use');
    expect(absent.json.content).toEqual(auto.json.content);
  });

  it('answers text only with tool_choice none', async () => {
    const { json } = await post(request('Weather in Paris?', { tools, tool_choice: { type: 'none' } }));
    expect(json.content).toEqual([{ type: 'text', text: 'You said: "Weather in Paris?".' }]);
    expect(json.stop_reason).toBe('end_turn');
  });

  it('completes a tool round trip: tool_use, then a text answer about the tool_result', async () => {
    const first = (await post(request('Weather in Paris?', { tools }))).json;
    const toolUse = first.content.find((b: { type: string }) => b.type === 'tool_use');
    const messages = [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: first.content },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: '21 degrees and sunny' }] },
    ];
    const second = await post(request('', { tools, messages }));
    expect(second.status).toBe(200);
    expect(second.json.content).toEqual([
      { type: 'text', text: 'The tool get_weather returned: 21 degrees and sunny.' },
    ]);
    expect(second.json.stop_reason).toBe('end_turn');
  });

  it('reads tool_result content given as text blocks and reports failed tools', async () => {
    const messages = [
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: { city: 'Oslo' } }],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_a',
            content: [{ type: 'text', text: 'station offline' }],
            is_error: true,
          },
          { type: 'text', text: 'Try again?' },
        ],
      },
    ];
    const { json } = await post(request('', { tools, messages }));
    expect(json.content).toEqual([
      { type: 'text', text: 'The tool get_weather failed: station offline. You said: "Try again?".' },
    ]);
  });

  it('numbers tool_use ids after the ones already in the conversation', async () => {
    const messages = [
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_emu_1', name: 'get_weather', input: { city: 'Oslo' } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_emu_1', content: 'cold' }] },
    ];
    const { json } = await post(request('', { tools, messages, tool_choice: { type: 'any' } }));
    expect(json.content).toEqual([
      { type: 'tool_use', id: 'toolu_emu_2', name: 'get_weather', input: { city: 'cold', unit: 'celsius' } },
    ]);
  });

  it('calls every tool with the parallel-tools marker, unless parallel tool use is disabled', async () => {
    const text = 'Weather and time [[emulator:parallel-tools]]';
    const parallel = (await post(request(text, { tools, tool_choice: { type: 'any' } }))).json;
    expect(parallel.content).toEqual([
      { type: 'tool_use', id: 'toolu_emu_1', name: 'get_weather', input: { city: 'Weather', unit: 'celsius' } },
      { type: 'tool_use', id: 'toolu_emu_2', name: 'get_time', input: { zone: 'Weather', precise: true } },
    ]);
    const single = (await post(request(text, { tools, tool_choice: { type: 'any', disable_parallel_tool_use: true } })))
      .json;
    expect(single.content.map((b: { name: string }) => b.name)).toEqual(['get_weather']);
  });

  it('stops with max_tokens and no tool_use when the call does not fit', async () => {
    const { json } = await post(request('Weather in Paris?', { tools, max_tokens: 10 }));
    expect(json.content).toEqual([{ type: 'text', text: 'I will call the get_weather tool.' }]);
    expect(json.stop_reason).toBe('max_tokens');
  });

  it('generates an input that is valid against a nested input_schema', async () => {
    const schema = z.toJSONSchema(
      z.object({
        query: z.string().min(3).max(12),
        limit: z.number().int().min(5).max(50),
        ratio: z.number().gt(0).lt(1),
        tags: z.array(z.enum(['news', 'sports'])).min(2),
        filters: z.object({ from: z.iso.date(), email: z.email().optional(), exact: z.boolean() }),
        mode: z.union([z.literal('fast'), z.literal('slow')]),
        note: z.string().nullable(),
        points: z.array(z.object({ x: z.number().multipleOf(5), label: z.string() })).max(3),
      }),
      { target: 'draft-2020-12' },
    );
    const { json } = await post(
      request('Search the archive', {
        tools: [{ name: 'search', input_schema: schema }],
        tool_choice: { type: 'tool', name: 'search' },
      }),
    );
    const input = json.content[0].input;
    expect(z.fromJSONSchema(schema as any).safeParse(input)).toMatchObject({ success: true });
    // The prompt, cut after its last whole word within 12 characters.
    expect(input.query).toBe('Search the');
  });
});

describe('messages route: extended thinking', () => {
  it('starts the answer with a thinking block signed deterministically', async () => {
    const { json } = await post(request('Why is the sky blue?', THINKING));
    const thinking = 'The user wrote: "Why is the sky blue?". I can answer this directly.';
    expect(json.content).toEqual([
      { type: 'thinking', thinking, signature: thinkingSignature(thinking) },
      { type: 'text', text: 'You said: "Why is the sky blue?".' },
    ]);
    expect(json.content[0].signature).toMatch(/^EmuSig[A-Za-z0-9+/]+=*$/);
    expect(json.stop_reason).toBe('end_turn');
  });

  async function toolLoop(editAssistant: (content: any[]) => any[]) {
    const first = (await post(request('Weather in Paris?', { ...THINKING, tools: [WEATHER_TOOL] }))).json;
    expect(first.content.map((b: { type: string }) => b.type)).toEqual(['thinking', 'text', 'tool_use']);
    const toolUse = first.content[2];
    return post(
      request('', {
        ...THINKING,
        tools: [WEATHER_TOOL],
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          { role: 'assistant', content: editAssistant(first.content) },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'sunny' }] },
        ],
      }),
    );
  }

  it('accepts thinking blocks sent back unchanged in a tool loop', async () => {
    const { status, json } = await toolLoop(content => content);
    expect(status).toBe(200);
    expect(json.content.map((b: { type: string }) => b.type)).toEqual(['thinking', 'text']);
    expect(json.content[1].text).toBe('The tool get_weather returned: sunny.');
  });

  it('rejects an altered thinking text with 400 naming the invalid signature', async () => {
    const { status, json } = await toolLoop(content => [
      { ...content[0], thinking: `${content[0].thinking} ` },
      ...content.slice(1),
    ]);
    expect(status).toBe(400);
    expect(json).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message:
          'messages.1.content.0: Invalid `signature` in `thinking` block (thinking blocks must be sent back unchanged)',
      },
    });
  });

  it('rejects an empty signature as missing', async () => {
    const { status, json } = await toolLoop(content => [{ ...content[0], signature: '' }, ...content.slice(1)]);
    expect(status).toBe(400);
    expect(json.error.message).toBe('messages.1.content.0.signature: the signature of a `thinking` block is missing');
  });

  it('rejects a tool loop whose thinking block was dropped', async () => {
    const { status, json } = await toolLoop(content => content.slice(1));
    expect(status).toBe(400);
    expect(json.error).toEqual({
      type: 'invalid_request_error',
      message:
        'messages.1.content.0.type: expected `thinking` or `redacted_thinking`, but found `text`. With thinking enabled, the assistant message that made the pending tool calls must start with its thinking block, sent back unchanged with its signature.',
    });
  });

  it('answers a redacted_thinking block on request and accepts it back unchanged only', async () => {
    const text = 'Secret plan [[emulator:redacted-thinking]]';
    const first = (await post(request(text, { ...THINKING, tools: [WEATHER_TOOL] }))).json;
    expect(first.content[0]).toEqual({
      type: 'redacted_thinking',
      data: expect.stringMatching(/^EmuRedacted[A-Za-z0-9+/]+=*$/),
    });
    const followUp = (assistant: any[]) =>
      post(
        request('', {
          ...THINKING,
          tools: [WEATHER_TOOL],
          messages: [
            { role: 'user', content: text },
            { role: 'assistant', content: assistant },
            { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_emu_1', content: 'sunny' }] },
          ],
        }),
      );
    expect((await followUp(first.content)).status).toBe(200);
    const altered = await followUp([
      { type: 'redacted_thinking', data: `${first.content[0].data.slice(0, -4)}AAAA` },
      ...first.content.slice(1),
    ]);
    expect(altered.status).toBe(400);
    expect(altered.json.error.message).toBe(
      'messages.1.content.0: Invalid `data` in `redacted_thinking` block (send it back unchanged)',
    );
  });

  it('validates signatures of earlier turns even when thinking is off now', async () => {
    const { status, json } = await post(
      request('', {
        messages: [
          { role: 'user', content: 'Hi' },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: 'made up', signature: 'EmuSigAAAA' },
              { type: 'text', text: 'Hello' },
            ],
          },
          { role: 'user', content: 'Again' },
        ],
      }),
    );
    expect(status).toBe(400);
    expect(json.error.message).toBe(
      'messages.1.content.0: Invalid `signature` in `thinking` block (thinking blocks must be sent back unchanged)',
    );
  });
});

describe('messages route: fault markers', () => {
  it.each([
    [500, 'api_error', 'Internal server error'],
    [503, 'api_error', 'Internal server error'],
    [529, 'overloaded_error', 'Overloaded'],
    [429, 'rate_limit_error', 'Rate limit exceeded'],
    [404, 'not_found_error', 'Not found'],
  ])('[[emulator:status:%i]] answers that status in the messages error shape', async (code, type, message) => {
    const { status, json, headers } = await post(request(`Hi [[emulator:status:${code}]]`, { stream: true }));
    expect(status).toBe(code);
    expect(headers.get('content-type')).toBe('application/json');
    expect(json).toEqual({ type: 'error', error: { type, message } });
  });

  it('validates the request before honouring a status marker', async () => {
    const { status, json } = await post(request('Hi [[emulator:status:529]]', { max_tokens: undefined }));
    expect(status).toBe(400);
    expect(json.error.message).toBe('max_tokens: Field required');
  });

  it('[[emulator:truncate]] cuts a non-streamed body in the middle of its JSON', async () => {
    const response = await callRoute(request('Hi [[emulator:truncate]]'));
    expect(response.status).toBe(200);
    const text = await response.text();
    const whole = JSON.stringify((await post(request('Hi'))).json);
    expect(text.length).toBeGreaterThan(10);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    expect(text.startsWith('{"id":"msg_emu_')).toBe(true);
    expect(text.length).toBeLessThan(whole.length);
  });

  it('does not echo markers in the answer text', async () => {
    const { json } = await post(request('Hi [[emulator:stream-error]] there'));
    expect(json.content).toEqual([{ type: 'text', text: 'You said: "Hi there".' }]);
  });
});
