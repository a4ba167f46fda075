import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { memoryBudgetStore } from '../../src/budget/budget-stores';
import { createUnigateEmulator } from '../../src/testing';

// What a failed or unpriced call is charged, line by line where a user's money depends on it.
// One credit per token: "Hello there" with maxOutputTokens 5 reserves the 69 bytes of its wire body's
// JSON without the model id ({"messages":[{"role":"user","content":"Hello there"}],"max_tokens":5}) + 5 = 74.
const PRICES = { 'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } };

function budgeted(gatewayFetch: (emulatorFetch: typeof fetch) => typeof fetch) {
  const emulator = createUnigateEmulator();
  const store = memoryBudgetStore();
  const gw = createUnigate({
    ...emulator.settings,
    fetch: gatewayFetch(emulator.settings.fetch ?? fetch),
    pricing: PRICES,
    budget: { maxCredits: 1_000, period: 'total', store },
  });
  const ask = (prompt = 'Hello there', abortSignal?: AbortSignal) =>
    generateText({ model: gw('gpt-4o-mini'), prompt, maxOutputTokens: 5, maxRetries: 0, abortSignal });
  const sent = () => emulator.requests.filter(entry => entry.path === '/v1/chat/completions').length;
  return { ask, store, sent };
}

describe('a generateText that fails without an HTTP status is charged its reservation', () => {
  it('aborted once its request was sent', async () => {
    const controller = new AbortController();
    const { ask, store, sent } = budgeted(emulatorFetch => async (input, init) => {
      await emulatorFetch(input, init);
      controller.abort(new Error('user gave up'));
      throw controller.signal.reason;
    });
    await expect(ask('Hello there', controller.signal)).rejects.toThrow('user gave up');
    expect(sent()).toBe(1);
    await expect.poll(() => store.spent('total::')).toBe(74);
  });

  it('a network failure', async () => {
    const { ask, store } = budgeted(() => async () => {
      throw new TypeError('fetch failed');
    });
    await expect(ask()).rejects.toThrow();
    await expect.poll(() => store.spent('total::')).toBe(74);
  });

  it('a broken body (HTTP 200, JSON cut in half)', async () => {
    const { ask, store, sent } = budgeted(emulatorFetch => emulatorFetch);
    // 22 more bytes of prompt: 91 + 5 = 96 reserved.
    await expect(ask('Hello there [[emulator:truncate]]')).rejects.toThrow();
    expect(sent()).toBe(1);
    await expect.poll(() => store.spent('total::')).toBe(96);
  });

  it('but nothing when the gateway refused it with an HTTP status (no model ran)', async () => {
    const { ask, store, sent } = budgeted(emulatorFetch => emulatorFetch);
    await expect(ask('Hello there [[emulator:status:500]]')).rejects.toThrow();
    expect(sent()).toBe(1);
    // The next admission waits for the settlement: afterwards the total is read settled.
    await ask();
    expect(await store.spent('total::')).toBe(7);
  });
});

describe('a completed call whose cost cannot be computed', () => {
  it('keeps its reservation (settle(undefined) never releases it)', async () => {
    const { ask, store } = budgeted(emulatorFetch => async (input, init) => {
      const response = await emulatorFetch(input, init);
      const { usage: _usage, ...body } = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    });
    const result = await ask();
    expect(result.text).toBe('You said: Hello there');
    expect(result.providerMetadata?.unigate?.cost).toBeUndefined();
    await ask();
    expect(await store.spent('total::')).toBe(148);
  });
});

describe('an aborted call', () => {
  it('stops waiting for a price still loading at its abort, not at priceWaitMs', async () => {
    const emulator = createUnigateEmulator();
    const emulatorFetch = emulator.settings.fetch ?? fetch;
    const controller = new AbortController();
    const gw = createUnigate({
      ...emulator.settings,
      pricing: 'catalog',
      priceWaitMs: 2_147_483_647,
      catalogTimeoutMs: 2_147_483_647,
      fetch: async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        // The catalog never answers; the answer's body, once read to its end, aborts the call.
        if (!url.endsWith('/chat/completions')) return new Promise<Response>(() => {});
        const response = await emulatorFetch(input, init);
        const text = await response.text();
        let pulls = 0;
        const body = new ReadableStream<Uint8Array>({
          pull(stream) {
            if (pulls++ === 0) return stream.enqueue(new TextEncoder().encode(text));
            stream.close();
            setTimeout(() => controller.abort(new Error('user gave up')), 0);
          },
        });
        return new Response(body, { status: response.status, headers: response.headers });
      },
    });
    // With the wait bounded by priceWaitMs alone, this call would hang for 24 days (the test times out).
    const result = await generateText({
      model: gw('gpt-4o-mini'),
      prompt: 'Hello there',
      maxRetries: 0,
      abortSignal: controller.signal,
    });
    expect(controller.signal.aborted).toBe(true);
    expect(result.text).toBe('You said: Hello there');
    expect(result.providerMetadata?.unigate?.cost).toBeUndefined();
  });
});
