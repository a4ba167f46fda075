// The drop markers and prefills (issue 34's emulator half): a stream fails after the k-th content delta of
// the full answer, and a request that continues a prefill gets the rest of the same answer, where the drop no
// longer fires. Raw fetch pins the bytes; the official clients show they parse what comes before the drop.

import Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { WEATHER_TOOL, callRoute, parseSse, post, readChunks, request, testEmulator } from './messages-fixtures';
import { openaiClient } from './openai-client';

const PROMPT = 'Tell me about the quiet river town';

async function stream(body: Record<string, unknown>) {
  const response = await callRoute({ ...body, stream: true });
  expect(response.status).toBe(200);
  const raw = (await readChunks(response)).join('');
  return { raw, events: parseSse(raw) };
}

/** The text deltas of a messages stream, in order. */
function textDeltas(events: ReturnType<typeof parseSse>): string[] {
  return events.flatMap(e => {
    const delta = e.data.delta as { type?: string; text?: string } | undefined;
    return e.event === 'content_block_delta' && delta?.type === 'text_delta' ? [delta.text!] : [];
  });
}

/** A messages request that continues `prefill` (a final assistant turn). */
function resumed(text: string, prefill: string, extra: Record<string, unknown> = {}) {
  return request(text, {
    messages: [
      { role: 'user', content: text },
      { role: 'assistant', content: prefill },
    ],
    ...extra,
  });
}

describe('drop markers on the messages endpoint', () => {
  it('drop:<k>:end ends after the k-th text delta, whole events, without message_stop', async () => {
    const full = textDeltas((await stream(request(PROMPT))).events);
    const { events } = await stream(request(`${PROMPT} [[emulator:drop:2:end]]`));
    expect(full.length).toBeGreaterThan(4);
    expect(textDeltas(events)).toEqual(full.slice(0, 2));
    expect(events.at(-1)!.event).toBe('content_block_delta');
    expect(events.some(e => e.event === 'message_stop' || e.event === 'message_delta')).toBe(false);
  });

  it('a prefill of what arrived continues the same answer, and the drop no longer fires', async () => {
    const full = textDeltas((await stream(request(PROMPT))).events);
    const text = `${PROMPT} [[emulator:drop:2:end]]`;
    const prefill = full.slice(0, 2).join('');
    const { events } = await stream(resumed(text, prefill));
    expect(prefill + textDeltas(events).join('')).toBe(full.join(''));
    expect(textDeltas(events)).toEqual(full.slice(2));
    expect(events.at(-1)!.event).toBe('message_stop');
    // Usage counts the prefill as input and only the continuation as output.
    // Two deltas of two tokens each: the prefill is 4 tokens, its turn 3 more.
    const plain = (await post(request(text))).json;
    const continued = (await post(resumed(text, prefill))).json;
    expect(continued.content).toEqual([{ type: 'text', text: full.slice(2).join('') }]);
    expect(continued.usage.input_tokens).toBe(plain.usage.input_tokens + 3 + 4);
    expect(continued.usage.output_tokens).toBe(plain.usage.output_tokens - 4);
  });

  it('two drops fire one after the other; a prefill that ends mid-delta continues inside it', async () => {
    const full = textDeltas((await stream(request(PROMPT))).events).join('');
    const text = `${PROMPT} [[emulator:drop:2:end]] [[emulator:drop:4:overloaded]]`;
    const first = textDeltas((await stream(request(text))).events).join('');
    const second = await stream(resumed(text, first));
    const more = textDeltas(second.events).join('');
    expect(second.events.at(-1)).toMatchObject({
      event: 'error',
      data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    });
    const third = textDeltas((await stream(resumed(text, first + more))).events).join('');
    expect(first + more + third).toBe(full);
    // A prefill cut inside a delta (no trailing whitespace) gets the rest of that delta first.
    const inside = full.slice(0, first.length + 2);
    expect(inside + textDeltas((await stream(resumed(PROMPT, inside))).events).join('')).toBe(full);
  });

  it('drop:<k>:broken sends a data line that is not JSON; drop:<k>:close errors the body', async () => {
    const broken = await callRoute({ ...request(`${PROMPT} [[emulator:drop:1:broken]]`), stream: true });
    const raw = (await readChunks(broken)).join('');
    const lastData = raw.trimEnd().split('\n').at(-1)!;
    expect(lastData.startsWith('data: {')).toBe(true);
    expect(() => JSON.parse(lastData.slice('data: '.length))).toThrow();
    expect(raw.endsWith('\n\n')).toBe(true);

    const response = await callRoute({ ...request(`${PROMPT} [[emulator:drop:1:close]]`), stream: true });
    await expect(readChunks(response)).rejects.toThrow('dropped the connection');
  });

  it('a cut tool call comes whole when asked again with the text before it (even an empty prefill)', async () => {
    const forced = { tools: [WEATHER_TOOL], tool_choice: { type: 'any' } };
    const text = 'Weather in Oslo [[emulator:drop:2:end]]';
    const cut = await stream(request(text, forced));
    const json = cut.events.flatMap(e => {
      const delta = e.data.delta as { partial_json?: string } | undefined;
      return delta?.partial_json ? [delta.partial_json] : [];
    });
    expect(json).toHaveLength(2);
    const again = await stream(resumed(text, '', forced));
    expect(again.events.at(-1)!.event).toBe('message_stop');
    const whole = (await post(resumed(text, '', forced))).json;
    expect(whole.content).toEqual((await post(request('Weather in Oslo', forced))).json.content);
  });

  it('refuses a prefill ending in whitespace, and any prefill with thinking on, as the vendor does', async () => {
    const spaced = await post(resumed(PROMPT, 'The town '));
    expect(spaced.status).toBe(400);
    expect(spaced.json).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'messages: final assistant content cannot end with trailing whitespace',
      },
    });
    const thinking = await post(
      resumed(PROMPT, 'The town', { max_tokens: 4096, thinking: { type: 'enabled', budget_tokens: 1024 } }),
    );
    expect(thinking.status).toBe(400);
    expect(thinking.json.error.message).toMatch(/^messages\.1\.content\.0\.type: Expected `thinking`/);
  });

  it('a non-streamed call ignores drop markers', async () => {
    const plain = (await post(request(PROMPT))).json;
    const marked = (await post(request(`${PROMPT} [[emulator:drop:1:close]]`))).json;
    expect(marked.content).toEqual(plain.content);
  });

  it('the Anthropic SDK parses the stream up to the drop, then reports the overloaded error', async () => {
    const emulator = testEmulator();
    const client = new Anthropic({
      apiKey: 'k',
      baseURL: 'http://unigate.emulator/api',
      fetch: (input, init) => emulator.handler(new Request(input, init)),
      maxRetries: 0,
    });
    const texts: string[] = [];
    const run = async () => {
      const events = await client.messages.create({
        model: 'claude-3-5-haiku',
        max_tokens: 256,
        stream: true,
        messages: [{ role: 'user', content: `${PROMPT} [[emulator:drop:3:overloaded]]` }],
      });
      for await (const event of events) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') texts.push(event.delta.text);
      }
    };
    await expect(run()).rejects.toThrow(/Overloaded/);
    expect(texts).toHaveLength(3);
    const rest = await client.messages.create({
      model: 'claude-3-5-haiku',
      max_tokens: 256,
      messages: [
        { role: 'user', content: `${PROMPT} [[emulator:drop:3:overloaded]]` },
        { role: 'assistant', content: texts.join('') },
      ],
    });
    expect(texts.join('') + (rest.content[0] as Anthropic.TextBlock).text).toBe(`You said: "${PROMPT}".`);
  });
});

