import { streamText } from 'ai';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigateProviderSettings, unigateFallback } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { CHAT_URL, DONE, deltaOf, usageOf } from '../chat/chat-fixtures';
import { MESSAGES_URL, messageStart, textDelta, textStart } from '../messages/messages-test-kit';
import { readAll, setup, sseResponse } from '../helpers/test-kit';
import { askWeather, streamedText } from './fallback-models';

// Chat members in a fallback chain's hand-over (docs/fallback.md#hand-over): a chat stream that fails after
// content is handed to the next member that takes a prefill, whether or not its own model resumes; a chat
// model whose upstream documents a continuation receives one, flagged its upstream's way.

const PROMPT = 'Tell me about the sea.';

/** A provider over the emulator that records each chat or messages body it sends. */
function chainGateway(settings: UnigateProviderSettings = {}) {
  const emulator = createUnigateEmulator();
  const bodies: Array<Record<string, any>> = [];
  const emulatorFetch = emulator.settings.fetch ?? fetch;
  const gw = createUnigate({
    ...emulator.settings,
    fetch: async (input, init) => {
      if (typeof init?.body === 'string' && /\/(messages|chat\/completions)$/.test(String(input))) {
        bodies.push(JSON.parse(init.body));
      }
      return emulatorFetch(input, init);
    },
    ...settings,
  });
  return { gw, bodies };
}

const streamed = (model: Parameters<typeof streamText>[0]['model'], marker: string, unigate = {}) =>
  streamedText(model, `${PROMPT} ${marker}`, unigate);

/** The whole answer the emulator gives the prompt, unbroken. */
async function wholeAnswer(gw: ReturnType<typeof createUnigate>) {
  return streamText({ model: gw('gpt-4o-mini'), prompt: PROMPT }).text;
}

const charactersOf = (segments: Array<{ characters: number }> | undefined) =>
  segments?.reduce((sum, segment) => sum + segment.characters, 0);

describe('chat members in a hand-over, over the emulator', () => {
  it.each(['close', 'end', 'overloaded', 'broken'])(
    'gpt-4o-mini (no continuation of its own) dropped by %s: deepseek-chat continues with prefix: true',
    async how => {
      const { gw, bodies } = chainGateway();
      const answer = await wholeAnswer(gw);
      bodies.length = 0;
      const model = gw.fallback([gw('gpt-4o-mini'), gw('deepseek-chat')]);
      const { result, types, text } = await streamed(model, `[[emulator:drop:3:${how}]]`);
      expect(text).toBe(answer);
      expect(types.filter(type => type === 'start')).toHaveLength(1);
      expect(types.filter(type => type === 'finish')).toHaveLength(1);
      expect(types).not.toContain('error');
      expect(bodies.map(body => body.model)).toEqual(['gpt-4o-mini', 'deepseek-chat']);
      const last = bodies[1]!.messages.at(-1);
      expect(last).toEqual({ role: 'assistant', content: last.content, prefix: true });
      expect(answer.startsWith(last.content)).toBe(true);
      expect(last.content).toBe(last.content.trimEnd());
      expect(bodies[1]!.messages.slice(0, -1)).toEqual(bodies[0]!.messages);
      const fallback = await unigateFallback(result);
      expect(fallback?.answeredBy).toBe('deepseek-chat');
      expect(fallback?.segments?.map(segment => segment.modelId)).toEqual(['gpt-4o-mini', 'deepseek-chat']);
      expect(charactersOf(fallback?.segments)).toBe(answer.length);
    },
  );

  it('deepseek-chat resumes itself first, then kimi-k2 continues with partial: true', async () => {
    const { gw, bodies } = chainGateway();
    const answer = await wholeAnswer(gw);
    bodies.length = 0;
    const model = gw.fallback([gw('deepseek-chat'), gw('kimi-k2')]);
    const { result, text } = await streamed(model, '[[emulator:drop:2:end]] [[emulator:drop:5:close]]');
    expect(text).toBe(answer);
    expect(bodies.map(body => body.model)).toEqual(['deepseek-chat', 'deepseek-chat', 'kimi-k2']);
    expect(bodies[1]!.messages.at(-1)).toMatchObject({ role: 'assistant', prefix: true });
    expect(bodies[2]!.messages.at(-1)).toMatchObject({ role: 'assistant', partial: true });
    expect(bodies[2]!.messages.at(-1).prefix).toBeUndefined();
    expect((await result.providerMetadata)?.unigate?.resumed).toMatchObject([
      { reason: 'ended-early' },
      { reason: 'connection-closed' },
    ]);
    expect(charactersOf((await unigateFallback(result))?.segments)).toBe(answer.length);
  });

  it('a messages member handed a chat stream continues it, then resumes it in the same assistant turn, nothing written twice', async () => {
    // The emulator words its messages answer apart from its chat one ('You said: "…".' against 'You said: …'):
    // a real model goes on from the words it is handed, and so does the emulator, from the prefill's last
    // words found in its answer. Before, haiku started its own answer over: 'You said: TellYou said: "Tell me…'.
    const { gw, bodies } = chainGateway();
    const { text } = await streamed(
      gw.fallback([gw('gpt-4o-mini'), gw.messages('claude-haiku-4-5')]),
      '[[emulator:drop:3:end]]',
    );
    expect(text).toBe('You said: Tell me about the sea.".');
    expect(bodies.map(body => body.model)).toEqual(['gpt-4o-mini', 'claude-haiku-4-5', 'claude-haiku-4-5']);
    expect(bodies[1]!.messages.at(-1)).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'You said: Tell' }],
    });
    // haiku's own resume extends the prefill it was handed: one final assistant turn.
    expect(bodies[2]!.messages.at(-1)).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'You said: Tell me' }],
    });
    expect(bodies[2]!.messages.slice(0, -1)).toEqual(bodies[1]!.messages.slice(0, -1));
  });

  it('a chat model without a documented continuation is not handed a prefill: the stream fails as before', async () => {
    const { gw, bodies } = chainGateway({ maxResumes: 0 });
    const answer = await wholeAnswer(gw);
    bodies.length = 0;
    const { result, text, errors } = await streamed(
      gw.fallback([gw('deepseek-chat'), gw('gpt-4o')]),
      '[[emulator:drop:3:overloaded]]',
    );
    expect(answer.startsWith(text)).toBe(true);
    expect(text.length).toBeLessThan(answer.length);
    expect(errors).toHaveLength(1);
    expect(bodies.map(body => body.model)).toEqual(['deepseek-chat']);
    expect((await unigateFallback(result))?.segments).toBeUndefined();
  });

  it('a tool call cut before any text is asked for again from the next chat member, with no assistant turn', async () => {
    const { gw, bodies } = chainGateway({ maxResumes: 0 });
    const whole = await askWeather(gw('gpt-4o'), 'Weather in Oslo').toolCalls;
    bodies.length = 0;
    const result = askWeather(
      gw.fallback([gw('gpt-4o-mini'), gw('gpt-4o')]),
      'Weather in Oslo [[emulator:drop:2:end]]',
    );
    const calls = await result.toolCalls;
    expect(calls.map(call => [call.toolName, call.input])).toEqual(whole.map(call => [call.toolName, call.input]));
    expect(bodies.map(body => body.model)).toEqual(['gpt-4o-mini', 'gpt-4o']);
    expect(bodies[1]!.messages).toEqual(bodies[0]!.messages);
  });
});

