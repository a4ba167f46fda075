import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { CHAT_URL, DONE, deltaOf, prompt, usageOf } from '../chat/chat-fixtures';
import { droppedConnectionResponse, readAll, setup, sseResponse } from '../helpers/test-kit';
import {
  answeringWith,
  blockStop,
  call,
  MODEL,
  messageDelta,
  messageStop,
  startOf,
  textDelta,
  textStart,
  userText,
} from '../messages/messages-test-kit';

// The rules src/resume/stream-resume.ts applies to both formats (docs/resume.md): a whole answer is never
// resumed, a continuation gets what is left of the caller's cap, and a request that added nothing is not
// resumed again. Exact bytes, so msw.

const PRICES = { [MODEL]: { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } };

const start = startOf;

/** A messages model whose n-th request (1-based) is answered by `answers[n - 1]` (the last one after). */
function messagesAnswers(answers: Array<() => Response>, settings = {}) {
  let calls = 0;
  return answeringWith(() => answers[Math.min(calls++, answers.length - 1)]!(), settings);
}

const texts = (parts: LanguageModelV3StreamPart[]) =>
  parts.flatMap(part => (part.type === 'text-delta' ? [part.delta] : [])).join('');
const maxTokensOf = (body: unknown) => (body as { max_tokens: number }).max_tokens;

describe('a finished answer is never resumed', () => {
  it('messages: a drop after message_delta (stop reason and usage in) ends the stream with that reason and usage, no continuation', async () => {
    const whole = [
      start('msg_01', 12),
      textStart(0),
      textDelta(0, 'Hello there.'),
      blockStop(0),
      messageDelta('max_tokens', 12),
    ];
    const { model, requests } = messagesAnswers([() => droppedConnectionResponse(whole)], { pricing: PRICES });
    const parts = await readAll((await model.doStream(call([userText('Hi')], { maxOutputTokens: 12 }))).stream);
    expect(requests).toHaveLength(1);
    expect(parts.some(part => part.type === 'error')).toBe(false);
    expect(texts(parts)).toBe('Hello there.');
    const finish = parts.at(-1);
    expect(finish).toMatchObject({
      type: 'finish',
      finishReason: { unified: 'length', raw: 'max_tokens' },
      usage: { inputTokens: { total: 12 }, outputTokens: { total: 12 } },
    });
    // One request's cost (12 in + 12 out at one credit a token), no `resumed`.
    expect(finish?.type === 'finish' && finish.providerMetadata?.unigate).toMatchObject({ cost: { total: 24 } });
    expect(finish?.type === 'finish' && finish.providerMetadata?.unigate?.resumed).toBeUndefined();
  });

  it('chat: a drop after the finish_reason and the usage chunk ends the stream cleanly, no continuation', async () => {
    const whole = [
      deltaOf('c1', { role: 'assistant', content: 'Hello.' }),
      deltaOf('c1', {}, 'stop'),
      usageOf('c1', 9, 2),
    ];
    const { gw, requests } = setup([http.post(CHAT_URL, () => droppedConnectionResponse(whole))]);
    const parts = await readAll((await gw('deepseek-chat').doStream({ prompt })).stream);
    expect(requests).toHaveLength(1);
    expect(parts.some(part => part.type === 'error')).toBe(false);
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 9 }, outputTokens: { total: 2 } },
    });
  });
});

describe("a continuation gets what is left of the caller's cap", () => {
  it('messages: max_tokens is the cap less what was written; a second resume takes its share off too', async () => {
    const { model, requests } = messagesAnswers(
      [
        () => sseResponse([start('msg_01', 12), textStart(0), textDelta(0, 'Hello, '), textDelta(0, 'wor')]),
        () => sseResponse([start('msg_02', 20), textStart(0), textDelta(0, 'ld')]),
        () =>
          sseResponse([
            start('msg_03', 22),
            textStart(0),
            textDelta(0, '!'),
            blockStop(0),
            messageDelta('end_turn', 1),
            messageStop,
          ]),
      ],
      { maxResumes: 2 },
    );
    const parts = await readAll((await model.doStream(call([userText('Hi')], { maxOutputTokens: 40 }))).stream);
    expect(texts(parts)).toBe('Hello, world!');
    // 10 bytes received bound the first request's output, then 2 more.
    expect(requests.map(request => maxTokensOf(request.body))).toEqual([40, 30, 28]);
  });

  it('messages: with nothing left, the stream ends `length` with the text it has, and no continuation is sent', async () => {
    const { model, requests } = messagesAnswers([
      () => sseResponse([start('msg_01', 12), textStart(0), textDelta(0, 'Hello, world')]),
    ]);
    const parts = await readAll((await model.doStream(call([userText('Hi')], { maxOutputTokens: 12 }))).stream);
    expect(requests).toHaveLength(1);
    expect(parts.slice(-2)).toMatchObject([
      { type: 'text-end', id: '0' },
      { type: 'finish', finishReason: { unified: 'length' }, usage: { outputTokens: { total: 12 } } },
    ]);
    expect(parts.some(part => part.type === 'error')).toBe(false);
    expect(texts(parts)).toBe('Hello, world');
  });

  it('chat: the continuation carries the cap less the bytes received', async () => {
    let calls = 0;
    const { gw, requests } = setup([
      http.post(CHAT_URL, () =>
        sseResponse(
          calls++ === 0
            ? [deltaOf('c1', { role: 'assistant', content: 'Hello, ' }), deltaOf('c1', { content: 'wor' })]
            : [deltaOf('c2', { content: 'ld!' }), deltaOf('c2', {}, 'stop'), usageOf('c2', 30, 3), DONE],
        ),
      ),
    ]);
    const parts = await readAll((await gw('deepseek-chat').doStream({ prompt, maxOutputTokens: 12 })).stream);
    expect(texts(parts)).toBe('Hello, world!');
    expect(requests.map(request => maxTokensOf(request.body))).toEqual([12, 2]);
  });
});

describe('a continuation that adds nothing ends the resumes', () => {
  it('messages: with maxResumes 10, a continuation cut before any content is not resumed again', async () => {
    const { model, requests } = messagesAnswers(
      [
        () => sseResponse([start('msg_01', 12), textStart(0), textDelta(0, 'Hello')]),
        () => sseResponse([start('msg_02', 20)]),
      ],
      { maxResumes: 10 },
    );
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    // Before: 11 requests, each continuation resumed again at once.
    expect(requests).toHaveLength(2);
    expect(texts(parts)).toBe('Hello');
    expect(parts.filter(part => part.type === 'error')).toHaveLength(1);
    expect(parts.at(-1)).toMatchObject({ type: 'finish' });
  });
});
