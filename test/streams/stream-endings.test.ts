import { APICallError, InvalidArgumentError } from '@ai-sdk/provider';
import { generateText, streamText } from 'ai';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate, unigateError } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { CHAT_URL, chunk, metadataPart } from '../chat/chat-fixtures';
import { API_KEY, droppedConnectionResponse, readAll, setup, SITE_URL } from '../helpers/test-kit';
import { MESSAGES_URL, messageStart, textDelta, textStart } from '../messages/messages-test-kit';

// Every ending of a stream that is not the caller's own reaches the caller as parts: a dropped connection
// or a stall that is not resumed gives an `error` part (an APICallError of kind `network` or `timeout`,
// retryable) and a `finish` with reason `error`; `streamText` reports it to `onError` and throws nothing.
// The suites run on the root entry (Node 20 lane, ai@6) and on /v4 (ai@7 lane).
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const PROMPT = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }];
const noUsage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

const bytes = (chunks: string[]) => new TextEncoder().encode(chunks.join('')).length;

/** The `error` part's error: an APICallError with exactly this message, of `kind`, retryable. */
const connectionError = (kind: 'network' | 'timeout', message: string) =>
  expect.objectContaining({
    name: 'AI_APICallError',
    message,
    isRetryable: true,
    data: { kind, dailyLimit: false },
  });

describe('a dropped connection, not resumed: the raw parts', () => {
  it('chat: the text so far, an error part (network), the open text ended, finish error', async () => {
    const chunks = [chunk({ role: 'assistant', content: 'Hel' }), chunk({ content: 'lo' })];
    const { gw } = setup([http.post(CHAT_URL, () => droppedConnectionResponse(chunks))]);
    const { stream } = await gw.chat('gpt-4o').doStream({ prompt: PROMPT });
    expect(await readAll(stream)).toEqual([
      { type: 'stream-start', warnings: [] },
      metadataPart,
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'Hel' },
      { type: 'text-delta', id: 'text-0', delta: 'lo' },
      {
        type: 'error',
        error: connectionError(
          'network',
          `Unigate chat stream: the connection closed after 5 parts (${bytes(chunks)} bytes) before the answer ` +
            'was whole: terminated.',
        ),
      },
      { type: 'text-end', id: 'text-0' },
      { type: 'finish', finishReason: { unified: 'error', raw: undefined }, usage: noUsage },
    ]);
  });

  it('messages: the text so far, an error part (network), the open text ended, finish error with the usage so far', async () => {
    const events = [messageStart(), textStart(0), textDelta(0, 'Hel')];
    const { gw } = setup([http.post(MESSAGES_URL, () => droppedConnectionResponse(events))], { resume: 'off' });
    const { stream } = await gw.messages('claude-sonnet-4-5').doStream({ prompt: PROMPT });
    const parts = await readAll(stream);
    expect(parts.slice(2)).toEqual([
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'Hel' },
      {
        type: 'error',
        error: connectionError(
          'network',
          `Unigate messages stream: the connection closed after 4 parts (${bytes(events)} bytes) before ` +
            'the answer was whole: terminated.',
        ),
      },
      { type: 'text-end', id: '0' },
      {
        type: 'finish',
        finishReason: { unified: 'error', raw: undefined },
        usage: {
          inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 1, text: undefined, reasoning: undefined },
          raw: { input_tokens: 12, output_tokens: 1 },
        },
        providerMetadata: { unigate: { stopSequence: null } },
      },
    ]);
  });
});

