import type { streamText } from 'ai';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigateChargeEvent, type UnigateProviderSettings, unigateFallback } from '../../src';
import { memoryBudgetStore } from '../../src/budget/budget-stores';
import { createUnigateEmulator } from '../../src/testing';
import { readAll, setup, sseResponse } from '../helpers/test-kit';
import {
  blockStop,
  call,
  MESSAGES_URL,
  messageDelta,
  messageStop,
  startOf,
  textDelta,
  textStart,
  userText,
} from '../messages/messages-test-kit';
import { askWeather, otherModel, streamedText } from './fallback-models';

// A chain member whose stream fails after content, its own resumes spent, is continued by the next member
// whose format allows a prefill (docs/fallback.md#hand-over): one stream, the whole answer once, and
// unigateFallback(result) says who wrote what. Over the emulator: its drop markers and its prefills.

const PROMPT = 'Tell me about the sea.';
const ANSWER = `You said: "${PROMPT}".`;
const TWO_DROPS = '[[emulator:drop:2:end]] [[emulator:drop:5:close]]';

/** A provider over the emulator that records each messages body it sends; `refuse` answers HTTP 500 for that model. */
function chainGateway(settings: UnigateProviderSettings = {}, refuse?: string) {
  const emulator = createUnigateEmulator();
  const bodies: Array<Record<string, any>> = [];
  const emulatorFetch = emulator.settings.fetch ?? fetch;
  const gw = createUnigate({
    ...emulator.settings,
    fetch: async (input, init) => {
      if (!String(input).endsWith('/messages') || typeof init?.body !== 'string') return emulatorFetch(input, init);
      const body = JSON.parse(init.body);
      bodies.push(body);
      if (body.model === refuse) {
        return new Response(JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'upstream down' } }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        });
      }
      return emulatorFetch(input, init);
    },
    ...settings,
  });
  return { gw, bodies };
}

const streamed = (model: Parameters<typeof streamText>[0]['model'], marker: string, unigate = {}) =>
  streamedText(model, `${PROMPT} ${marker}`, unigate);

/** The final assistant turn of a messages body: the prefill it continues. */
const prefillOf = (body: Record<string, any>) => {
  const last = body.messages.at(-1);
  return last.role === 'assistant' ? last.content : undefined;
};

