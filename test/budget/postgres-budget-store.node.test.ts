import { PGlite } from '@electric-sql/pglite';
import { APICallError, InvalidArgumentError } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnigate, postgresBudgetStore, type PostgresQuery } from '../../src';
import { createUnigateEmulator } from '../../src/testing';

// One credit per token: "Hello there" is 2 input and 5 output tokens on the emulator, so 7 credits a call.
const PRICES = { 'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } };
// One database for the file: PGlite takes seconds to start. Each test has a table of its own.
let db: PGlite;
let query: PostgresQuery;

beforeAll(async () => {
  db = new PGlite();
  query = (sql, params) => db.query(sql, params);
  await db.query('SELECT 1');
}, 120_000);

afterAll(async () => {
  await db.close();
});

async function table(name: string) {
  await postgresBudgetStore({ query, table: name }).createTable();
  return name;
}

/** A provider of its own (own emulator, own store object) over the shared table. */
function provider(tableName: string, maxCredits: number) {
  const emulator = createUnigateEmulator();
  const store = postgresBudgetStore({ query, table: tableName });
  const gw = createUnigate({ ...emulator.settings, pricing: PRICES, budget: { maxCredits, period: 'total', store } });
  const chatRequests = () => emulator.requests.filter(entry => entry.path === '/v1/chat/completions').length;
  return { gw, store, chatRequests };
}

// Reserved: the 69 bytes of the body's JSON (the model id left out) as input tokens and the 5 output tokens
// allowed, 74 credits; settled to 7.
const hello = (gw: ReturnType<typeof createUnigate>) =>
  generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there', maxOutputTokens: 5, maxRetries: 0 });

describe('postgresBudgetStore on PGlite', () => {
  it('adds atomically with one upsert and reads 0 for a new bucket', async () => {
    const store = postgresBudgetStore({ query, table: await table('budget_upsert') });
    expect(await store.spent('total::')).toBe(0);
    expect(await store.add('total::', 1.25)).toBe(1.25);
    expect(await store.add('total::', 2.5)).toBe(3.75);
    expect(await store.spent('total::')).toBe(3.75);
    expect(await store.spent('total::other')).toBe(0);
  });

  it('is one budget for two providers sharing the database', async () => {
    const shared = await table('budget_shared');
    // 0 + 74 and 7 + 74 fit in 81; after two calls, 14 + 74 does not.
    const first = provider(shared, 81);
    const second = provider(shared, 81);
    await hello(first.gw);
    await hello(second.gw);
    const error = await hello(first.gw).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error) && error.data).toMatchObject({ kind: 'budget' });
    await expect(hello(second.gw)).rejects.toThrow(
      "Budget reached (budget: period 'total'): 14 of 81 credits spent or reserved by calls in flight this period; 67 left",
    );
    expect(first.chatRequests() + second.chatRequests()).toBe(2);
    expect(await first.store.spent('total::')).toBe(14);
  });

  it('reserves atomically: one statement adds only while the total is below the limit', async () => {
    const store = postgresBudgetStore({ query, table: await table('budget_reserve') });
    expect(await store.reserve?.('total::', 11, 21)).toBe(11);
    expect(await store.reserve?.('total::', 11, 21)).toBe(22);
    expect(await store.reserve?.('total::', 11, 21)).toBeUndefined();
    expect(await store.spent('total::')).toBe(22);
    expect(await store.add('total::', -4)).toBe(18);
    expect(await store.reserve?.('total::', 11, 21)).toBe(29);
  });

  it('reserves on several buckets in one statement: all, or none and the index of the first that did not fit', async () => {
    const store = postgresBudgetStore({ query, table: await table('budget_reserve_all') });
    const limits = (credits: number) => [
      { bucket: 'month:2026-11:', credits, limit: 100, overshoot: 'never' as const },
      { bucket: 'day:2026-11-23:ann', credits, limit: 10, overshoot: 'never' as const },
      { bucket: 'minute:2026-11-23T10:30:ann', credits, limit: 4, overshoot: 'one-call' as const },
    ];
    // New buckets: their rows are made, then reserved.
    expect(await store.reserveAll?.(limits(3))).toEqual({ totals: [3, 3, 3] });
    // The minute limit ('one-call') admits while below 4: 3 < 4.
    expect(await store.reserveAll?.(limits(3))).toEqual({ totals: [6, 6, 6] });
    // 6 is not below 4: refused at index 2, nothing added anywhere.
    expect(await store.reserveAll?.(limits(1))).toEqual({ totals: [6, 6, 6], refused: 2 });
    // 6 + 5 is over the day's 10 ('never'): refused at index 1, before the minute's.
    expect(await store.reserveAll?.(limits(5))).toEqual({ totals: [6, 6, 6], refused: 1 });
    expect(await store.spent('month:2026-11:')).toBe(6);
    // 6 + 4 fits the day's 10 exactly; the minute's bucket is new.
    const next = limits(4).map((reservation, index) =>
      index === 2 ? { ...reservation, bucket: 'minute:2026-11-23T10:31:ann' } : reservation,
    );
    expect(await store.reserveAll?.(next)).toEqual({ totals: [10, 10, 4] });
  });

  it('holds for two providers on one table, 20 concurrent calls each: spend within the limit', async () => {
    const shared = await table('budget_concurrent');
    const first = provider(shared, 148);
    const second = provider(shared, 148);
    const calls = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) => hello(index % 2 ? first.gw : second.gw)),
    );
    const answered = calls.filter(call => call.status === 'fulfilled').length;
    const refused = calls.filter(
      call => call.status === 'rejected' && APICallError.isInstance(call.reason) && call.reason.data,
    );
    expect(refused).toHaveLength(40 - answered);
    expect(answered).toBe(first.chatRequests() + second.chatRequests());
    // 0 + 74 and 74 + 74 fit in 148: two reservations of 74; the third sees 148. Both settle to 7.
    expect(answered).toBe(2);
    // Settlements run after the results: read once they are in.
    await expect.poll(() => second.store.spent('total::')).toBe(14);
    expect(await second.store.spent('total::')).toBeLessThanOrEqual(148 + 74);
  });

  it('uses the table it is given and checks its name and query', async () => {
    const store = postgresBudgetStore({ query, table: 'public.tenant_budget' });
    await store.createTable();
    await store.add('day:2026-11-23:acme', 3);
    expect((await query('SELECT bucket, spent FROM public.tenant_budget')).rows).toEqual([
      { bucket: 'day:2026-11-23:acme', spent: 3 },
    ]);
    expect(() => postgresBudgetStore({ query, table: 'budget; DROP TABLE x' })).toThrow(
      'Invalid argument table: letters, digits and _, optionally schema.table; received "budget; DROP TABLE x".',
    );
    const error = (() => {
      try {
        postgresBudgetStore({ query: undefined as unknown as PostgresQuery });
      } catch (caught) {
        return caught;
      }
    })();
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
  });
});
