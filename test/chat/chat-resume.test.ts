import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { cutOffReason } from '../helpers/spec';
import { droppedConnectionResponse, readAll, setup, sseResponse } from '../helpers/test-kit';
import { CHAT_URL, DONE, deltaOf, event, prompt, usageOf } from './chat-fixtures';

// A chat stream that fails after content is resumed where the model's upstream documents continuing a
// partial assistant message (docs/resume.md#what-each-upstream-allows): the continuation's exact body per
// family, and the one stream the caller sees. Exact bytes, so msw; the emulator's drops are in
// chat-resume-emulator.test.ts.

const delta = deltaOf;
const usage = usageOf;

const cutText = [delta('c1', { role: 'assistant', content: 'Hello, ' }), delta('c1', { content: 'wor' })];

const continuation = (text: string) => [
  delta('c2', { role: 'assistant', content: text }),
  delta('c2', {}, 'stop'),
  usage('c2', 30, 3),
  DONE,
];

/** A chat model of `modelId` whose first request gets `first`, every later one `second`. */
function twoAnswers(modelId: string, first: Array<string | Uint8Array>, second: string[], settings = {}) {
  let calls = 0;
  const kit = setup(
    [
      http.post(CHAT_URL, () => {
        calls++;
        return sseResponse(calls === 1 ? first : second);
      }),
    ],
    settings,
  );
  return { ...kit, model: kit.gw(modelId) };
}

async function run(kit: ReturnType<typeof twoAnswers>, options: Partial<LanguageModelV3CallOptions> = {}) {
  return readAll((await kit.model.doStream({ prompt, ...options })).stream);
}

const texts = (parts: LanguageModelV3StreamPart[]) =>
  parts.flatMap(part => (part.type === 'text-delta' ? [part.delta] : [])).join('');

const RESUMED_WARNING = {
  type: 'other',
  message: 'the stream failed after content and was resumed: see providerMetadata.unigate.resumed',
};

/** The error of a chat body that ended with neither a finish_reason nor [DONE], not resumed (docs/streaming.md). */
const CUT_OFF =
  'Unigate chat stream: the body ended with neither a finish_reason nor [DONE]: the response was cut off.';