describe('a fallback chain hands a failed stream over to its next member', () => {
  it('after its own resume fails too, the next member continues from the same prefill', async () => {
    const { gw, bodies } = chainGateway();
    const model = gw.fallback([gw.messages('claude-sonnet-4-5'), gw.messages('claude-haiku-4-5')]);
    const { result, types, text } = await streamed(model, TWO_DROPS);
    expect(text).toBe(ANSWER);
    expect(types.filter(type => type === 'start')).toHaveLength(1);
    expect(types.filter(type => type === 'finish')).toHaveLength(1);
    expect(types).not.toContain('error');
    // The first model, its own resume (cut again at the 5th delta), then the second model.
    expect(bodies.map(body => body.model)).toEqual(['claude-sonnet-4-5', 'claude-sonnet-4-5', 'claude-haiku-4-5']);
    expect(prefillOf(bodies[0]!)).toBeUndefined();
    expect(prefillOf(bodies[1]!)).toEqual([{ type: 'text', text: 'You said: "' }]);
    // The second model is sent the prompt plus everything the caller received, trailing space trimmed.
    expect(prefillOf(bodies[2]!)).toEqual([{ type: 'text', text: ANSWER.slice(0, 33).trimEnd() }]);
    expect(bodies[2]!.messages.slice(0, -1)).toEqual(bodies[0]!.messages);
    expect(await unigateFallback(result)).toEqual({
      answeredBy: 'claude-haiku-4-5',
      attempts: [],
      segments: [
        { modelId: 'claude-sonnet-4-5', characters: 33 },
        { modelId: 'claude-haiku-4-5', characters: ANSWER.length - 33 },
      ],
    });
    expect((await result.providerMetadata)?.unigate?.resumed).toMatchObject([
      { afterCharacters: 11, reason: 'ended-early' },
      { afterCharacters: 33, reason: 'connection-closed' },
    ]);
  });

  it('the next member resumes itself in the same assistant turn it was handed', async () => {
    const { gw, bodies } = chainGateway();
    const model = gw.fallback([gw.messages('claude-sonnet-4-5'), gw.messages('claude-haiku-4-5')]);
    const { types, text } = await streamed(
      model,
      '[[emulator:drop:2:end]] [[emulator:drop:4:close]] [[emulator:drop:5:end]]',
    );
    expect(text).toBe(ANSWER);
    expect(types).not.toContain('error');
    expect(bodies.map(body => body.model)).toEqual([
      'claude-sonnet-4-5',
      'claude-sonnet-4-5',
      'claude-haiku-4-5',
      'claude-haiku-4-5',
    ]);
    // Haiku's own resume sends one final assistant turn: the text it was handed and what it wrote since.
    const [handed, resumed] = [prefillOf(bodies[2]!), prefillOf(bodies[3]!)];
    expect(bodies[3]!.messages.slice(0, -1)).toEqual(bodies[0]!.messages);
    expect(resumed[0].text.startsWith(handed[0].text)).toBe(true);
    expect(resumed[0].text.length).toBeGreaterThan(handed[0].text.length);
  });

  it('maxResumes 0 hands over at the first failure; each way of failing', async () => {
    for (const how of ['close', 'end', 'overloaded', 'broken']) {
      const { gw, bodies } = chainGateway({ maxResumes: 0 });
      const model = gw.fallback([gw.messages('claude-sonnet-4-5'), gw.messages('claude-haiku-4-5')]);
      const { result, text } = await streamed(model, `[[emulator:drop:3:${how}]]`);
      expect(text).toBe(ANSWER);
      expect(bodies.map(body => body.model)).toEqual(['claude-sonnet-4-5', 'claude-haiku-4-5']);
      const segments = (await unigateFallback(result))?.segments;
      expect(segments?.map(segment => segment.modelId)).toEqual(['claude-sonnet-4-5', 'claude-haiku-4-5']);
      expect(segments?.reduce((sum, segment) => sum + segment.characters, 0)).toBe(ANSWER.length);
    }
  });

  it('a tool call cut before any text is asked for again from the next member, with no assistant turn', async () => {
    const { gw, bodies } = chainGateway({ maxResumes: 0 });
    const whole = await askWeather(gw.messages('claude-haiku-4-5'), 'Weather in Oslo').toolCalls;
    const model = gw.fallback([gw.messages('claude-sonnet-4-5'), gw.messages('claude-haiku-4-5')]);
    const result = askWeather(model, 'Weather in Oslo [[emulator:drop:2:end]]');
    const calls = await result.toolCalls;
    expect(calls.map(call => [call.toolName, call.input])).toEqual(whole.map(call => [call.toolName, call.input]));
    expect(calls).toHaveLength(1);
    expect(bodies.map(body => body.model)).toEqual(['claude-haiku-4-5', 'claude-sonnet-4-5', 'claude-haiku-4-5']);
    expect(bodies[2]!.messages).toEqual(bodies[1]!.messages);
    expect((await unigateFallback(result))?.segments).toEqual([
      { modelId: 'claude-sonnet-4-5', characters: 0 },
      { modelId: 'claude-haiku-4-5', characters: 0 },
    ]);
  });

  it('a Claude 4.6 member is passed over: it refuses any prefill', async () => {
    const { gw, bodies } = chainGateway({ maxResumes: 0 });
    const model = gw.fallback([
      gw.messages('claude-sonnet-4-5'),
      gw.messages('claude-sonnet-4-6'),
      gw.messages('claude-haiku-4-5'),
    ]);
    const { result, text } = await streamed(model, '[[emulator:drop:3:end]]');
    expect(text).toBe(ANSWER);
    expect(bodies.map(body => body.model)).toEqual(['claude-sonnet-4-5', 'claude-haiku-4-5']);
    expect((await unigateFallback(result))?.attempts).toEqual([]);
  });

  it('a member that fails before its stream opens is skipped, and named in attempts', async () => {
    const { gw, bodies } = chainGateway({ maxResumes: 0 }, 'claude-haiku-4-5');
    const model = gw.fallback([
      gw.messages('claude-sonnet-4-5'),
      gw.messages('claude-haiku-4-5'),
      gw.messages('claude-opus-4-1'),
    ]);
    const { result, text } = await streamed(model, '[[emulator:drop:3:end]]');
    expect(text).toBe(ANSWER);
    expect(bodies.map(body => body.model)).toEqual(['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1']);
    const fallback = await unigateFallback(result);
    expect(fallback?.answeredBy).toBe('claude-opus-4-1');
    expect(fallback?.attempts).toMatchObject([{ modelId: 'claude-haiku-4-5', kind: 'server' }]);
    expect(fallback?.segments?.map(segment => segment.modelId)).toEqual(['claude-sonnet-4-5', 'claude-opus-4-1']);
  });

  it("is not done with resume off, nor to another provider's member: the stream fails as before", async () => {
    const off = chainGateway();
    const offChain = off.gw.fallback([off.gw.messages('claude-sonnet-4-5'), off.gw.messages('claude-haiku-4-5')]);
    const stopped = await streamed(offChain, '[[emulator:drop:3:overloaded]]', { resume: 'off' });
    expect(stopped.text).toBe('You said: "Tell me');
    expect(String(stopped.errors[0])).toContain('Overloaded');
    expect(off.bodies).toHaveLength(1);

    const { gw, bodies } = chainGateway({ maxResumes: 0 });
    const other = otherModel('other-model');
    const mixed = gw.fallback([gw.messages('claude-sonnet-4-5'), other]);
    const { errors, text, result } = await streamed(mixed, '[[emulator:drop:3:overloaded]]');
    expect(text).toBe('You said: "Tell me');
    expect(String(errors[0])).toContain('Overloaded');
    expect(other.calls).toBe(0);
    expect(bodies).toHaveLength(1);
    expect((await unigateFallback(result))?.segments).toBeUndefined();
  });

  it('each member charges its own request; the caller sees the sum, the budget holds it', async () => {
    const store = memoryBudgetStore();
    const events: UnigateChargeEvent[] = [];
    const price = { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 };
    const { gw } = chainGateway({
      maxResumes: 0,
      pricing: { 'claude-sonnet-4-5': price, 'claude-haiku-4-5': { ...price, outputPerMillionTokens: 2_000_000 } },
      budget: { maxCredits: 1_000_000, period: 'total', store },
      onCharge: event => void events.push(event),
    });
    const model = gw.fallback([gw.messages('claude-sonnet-4-5'), gw.messages('claude-haiku-4-5')]);
    const { result, text } = await streamed(model, '[[emulator:drop:3:close]]');
    expect(text).toBe(ANSWER);
    const cost = (await result.providerMetadata)?.unigate?.cost as { total: number };
    await expect.poll(() => events.length).toBe(2);
    expect(events.map(event => [event.modelId, event.attempt, event.ended])).toEqual([
      ['claude-haiku-4-5', 2, 'completed'],
      ['claude-sonnet-4-5', 1, 'completed'],
    ]);
    const [second, first] = events as [UnigateChargeEvent, UnigateChargeEvent];
    expect(first.cost!.total + second.cost!.total).toBeCloseTo(cost.total, 9);
    expect(first.cost!.total).toBeGreaterThan(0);
    expect(second.cost!.total).toBeGreaterThan(0);
    await expect.poll(() => store.spent('total::')).toBeCloseTo(cost.total, 9);
  });
});

