import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigateBudget, type UnigateBudgetStore } from '../../src';
import { memoryBudgetStore } from '../../src/budget/budget-stores';
import { createUnigateEmulator } from '../../src/testing';
import { budgetRefusal } from '../helpers/test-kit';

// Stores as people write them: answers outside the contract, no `reserve`, too slow, failing settlements.
// One credit per token. "Hello there" with maxOutputTokens 5 reserves its wire body's 69 bytes (the model id
// left out) as input and 5 output tokens, 74 credits, and costs 2 + 5 = 7 on the emulator: a settlement adds
// 7 - 74 = -67.
const PRICES = { 'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } };
const BUCKET = 'total::';

function budgeted(store: UnigateBudgetStore, budget: Partial<UnigateBudget> = {}) {
  const emulator = createUnigateEmulator();
  const gw = createUnigate({
    ...emulator.settings,
    pricing: PRICES,
    budget: { maxCredits: 32, period: 'total', store, ...budget },
  });
  const sent = () => emulator.requests.filter(entry => entry.path === '/v1/chat/completions').length;
  const ask = (abortSignal?: AbortSignal) =>
    generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there', maxOutputTokens: 5, maxRetries: 0, abortSignal });
  return { gw, sent, ask };
}

/** A promise the test resolves or rejects by hand: a store call that answers when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('a store answering outside its contract fails the call closed', () => {
  const answers: Array<[string, unknown]> = [
    ['null (a Redis Lua nil)', null],
    ['a string', '12'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ];
  it.each(answers)(
    'reserve answering %s: kind budget, the answer and the contract named, no request',
    async (_, answer) => {
      const memory = memoryBudgetStore();
      const store: UnigateBudgetStore = {
        spent: memory.spent,
        add: memory.add,
        reserve: async () => answer as number,
      };
      const { ask, sent } = budgeted(store);
      const error = await budgetRefusal(ask());
      const shown = typeof answer === 'string' ? JSON.stringify(answer) : String(answer);
      expect(error.message).toBe(
        `The budget store failed, so the call was not sent: the budget store's reserve answered ${shown}, outside ` +
          'its contract (a Promise of the new total (a finite number), or of undefined when the total had reached the limit)',
      );
      expect(sent()).toBe(0);
    },
  );

  it('reserve answering a total below the credits it was asked to add (0 for a refusal, as `rows[0]?.spent ?? 0` gives) refuses', async () => {
    const memory = memoryBudgetStore();
    // A conditional upsert that returns no row when it refuses, read as `rows[0]?.spent ?? 0`.
    const store: UnigateBudgetStore = {
      spent: memory.spent,
      add: memory.add,
      reserve: async (bucket, credits, limit) => (await memory.reserve!(bucket, credits, limit)) ?? 0,
    };
    const { ask, sent } = budgeted(store, { maxCredits: 200 });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => ask()));
    // Two 74-credit reservations fit in 200; the other eight are refused, not read as admitted at 0.
    expect(results.filter(result => result.status === 'fulfilled')).toHaveLength(2);
    expect(sent()).toBe(2);
    await expect.poll(() => memory.spent(BUCKET)).toBe(14);
  });

  it('reserveAll answering totals below the credits it was asked to add, with no refused index, refuses', async () => {
    const memory = memoryBudgetStore();
    // A transaction that reports a refusal as zero totals instead of naming the limit that refused.
    const store: UnigateBudgetStore = {
      spent: memory.spent,
      add: memory.add,
      reserveAll: async reservations => {
        const answer = await memory.reserveAll!(reservations);
        return answer.refused === undefined ? answer : { totals: reservations.map(() => 0) };
      },
    };
    const emulator = createUnigateEmulator();
    const gw = createUnigate({
      ...emulator.settings,
      pricing: PRICES,
      budget: [
        { maxCredits: 200, period: 'total', store },
        { maxCredits: 1_000, period: 'day', store },
      ],
    });
    const ask = () =>
      generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there', maxOutputTokens: 5, maxRetries: 0 });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => ask()));
    // Two 74-credit reservations fit in the first limit's 200; the other eight are refused, not admitted at 0.
    expect(results.filter(result => result.status === 'fulfilled')).toHaveLength(2);
    expect(emulator.requests.filter(entry => entry.path === '/v1/chat/completions')).toHaveLength(2);
    await expect.poll(() => memory.spent(BUCKET)).toBe(14);
  });

  it('spent answering null in a store without reserve fails the call the same way', async () => {
    const memory = memoryBudgetStore();
    const store: UnigateBudgetStore = { spent: async () => null as unknown as number, add: memory.add };
    const { ask, sent } = budgeted(store);
    const error = await budgetRefusal(ask());
    expect(error.message).toBe(
      "The budget store failed, so the call was not sent: the budget store's spent answered null, outside its " +
        "contract (a Promise of the bucket's total (a finite number))",
    );
    expect(sent()).toBe(0);
    expect(await memory.spent(BUCKET)).toBe(0);
  });
});

describe("a store with reserve but not reserveAll (a Redis script's contract) under overshoot 'never'", () => {
  it('is asked to add below the limit less the reservation: a call that fills it exactly goes, one over does not', async () => {
    const memory = memoryBudgetStore();
    const asked: number[] = [];
    const store: UnigateBudgetStore = {
      spent: memory.spent,
      add: memory.add,
      reserve: async (bucket, credits, limit) => {
        asked.push(limit);
        return memory.reserve?.(bucket, credits, limit);
      },
    };
    const { ask, sent } = budgeted(store, { maxCredits: 74 + 7 });
    await ask();
    await ask();
    const error = await budgetRefusal(ask());
    expect(error.message).toContain('14 of 81 credits spent or reserved by calls in flight this period; 67 left');
    expect(sent()).toBe(2);
    // The totals a 74-credit call fits on are those up to 7: the store adds while below the next double above 7.
    expect(asked).toEqual([7.000000000000001, 7.000000000000001, 7.000000000000001]);
    expect(await memory.spent(BUCKET)).toBe(14);
  });
});

describe('a store with only spent and add', () => {
  it("overshoot 'one-call' is serialised per bucket in the process: 50 concurrent calls against 32 pass it by one call at most", async () => {
    const memory = memoryBudgetStore();
    const { ask, sent } = budgeted({ spent: memory.spent, add: memory.add }, { overshoot: 'one-call' });
    const calls = await Promise.allSettled(Array.from({ length: 50 }, () => ask()));
    const answered = calls.filter(call => call.status === 'fulfilled').length;
    // One call at a time passes 0; each settlement (-67) lets one more in while the settled total is below 32.
    expect(answered).toBeGreaterThanOrEqual(3);
    expect(sent()).toBe(answered);
    await expect.poll(() => memory.spent(BUCKET)).toBe(7 * answered);
    expect(7 * answered).toBeLessThanOrEqual(32 + 74);
  });

  it("overshoot 'never' is serialised the same way: 50 concurrent calls against 3 reservations never pass the limit", async () => {
    const memory = memoryBudgetStore();
    const totals: number[] = [];
    const add: UnigateBudgetStore['add'] = async (bucket, credits) => {
      const total = await memory.add(bucket, credits);
      totals.push(total);
      return total;
    };
    const { ask, sent } = budgeted({ spent: memory.spent, add }, { maxCredits: 3 * 74 });
    const calls = await Promise.allSettled(Array.from({ length: 50 }, () => ask()));
    const answered = calls.filter(call => call.status === 'fulfilled').length;
    expect(answered).toBeGreaterThanOrEqual(3);
    expect(sent()).toBe(answered);
    await expect.poll(() => memory.spent(BUCKET)).toBe(7 * answered);
    // Every total the store ever held, reservations in flight included, was within the limit.
    expect(Math.max(...totals)).toBeLessThanOrEqual(3 * 74);
  });

  it("overshoot 'one-call' refuses at a total equal to the limit (the check is >=, not >)", async () => {
    const memory = memoryBudgetStore();
    const { ask, sent } = budgeted({ spent: memory.spent, add: memory.add }, { maxCredits: 7, overshoot: 'one-call' });
    await ask();
    // The settlement (7 - 74) lands before the next admission reads the total: exactly 7.
    const error = await budgetRefusal(ask());
    expect(error.message).toContain('7 of 7 credits spent or reserved');
    expect(error.message).toContain('nothing is left');
    expect(sent()).toBe(1);
    expect(await memory.spent(BUCKET)).toBe(7);
  });

  it("overshoot 'never' admits a reservation that fills the limit exactly, and refuses one a credit over", async () => {
    const memory = memoryBudgetStore();
    const { ask, sent } = budgeted({ spent: memory.spent, add: memory.add }, { maxCredits: 74 });
    await ask();
    // 7 spent: 7 + 74 is over 74.
    const error = await budgetRefusal(ask());
    expect(error.message).toContain('7 of 74 credits spent or reserved by calls in flight this period; 67 left');
    expect(sent()).toBe(1);
  });
  it('never makes a reservation queued behind a slow read once its call has timed out', async () => {
    const memory = memoryBudgetStore();
    const read = deferred<number>();
    let adds = 0;
    const store: UnigateBudgetStore = {
      spent: () => read.promise,
      add: async (bucket, credits) => {
        adds++;
        return memory.add(bucket, credits);
      },
    };
    const { ask, sent } = budgeted(store, { storeTimeoutMs: 1 });
    const error = await budgetRefusal(ask());
    expect(error.cause).toMatchObject({ name: 'TimeoutError' });
    read.resolve(0);
    await read.promise;
    await new Promise(resolve => setImmediate(resolve));
    expect(adds).toBe(0);
    expect(sent()).toBe(0);
  });
});

describe('a reservation that lands after its call stopped waiting', () => {
  /** An atomic store whose reservations answer when the test says so, each then applied to memory. */
  function lateStore() {
    const memory = memoryBudgetStore();
    const pending: Array<ReturnType<typeof deferred<void>>> = [];
    const store: UnigateBudgetStore = {
      spent: memory.spent,
      add: memory.add,
      reserve: async (bucket, credits, limit) => {
        const gate = deferred<void>();
        pending.push(gate);
        await gate.promise;
        return memory.reserve?.(bucket, credits, limit);
      },
    };
    return { store, memory, pending };
  }

  it('is given back when it lands after a time-out (storeTimeoutMs)', async () => {
    const { store, memory, pending } = lateStore();
    const { ask, sent } = budgeted(store, { storeTimeoutMs: 1, maxCredits: 1_000 });
    const error = await budgetRefusal(ask());
    expect(error.message).toBe(
      'The budget store failed, so the call was not sent: the budget store did not answer a reservation within 1 ms (budget.storeTimeoutMs)',
    );
    pending[0]?.resolve();
    // Landed (74), then given back (-74): nothing is left of a call that never ran.
    await expect.poll(() => memory.spent(BUCKET)).toBe(0);
    expect(sent()).toBe(0);
  });

  it('is given back when it lands after the call was aborted', async () => {
    const { store, memory, pending } = lateStore();
    const { ask, sent } = budgeted(store, { maxCredits: 1_000 });
    const controller = new AbortController();
    const call = ask(controller.signal);
    await expect.poll(() => pending.length).toBe(1);
    controller.abort(new Error('user gave up'));
    await expect(call).rejects.toThrow('user gave up');
    pending[0]?.resolve();
    await expect.poll(() => memory.spent(BUCKET)).toBe(0);
    expect(sent()).toBe(0);
  });
});

