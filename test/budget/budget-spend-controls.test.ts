import { generateText } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createUnigate,
  type UnigateBudget,
  type UnigateBudgetCall,
  type UnigateBudgetStanding,
  type UnigateBudgetStore,
  type UnigateChargeEvent,
} from '../../src';
import { addCredits, memoryBudgetStore } from '../../src/budget/budget-stores';
import { createUnigateEmulator } from '../../src/testing';
import { budgetRefusal } from '../helpers/test-kit';

// Spend controls: overshoot 'never' (the default), several limits at once, minute and hour windows, and
// where a budget stands in each onCharge event. One credit per token: "Hello there" with maxOutputTokens 5
// reserves its body's 69 bytes (the model id and user left out) and 5 output tokens, 74 credits, and costs
// 2 + 5 = 7 on the emulator.
const PRICES = { 'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } };
const RESERVED = 74;
const NOW = Date.UTC(2026, 10, 23, 10, 30, 15);

// The budget's windows read the clock: only Date is faked, timers run.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const perUser = (call: UnigateBudgetCall) => call.providerOptions?.unigate?.user as string | undefined;

/** A provider over the emulator with `budget`; `fetch` may stand in front of the emulator. */
function limited(
  budget: UnigateBudget | UnigateBudget[],
  options: { fetch?: (emulator: typeof fetch) => typeof fetch } = {},
) {
  const emulator = createUnigateEmulator();
  const events: UnigateChargeEvent[] = [];
  const emulatorFetch = emulator.settings.fetch ?? fetch;
  const gw = createUnigate({
    ...emulator.settings,
    fetch: options.fetch ? options.fetch(emulatorFetch) : emulatorFetch,
    pricing: PRICES,
    budget,
    onCharge: event => void events.push(event),
  });
  const sent = () => emulator.requests.filter(entry => entry.path === '/v1/chat/completions').length;
  const ask = (user?: string, maxOutputTokens = 5) =>
    generateText({
      model: gw('gpt-4o-mini'),
      prompt: 'Hello there',
      maxOutputTokens,
      maxRetries: 0,
      ...(user !== undefined && { providerOptions: { unigate: { user } } }),
    });
  return { gw, events, sent, ask };
}

/** A gateway that fails as a network does once a call is admitted: each call is charged its whole reservation. */
const networkDown = (counter: { sent: number }) => () => async () => {
  counter.sent++;
  throw new TypeError('fetch failed');
};

const eventsTotal = (events: UnigateChargeEvent[]) =>
  events.reduce((sum, event) => addCredits(sum, event.cost?.total ?? 0), 0);

describe("overshoot 'never' (the default)", () => {
  it('refuses a call that does not fit, saying what is left and the largest maxOutputTokens that fits; a retry with it goes', async () => {
    const store = memoryBudgetStore();
    const { ask, sent } = limited({ maxCredits: 100, period: 'total', store });
    // maxOutputTokens 50: a body of 70 bytes and 50 output tokens, 120 credits, over the 100 left.
    const error = await budgetRefusal(ask(undefined, 50));
    expect(error.message).toBe(
      "Budget reached (budget: period 'total'): 0 of 100 credits spent or reserved by calls in flight this " +
        'period; 100 left, and this call reserves up to 120 (the most it can cost). With maxOutputTokens at most ' +
        "30 it would fit. The call was not sent (the 'total' period never resets).",
    );
    expect(sent()).toBe(0);
    // 70 bytes and 30 output tokens: exactly 100.
    await expect(ask(undefined, 30)).resolves.toBeDefined();
    expect(sent()).toBe(1);
    await expect.poll(() => store.spent('total::')).toBe(7);
  });

  it('a 50-call burst charged whole reservations bills at most the limit; under one-call it passes it by one call', async () => {
    const figures: string[] = [];
    for (const overshoot of ['never', 'one-call'] as const) {
      const store = memoryBudgetStore();
      const counter = { sent: 0 };
      const { ask, events } = limited(
        { maxCredits: 1_000, period: 'total', store, overshoot },
        { fetch: networkDown(counter) },
      );
      await Promise.allSettled(Array.from({ length: 50 }, () => ask()));
      await expect.poll(() => events.length).toBe(50);
      const billed = await store.spent('total::');
      expect(billed).toBe(eventsTotal(events));
      expect(billed).toBe(counter.sent * RESERVED);
      figures.push(`${overshoot}: ${counter.sent} sent, billed ${billed} of 1000`);
      // 'never': 13 reservations of 74 fit in 1,000 (962); 'one-call' admits a 14th while 962 is below 1,000.
      expect(counter.sent).toBe(overshoot === 'never' ? 13 : 14);
      if (overshoot === 'never') expect(billed).toBeLessThanOrEqual(1_000);
      else expect(billed).toBe(1_036);
    }
    console.info(`[memory store, 50-call burst, each charged its reservation] ${figures.join('; ')}`);
  });
});

describe('several limits at once', () => {
  /** The app's month, a day per user and a minute per user, in one store (reserved in one step). */
  const threeLimits = (store: UnigateBudgetStore, minuteStore = store): UnigateBudget[] => [
    { maxCredits: 100_000, period: 'month', key: () => undefined, store },
    { maxCredits: 500, period: 'day', key: perUser, store },
    { maxCredits: RESERVED + 7, period: 'minute', key: perUser, store: minuteStore },
  ];

  it('a call is charged to every limit, settled to its cost; its event says where each stands, in order', async () => {
    const store = memoryBudgetStore();
    const { ask, events } = limited(threeLimits(store));
    await ask('ann');
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({ ended: 'completed', bucket: 'month:2026-11:', cost: { total: 7 } });
    expect(events[0]!.budget).toEqual([
      { bucket: 'month:2026-11:', spent: 7, limit: 100_000, period: 'month' },
      { bucket: 'day:2026-11-23:ann', spent: 7, limit: 500, period: 'day' },
      { bucket: 'minute:2026-11-23T10:30:ann', spent: 7, limit: 81, period: 'minute' },
    ]);
  });

  it.each([
    ['in one store (reserveAll, one step)', false],
    ['over two stores (one at a time, given back)', true],
  ])(
    'the limit that refuses is named, what the others reserved is given back, and nothing is sent: %s',
    async (_, split) => {
      const store = memoryBudgetStore();
      const minuteStore = split ? { spent: store.spent, add: store.add, reserve: store.reserve } : store;
      const { ask, sent, events } = limited(threeLimits(store, minuteStore));
      await ask('ann');
      await ask('ann');
      // The minute's 14 + 74 is over its 81; the month and the day had room.
      const error = await budgetRefusal(ask('ann'));
      expect(error.message).toBe(
        `Budget reached (budget[2]: period 'minute', key "ann"): 14 of 81 credits spent or reserved by calls in ` +
          'flight this period; 67 left, and this call reserves up to 74 (the most it can cost). No maxOutputTokens ' +
          'would make it fit: its input alone reserves more than the 67 credits left. The call was not sent (it ' +
          'resets at 2026-11-23T10:31:00.000Z).',
      );
      expect(error.data).toMatchObject({ resetsAt: '2026-11-23T10:31:00.000Z' });
      expect(sent()).toBe(2);
      await expect.poll(() => events.length).toBe(3);
      expect(events[2]).toMatchObject({ ended: 'refused', cost: { total: 0 } });
      expect((events[2]!.budget as UnigateBudgetStanding[]).map(standing => standing.spent)).toEqual([14, 14, 14]);
      // Another user's minute has room; the app's month and ann's day hold only what was charged.
      await ask('bob');
      expect(await store.spent('month:2026-11:')).toBe(21);
      expect(await store.spent('day:2026-11-23:ann')).toBe(14);
      // The next minute is a new window.
      vi.setSystemTime(Date.UTC(2026, 10, 23, 10, 31));
      await ask('ann');
      expect(await store.spent('minute:2026-11-23T10:31:ann')).toBe(7);
      expect(sent()).toBe(4);
    },
  );

  it('two limits of one period keep separate buckets, even when their keys meet', async () => {
    const store = memoryBudgetStore();
    const { ask } = limited([
      { maxCredits: 1_000, period: 'day', key: () => 'ann', store },
      { maxCredits: 100, period: 'day', key: perUser, store },
    ]);
    await ask('ann');
    expect(await store.spent('day#0:2026-11-23:ann')).toBe(7);
    expect(await store.spent('day#1:2026-11-23:ann')).toBe(7);
    expect(await store.spent('day:2026-11-23:ann')).toBe(0);
  });
});

describe('where a budget stands', () => {
  it('warns at 80% with one line in onCharge, for one limit as for several', async () => {
    const counter = { sent: 0 };
    const store = memoryBudgetStore();
    const { gw, events } = limited({ maxCredits: 5 * RESERVED, period: 'day', store }, { fetch: networkDown(counter) });
    const warned: string[] = [];
    const warnAt80 = (event: UnigateChargeEvent) => {
      for (const b of [event.budget ?? []].flat()) if (b.spent >= 0.8 * b.limit) warned.push(`${b.bucket} ${b.spent}`);
    };
    // Each call fails as a network does: charged its 74, so the day fills in five calls.
    for (let call = 0; call < 6; call++) {
      await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there', maxOutputTokens: 5, maxRetries: 0 }).catch(
        () => undefined,
      );
      await expect.poll(() => events.length).toBe(call + 1);
      warnAt80(events[call]!);
    }
    expect(events.map(event => (event.budget as UnigateBudgetStanding).spent)).toEqual([74, 148, 222, 296, 370, 370]);
    expect(events.map(event => event.ended)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed', 'refused']);
    expect(warned).toEqual(['day:2026-11-23: 296', 'day:2026-11-23: 370', 'day:2026-11-23: 370']);
    expect(events[0]!.budget).toEqual({ bucket: 'day:2026-11-23:', spent: 74, limit: 370, period: 'day' });
  });
});

describe('windows', () => {
  it.each([
    ['minute', Date.UTC(2026, 10, 23, 10, 29, 59, 999), 'minute:2026-11-23T10:29:', '2026-11-23T10:30:00.000Z'],
    ['hour', Date.UTC(2026, 10, 23, 10, 59, 59, 999), 'hour:2026-11-23T10:00:', '2026-11-23T11:00:00.000Z'],
    [{ minutes: 30 }, Date.UTC(2026, 10, 23, 10, 59, 59, 999), '30min:2026-11-23T10:30:', '2026-11-23T11:00:00.000Z'],
    [
      { minutes: 1_440 },
      Date.UTC(2026, 10, 23, 23, 59, 59, 999),
      '1440min:2026-11-23T00:00:',
      '2026-11-24T00:00:00.000Z',
    ],
  ] as const)('%j: a fixed UTC window, one bucket until it resets', async (period, last, bucket, resetsAt) => {
    const store = memoryBudgetStore();
    vi.setSystemTime(last);
    const { ask, sent } = limited({ maxCredits: RESERVED, period, store });
    await ask();
    expect(await store.spent(bucket)).toBe(7);
    const error = await budgetRefusal(ask());
    expect(error.message).toContain(`it resets at ${resetsAt}`);
    vi.setSystemTime(last + 1);
    await ask();
    expect(sent()).toBe(2);
  });
});