describe('chat: a stream that fails after content is resumed where the upstream documents a continuation', () => {
  it('DeepSeek: the same body with the text so far as a final assistant message flagged prefix, one stream, one finish', async () => {
    const kit = twoAnswers('deepseek-chat', cutText, continuation('ld!'));
    const parts = await run(kit);
    expect(kit.requests).toHaveLength(2);
    const first = kit.requests[0].body as { messages: unknown[] };
    expect(kit.requests[1].body).toEqual({
      ...first,
      messages: [...first.messages, { role: 'assistant', content: 'Hello, wor', prefix: true }],
    });
    expect(parts.map(part => part.type)).toEqual([
      'stream-start',
      'response-metadata',
      'text-start',
      'text-delta',
      'text-delta',
      'text-delta',
      'text-end',
      'finish',
    ]);
    expect(texts(parts)).toBe('Hello, world!');
    // The first request sent no usage: its output counts as the 10 UTF-8 bytes received, its input as the
    // continuation's 30 (the same prompt and the prefill), uncached: an upper bound, never an under-count.
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 60, noCache: 60, cacheRead: 0, cacheWrite: undefined },
        outputTokens: { total: 13, text: 3, reasoning: undefined },
      },
      providerMetadata: {
        unigate: {
          resumed: [{ afterCharacters: 10, reason: 'ended-early', requestId: 'c2' }],
          warnings: [RESUMED_WARNING],
        },
      },
    });
  });

  it.each([
    ['kimi-k2', { partial: true }],
    ['moonshot-v1-8k', { partial: true }],
    ['qwen-plus', { partial: true }],
    ['mistral-large-2411', { prefix: true }],
    ['deepseek/deepseek-v3.1:free', { prefix: true }],
  ])('%s: the prefill carries %o', async (modelId, flag) => {
    const kit = twoAnswers(modelId, cutText, continuation('ld!'));
    expect(texts(await run(kit))).toBe('Hello, world!');
    const body = kit.requests[1].body as { messages: unknown[] };
    expect(body.messages.at(-1)).toEqual({ role: 'assistant', content: 'Hello, wor', ...flag });
  });

  // No listed upstream documents that its answer repeats the prefix (Mistral and Qwen return the
  // continuation only), so a continuation that starts with the prefill's own characters keeps them all.
  it.each(['mistral-large-2411', 'qwen-max', 'deepseek-chat', 'kimi-k2'])(
    '%s: a continuation that starts like the end of the prefill keeps every character (abc + abc)',
    async modelId => {
      const first = [delta('c1', { role: 'assistant', content: 'abc' })];
      const second = [delta('c2', { content: 'ab' }), delta('c2', { content: 'c' }), delta('c2', {}, 'stop'), DONE];
      const kit = twoAnswers(modelId, first, second);
      expect(texts(await run(kit))).toBe('abcabc');
      const body = kit.requests[1].body as { messages: Array<{ content: string }> };
      expect(body.messages.at(-1)?.content).toBe('abc');
    },
  );

  it.each([
    ['error-event', [...cutText, event({ error: { type: 'server_error', message: 'Overloaded', code: 503 } })]],
    ['malformed-chunk', [...cutText, 'data: {"id":"c1","choices":[{"ind\n\n']],
  ])('names the reason: %s', async (reason, first) => {
    const parts = await run(twoAnswers('deepseek-chat', first, continuation('ld!')));
    expect(texts(parts)).toBe('Hello, world!');
    expect(parts.some(part => part.type === 'error')).toBe(false);
    const finish = parts.at(-1);
    expect(finish?.type === 'finish' && finish.providerMetadata?.unigate?.resumed).toEqual([
      { afterCharacters: 10, reason, requestId: 'c2' },
    ]);
  });

  it('resumes a dropped connection (the body errors): connection-closed', async () => {
    let calls = 0;
    const kit = setup([
      http.post(CHAT_URL, () => {
        calls++;
        return calls === 2 ? sseResponse(continuation('ld!')) : droppedConnectionResponse(cutText);
      }),
    ]);
    const parts = await readAll((await kit.gw('kimi-k2').doStream({ prompt })).stream);
    expect(texts(parts)).toBe('Hello, world!');
    const finish = parts.at(-1);
    expect(finish?.type === 'finish' && finish.providerMetadata?.unigate?.resumed).toEqual([
      { afterCharacters: 10, reason: 'connection-closed', requestId: 'c2' },
    ]);
  });

  it('a continuation that writes no text ends the open text block: the text was whole at the cut', async () => {
    const call = { index: 0, id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{}' } };
    for (const second of [
      [delta('c2', {}, 'stop'), usage('c2', 30, 0), DONE],
      [delta('c2', { role: 'assistant', tool_calls: [call] }), delta('c2', {}, 'tool_calls'), usage('c2', 30, 3), DONE],
    ]) {
      const kit = twoAnswers('deepseek-chat', cutText, second);
      const parts = await run(kit);
      expect(texts(parts)).toBe('Hello, wor');
      const types = parts.map(part => part.type).filter(type => type.startsWith('text-') || type.startsWith('tool-'));
      expect(types).toEqual([
        'text-start',
        'text-delta',
        'text-delta',
        'text-end',
        ...(second.length === 4 ? ['tool-input-start', 'tool-input-delta', 'tool-input-end', 'tool-call'] : []),
      ]);
      const ended = parts.find(part => part.type === 'text-end');
      expect(ended).toEqual({ type: 'text-end', id: parts.find(part => part.type === 'text-start')!.id });
    }
  });

  it('a tool call whose arguments were cut is asked for again (no prefill without text), and completed once', async () => {
    const call = (id: string | undefined, args: string, name?: string) => ({
      index: 0,
      ...(id && { id, type: 'function' }),
      function: { ...(name && { name }), arguments: args },
    });
    const first = [delta('c1', { role: 'assistant', tool_calls: [call('call_0', '{"ci', 'weather')] })];
    const second = [
      delta('c2', { role: 'assistant', tool_calls: [call('call_1', '', 'weather')] }),
      delta('c2', { tool_calls: [call(undefined, '{"city":"Oslo"}')] }),
      delta('c2', {}, 'tool_calls'),
      DONE,
    ];
    const kit = twoAnswers('deepseek-chat', first, second);
    const parts = await run(kit);
    expect(kit.requests[1].body).toEqual(kit.requests[0].body);
    // The re-asked call goes on under the cut call's id, with only the input the caller lacked.
    expect(parts.filter(part => part.type.startsWith('tool-'))).toEqual([
      { type: 'tool-input-start', id: 'call_0', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'call_0', delta: '{"ci' },
      { type: 'tool-input-delta', id: 'call_0', delta: 'ty":"Oslo"}' },
      { type: 'tool-input-end', id: 'call_0' },
      { type: 'tool-call', toolCallId: 'call_0', toolName: 'weather', input: '{"city":"Oslo"}' },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'tool-calls' } });
  });

  it('a re-asked tool call that fails again: no second start, no repeated input, and an error part', async () => {
    const call = (args: string, name?: string) => ({
      index: 0,
      ...(name && { id: 'call_1', type: 'function' }),
      function: { ...(name && { name }), arguments: args },
    });
    // The same deterministic answer each time (the emulator's), cut by a chunk that is not JSON.
    const answer = [
      delta('c1', { role: 'assistant', tool_calls: [call('', 'weather')] }),
      delta('c1', { tool_calls: [call('{"city":"Des')] }),
      'data: {"id":"c1","choices":[{"ind\n\n',
    ];
    const kit = twoAnswers('deepseek-chat', answer, answer);
    const parts = await run(kit);
    expect(kit.requests).toHaveLength(2);
    expect(parts.filter(part => part.type.startsWith('tool-'))).toEqual([
      { type: 'tool-input-start', id: 'call_1', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'call_1', delta: '{"city":"Des' },
      { type: 'tool-input-end', id: 'call_1' },
    ]);
    expect(parts.filter(part => part.type === 'error')).toHaveLength(1);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'error' } });
  });

  it('adds both requests to the cost, the first output counted at least as its UTF-8 bytes', async () => {
    const pricing = { 'deepseek-chat': { inputPerMillionTokens: 1, outputPerMillionTokens: 2 } };
    const first = [...cutText, usage('c1', 12, 2)];
    const parts = await run(twoAnswers('deepseek-chat', first, continuation('ld!'), { pricing }));
    const finish = parts.at(-1);
    // Input 12 + 30 at 1/M; output max(2, 10 bytes) + 3 at 2/M.
    expect(finish?.type === 'finish' && finish.usage.outputTokens.total).toBe(13);
    expect(finish?.type === 'finish' && finish.providerMetadata?.unigate?.cost).toEqual({
      input: 0.000042,
      output: 0.000026,
      total: 0.000068,
      unit: 'credits',
    });
  });

  it("prices a first request whose usage never came: its input counted as the continuation's", async () => {
    const pricing = { 'deepseek-chat': { inputPerMillionTokens: 1, outputPerMillionTokens: 2 } };
    const parts = await run(twoAnswers('deepseek-chat', cutText, continuation('ld!'), { pricing }));
    const finish = parts.at(-1);
    // Input 30 + 30 at 1/M; output 10 bytes + 3 at 2/M.
    expect(finish?.type === 'finish' && finish.providerMetadata?.unigate?.cost).toEqual({
      input: 0.00006,
      output: 0.000026,
      total: 0.000086,
      unit: 'credits',
    });
  });

  it('ends as a cut answer when the continuation is cut too and no resume is left', async () => {
    const kit = twoAnswers('deepseek-chat', cutText, [delta('c2', { content: 'l' })]);
    const parts = await run(kit);
    expect(kit.requests).toHaveLength(2);
    expect(texts(parts)).toBe('Hello, worl');
    expect(parts.filter(part => part.type === 'error').map(part => (part.error as Error).message)).toEqual([CUT_OFF]);
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      finishReason: { unified: cutOffReason('error') },
      providerMetadata: { unigate: { resumed: [{ afterCharacters: 10, reason: 'ended-early', requestId: 'c2' }] } },
    });
  });
});

