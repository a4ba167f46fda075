import { APICallError } from '@ai-sdk/provider';
import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigateBudget, type UnigateBudgetStore } from '../../src';
import { memoryBudgetStore } from '../../src/budget/budget-stores';
import { createUnigateEmulator } from '../../src/testing';

// Budgets under the states users are in: many calls at once, calls aborted midway, streams that fail.
// One credit per token. "Hello there" is 2 input and 5 output tokens on the emulator: 7 credits a call. With
// maxOutputTokens 5 a call reserves its wire body's bytes (the model id left out) as input and 5 output tokens: 69 + 5 = 74 credits.
const PRICE = { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 };
const PRICES = { 'gpt-4o-mini': PRICE, 'claude-3-5-haiku': PRICE };
/** What a gpt-4o-mini call reserves: every byte of the body it sends but the model id, and its max_tokens. */
const chatReservation = (prompt: string) =>
  JSON.stringify({ messages: [{ role: 'user', content: prompt }], max_tokens: 5 }).length + 5;
const RESERVED = chatReservation('Hello there');
const LIMIT = 3 * RESERVED;
const COST = 7;

/** An atomic store that records every reservation: the total it met, and whether it was admitted. */
function watchedStore() {
  const buckets = new Map<string, number>();
  const reservations: Array<{ before: number; admitted: boolean }> = [];
  const inner = memoryBudgetStore();
  const store: UnigateBudgetStore = {
    spent: async bucket => buckets.get(bucket) ?? 0,
    add: async (bucket, credits) => {
      const total = (await inner.add(bucket, credits)) ?? 0;
      buckets.set(bucket, total);
      return total;
    },
    reserve: async (bucket, credits, limit) => {
      // Read, decide and record in one synchronous step, as the memory store does.
      const before = buckets.get(bucket) ?? 0;
      const admitted = before < limit;
      reservations.push({ before, admitted });
      if (!admitted) return undefined;
      buckets.set(bucket, before + credits);
      void inner.add(bucket, credits);
      return before + credits;
    },
  };
  return { store, reservations };
}

function budgeted(budget: Partial<UnigateBudget>, emulatorOptions: Parameters<typeof createUnigateEmulator>[0] = {}) {
  const emulator = createUnigateEmulator(emulatorOptions);
  const { store, reservations } = watchedStore();
  const gw = createUnigate({
    ...emulator.settings,
    pricing: PRICES,
    budget: { maxCredits: LIMIT, period: 'total', store, ...budget },
  });
  const sent = () =>
    emulator.requests.filter(entry => entry.path === '/v1/chat/completions' || entry.path.endsWith('/messages')).length;
  return { gw, store, reservations, sent };
}

const isBudgetRefusal = (reason: unknown) =>
  APICallError.isInstance(reason) && (reason.data as { kind?: string } | undefined)?.kind === 'budget';

/** The bounds every test checks: spend within the limit plus one call, no call refused below the limit. */
async function expectBounds(setup: ReturnType<typeof budgeted>, maxCredits: number) {
  const spent = await setup.store.spent('total::');
  expect(spent).toBeLessThanOrEqual(maxCredits + RESERVED);
  for (const { before, admitted } of setup.reservations) expect(admitted).toBe(before < maxCredits);
  return spent;
}