describe('a stalled connection, not resumed: the raw parts', () => {
  it('chat: the text so far, an error part (timeout), the open text ended, finish error; the body let go', async () => {
    const chunks = [chunk({ role: 'assistant', content: 'Hel' }), chunk({ content: 'lo' })];
    const state = { cancelled: false };
    const { gw } = setup(
      [
        http.post(CHAT_URL, () => {
          const encoder = new TextEncoder();
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              for (const piece of chunks) controller.enqueue(encoder.encode(piece));
            },
            cancel() {
              state.cancelled = true;
            },
          });
          return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
        }),
      ],
      { streamIdleMs: 20 },
    );
    const { stream } = await gw.chat('gpt-4o').doStream({ prompt: PROMPT });
    expect(await readAll(stream)).toEqual([
      { type: 'stream-start', warnings: [] },
      metadataPart,
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'Hel' },
      { type: 'text-delta', id: 'text-0', delta: 'lo' },
      {
        type: 'error',
        error: connectionError(
          'timeout',
          `Unigate chat stream: no byte arrived for 20 ms (streamIdleMs) after 5 parts (${bytes(chunks)} bytes), ` +
            'with the connection still open; it was closed.',
        ),
      },
      { type: 'text-end', id: 'text-0' },
      { type: 'finish', finishReason: { unified: 'error', raw: undefined }, usage: noUsage },
    ]);
    expect(state.cancelled).toBe(true);
  });
});

/** A provider over a fresh in-process emulator. */
function emulated(settings: Parameters<typeof createUnigate>[0] = {}) {
  const emulator = createUnigateEmulator();
  return { emulator, gw: createUnigate({ ...emulator.settings, ...settings }) };
}

/** streamText's parts of interest, the errors `onError` got, and the text `textStream` gave: nothing thrown. */
async function streamEnding(model: Parameters<typeof streamText>[0]['model'], prompt: string, streamIdleMs?: number) {
  const reported: unknown[] = [];
  const result = streamText({
    model,
    prompt,
    maxRetries: 0,
    onError: ({ error }) => void reported.push(error),
    ...(streamIdleMs !== undefined && { providerOptions: { unigate: { streamIdleMs } } }),
  });
  const parts: Array<{ type: string; error?: unknown; finishReason?: string }> = [];
  let text = '';
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') text += part.text;
    if (part.type === 'error') parts.push({ type: 'error', error: part.error });
    if (part.type === 'finish-step' || part.type === 'finish')
      parts.push({ type: part.type, finishReason: part.finishReason });
  }
  return { parts, reported, text };
}

describe.each([
  ['chat', 'gpt-4o'],
  ['messages', 'claude-sonnet-4-5'],
] as const)('streamText over the emulator, %s format (%s), resume off', (format, modelId) => {
  const modelOf = (gw: ReturnType<typeof createUnigate>) =>
    format === 'chat' ? gw.chat(modelId) : gw.messages(modelId);

  it('a dropped connection: onError once with the network error, an error part and finish error; the text so far', async () => {
    const { gw } = emulated({ resume: 'off' });
    const { parts, reported, text } = await streamEnding(modelOf(gw), 'Describe a harbour. [[emulator:drop:3:close]]');
    expect(parts).toEqual([
      { type: 'error', error: reported[0] },
      { type: 'finish-step', finishReason: 'error' },
      { type: 'finish', finishReason: 'error' },
    ]);
    expect(reported).toHaveLength(1);
    expect(APICallError.isInstance(reported[0])).toBe(true);
    expect(unigateError(reported[0])).toEqual({ kind: 'network', dailyLimit: false });
    expect((reported[0] as Error).message).toMatch(
      new RegExp(
        `^Unigate ${format} stream: the connection closed after \\d+ parts \\(\\d+ bytes\\) before the answer was whole: terminated: the emulator dropped the connection\\.$`,
      ),
    );
    expect(text.length).toBeGreaterThan(0);
  });

  it('a stall past streamIdleMs (per call): a timeout error part and finish error, the text so far', async () => {
    const { gw } = emulated({ resume: 'off' });
    const { parts, reported, text } = await streamEnding(modelOf(gw), 'Describe a harbour. [[emulator:stall:3]]', 20);
    expect(parts).toEqual([
      { type: 'error', error: reported[0] },
      { type: 'finish-step', finishReason: 'error' },
      { type: 'finish', finishReason: 'error' },
    ]);
    expect(unigateError(reported[0])).toEqual({ kind: 'timeout', dailyLimit: false });
    expect((reported[0] as Error).message).toMatch(
      new RegExp(
        `^Unigate ${format} stream: no byte arrived for 20 ms \\(streamIdleMs\\) after \\d+ parts \\(\\d+ bytes\\), with the connection still open; it was closed\\.$`,
      ),
    );
    expect(text.length).toBeGreaterThan(0);
  });

  it('textStream ends with the text so far and throws nothing', async () => {
    const { gw } = emulated({ resume: 'off' });
    const result = streamText({
      model: modelOf(gw),
      prompt: 'Describe a harbour. [[emulator:drop:2:close]]',
      onError: () => {},
    });
    let text = '';
    for await (const delta of result.textStream) text += delta;
    expect(text.length).toBeGreaterThan(0);
  });
});

