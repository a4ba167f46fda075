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

const hello = (gw: ReturnType<typeof createUnigate>) =>
  generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there', maxRetries: 0 });

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
    const first = provider(shared, 14);
    const second = provider(shared, 14);
    await hello(first.gw);
    await hello(second.gw);
    const error = await hello(first.gw).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error) && error.data).toMatchObject({ kind: 'budget' });
    await expect(hello(second.gw)).rejects.toThrow('Budget reached: 14 of 14 credits spent this total period');
    expect(first.chatRequests() + second.chatRequests()).toBe(2);
    expect(await first.store.spent('total::')).toBe(14);
  });

  it('overspends by at most the in-flight calls: 20 concurrent calls over two providers', async () => {
    const shared = await table('budget_concurrent');
    const first = provider(shared, 100);
    const second = provider(shared, 100);
    await first.store.add('total::', 99.5);
    const calls = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => hello(index % 2 ? first.gw : second.gw)),
    );
    const answered = calls.filter(call => call.status === 'fulfilled').length;
    expect(answered).toBe(first.chatRequests() + second.chatRequests());
    // Every answered call counted, none lost to a race; the overspend is within the in-flight calls' cost.
    expect(await second.store.spent('total::')).toBe(99.5 + 7 * answered);
    expect(await second.store.spent('total::')).toBeLessThanOrEqual(100 + 7 * 20);
    await expect(hello(first.gw)).rejects.toThrow('Budget reached');
    expect(first.chatRequests() + second.chatRequests()).toBe(answered);
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
