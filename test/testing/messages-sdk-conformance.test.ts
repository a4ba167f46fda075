// The emulator's messages endpoint as the official client sees it: if @anthropic-ai/sdk parses it, the wire
// format (JSON, SSE, errors) is the vendor's.

import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { PNG_BASE64, WEATHER_TOOL, testEmulator } from './messages-fixtures';

function createClient() {
  const emulator = testEmulator();
  const seen: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    seen.push(request.clone());
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/api/v1/messages') {
      return new Response('not found', { status: 404 });
    }
    return emulator.handler(request);
  };
  const client = new Anthropic({ apiKey: 'k', baseURL: 'http://unigate.emulator/api', fetch, maxRetries: 0 });
  return { client, seen };
}

// claude-3-5-haiku: the SDK prints a deprecation warning for claude-sonnet-4-5.
const tools: Anthropic.Tool[] = [WEATHER_TOOL as Anthropic.Tool];

describe('messages route with the official Anthropic SDK', () => {
  it('parses a text answer', async () => {
    const { client, seen } = createClient();
    const message = await client.messages.create({
      model: 'claude-3-5-haiku',
      max_tokens: 256,
      messages: [{ role: 'user', content: 'Hello there' }],
    });
    expect(seen[0]!.url).toBe('http://unigate.emulator/api/v1/messages');
    // The SDK sends its own, newer version date; the route accepts any version date.
    expect(seen[0]!.headers.get('anthropic-version')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(message.content).toEqual([{ type: 'text', text: 'You said: "Hello there".' }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage.output_tokens).toBe(8);
  });

  it('parses a tool_use answer and completes the tool loop', async () => {
    const { client } = createClient();
    const first = await client.messages.create({
      model: 'claude-3-5-haiku',
      max_tokens: 256,
      tools,
      tool_choice: { type: 'any' },
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
    });
    expect(first.stop_reason).toBe('tool_use');
    expect(first.content).toEqual([
      { type: 'tool_use', id: 'toolu_emu_1', name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } },
    ]);
    const second = await client.messages.create({
      model: 'claude-3-5-haiku',
      max_tokens: 256,
      tools,
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_emu_1', content: '21C' }] },
      ],
    });
    expect(second.stop_reason).toBe('end_turn');
    expect(second.content).toEqual([{ type: 'text', text: 'The tool get_weather returned: 21C.' }]);
  });

  it('parses a thinking answer and round-trips its signature through a tool loop', async () => {
    const { client } = createClient();
    const params = {
      model: 'claude-3-5-haiku',
      max_tokens: 4096,
      thinking: { type: 'enabled' as const, budget_tokens: 1024 },
      tools,
    };
    const first = await client.messages.create({
      ...params,
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
    });
    expect(first.content.map(b => b.type)).toEqual(['thinking', 'text', 'tool_use']);
    const thinking = first.content[0] as Anthropic.ThinkingBlock;
    expect(thinking.thinking).toBe(
      'The user wrote: "Weather in Paris?". The get_weather tool can answer this, so I will call it.',
    );
    expect(thinking.signature).toMatch(/^EmuSig/);

    const second = await client.messages.create({
      ...params,
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_emu_1', content: 'sunny' }] },
      ],
    });
    expect(second.content.map(b => b.type)).toEqual(['thinking', 'text']);

    const tampered = client.messages.create({
      ...params,
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: [{ ...thinking, signature: 'EmuSigforged' }, ...first.content.slice(1)] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_emu_1', content: 'sunny' }] },
      ],
    });
    await expect(tampered).rejects.toBeInstanceOf(Anthropic.BadRequestError);
  });

  it('accepts image blocks', async () => {
    const { client } = createClient();
    const message = await client.messages.create({
      model: 'claude-3-5-haiku',
      max_tokens: 256,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
            { type: 'text', text: 'What is this?' },
          ],
        },
      ],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'I see 2 images. You said: "What is this?".' }]);
  });

  it.each([
    ['text', { messages: [{ role: 'user' as const, content: 'The quick brown fox jumps over the lazy dog.' }] }],
    ['tool_use', { tools, messages: [{ role: 'user' as const, content: 'Weather in Paris?' }] }],
    [
      'thinking',
      {
        max_tokens: 4096,
        thinking: { type: 'enabled' as const, budget_tokens: 1024 },
        messages: [{ role: 'user' as const, content: 'Why is the sky blue?' }],
      },
    ],
  ])('streams a %s answer whose finalMessage equals the non-streamed message', async (kind, extra) => {
    const { client } = createClient();
    const params = { model: 'claude-3-5-haiku', max_tokens: 256, ...extra };
    const created = await client.messages.create(params);

    const stream = client.messages.stream(params);
    const texts: string[] = [];
    const jsonPieces: string[] = [];
    const thinkingPieces: string[] = [];
    stream.on('text', delta => texts.push(delta));
    stream.on('inputJson', partial => jsonPieces.push(partial));
    stream.on('thinking', delta => thinkingPieces.push(delta));
    const final = await stream.finalMessage();

    // parsed_output is the SDK's own addition to streamed messages (structured-output helper).
    const { parsed_output: parsedOutput, ...streamed } = final as typeof final & { parsed_output?: unknown };
    expect(parsedOutput).toBeNull();
    expect(streamed).toEqual(created);
    const text = created.content.find(b => b.type === 'text') as Anthropic.TextBlock;
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.join('')).toBe(text.text);
    const toolUse = created.content.find(b => b.type === 'tool_use') as Anthropic.ToolUseBlock | undefined;
    const thinking = created.content.find(b => b.type === 'thinking') as Anthropic.ThinkingBlock | undefined;
    // The kind's own block is there (and only its kind has it), so the checks below always run.
    expect(toolUse !== undefined).toBe(kind === 'tool_use');
    expect(thinking !== undefined).toBe(kind === 'thinking');
    if (kind === 'tool_use') expect(JSON.parse(jsonPieces.join(''))).toEqual(toolUse!.input);
    else expect(jsonPieces).toEqual([]);
    if (kind === 'thinking') expect(thinkingPieces.join('')).toBe(thinking!.thinking);
    else expect(thinkingPieces).toEqual([]);
  });

  it('maps errors to the SDK error classes', async () => {
    const { client } = createClient();
    const base = { max_tokens: 256, messages: [{ role: 'user' as const, content: 'Hi' }] };

    const bad = await client.messages.create({ ...base, model: 'claude-3-5-haiku', max_tokens: 0 }).catch(e => e);
    expect(bad).toBeInstanceOf(Anthropic.BadRequestError);
    expect(bad.status).toBe(400);
    expect(bad.error).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'max_tokens: Input should be greater than or equal to 1' },
    });

    const denied = await client.messages.create({ ...base, model: 'claude-opus-4-1' }).catch(e => e);
    expect(denied).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect(denied.type).toBe('permission_error');

    const missing = await client.messages.create({ ...base, model: 'claude-unknown' }).catch(e => e);
    expect(missing).toBeInstanceOf(Anthropic.NotFoundError);
    expect(missing.type).toBe('not_found_error');

    const overloaded = await client.messages
      .create({
        ...base,
        model: 'claude-3-5-haiku',
        messages: [{ role: 'user', content: 'Hi [[emulator:status:529]]' }],
      })
      .catch(e => e);
    expect(overloaded).toBeInstanceOf(Anthropic.OverloadedError);
    expect(overloaded.status).toBe(529);
  });

  it('surfaces a mid-stream error event as an APIError of type overloaded_error', async () => {
    const { client } = createClient();
    const stream = client.messages.stream({
      model: 'claude-3-5-haiku',
      max_tokens: 256,
      messages: [{ role: 'user', content: 'Hello there [[emulator:stream-error]]' }],
    });
    const texts: string[] = [];
    stream.on('text', delta => texts.push(delta));
    stream.on('error', () => {});
    const error = await stream.finalMessage().catch(e => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error.type).toBe('overloaded_error');
    expect(texts).toEqual(['You said']);
  });

  it('fails a truncated stream instead of hanging', async () => {
    const { client } = createClient();
    const stream = client.messages.stream({
      model: 'claude-3-5-haiku',
      max_tokens: 256,
      messages: [{ role: 'user', content: 'Hello there [[emulator:truncate]]' }],
    });
    stream.on('error', () => {});
    await expect(stream.finalMessage()).rejects.toThrow();
  });
});
