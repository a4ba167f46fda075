import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embed, generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigateChargeEvent } from '../../src';
import { addCredits, memoryBudgetStore } from '../../src/budget/budget-stores';
import { createUnigateEmulator, type UnigateEmulatorOptions } from '../../src/testing';
import { imageCallOptions } from '../helpers/call-options';

// Every ending of a call is one charge (docs/budgets.md#every-ending-is-charged): for each way a stream or a
// one-response call ends, with the budget on and off, exactly one onCharge event says how it ended, and
// with a budget the store holds exactly the events' sum (no reservation left standing unsettled).
// One credit per token, so the figures read as token counts.
const PRICES = {
  'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 },
  'claude-sonnet-4-5': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 },
  'text-embedding-3-large': { inputPerMillionTokens: 1_000_000 },
  'dall-e-3': { perImage: 40 },
  'tts-1': { perMillionCharacters: 1_000_000 },
};
const LIMIT = 1_000_000;

/** A provider over the emulator reporting into `events`; with `budget`, a memory store of LIMIT credits. */
function ledger(budget: boolean, options?: UnigateEmulatorOptions, abortAtRequest?: AbortController) {
  const emulator = createUnigateEmulator(options);
  const events: UnigateChargeEvent[] = [];
  const store = memoryBudgetStore();
  const emulatorFetch = emulator.fetch;
  // Aborts the call once its request reached the gateway, before a byte of the answer.
  const gatewayFetch: typeof fetch = async (input, init) => {
    if (abortAtRequest !== undefined && !String(input).endsWith('/models')) abortAtRequest.abort();
    return emulatorFetch(input, init);
  };
  const gw = createUnigate({
    ...emulator.settings,
    fetch: gatewayFetch,
    pricing: PRICES,
    // One part per delta, so "the k-th delta" is the upstream's.
    mergeStreamDeltas: false,
    onCharge: event => void events.push(event),
    ...(budget && { budget: { maxCredits: LIMIT, period: 'total' as const, store } }),
  });
  /** Waits for the calls' events, then checks the store holds their sum; returns the events. */
  const settled = async (count: number) => {
    await expect.poll(() => events.length).toBe(count);
    const sum = events.reduce((total, event) => addCredits(total, event.cost?.total ?? 0), 0);
    if (budget) await expect.poll(() => store.spent('total::')).toBe(sum);
    return events;
  };
  return { gw, events, store, settled, emulator };
}

const NO_RESUME = { unigate: { resume: 'off' as const } };

/** Reads `streamText`'s full stream to its end, aborting `controller` (with `reason`) at the `k`-th text delta. */
async function readAborting(
  result: ReturnType<typeof streamText>,
  controller: AbortController,
  k: number,
  reason?: unknown,
) {
  const types: string[] = [];
  let deltas = 0;
  for await (const part of result.fullStream) {
    types.push(part.type);
    if (part.type === 'text-delta' && ++deltas === k) controller.abort(reason);
  }
  return types;
}

describe('what the caller of an aborted stream sees', () => {
  it.each([
    [1, "the signal's own AbortError", undefined],
    [2, "the signal's own AbortError", undefined],
    [1, 'a reason of the caller', new Error('the user gave up')],
    [2, 'a reason of the caller', new Error('the user gave up')],
  ])(
    "at delta %i, with %s: what @ai-sdk/openai-compatible's caller sees: the parts so far, then `abort`; onAbort once",
    async (k, _, reason) => {
      const emulator = createUnigateEmulator();
      const compat = createOpenAICompatible({
        name: 'compat',
        baseURL: emulator.settings.baseURL,
        apiKey: emulator.settings.apiKey,
        fetch: emulator.fetch,
      });
      const gw = createUnigate({ ...emulator.settings, mergeStreamDeltas: false });
      const seen: Array<{ types: string[]; calls: string[] }> = [];
      for (const model of [compat.chatModel('gpt-4o-mini'), gw.chat('gpt-4o-mini')]) {
        const controller = new AbortController();
        const calls: string[] = [];
        const result = streamText({
          model,
          prompt: 'Hello there my dear old friend',
          abortSignal: controller.signal,
          maxRetries: 0,
          onAbort: () => void calls.push('onAbort'),
          onError: () => void calls.push('onError'),
          onFinish: () => void calls.push('onFinish'),
        });
        const types = await readAborting(result, controller, k, reason);
        seen.push({ types: types.filter(type => type !== 'raw'), calls });
      }
      // Both providers alike: the parts so far, then `abort` (ai@7 may hand on one more delta it had read
      // before it noticed the abort), no error part, onAbort once.
      for (const { types, calls } of seen) {
        expect(types.slice(0, 3 + k)).toEqual(['start', 'start-step', 'text-start', ...Array(k).fill('text-delta')]);
        expect(types.slice(3 + k).filter(type => type !== 'text-delta')).toEqual(['abort']);
        expect(calls).toEqual(['onAbort']);
      }
    },
  );
});