describe('a settlement that fails', () => {
  /** Reservations go through; settlements (negative additions) run `settle` first. */
  function settlingStore(settle: (attempt: number) => Promise<void>) {
    const memory = memoryBudgetStore();
    let attempts = 0;
    const store: UnigateBudgetStore = {
      spent: memory.spent,
      reserve: memory.reserve,
      add: async (bucket, credits) => {
        if (credits < 0) await settle(++attempts);
        return memory.add(bucket, credits);
      },
    };
    return { store, memory, attempts: () => attempts };
  }

  it('is retried once by the next admission, which then goes through: never lost', async () => {
    const { store, memory, attempts } = settlingStore(async attempt => {
      if (attempt === 1) throw new Error('store down');
    });
    const { ask, sent } = budgeted(store, { maxCredits: 1_000 });
    await ask();
    await expect.poll(attempts).toBe(1);
    expect(await memory.spent(BUCKET)).toBe(74);
    await ask();
    await expect.poll(() => memory.spent(BUCKET)).toBe(14);
    // The first call's settlement twice (failed, retried), the second's once.
    expect(attempts()).toBe(3);
    expect(sent()).toBe(2);
  });

  it('whose retry fails too refuses that admission, and is retried again by the next', async () => {
    const { store, memory, attempts } = settlingStore(async attempt => {
      if (attempt <= 2) throw new Error(`store down (${attempt})`);
    });
    const { ask, sent } = budgeted(store, { maxCredits: 1_000 });
    await ask();
    const error = await budgetRefusal(ask());
    expect(error.message).toBe(
      "The budget store failed to record an earlier call's cost, so this call was not sent: store down (2)",
    );
    expect(error.cause).toEqual(new Error('store down (2)'));
    await ask();
    await expect.poll(() => memory.spent(BUCKET)).toBe(14);
    expect(attempts()).toBe(4);
    expect(sent()).toBe(2);
  });

  it('that timed out is never retried, so it is never doubled when it lands late; the time-out is reported once', async () => {
    const late = deferred<void>();
    const { store, memory, attempts } = settlingStore(attempt => (attempt === 1 ? late.promise : Promise.resolve()));
    const { ask, sent } = budgeted(store, { maxCredits: 1_000, storeTimeoutMs: 1 });
    await ask();
    const error = await budgetRefusal(ask());
    expect(error.message).toBe(
      "The budget store failed to record an earlier call's cost, so this call was not sent: the budget store did not answer an addition within 1 ms (budget.storeTimeoutMs)",
    );
    late.resolve();
    await expect.poll(() => memory.spent(BUCKET)).toBe(7);
    await ask();
    await expect.poll(() => memory.spent(BUCKET)).toBe(14);
    expect(attempts()).toBe(2);
    expect(sent()).toBe(2);
  });

  it('that timed out and then fails is kept and retried by a later admission', async () => {
    const late = deferred<void>();
    const { store, memory, attempts } = settlingStore(attempt => (attempt === 1 ? late.promise : Promise.resolve()));
    const { ask, sent } = budgeted(store, { maxCredits: 1_000, storeTimeoutMs: 1 });
    await ask();
    await budgetRefusal(ask());
    late.reject(new Error('store down'));
    await new Promise(resolve => setImmediate(resolve));
    expect(await memory.spent(BUCKET)).toBe(74);
    await ask();
    await expect.poll(() => memory.spent(BUCKET)).toBe(14);
    expect(attempts()).toBe(3);
    expect(sent()).toBe(2);
  });
});