describe('a hand-over within the budget', () => {
  it('a next member the budget refuses is not sent: the stream fails with its original error', async () => {
    const store = memoryBudgetStore();
    const events: UnigateChargeEvent[] = [];
    const price = { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 };
    // Admitted while anything is left ('one-call'), the first request's reservation alone reaches the
    // limit: the next member's admission is refused.
    const { gw, bodies } = chainGateway({
      maxResumes: 0,
      pricing: { 'claude-sonnet-4-5': price, 'claude-haiku-4-5': price },
      budget: { maxCredits: 1, period: 'total', store, overshoot: 'one-call' },
      onCharge: event => void events.push(event),
    });
    const model = gw.fallback([gw.messages('claude-sonnet-4-5'), gw.messages('claude-haiku-4-5')]);
    const { errors, text, result } = await streamed(model, '[[emulator:drop:3:overloaded]]');
    expect(text).toBe('You said: "Tell me');
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('Overloaded');
    expect(bodies.map(body => body.model)).toEqual(['claude-sonnet-4-5']);
    expect((await unigateFallback(result))?.segments).toBeUndefined();
    await expect.poll(() => events.length).toBe(2);
    expect(events.map(event => [event.modelId, event.attempt, event.ended])).toEqual([
      ['claude-haiku-4-5', 2, 'refused'],
      ['claude-sonnet-4-5', 1, 'failed'],
    ]);
    await expect.poll(() => store.spent('total::')).toBe(events[1]!.cost!.total);
  });
});