for (const budget of [false, true]) {
  const label = budget ? 'with a budget' : 'without a budget';

  describe(`every ending of a stream is one charge, ${label}`, () => {
    for (const [format, modelId] of [
      ['chat', 'gpt-4o-mini'],
      ['messages', 'claude-sonnet-4-5'],
    ] as const) {
      it(`${format}: completed, in-stream error, drop, HTTP 400 and 500: one event each, the right ending`, async () => {
        const { gw, settled } = ledger(budget);
        const model = gw[format](modelId);
        const run = (prompt: string) =>
          streamText({ model, prompt, maxRetries: 0, providerOptions: NO_RESUME, onError: () => {} }).consumeStream({
            onError: () => undefined,
          });
        await run('Hello there');
        await run('Hello there [[emulator:stream-error]]');
        await run('Hello there my friend [[emulator:drop:2:close]]');
        await run('Hello [[emulator:status:400]]');
        await run('Hello [[emulator:status:500]]');
        const events = await settled(5);
        expect(events.map(event => [event.ended, event.exact])).toEqual([
          ['completed', true],
          ['failed', false],
          ['failed', false],
          ['http-error', true],
          ['http-error', true],
        ]);
        expect(events.slice(3).map(event => event.cost?.total)).toEqual([0, 0]);
        expect(events[0]!.requestId).toEqual(expect.any(String));
        if (budget) expect(events.every(event => event.cost !== undefined)).toBe(true);
      });

      it(`${format}: aborted at the 2nd delta: one aborted event, charged, and the caller sees an abort part`, async () => {
        const { gw, settled } = ledger(budget);
        const controller = new AbortController();
        let aborts = 0;
        const errors: unknown[] = [];
        const result = streamText({
          model: gw[format](modelId),
          prompt: 'Hello there my dear old friend',
          abortSignal: controller.signal,
          maxRetries: 0,
          onAbort: () => void aborts++,
          onError: ({ error }) => void errors.push(error),
        });
        const types = await readAborting(result, controller, 2);
        expect(types.at(-1)).toBe('abort');
        expect(types).not.toContain('error');
        expect(aborts).toBe(1);
        expect(errors).toEqual([]);
        const [event] = await settled(1);
        expect(event).toMatchObject({ ended: 'aborted', exact: false, attempt: 1 });
        // With a budget, the reservation (larger than the usage so far) is the charge; without, what was reported.
        if (budget) expect(event!.cost!.total).toBeGreaterThan(0);
      });

      it(`${format}: aborted before the first byte, and cancelled by its reader: one aborted event each`, async () => {
        const controller = new AbortController();
        const before = ledger(budget, undefined, controller);
        const result = streamText({
          model: before.gw[format](modelId),
          prompt: 'Hello there',
          abortSignal: controller.signal,
          maxRetries: 0,
        });
        const types: string[] = [];
        for await (const part of result.fullStream) types.push(part.type);
        expect(types).toEqual(['start', 'abort']);
        expect((await before.settled(1))[0]).toMatchObject({ ended: 'aborted', exact: false });

        const paced = ledger(budget, { streamDelayMs: 1 });
        const { stream } = await paced.gw[format](modelId).doStream({
          prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello there my friend' }] }],
        });
        const reader = stream.getReader();
        while ((await reader.read()).value?.type !== 'text-delta');
        await reader.cancel();
        expect((await paced.settled(1))[0]).toMatchObject({ ended: 'aborted', exact: false });
      });
    }

    it('aborted during the resume of a dropped stream: one aborted event for both requests', async () => {
      const { gw, settled, emulator } = ledger(budget);
      const controller = new AbortController();
      const result = streamText({
        model: gw.messages('claude-sonnet-4-5'),
        prompt: 'Hello there my dear old friend [[emulator:drop:2:close]]',
        abortSignal: controller.signal,
        maxRetries: 0,
      });
      const types = await readAborting(result, controller, 4);
      expect(types.at(-1)).toBe('abort');
      expect(emulator.requests.filter(request => request.path.endsWith('/messages'))).toHaveLength(2);
      expect((await settled(1))[0]).toMatchObject({ ended: 'aborted', exact: false });
    });

    if (budget) {
      it('refused by the budget: one refused event of 0 credits, nothing sent', async () => {
        const { gw, events, store, emulator } = ledger(budget);
        await store.add('total::', LIMIT);
        const errors: unknown[] = [];
        await streamText({
          model: gw.chat('gpt-4o-mini'),
          prompt: 'Hi',
          maxRetries: 0,
          onError: ({ error }) => void errors.push(error),
        }).consumeStream();
        expect(errors).toEqual([expect.objectContaining({ data: expect.objectContaining({ kind: 'budget' }) })]);
        await expect.poll(() => events.length).toBe(1);
        expect(events[0]).toMatchObject({ ended: 'refused', exact: true, cost: { total: 0 } });
        expect(await store.spent('total::')).toBe(LIMIT);
        expect(emulator.requests.filter(request => request.path.endsWith('/completions'))).toEqual([]);
      });
    }
  });

  describe(`every ending of a one-response call is one charge, ${label}`, () => {
    it('generate, embed, image and speech: completed, HTTP error and aborted', async () => {
      const { gw, settled } = ledger(budget);
      await generateText({ model: gw.chat('gpt-4o-mini'), prompt: 'Hello there', maxRetries: 0 });
      await expect(
        generateText({ model: gw.messages('claude-sonnet-4-5'), prompt: 'Hi [[emulator:status:500]]', maxRetries: 0 }),
      ).rejects.toThrow();
      await embed({ model: gw.embedding('text-embedding-3-large'), value: 'the cat sat', maxRetries: 0 });
      await gw.image('dall-e-3').doGenerate(imageCallOptions());
      await gw.speech('tts-1').doGenerate({ text: 'Hello', providerOptions: {} });
      const events = await settled(5);
      expect(events.map(event => [event.kind, event.ended, event.exact])).toEqual([
        ['language', 'completed', true],
        ['language', 'http-error', true],
        ['embedding', 'completed', true],
        ['image', 'completed', true],
        ['speech', 'completed', true],
      ]);
    });

    it('aborted once the request reached the gateway: generate, embed, image and speech, one aborted event each', async () => {
      const calls = [
        (gw: ReturnType<typeof createUnigate>, signal: AbortSignal) =>
          generateText({ model: gw.chat('gpt-4o-mini'), prompt: 'Hello there', abortSignal: signal, maxRetries: 0 }),
        (gw: ReturnType<typeof createUnigate>, signal: AbortSignal) =>
          embed({ model: gw.embedding('text-embedding-3-large'), value: 'the cat sat', abortSignal: signal }),
        (gw: ReturnType<typeof createUnigate>, signal: AbortSignal) =>
          gw.image('dall-e-3').doGenerate({ ...imageCallOptions(), abortSignal: signal }),
        (gw: ReturnType<typeof createUnigate>, signal: AbortSignal) =>
          gw.speech('tts-1').doGenerate({ text: 'Hello', providerOptions: {}, abortSignal: signal }),
      ];
      for (const call of calls) {
        const controller = new AbortController();
        const { gw, settled } = ledger(budget, undefined, controller);
        await expect(call(gw, controller.signal)).rejects.toThrow();
        const [event] = await settled(1);
        expect(event).toMatchObject({ ended: 'aborted', exact: false });
        // With a budget, the reservation stands as the charge: the upstream may have run.
        expect(event!.cost === undefined).toBe(!budget);
      }
    });
  });
}
