import { APICallError } from '@ai-sdk/provider';
import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigateBudget, type UnigateBudgetStore } from '../../src';
import { memoryBudgetStore } from '../../src/budget/budget-stores';
import { assembleUnigate } from '../../src/provider/unigate-provider';
import { createUnigateEmulator } from '../../src/testing';
import { imageCallOptions } from '../helpers/call-options';
import { expectInvalidArgument } from '../helpers/invalid-argument';

// One credit per token: "Hello there" is 2 input and 5 output tokens on the emulator, so 7 credits a call.
// With maxOutputTokens 5 it reserves its body's 69 bytes (the model id left out) and 5 output tokens: 74.
const PRICES = { 'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } };
const RESERVED = 74;
const hello = { prompt: 'Hello there', maxOutputTokens: 5 };

function budgeted(budget: Partial<UnigateBudget>, now?: () => number) {
  const emulator = createUnigateEmulator();
  const store = budget.store ?? memoryBudgetStore();
  const settings = {
    ...emulator.settings,
    pricing: PRICES,
    budget: { maxCredits: 14, period: 'day' as const, ...budget, store },
  };
  const gw = now ? assembleUnigate(settings, { now }) : createUnigate(settings);
  const chatRequests = () => emulator.requests.filter(entry => entry.path === '/v1/chat/completions').length;
  return { gw, store, emulator, chatRequests };
}

async function refusal(call: Promise<unknown>): Promise<APICallError> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(APICallError.isInstance(error)).toBe(true);
  return error as APICallError;
}