describe('the hand-over on the wire (msw): exact bodies and parts', () => {
  const start = (id: string, model: string, input: number) => startOf(id, input, model);
  const PRICE = { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 };

  it('the next member gets the same prompt plus the prefill; the caller gets one stream and the summed usage', async () => {
    const { gw, requests } = setup(
      [
        http.post(MESSAGES_URL, async ({ request }) => {
          const body = (await request.clone().json()) as { model: string };
          if (body.model === 'claude-a')
            return sseResponse([start('msg_a', 'claude-a', 12), textStart(0), textDelta(0, 'Hello, wor')]);
          return sseResponse([
            start('msg_b', 'claude-b', 20),
            textStart(0),
            textDelta(0, 'ld!'),
            blockStop(0),
            messageDelta('end_turn', 2),
            messageStop,
          ]);
        }),
      ],
      { maxResumes: 0, pricing: { 'claude-a': PRICE, 'claude-b': PRICE } },
    );
    const model = gw.fallback([gw.messages('claude-a'), gw.messages('claude-b')]);
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    expect(requests).toHaveLength(2);
    const first = requests[0]!.body as { model: string; messages: unknown[] };
    expect(first.model).toBe('claude-a');
    expect(requests[1]!.body).toEqual({
      ...first,
      model: 'claude-b',
      messages: [...first.messages, { role: 'assistant', content: [{ type: 'text', text: 'Hello, wor' }] }],
    });
    expect(parts.map(part => part.type)).toEqual([
      'stream-start',
      'response-metadata',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      'finish',
    ]);
    expect(parts.filter(part => part.type === 'text-delta').map(part => [part.id, part.delta])).toEqual([
      ['0', 'Hello, wor'],
      ['0', 'ld!'],
    ]);
    const finish = parts.at(-1);
    expect(finish?.type === 'finish' && finish.usage).toEqual({
      // The first request's output never came: bounded by the 10 bytes that arrived.
      inputTokens: { total: 32, noCache: 32, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 12, text: undefined, reasoning: undefined },
    });
    const unigate = finish?.type === 'finish' ? finish.providerMetadata?.unigate : undefined;
    // One credit per token: 12 + 10 for the first model's request, 20 + 2 for the second's.
    expect(unigate?.cost).toMatchObject({ input: 32, output: 12, total: 44 });
    expect(unigate?.resumed).toEqual([{ afterCharacters: 10, reason: 'ended-early', requestId: 'msg_b' }]);
    expect(unigate?.fallback).toEqual({
      answeredBy: 'claude-b',
      attempts: [],
      segments: [
        { modelId: 'claude-a', characters: 10 },
        { modelId: 'claude-b', characters: 3 },
      ],
    });
  });
});