const delta = deltaOf;
const usage = usageOf;

/** gpt-4o cut after "Hello, wor", every other member answering `rest`; no resumes of their own. */
function cutThenContinued(rest: string[]) {
  return setup(
    [
      http.post(CHAT_URL, async ({ request }) => {
        const body = (await request.clone().json()) as { model: string };
        if (body.model === 'gpt-4o')
          return sseResponse([delta('c1', { role: 'assistant', content: 'Hello, ' }), delta('c1', { content: 'wor' })]);
        return sseResponse(rest);
      }),
    ],
    { maxResumes: 0 },
  );
}

describe('a chat hand-over on the wire (msw): exact bodies and parts', () => {
  it('gpt-4o cut after "Hello, wor": deepseek-chat gets the same body plus the flagged prefill', async () => {
    const { gw, requests } = cutThenContinued([
      delta('c2', { role: 'assistant', content: 'ld!' }),
      delta('c2', {}, 'stop'),
      usage('c2', 20, 2),
      DONE,
    ]);
    const model = gw.fallback([gw('gpt-4o'), gw('deepseek-chat')]);
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }];
    const parts = await readAll((await model.doStream({ prompt })).stream);
    expect(requests).toHaveLength(2);
    const first = requests[0]!.body as { model: string; messages: unknown[] };
    expect(first.model).toBe('gpt-4o');
    expect(requests[1]!.body).toEqual({
      ...first,
      model: 'deepseek-chat',
      messages: [...first.messages, { role: 'assistant', content: 'Hello, wor', prefix: true }],
    });
    expect(parts.filter(part => part.type === 'text-delta').map(part => part.delta)).toEqual(['Hello, ', 'wor', 'ld!']);
    expect(parts.filter(part => part.type === 'stream-start')).toHaveLength(1);
    const finish = parts.at(-1);
    expect(finish?.type).toBe('finish');
    const unigate = finish?.type === 'finish' ? finish.providerMetadata?.unigate : undefined;
    expect(unigate?.resumed).toEqual([{ afterCharacters: 10, reason: 'ended-early', requestId: 'c2' }]);
    expect(unigate?.fallback).toEqual({
      answeredBy: 'deepseek-chat',
      attempts: [],
      segments: [
        { modelId: 'gpt-4o', characters: 10 },
        { modelId: 'deepseek-chat', characters: 3 },
      ],
    });
  });

  it('a chat member handed a stream that then resumes it itself sends one prefill, not two assistant turns', async () => {
    const answers: Record<string, string[][]> = {
      'gpt-4o': [[delta('c1', { role: 'assistant', content: 'Hello, ' }), delta('c1', { content: 'wor' })]],
      'deepseek-chat': [
        [delta('c2', { role: 'assistant', content: 'ld' })],
        [delta('c3', { content: '!' }), delta('c3', {}, 'stop'), usage('c3', 20, 1), DONE],
      ],
    };
    const { gw, requests } = setup([
      http.post(CHAT_URL, async ({ request }) => {
        const body = (await request.clone().json()) as { model: string };
        return sseResponse(answers[body.model]!.shift()!);
      }),
    ]);
    const model = gw.fallback([gw('gpt-4o'), gw('deepseek-chat')]);
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }];
    const parts = await readAll((await model.doStream({ prompt })).stream);
    const text = parts.map(part => (part.type === 'text-delta' ? part.delta : '')).join('');
    expect(text).toBe('Hello, world!');
    const user = { role: 'user', content: 'Hi' };
    const messagesOf = (at: number) => (requests[at]!.body as { messages: unknown[] }).messages;
    expect(requests.map(request => (request.body as { model: string }).model)).toEqual([
      'gpt-4o',
      'deepseek-chat',
      'deepseek-chat',
    ]);
    expect(messagesOf(1)).toEqual([user, { role: 'assistant', content: 'Hello, wor', prefix: true }]);
    // deepseek's own resume extends the one flagged message it was handed.
    expect(messagesOf(2)).toEqual([user, { role: 'assistant', content: 'Hello, world', prefix: true }]);
  });

  it("the next member is given what is left of the caller's cap", async () => {
    const { gw, requests } = cutThenContinued([
      delta('c2', { content: 'ld' }),
      delta('c2', {}, 'length'),
      usage('c2', 20, 2),
      DONE,
    ]);
    const model = gw.fallback([gw('gpt-4o'), gw('deepseek-chat')]);
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }];
    await readAll((await model.doStream({ prompt, maxOutputTokens: 12 })).stream);
    // 12 less the 10 bytes gpt-4o wrote.
    expect(requests.map(request => (request.body as { max_tokens: number }).max_tokens)).toEqual([12, 2]);
  });

  it('a hand-over chain calls each member once: every member cut, the stream fails once, nothing hangs', async () => {
    const { gw, requests } = setup(
      [
        http.post(CHAT_URL, async ({ request }) => {
          const body = (await request.clone().json()) as { model: string };
          return sseResponse([delta(body.model, { role: 'assistant', content: `${body.model} ` })]);
        }),
      ],
      { maxResumes: 0 },
    );
    const members = ['gpt-4o', 'deepseek-chat', 'kimi-k2', 'deepseek-chat'];
    const model = gw.fallback(members.map(id => gw(id)));
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }];
    const parts = await readAll((await model.doStream({ prompt })).stream);
    expect(requests.map(request => (request.body as { model: string }).model)).toEqual(members);
    // The last member's body was cut too: the stream ends as a cut chat body does, with every member's text once.
    const text = parts.map(part => (part.type === 'text-delta' ? part.delta : '')).join('');
    expect(text).toBe('gpt-4o deepseek-chat kimi-k2 deepseek-chat ');
    expect(parts.filter(part => part.type === 'finish')).toHaveLength(1);
  });

  it('a messages member cut after "Hello, wor": mistral (prefix: true) gets the prompt and the flagged prefill', async () => {
    // The emulator words its chat and messages answers apart, so a hand-over across formats is checked here.
    const { gw, requests } = setup(
      [
        http.post(MESSAGES_URL, () => sseResponse([messageStart(), textStart(0), textDelta(0, 'Hello, wor')])),
        http.post(CHAT_URL, () =>
          sseResponse([
            delta('c2', { role: 'assistant', content: 'ld!' }),
            delta('c2', {}, 'stop'),
            usage('c2', 20, 2),
            DONE,
          ]),
        ),
      ],
      { maxResumes: 0 },
    );
    const model = gw.fallback([gw.messages('claude-a'), gw('mistral-large-2411')]);
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }];
    const parts = await readAll((await model.doStream({ prompt })).stream);
    expect(requests.map(request => request.url)).toEqual([MESSAGES_URL, CHAT_URL]);
    expect(requests[1]!.body).toEqual({
      model: 'mistral-large-2411',
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello, wor', prefix: true },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(parts.filter(part => part.type === 'text-delta').map(part => part.delta)).toEqual(['Hello, wor', 'ld!']);
    const finish = parts.at(-1);
    const unigate = finish?.type === 'finish' ? finish.providerMetadata?.unigate : undefined;
    expect(unigate?.fallback).toMatchObject({
      answeredBy: 'mistral-large-2411',
      segments: [
        { modelId: 'claude-a', characters: 10 },
        { modelId: 'mistral-large-2411', characters: 3 },
      ],
    });
  });
});