describe('drop markers and flagged prefills on chat completions', () => {
  type ChatBody = { model: string; messages: OpenAI.ChatCompletionMessageParam[] };
  async function chatText(openai: OpenAI, body: ChatBody) {
    const chunks = await openai.chat.completions.create({ ...body, stream: true });
    let text = '';
    let finish: string | null = null;
    for await (const chunk of chunks) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish ??= chunk.choices[0]?.finish_reason ?? null;
    }
    return { text, finish };
  }

  it('deepseek prefix and moonshot partial continue the answer; the drop fires only the first time', async () => {
    const { openai } = openaiClient();
    for (const [model, flag] of [
      ['deepseek-chat', 'prefix'],
      ['mistral-large-2411', 'prefix'],
      ['kimi-k2', 'partial'],
    ] as const) {
      const user = { role: 'user' as const, content: `${PROMPT} [[emulator:drop:3:end]]` };
      const cut = await chatText(openai, { model, messages: [user] });
      expect(cut).toEqual({ text: 'You said: Tell', finish: null });
      const rest = await chatText(openai, {
        model,
        // The flags are the upstreams' fields, not in the openai client's types.
        messages: [user, { role: 'assistant', content: cut.text, [flag]: true } as OpenAI.ChatCompletionMessageParam],
      });
      expect(rest).toEqual({ text: ` me about the quiet river town`, finish: 'stop' });
    }
  });

  it('drop:<k>:close fails the stream inside the openai client', async () => {
    const { openai } = openaiClient();
    const run = chatText(openai, {
      model: 'gpt-4o',
      messages: [{ role: 'user', content: `Hi [[emulator:drop:1:close]]` }],
    });
    await expect(run).rejects.toThrow();
  });

  it('refuses a flag its upstream does not document, and one on another message than the last', async () => {
    const { openai } = openaiClient();
    const ask = (model: string, messages: unknown[]) => openai.chat.completions.create({ model, messages } as never);
    await expect(
      ask('gpt-4o', [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'You', prefix: true },
      ]),
    ).rejects.toMatchObject({
      status: 400,
      error: {
        message:
          'Invalid messages[1].prefix: gpt-4o does not continue a partial assistant message (prefix: true is for DeepSeek and Mistral models)',
      },
    });
    await expect(
      ask('deepseek-chat', [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'You', partial: true },
      ]),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      ask('deepseek-chat', [
        { role: 'assistant', content: 'You', prefix: true },
        { role: 'user', content: 'Hi' },
      ]),
    ).rejects.toMatchObject({
      status: 400,
      error: { message: 'Invalid messages[0].prefix: only the last message, of role assistant, may set prefix: true' },
    });
  });
});