describe('budget', () => {
  it('refuses the third call before any request, with the limit, the spend, what is left and the reset', async () => {
    // Two calls fit: 0 + 74 and 7 + 74 are within 81; the third's 14 + 74 is not.
    const { gw, chatRequests } = budgeted({ maxCredits: RESERVED + 7 }, () => Date.UTC(2026, 10, 23, 15, 30));
    for (let call = 0; call < 2; call++) {
      const result = await generateText({ model: gw('gpt-4o-mini'), ...hello });
      expect(result.providerMetadata?.unigate?.cost).toEqual({ input: 2, output: 5, total: 7, unit: 'credits' });
    }
    const error = await refusal(generateText({ model: gw('gpt-4o-mini'), ...hello, maxRetries: 3 }));
    expect(error.message).toBe(
      "Budget reached (budget: period 'day'): 14 of 81 credits spent or reserved by calls in flight this period; 67 " +
        'left, and this call reserves up to 74 (the most it can cost). No maxOutputTokens would make it fit: its ' +
        'input alone reserves more than the 67 credits left. The call was not sent (it resets at ' +
        '2026-11-24T00:00:00.000Z).',
    );
    expect(error.isRetryable).toBe(false);
    expect(error.data).toEqual({ kind: 'budget', message: error.message, resetsAt: '2026-11-24T00:00:00.000Z' });
    expect(chatRequests()).toBe(2);
  });

  it('starts again at the UTC day and month boundaries; total never does', async () => {
    // One call fits a limit of one reservation; the next (7 + 74) does not, until the period starts again.
    let now = Date.UTC(2026, 10, 23, 23, 59, 59, 999);
    const day = budgeted({ maxCredits: RESERVED }, () => now);
    await generateText({ model: day.gw('gpt-4o-mini'), ...hello });
    await refusal(generateText({ model: day.gw('gpt-4o-mini'), ...hello }));
    now += 1;
    await expect(generateText({ model: day.gw('gpt-4o-mini'), ...hello })).resolves.toBeDefined();
    expect(day.chatRequests()).toBe(2);

    now = Date.UTC(2026, 10, 30, 12);
    const month = budgeted({ maxCredits: RESERVED, period: 'month' }, () => now);
    await generateText({ model: month.gw('gpt-4o-mini'), ...hello });
    now = Date.UTC(2026, 11, 1) - 1;
    const error = await refusal(generateText({ model: month.gw('gpt-4o-mini'), ...hello }));
    expect(error.message).toContain('it resets at 2026-12-01T00:00:00.000Z');
    now += 1;
    await expect(generateText({ model: month.gw('gpt-4o-mini'), ...hello })).resolves.toBeDefined();

    now = Date.UTC(2026, 0, 1);
    const total = budgeted({ maxCredits: RESERVED, period: 'total' }, () => now);
    await generateText({ model: total.gw('gpt-4o-mini'), ...hello });
    now = Date.UTC(2030, 0, 1);
    const totalError = await refusal(generateText({ model: total.gw('gpt-4o-mini'), ...hello }));
    expect(totalError.message).toContain("the 'total' period never resets");
    expect(totalError.data).toEqual({ kind: 'budget', message: totalError.message });
  });

  it('keeps one budget per user (providerOptions.unigate.user) or per key function', async () => {
    const { gw, store } = budgeted({ maxCredits: RESERVED }, () => Date.UTC(2026, 10, 23));
    const ask = (user: string) =>
      generateText({ model: gw('gpt-4o-mini'), ...hello, providerOptions: { unigate: { user } } });
    await ask('alice');
    const error = await refusal(ask('alice'));
    expect(error.message).toContain(
      `Budget reached (budget: period 'day', key "alice"): 7 of 74 credits spent or reserved`,
    );
    await expect(ask('bob')).resolves.toBeDefined();
    expect(await store.spent('day:2026-11-23:alice')).toBe(7);
    expect(await store.spent('day:2026-11-23:bob')).toBe(7);

    const tenants = budgeted({ maxCredits: RESERVED, key: call => `tenant-of-${call.modelId}` }, () =>
      Date.UTC(2026, 10, 23),
    );
    await generateText({ model: tenants.gw('gpt-4o-mini'), ...hello });
    expect(await tenants.store.spent('day:2026-11-23:tenant-of-gpt-4o-mini')).toBe(7);
  });

  it('counts a stream at its finish and refuses the next stream before any request', async () => {
    const { gw, store, chatRequests } = budgeted({ maxCredits: RESERVED }, () => Date.UTC(2026, 10, 23));
    const result = streamText({ model: gw('gpt-4o-mini'), ...hello });
    expect(await result.text).toBe('You said: Hello there');
    expect(await store.spent('day:2026-11-23:')).toBe(7);
    const model = gw('gpt-4o-mini');
    const error = await refusal(
      Promise.resolve(model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] })),
    );
    expect(error.data).toMatchObject({ kind: 'budget' });
    expect(chatRequests()).toBe(1);
  });

  it("refuses a call with no price before any request, naming the model and the fix; 'allow' sends it as 0 with a warning", async () => {
    const refused = budgeted({ maxCredits: 1 }, () => Date.UTC(2026, 10, 23));
    const error = await refusal(Promise.resolve(refused.gw.image('dall-e-3').doGenerate(imageCallOptions())));
    expect(error.message).toBe(
      'No price for image model "dall-e-3": under a budget, a call whose cost cannot be known is not sent. Give the ' +
        'model a price in the pricing table (pricing: { "dall-e-3": { ... } }), or set budget.unpriced: \'allow\' to ' +
        'send such calls counted as 0 credits.',
    );
    expect(error.data).toEqual({ kind: 'budget', message: error.message });
    expect(refused.emulator.requests.filter(entry => entry.path.includes('/images/'))).toHaveLength(0);

    const allowed = budgeted({ maxCredits: 1, unpriced: 'allow' }, () => Date.UTC(2026, 10, 23));
    const result = await allowed.gw.image('dall-e-3').doGenerate(imageCallOptions());
    expect(result.warnings).toContainEqual({
      type: 'other',
      message: `No price for image model "dall-e-3": this call counts as 0 credits against the budget (budget.unpriced: 'allow').`,
    });
    expect(await allowed.store.spent('day:2026-11-23:')).toBe(0);
  });

  it('uses the catalog when pricing is off, waiting for it so the first call is counted', async () => {
    const emulator = createUnigateEmulator();
    const store = memoryBudgetStore();
    const gw = createUnigate({ ...emulator.settings, budget: { maxCredits: 1, period: 'total', store } });
    const result = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there' });
    const cost = result.providerMetadata?.unigate?.cost as { total: number };
    expect(cost.total).toBeGreaterThan(0);
    expect(await store.spent('total::')).toBe(cost.total);
    expect(result.warnings).toEqual([]);
  });

  it("overshoot 'one-call': 20 concurrent calls against a nearly spent budget pass it by one call at most", async () => {
    const { gw, store, chatRequests } = budgeted({ maxCredits: 100, overshoot: 'one-call' }, () =>
      Date.UTC(2026, 10, 23),
    );
    await store.add('day:2026-11-23:', 99.5);
    // Admitted while anything is left: 99.5 is below 100, so one call (reserving 74) goes.
    const calls = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there', maxOutputTokens: 5, maxRetries: 0 }),
      ),
    );
    expect(calls.filter(call => call.status === 'fulfilled')).toHaveLength(1);
    expect(chatRequests()).toBe(1);
    // Settled to its real 7 credits: 106.5, over the limit by that one call.
    expect(await store.spent('day:2026-11-23:')).toBe(106.5);
  });

  it("overshoot 'never' (the default): against the same nearly spent budget, none of 20 calls is sent", async () => {
    const { gw, store, chatRequests } = budgeted({ maxCredits: 100 }, () => Date.UTC(2026, 10, 23));
    await store.add('day:2026-11-23:', 99.5);
    const calls = await Promise.allSettled(
      Array.from({ length: 20 }, () => generateText({ model: gw('gpt-4o-mini'), ...hello, maxRetries: 0 })),
    );
    expect(calls.filter(call => call.status === 'rejected')).toHaveLength(20);
    expect(chatRequests()).toBe(0);
    expect(await store.spent('day:2026-11-23:')).toBe(99.5);
  });

  it('stops waiting for a store that never answers when the call is aborted', async () => {
    const hanging: UnigateBudgetStore = { spent: () => new Promise<number>(() => {}), add: async () => 0 };
    const { gw, chatRequests } = budgeted({ store: hanging });
    const controller = new AbortController();
    const call = generateText({
      model: gw('gpt-4o-mini'),
      prompt: 'Hello there',
      abortSignal: controller.signal,
      maxRetries: 0,
    });
    setTimeout(() => controller.abort(new Error('user gave up')), 5);
    await expect(call).rejects.toThrow('user gave up');
    expect(chatRequests()).toBe(0);
  });

  it('fails closed on a store that throws: kind budget, the store error as cause, no request', async () => {
    const storeError = new Error('db down');
    const failing: UnigateBudgetStore = {
      spent: async () => 0,
      add: async () => {
        throw storeError;
      },
    };
    const { gw, chatRequests } = budgeted({ store: failing, maxCredits: 1_000 });
    const error = await refusal(generateText({ model: gw('gpt-4o-mini'), ...hello, maxRetries: 0 }));
    expect(error.message).toBe('The budget store failed, so the call was not sent: db down');
    expect(error.data).toEqual({ kind: 'budget', message: error.message });
    expect(error.cause).toBe(storeError);
    expect(chatRequests()).toBe(0);
  });

  it('reports a settlement that failed after its response, and failed again when retried, on the next call, once', async () => {
    const store = memoryBudgetStore();
    // Reservations (positive) go through; the settlement that gives credits back (negative) fails twice:
    // after the first call, and when the next admission retries it.
    let failures = 2;
    const settleFails: UnigateBudgetStore = {
      spent: store.spent,
      reserve: store.reserve,
      add: async (bucket, credits) => {
        if (credits < 0 && failures-- > 0) throw new Error('store down');
        return store.add(bucket, credits);
      },
    };
    const { gw, chatRequests } = budgeted({ store: settleFails, maxCredits: 1_000 }, () => Date.UTC(2026, 10, 23));
    const ask = () =>
      generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there', maxOutputTokens: 5, maxRetries: 0 });
    expect((await ask()).text.length).toBeGreaterThan(0);
    const error = await refusal(ask());
    expect(error.message).toBe(
      "The budget store failed to record an earlier call's cost, so this call was not sent: store down",
    );
    expect(error.data).toMatchObject({ kind: 'budget' });
    expect(error.cause).toEqual(new Error('store down'));
    // Once: the call after it retries the settlement again, it lands, and that call goes through.
    await expect(ask()).resolves.toBeDefined();
    expect(chatRequests()).toBe(2);
    await expect.poll(() => store.spent('day:2026-11-23:')).toBe(14);
  });

  it('a store that never answers fails the call at budget.storeTimeoutMs, with a TimeoutError as cause', async () => {
    const stalled: UnigateBudgetStore = { spent: async () => 0, add: () => new Promise<number>(() => {}) };
    const { gw, chatRequests } = budgeted({ store: stalled, storeTimeoutMs: 50, maxCredits: 1_000 });
    const error = await refusal(generateText({ model: gw('gpt-4o-mini'), ...hello, maxRetries: 0 }));
    expect(error.message).toBe(
      'The budget store failed, so the call was not sent: the budget store did not answer a reservation within 50 ms (budget.storeTimeoutMs)',
    );
    expect(error.data).toMatchObject({ kind: 'budget' });
    expect(error.cause).toMatchObject({ name: 'TimeoutError' });
    expect(chatRequests()).toBe(0);
  });

  it('never holds a result for a settlement that does not answer; the next call fails once it times out', async () => {
    const store = memoryBudgetStore();
    const stalled: UnigateBudgetStore = {
      spent: store.spent,
      reserve: store.reserve,
      add: () => new Promise<number>(() => {}),
    };
    const { gw } = budgeted({ store: stalled, storeTimeoutMs: 50, maxCredits: 1_000 });
    const result = await generateText({
      model: gw('gpt-4o-mini'),
      prompt: 'Hello there',
      maxOutputTokens: 5,
      maxRetries: 0,
    });
    expect(result.text.length).toBeGreaterThan(0);
    const error = await refusal(generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there', maxRetries: 0 }));
    expect(error.message).toBe(
      "The budget store failed to record an earlier call's cost, so this call was not sent: the budget store did not answer an addition within 50 ms (budget.storeTimeoutMs)",
    );
  });
});

