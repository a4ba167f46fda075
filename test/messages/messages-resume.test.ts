import { InvalidArgumentError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { cutOffReason } from '../helpers/spec';
import { droppedConnectionResponse, readAll, sseResponse, thrown, wireFormat } from '../helpers/test-kit';
import {
  answeringWith,
  blockStop,
  call,
  jsonDelta,
  MESSAGES_URL,
  MODEL,
  messageDelta,
  messageStop,
  sse,
  startOf,
  textDelta,
  textStart,
  toolStart,
  userText,
} from './messages-test-kit';

// A messages stream that fails after content is resumed: the second request's exact body, and the one
// stream the caller sees. Exact bytes, so msw (docs/testing.md); the emulator's drops are in
// messages-resume-emulator.test.ts.

const start = startOf;

/** The first answer (cut as given), then the continuation, one per request. */
function twoAnswers(first: Array<string | Uint8Array>, second: string[], settings = {}) {
  let calls = 0;
  return answeringWith(() => {
    calls++;
    if (calls === 1) return sseResponse(first);
    return sseResponse(second);
  }, settings);
}

const continuation = (text: string, output = 3) => [
  start('msg_02', 30),
  textStart(0),
  textDelta(0, text),
  blockStop(0),
  messageDelta('end_turn', output),
  messageStop,
];

const cutText = [start('msg_01', 12), textStart(0), textDelta(0, 'Hello, '), textDelta(0, 'wor')];

function texts(parts: LanguageModelV3StreamPart[]) {
  return parts.flatMap(part => (part.type === 'text-delta' ? [part.delta] : []));
}

describe('messages: a stream that fails after content is resumed', () => {
  it('sends the text so far as a trailing assistant turn and goes on in the same text block, with one finish', async () => {
    const { model, requests } = twoAnswers(cutText, continuation('ld!'));
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    expect(requests).toHaveLength(2);
    const first = requests[0].body as { messages: unknown[]; max_tokens: number };
    // What is left of the cap: the 10 UTF-8 bytes received bound the cut request's output from above.
    expect(requests[1].body).toEqual({
      ...first,
      max_tokens: first.max_tokens - 10,
      messages: [...first.messages, { role: 'assistant', content: [{ type: 'text', text: 'Hello, wor' }] }],
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
    expect(parts.filter(part => part.type === 'text-delta' || part.type === 'text-end').map(part => part.id)).toEqual([
      '0',
      '0',
      '0',
      '0',
    ]);
    expect(texts(parts).join('')).toBe('Hello, world!');
    const finish = parts.at(-1);
    expect(finish).toEqual({
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'end_turn' },
      // The first request never sent its output count: bounded by the 10 bytes that arrived.
      usage: {
        inputTokens: { total: 42, noCache: 42, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 13, text: undefined, reasoning: undefined },
      },
      providerMetadata: {
        unigate: {
          stopSequence: null,
          resumed: [{ afterCharacters: 10, reason: 'ended-early', requestId: 'msg_02' }],
          warnings: [
            {
              type: 'other',
              message: 'the stream failed after content and was resumed: see providerMetadata.unigate.resumed',
            },
          ],
        },
      },
    });
  });

  it('trims the trailing whitespace from the prefill and drops it from the continuation when the model repeats it', async () => {
    const first = [start('msg_01', 12), textStart(0), textDelta(0, 'Hello \n')];
    const { model, requests } = twoAnswers(first, continuation(' \nworld'));
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    const body = requests[1].body as { messages: Array<{ role: string; content: unknown }> };
    expect(body.messages.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Hello' }] });
    expect(texts(parts).join('')).toBe('Hello \nworld');
  });

  it("drops the repeated whitespace from a new text block too, when the caller's text block had ended", async () => {
    // The text block ended before the cut tool call: the continuation writes its text in a block of its own.
    const first = [
      start('msg_01', 12),
      textStart(0),
      textDelta(0, 'Hello '),
      blockStop(0),
      toolStart(1, 'toolu_1', 'weather'),
      jsonDelta(1, '{"ci'),
    ];
    const second = [
      start('msg_02', 30),
      textStart(0),
      textDelta(0, ' then'),
      blockStop(0),
      toolStart(1, 'toolu_2', 'weather'),
      jsonDelta(1, '{"city":"Oslo"}'),
      blockStop(1),
      messageDelta('tool_use', 3),
      messageStop,
    ];
    const { model, requests } = twoAnswers(first, second);
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    const body = requests[1].body as { messages: Array<{ role: string; content: unknown }> };
    expect(body.messages.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Hello' }] });
    expect(texts(parts).join('')).toBe('Hello then');
    expect(parts.filter(part => part.type === 'tool-call')).toMatchObject([
      { toolCallId: 'toolu_1', input: '{"city":"Oslo"}' },
    ]);
  });

  it.each([
    ['error-event', [...cutText, sse({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })]],
    ['malformed-chunk', [...cutText, 'event: content_block_delta\ndata: {"type":"content_bl\n\n']],
  ])('names the reason: %s', async (reason, first) => {
    const { model } = twoAnswers(first, continuation('ld!'));
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    expect(texts(parts).join('')).toBe('Hello, world!');
    expect(parts.some(part => part.type === 'error')).toBe(false);
    const finish = parts.at(-1);
    expect(finish?.type === 'finish' && finish.providerMetadata?.unigate?.resumed).toEqual([
      { afterCharacters: 10, reason, requestId: 'msg_02' },
    ]);
  });

  it('resumes a dropped connection (the body errors): connection-closed', async () => {
    let calls = 0;
    const { model } = answeringWith(() => {
      calls++;
      return calls === 2 ? sseResponse(continuation('ld!')) : droppedConnectionResponse(cutText);
    });
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    expect(texts(parts).join('')).toBe('Hello, world!');
    const finish = parts.at(-1);
    expect(finish?.type === 'finish' && finish.providerMetadata?.unigate?.resumed).toEqual([
      { afterCharacters: 10, reason: 'connection-closed', requestId: 'msg_02' },
    ]);
  });

  it('asks again for a tool call whose input was cut, under its id, keeps a whole one, and sends neither twice', async () => {
    const first = [
      start('msg_01', 12),
      toolStart(0, 'toolu_a', 'weather'),
      jsonDelta(0, '{"city":"Oslo"}'),
      blockStop(0),
      toolStart(1, 'toolu_b', 'weather'),
      jsonDelta(1, '{"ci'),
    ];
    const second = [
      start('msg_02', 30),
      toolStart(0, 'toolu_c', 'weather'),
      jsonDelta(0, '{"city":"Oslo"}'),
      blockStop(0),
      toolStart(1, 'toolu_d', 'weather'),
      jsonDelta(1, '{"city":"Rome"}'),
      blockStop(1),
      messageDelta('tool_use', 20),
      messageStop,
    ];
    const { model, requests } = twoAnswers(first, second);
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    // Nothing of text arrived: the same request with an empty final assistant turn (the API allows the last
    // message to be empty), which marks it as the same answer's continuation.
    const sent = requests[0].body as { messages: unknown[]; max_tokens: number };
    // The cap less the 19 bytes of tool input received.
    expect(requests[1].body).toEqual({
      ...sent,
      max_tokens: sent.max_tokens - 19,
      messages: [...sent.messages, { role: 'assistant', content: [] }],
    });
    // The cut call's part completes: the re-asked call goes on under its id, with only the input it lacked.
    expect(parts.filter(part => part.type.startsWith('tool-'))).toEqual([
      { type: 'tool-input-start', id: 'toolu_a', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'toolu_a', delta: '{"city":"Oslo"}' },
      { type: 'tool-input-end', id: 'toolu_a' },
      { type: 'tool-call', toolCallId: 'toolu_a', toolName: 'weather', input: '{"city":"Oslo"}' },
      { type: 'tool-input-start', id: 'toolu_b', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'toolu_b', delta: '{"ci' },
      { type: 'tool-input-delta', id: 'toolu_b', delta: 'ty":"Rome"}' },
      { type: 'tool-input-end', id: 'toolu_b' },
      { type: 'tool-call', toolCallId: 'toolu_b', toolName: 'weather', input: '{"city":"Rome"}' },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' } });
  });

  it('a re-asked call whose input differs from the cut one sends no more deltas; a cut call not asked again is ended', async () => {
    const first = [
      start('msg_01', 12),
      toolStart(0, 'toolu_a', 'weather'),
      jsonDelta(0, '{"to'),
      toolStart(1, 'toolu_b', 'clock'),
      jsonDelta(1, '{"zo'),
    ];
    const second = [
      start('msg_02', 30),
      toolStart(0, 'toolu_c', 'weather'),
      jsonDelta(0, '{"city":'),
      jsonDelta(0, '"Rome"}'),
      blockStop(0),
      messageDelta('tool_use', 20),
      messageStop,
    ];
    const { model } = twoAnswers(first, second);
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    expect(parts.filter(part => part.type.startsWith('tool-') || part.type === 'finish').map(p => p.type)).toEqual([
      'tool-input-start',
      'tool-input-delta',
      'tool-input-start',
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
      'tool-input-end',
      'finish',
    ]);
    expect(parts.filter(part => part.type === 'tool-input-end')).toEqual([
      { type: 'tool-input-end', id: 'toolu_a' },
      { type: 'tool-input-end', id: 'toolu_b' },
    ]);
    expect(parts.find(part => part.type === 'tool-call')).toEqual({
      type: 'tool-call',
      toolCallId: 'toolu_a',
      toolName: 'weather',
      input: '{"city":"Rome"}',
    });
  });

  it('fails as before when the continuation fails too and no resume is left', async () => {
    const { model, requests } = twoAnswers(cutText, [start('msg_02', 30), textStart(0), textDelta(0, 'l')]);
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    expect(requests).toHaveLength(2);
    expect(texts(parts).join('')).toBe('Hello, worl');
    const error = parts.find(part => part.type === 'error');
    expect(error?.type === 'error' && String(error.error)).toContain('the body ended before message_stop');
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      finishReason: { unified: cutOffReason('error') },
      providerMetadata: { unigate: { resumed: [{ afterCharacters: 10, reason: 'ended-early', requestId: 'msg_02' }] } },
    });
  });

  it('adds both requests to the cost', async () => {
    const pricing = { [MODEL]: { inputPerMillionTokens: 3, outputPerMillionTokens: 15 } };
    const { model } = twoAnswers(cutText, continuation('ld!'), { pricing });
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    const finish = parts.at(-1);
    // 42 input tokens at 3/M, 13 output tokens at 15/M.
    expect(finish?.type === 'finish' && finish.providerMetadata?.unigate?.cost).toEqual({
      input: 0.000126,
      output: 0.000195,
      total: 0.000321,
      unit: 'credits',
    });
  });
});

describe('messages: what is not resumed', () => {
  it.each([
    ['resume off for the call', { providerOptions: { unigate: { resume: 'off' } } }, {}],
    ['resume off for the provider', {}, { resume: 'off' }],
    ['maxResumes 0', { providerOptions: { unigate: { maxResumes: 0 } } }, {}],
    ['thinking on', { providerOptions: { unigate: { thinking: { type: 'enabled', budgetTokens: 1024 } } } }, {}],
  ])('%s: one request, the failure as it was', async (_, options, settings) => {
    const { model, requests } = twoAnswers(cutText, continuation('ld!'), settings);
    const parts = await readAll((await model.doStream(call([userText('Hi')], options))).stream);
    expect(requests).toHaveLength(1);
    // The body ended before message_stop: V4 says `interrupted`.
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: cutOffReason('error') } });
    expect(parts.find(part => part.type === 'error')).toBeDefined();
  });

  it.each(['claude-opus-4-6', 'claude-sonnet-4-6', 'anthropic/claude-opus-4-7', 'claude-opus-5'])(
    '%s takes no prefill: one request, the failure as it was',
    async modelId => {
      let calls = 0;
      const kit = wireFormat(MESSAGES_URL, gw => gw.messages(modelId)).answeringWith(() => {
        calls++;
        return sseResponse(calls === 1 ? cutText : continuation('ld!'));
      });
      const parts = await readAll((await kit.model.doStream(call([userText('Hi')]))).stream);
      expect(kit.requests).toHaveLength(1);
      expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: cutOffReason('error') } });
    },
  );

  it('refuses a bad maxResumes before any request, naming the parameter, the limit and the value', async () => {
    const { model, requests } = twoAnswers(cutText, continuation('ld!'));
    const error = await model
      .doStream(call([userText('Hi')], { providerOptions: { unigate: { maxResumes: 1.5 } } }))
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(String((error as Error).message)).toContain('providerOptions.unigate.maxResumes');
    expect(String((error as Error).message)).toContain('1.5');
    expect(requests).toHaveLength(0);
    const created = thrown(() => createUnigate({ maxResumes: -1 }));
    expect(created.message).toContain('maxResumes');
    expect(created.message).toBe('Invalid argument maxResumes: the provider accepts an integer, 0 to 10; received -1.');
    // The upper limit: each resume resends the whole prompt.
    expect(thrown(() => createUnigate({ maxResumes: 200 })).message).toBe(
      'Invalid argument maxResumes: the provider accepts an integer, 0 to 10; received 200.',
    );
    const perCall = await model
      .doStream(call([userText('Hi')], { providerOptions: { unigate: { maxResumes: 11 } } }))
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect((perCall as Error).message).toBe(
      'Invalid argument providerOptions.unigate.maxResumes: the provider accepts an integer, 0 to 10; received 11.',
    );
    expect(requests).toHaveLength(0);
    // A setting of this package, not a limit of the gateway: the message says whose it is.
    expect(thrown(() => createUnigate({ resume: 'always' as 'auto' })).message).toBe(
      'Invalid argument resume: the provider accepts "auto", "off"; received "always".',
    );
  });
});