describe('chat: what is not resumed', () => {
  const reasoning = [delta('c1', { reasoning_content: 'Think' }), ...cutText];
  it.each([
    ['a model whose upstream documents no continuation', 'gpt-4o-mini', cutText, {}, {}],
    ['resume off for the call', 'deepseek-chat', cutText, { providerOptions: { unigate: { resume: 'off' } } }, {}],
    ['resume off for the provider', 'deepseek-chat', cutText, {}, { resume: 'off' }],
    ['maxResumes 0', 'deepseek-chat', cutText, { providerOptions: { unigate: { maxResumes: 0 } } }, {}],
    ['n > 1', 'deepseek-chat', cutText, { providerOptions: { unigate: { n: 2 } } }, {}],
    ['a response format', 'deepseek-chat', cutText, { responseFormat: { type: 'json' as const } }, {}],
    ['reasoning arrived', 'deepseek-reasoner', reasoning, {}, {}],
  ])('%s: one request, the stream ends as a cut answer', async (_, modelId, first, options, settings) => {
    const kit = twoAnswers(modelId, first, continuation('ld!'), settings);
    const parts = await run(kit, options);
    expect(kit.requests).toHaveLength(1);
    expect(texts(parts)).toBe('Hello, wor');
    expect(parts.filter(part => part.type === 'error').map(part => (part.error as Error).message)).toEqual([CUT_OFF]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: cutOffReason('error') } });
  });

  it('a connection that drops after the finish_reason is not resumed: the answer was whole', async () => {
    const first = [...cutText, delta('c1', {}, 'stop'), 'data: {"id":"c1","choices":[{"ind\n\n'];
    const kit = twoAnswers('deepseek-chat', first, continuation('ld!'));
    const parts = await run(kit);
    expect(kit.requests).toHaveLength(1);
    expect(parts.find(part => part.type === 'error')).toBeDefined();
  });
});