describe('budget settings', () => {
  const PERIOD_RULE =
    "required, one of 'minute', 'hour', 'day', 'month', 'total', or { minutes } with a whole number of minutes dividing a day (1,440)";
  const cases: Array<[string, Partial<UnigateBudget> | unknown, string]> = [
    [
      'budget.maxCredits',
      { maxCredits: NaN, period: 'day' },
      'Invalid argument budget.maxCredits: required, a finite number of credits above 0; received NaN.',
    ],
    [
      'budget.maxCredits',
      { maxCredits: Infinity, period: 'day' },
      'Invalid argument budget.maxCredits: required, a finite number of credits above 0; received Infinity.',
    ],
    [
      'budget.maxCredits',
      { maxCredits: 0, period: 'day' },
      'Invalid argument budget.maxCredits: required, a finite number of credits above 0; received 0.',
    ],
    [
      'budget.period',
      { maxCredits: 5, period: 'week' },
      `Invalid argument budget.period: ${PERIOD_RULE}; received "week".`,
    ],
    ['budget.period', { maxCredits: 5 }, `Invalid argument budget.period: ${PERIOD_RULE}; received undefined.`],
    [
      'budget.period',
      { maxCredits: 5, period: { minutes: 7 } },
      `Invalid argument budget.period: ${PERIOD_RULE}; received {"minutes":7}.`,
    ],
    [
      'budget.period',
      { maxCredits: 5, period: { minutes: 0 } },
      `Invalid argument budget.period: ${PERIOD_RULE}; received {"minutes":0}.`,
    ],
    [
      'budget.overshoot',
      { maxCredits: 5, period: 'day', overshoot: 'sometimes' },
      `Invalid argument budget.overshoot: one of 'never', 'one-call'; received "sometimes".`,
    ],
    [
      'budget',
      [],
      'Invalid argument budget: a limit { maxCredits, period } or a non-empty array of them; received 0 items.',
    ],
    [
      'budget[1].maxCredits',
      [{ maxCredits: 5, period: 'day' }, { period: 'minute' }],
      'Invalid argument budget[1].maxCredits: required, a finite number of credits above 0; received undefined.',
    ],
    [
      'budget[0].period',
      [{ maxCredits: 5, period: 'week' }],
      `Invalid argument budget[0].period: ${PERIOD_RULE}; received "week".`,
    ],
    [
      'budget[2].overshoot',
      [
        { maxCredits: 5, period: 'month' },
        { maxCredits: 1, period: 'day' },
        { maxCredits: 1, period: 'hour', overshoot: 'sometimes' },
      ],
      `Invalid argument budget[2].overshoot: one of 'never', 'one-call'; received "sometimes".`,
    ],
    [
      'budget.store',
      { maxCredits: 5, period: 'day', store: {} },
      'Invalid argument budget.store: an object with spent(bucket) and add(bucket, credits) functions; received {}.',
    ],
    [
      'budget.key',
      { maxCredits: 5, period: 'day', key: 'alice' },
      'Invalid argument budget.key: a function (call) => string; received "alice".',
    ],
    [
      'budget.unpriced',
      { maxCredits: 5, period: 'day', unpriced: 'ignore' },
      `Invalid argument budget.unpriced: one of 'refuse', 'allow'; received "ignore".`,
    ],
    [
      'budget.storeTimeoutMs',
      { maxCredits: 5, period: 'day', storeTimeoutMs: NaN },
      'Invalid argument budget.storeTimeoutMs: a number of milliseconds from 1 to 2147483647; received NaN.',
    ],
    [
      'budget.store.reserve',
      { maxCredits: 5, period: 'day', store: { spent: async () => 0, add: async () => 0, reserve: 'yes' } },
      'Invalid argument budget.store.reserve: a function (bucket, credits, limit) => Promise<number | undefined>; received "yes".',
    ],
    ['budget', 5, 'Invalid argument budget: an object { maxCredits, period }; received 5.'],
  ];
  it.each(cases)('%s is checked when the provider is created', async (argument, budget, message) => {
    await expectInvalidArgument(
      Promise.resolve().then(() => createUnigate({ apiKey: 'k', budget: budget as UnigateBudget })),
      argument,
      message,
    );
  });
});