describe('a stall that can be resumed', () => {
  it('messages: a stall is resumed like a drop, and the answer comes whole', async () => {
    const { gw } = emulated({ streamIdleMs: 20 });
    const model = gw.messages('claude-sonnet-4-5');
    const whole = await generateText({ model, prompt: 'Describe a harbour.' });
    const result = streamText({ model, prompt: 'Describe a harbour. [[emulator:stall:3]]' });
    expect(await result.text).toBe(whole.text);
    expect((await result.providerMetadata)?.unigate?.resumed).toEqual([
      { afterCharacters: expect.any(Number), reason: 'connection-closed', requestId: expect.any(String) },
    ]);
  });
});

describe('streamIdleMs is checked before any request', () => {
  it.each([
    [0, '0'],
    [1.5, '1.5'],
    [Number.NaN, 'NaN'],
    [3_600_001, '3600001'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
  ])('createUnigate({ streamIdleMs: %s }) throws naming the setting, the limit and the value', (value, shown) => {
    const create = () => createUnigate({ streamIdleMs: value });
    expect(create).toThrow(InvalidArgumentError);
    expect(create).toThrow(
      `Invalid argument streamIdleMs: the provider accepts an integer, 1 to 3600000; received ${shown}.`,
    );
  });

  it('a call whose providerOptions.unigate.streamIdleMs is out of range fails before its request', async () => {
    const { emulator, gw } = emulated();
    const error = await Promise.resolve(
      gw.messages('claude-sonnet-4-5').doStream({ prompt: PROMPT, providerOptions: { unigate: { streamIdleMs: -5 } } }),
    ).catch((thrown: unknown) => thrown);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'Invalid argument providerOptions.unigate.streamIdleMs: the provider accepts an integer, 1 to 3600000; received -5.',
    );
    expect(emulator.requests).toEqual([]);
  });
});

describe('a connection that fails in generateText (doGenerate) or before a stream opens', () => {
  const refused = () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    return Promise.reject(new TypeError('fetch failed', { cause }));
  };

  it('a fetch that rejects: an APICallError of kind network, retryable, its cause the runtime error', async () => {
    const gw = createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, fetch: refused });
    const error = await generateText({ model: gw('gpt-4o'), prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      message:
        'Unigate request failed: the connection to the gateway failed before the answer was whole: connect ' +
        'ECONNREFUSED 127.0.0.1:9',
      url: CHAT_URL,
      isRetryable: true,
      data: { kind: 'network', dailyLimit: false },
    });
    // provider-utils' own wrapper is replaced, not wrapped: the cause is the runtime's error.
    expect((error as APICallError).cause).toMatchObject({ message: 'connect ECONNREFUSED 127.0.0.1:9' });
  });

  it('a JSON body that breaks mid-read: kind network, retryable', async () => {
    const { gw } = setup([
      http.post(CHAT_URL, () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id":"chatcmpl-1","choices":[{"mess'));
            controller.error(new TypeError('terminated'));
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'application/json' } });
      }),
    ]);
    const error = await generateText({ model: gw('gpt-4o'), prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: 'Unigate request failed: the connection to the gateway failed before the answer was whole: terminated',
      isRetryable: true,
      data: { kind: 'network', dailyLimit: false },
    });
  });

  it('streamText whose request cannot connect: onError with the network error, an error part, nothing thrown', async () => {
    const gw = createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, fetch: refused });
    const { parts, reported } = await streamEnding(gw('gpt-4o'), 'Hi');
    // doStream rejected: the AI SDK makes the error part itself (and no finish, on ai@6 and ai@7 alike).
    expect(parts).toEqual([{ type: 'error', error: reported[0] }]);
    expect(unigateError(reported[0])?.kind).toBe('network');
  });
});