describe('budgets that hold', () => {
  it('40 concurrent generateText calls against a limit of about 3 calls: 3 sent, spend 21 of 222', async () => {
    const setup = budgeted({});
    const calls = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        generateText({ model: setup.gw('gpt-4o-mini'), prompt: 'Hello there', maxOutputTokens: 5, maxRetries: 0 }),
      ),
    );
    expect(calls.filter(call => call.status === 'fulfilled')).toHaveLength(3);
    expect(calls.filter(call => call.status === 'rejected' && isBudgetRefusal(call.reason))).toHaveLength(37);
    expect(setup.sent()).toBe(3);
    await expect.poll(() => setup.store.spent('total::')).toBe(3 * COST);
    await expectBounds(setup, LIMIT);
  });

  it('40 concurrent streams against a limit of about 3 calls: 3 sent, each settled at its finish', async () => {
    const setup = budgeted({});
    const streams = Array.from({ length: 40 }, () =>
      streamText({ model: setup.gw('gpt-4o-mini'), prompt: 'Hello there', maxOutputTokens: 5, maxRetries: 0 }),
    );
    const texts = await Promise.allSettled(streams.map(stream => stream.text));
    expect(texts.filter(text => text.status === 'fulfilled')).toHaveLength(3);
    expect(texts.filter(text => text.status === 'rejected')).toHaveLength(37);
    expect(setup.sent()).toBe(3);
    await expect.poll(() => setup.store.spent('total::')).toBe(3 * COST);
    await expectBounds(setup, LIMIT);
  });

  it('20 streams aborted after their first delta keep their reservations: 2 sent against a 2-call budget', async () => {
    const prompt = 'Hello there, tell me a long story';
    // 91 bytes of body and 5 output tokens: 96 credits a stream, so a limit of 192 admits two.
    const reserved = chatReservation(prompt);
    const setup = budgeted({ maxCredits: 2 * reserved }, { streamDelayMs: 20 });
    let deltas = 0;
    for (let stream = 0; stream < 20; stream++) {
      const controller = new AbortController();
      const result = streamText({
        model: setup.gw('gpt-4o-mini'),
        prompt,
        maxOutputTokens: 5,
        maxRetries: 0,
        abortSignal: controller.signal,
      });
      try {
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') {
            deltas++;
            controller.abort(new Error('the user closed the tab'));
          }
          if (part.type === 'error' && isBudgetRefusal(part.error)) break;
        }
      } catch {
        // The abort ends the stream with its reason.
      }
    }
    expect(deltas).toBe(2);
    expect(setup.sent()).toBe(2);
    // Never 0: an aborted stream's output is unknown, so it is charged what it reserved.
    expect(await setup.store.spent('total::')).toBe(2 * reserved);
    expect(setup.reservations.filter(entry => entry.admitted)).toHaveLength(2);
    expect(setup.reservations).toHaveLength(20);
    for (const { before, admitted } of setup.reservations) expect(admitted).toBe(before < 2 * reserved);
  });

  it('a messages stream that reports usage, then fails, is charged the larger of its reservation and that usage', async () => {
    const setup = budgeted({ maxCredits: 1_000 });
    const result = streamText({
      model: setup.gw.messages('claude-3-5-haiku'),
      prompt: 'Hello there [[emulator:stream-error]]',
      maxOutputTokens: 5,
      maxRetries: 0,
      // One request: a resume's continuation reserves too (budget-resume.test.ts).
      providerOptions: { unigate: { resume: 'off' } },
    });
    const parts: string[] = [];
    let reported = 0;
    for await (const part of result.fullStream) {
      parts.push(part.type);
      if (part.type === 'finish') reported = (part.totalUsage.inputTokens ?? 0) + (part.totalUsage.outputTokens ?? 0);
    }
    expect(parts).toContain('error');
    // Never 0, never under the usage it reported: the larger of that and its reservation, its wire body's
    // 120 bytes (the model id left out) as input tokens at Claude's cache-write price (1.25x input: any of them may be written), and
    // 5 output tokens.
    expect(reported).toBeGreaterThan(0);
    const reserved = 120 * 1.25 + 5;
    await expect.poll(() => setup.store.spent('total::')).toBe(Math.max(reserved, reported));
  });

  it('a call the gateway refuses with an HTTP error is charged nothing; one refused by the budget never reaches it', async () => {
    const setup = budgeted({ maxCredits: 1_000 });
    await expect(
      generateText({
        model: setup.gw('gpt-4o-mini'),
        prompt: 'Hello there [[emulator:status:400]]',
        maxOutputTokens: 5,
        maxRetries: 0,
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect.poll(() => setup.store.spent('total::')).toBe(0);
  });

  it('a model nothing prices is refused under a budget before any request, in a fresh process with the catalog', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate({ ...emulator.settings, budget: { maxCredits: 1, period: 'total' } });
    const error = await generateText({ model: gw.messages('no-such-model'), prompt: 'Hi', maxRetries: 0 }).catch(
      (caught: unknown) => caught,
    );
    expect(isBudgetRefusal(error)).toBe(true);
    expect((error as Error).message).toMatch(/^No price for messages model "no-such-model": under a budget/);
    expect(emulator.requests.filter(entry => entry.path.endsWith('/messages'))).toHaveLength(0);
  });
});
