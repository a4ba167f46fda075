import { APICallError } from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_KEY, failure } from '../helpers/test-kit';
import { CHAT_URL, answering, completion, noUsage, prompt, setup } from './chat-fixtures';

describe('chat doGenerate', () => {
  it('returns text, finish reason, usage, response metadata, headers and body', async () => {
    const json = completion({ content: 'Hello!' });
    const { model } = setup([
      http.post(CHAT_URL, () => HttpResponse.json(json, { headers: { 'x-request-id': 'req-1' } })),
    ]);
    const result = await model.doGenerate({ prompt });
    expect(result.content).toEqual([{ type: 'text', text: 'Hello!' }]);
    expect(result.finishReason).toEqual({ unified: 'stop', raw: 'stop' });
    expect(result.usage).toEqual({
      inputTokens: { total: 9, noCache: 9, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 3, text: 3, reasoning: undefined },
      raw: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 },
    });
    expect(result.response).toMatchObject({
      id: 'chatcmpl-1',
      modelId: 'gpt-4o-mini-2024-07-18',
      timestamp: new Date(1_700_000_000_000),
      body: json,
    });
    expect(result.response?.headers?.['x-request-id']).toBe('req-1');
    expect(result.request).toEqual({ body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] } });
    expect(result.providerMetadata).toBeUndefined();
    expect(result.warnings).toEqual([]);
  });

  it('reads cached and reasoning token details', async () => {
    const usage = {
      prompt_tokens: 100,
      completion_tokens: 50,
      total_tokens: 150,
      prompt_tokens_details: { cached_tokens: 60 },
      completion_tokens_details: { reasoning_tokens: 20 },
    };
    const { model } = answering(completion({ content: 'x' }, { usage }));
    expect((await model.doGenerate({ prompt })).usage).toEqual({
      inputTokens: { total: 100, noCache: 40, cacheRead: 60, cacheWrite: undefined },
      outputTokens: { total: 50, text: 30, reasoning: 20 },
      raw: usage,
    });
  });

  it('reports unknown usage when the gateway sends none', async () => {
    const json = completion({ content: 'x' });
    delete (json as Partial<typeof json>).usage;
    const { model } = answering(json);
    expect((await model.doGenerate({ prompt })).usage).toEqual(noUsage);
  });

  it('puts reasoning_content (or reasoning) before the text', async () => {
    const first = answering(completion({ content: '42', reasoning_content: 'Six times seven.' }));
    expect((await first.model.doGenerate({ prompt })).content).toEqual([
      { type: 'reasoning', text: 'Six times seven.' },
      { type: 'text', text: '42' },
    ]);
    const second = answering(completion({ content: '42', reasoning: 'Think.' }));
    expect((await second.model.doGenerate({ prompt })).content).toEqual([
      { type: 'reasoning', text: 'Think.' },
      { type: 'text', text: '42' },
    ]);
  });

  it('returns tool calls with their arguments as sent, including invalid JSON', async () => {
    const { model } = answering({
      ...completion({}),
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
              { id: 'call_2', type: 'function', function: { name: 'weather', arguments: '{"city": Par' } },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    });
    const result = await model.doGenerate({ prompt });
    expect(result.content).toEqual([
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'weather', input: '{"city":"Paris"}' },
      { type: 'tool-call', toolCallId: 'call_2', toolName: 'weather', input: '{"city": Par' },
    ]);
    expect(result.finishReason).toEqual({ unified: 'tool-calls', raw: 'tool_calls' });
  });

  it('gives a tool call without an id a generated one', async () => {
    const { model } = answering(
      completion({ content: null, tool_calls: [{ type: 'function', function: { name: 'time', arguments: '{}' } }] }),
    );
    const [call] = (await model.doGenerate({ prompt })).content;
    expect(call).toMatchObject({ type: 'tool-call', toolName: 'time', input: '{}' });
    expect(call.type === 'tool-call' && call.toolCallId.length).toBeGreaterThan(0);
  });

  it('with n > 1 returns the first choice as content and every choice in providerMetadata', async () => {
    const json = completion(
      {},
      {
        choices: [
          { index: 1, message: { role: 'assistant', content: 'Blue' }, finish_reason: 'stop' },
          { index: 0, message: { role: 'assistant', content: 'Red' }, finish_reason: 'stop' },
          { index: 2, message: { role: 'assistant', content: 'Gre' }, finish_reason: 'length' },
        ],
        usage: { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 },
      },
    );
    const { model, requests } = answering(json);
    const result = await model.doGenerate({ prompt, providerOptions: { unigate: { n: 3 } } });
    expect((requests[0].body as { n: number }).n).toBe(3);
    expect(result.content).toEqual([{ type: 'text', text: 'Red' }]);
    expect(result.finishReason).toEqual({ unified: 'stop', raw: 'stop' });
    expect(result.providerMetadata).toEqual({
      unigate: {
        choices: [
          { index: 1, text: 'Blue', finishReason: 'stop' },
          { index: 0, text: 'Red', finishReason: 'stop' },
          { index: 2, text: 'Gre', finishReason: 'length' },
        ],
      },
    });
    expect(result.usage.inputTokens.total).toBe(5);
    expect(result.usage.outputTokens.total).toBe(4);
  });

  it('maps an HTTP error through the gateway error mapper, without the key', async () => {
    const { model } = setup([
      http.post(CHAT_URL, () =>
        HttpResponse.json(
          { error: { type: 'auth_error', message: `Invalid API key ${API_KEY}`, code: 401 } },
          { status: 401 },
        ),
      ),
    ]);
    const error = await failure(model.doGenerate({ prompt }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('auth_error');
    expect(error.message).not.toContain(API_KEY);
    expect(error.responseBody).not.toContain(API_KEY);
  });

  it('treats the daily limit as not retryable, other 429s and 5xx as retryable', async () => {
    const daily = setup([
      http.post(CHAT_URL, () =>
        HttpResponse.json(
          { error: { type: 'rate_limit_exceeded', message: 'Daily limit reached', code: 429 } },
          { status: 429 },
        ),
      ),
    ]);
    const dailyError = await failure(daily.model.doGenerate({ prompt }));
    expect(dailyError.isRetryable).toBe(false);
    expect(dailyError.message).toMatch(
      /^Unigate request failed with HTTP 429 \(rate_limit_exceeded\): .*\. The limit resets at \d{4}-\d\d-\d\dT00:00:00\.000Z; the call was not retried\.$/,
    );
    expect(dailyError.data.kind).toBe('daily-limit');
    const busy = setup([http.post(CHAT_URL, () => HttpResponse.json({ error: { message: 'busy' } }, { status: 503 }))]);
    expect((await failure(busy.model.doGenerate({ prompt }))).isRetryable).toBe(true);
  });

  it('throws an APICallError for an error object sent with HTTP 200', async () => {
    const { model } = answering({ error: { type: 'upstream_error', message: 'The upstream model failed' } });
    const error = await failure(model.doGenerate({ prompt }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe('Unigate chat completion failed (upstream_error): The upstream model failed');
    expect(error.statusCode).toBe(200);
    // A type no family documents: no kind is guessed, and it is not retried.
    expect(error.data).toEqual({ type: 'upstream_error', message: 'The upstream model failed', dailyLimit: false });
    expect(error.isRetryable).toBe(false);
  });

  it('fails clearly on a body that is not a chat completion', async () => {
    const { model } = answering({ choices: 'none' });
    const error = await failure(model.doGenerate({ prompt }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Unigate returned an unexpected response body: choices: Invalid input: expected array, received string',
    );
  });
});
