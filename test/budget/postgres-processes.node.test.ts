import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateText } from 'ai';
import { createUnigate, postgresBudgetStore } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { startPostgres, type TestPostgres } from '../helpers/embedded-postgres';
import { runWorkers as runProcesses } from '../helpers/worker-processes';
import { describeRun, type RunLimit, sumOf, threeLimitRun, type WorkerResult } from './postgres-three-limits';

// postgresBudgetStore on a real Postgres server (test/helpers/embedded-postgres.ts: the embedded-postgres
// package's binaries on a free loopback port) shared by 4 real processes, each with its own provider,
// emulator and pg pool (postgres-budget-worker.ts). Run in the node20 lane only.
const WORKER = fileURLToPath(new URL('./postgres-budget-worker.ts', import.meta.url));
const PROCESSES = 4;
/** The app's month, a day per user and a minute per user; a call reserves 74 to 96 credits. */
const THREE_LIMITS: RunLimit[] = [
  { maxCredits: 1_500, period: 'month', perUser: false },
  { maxCredits: 400, period: 'day', perUser: true },
  { maxCredits: 200, period: 'minute', perUser: true },
];

let postgres: TestPostgres;
let url: string;
let pool: pg.Pool;

beforeAll(async () => {
  postgres = await startPostgres();
  ({ url, pool } = postgres);
}, 60_000);

afterAll(() => postgres?.stop(), 30_000);

/** Starts the workers, lets them all go at once when every one is ready, and collects their results. */
const runWorkers = (env: Record<string, string>) =>
  runProcesses<WorkerResult>(WORKER, PROCESSES, () => ({ PG_URL: url, ...env }));

/** Every bucket's total, added up in the database. */
async function tableTotal(table: string): Promise<number> {
  const { rows } = await pool.query(`SELECT coalesce(sum(spent), 0) AS total FROM ${table}`);
  return Number(rows[0]?.total);
}

async function newTable(table: string) {
  await postgresBudgetStore({ query: (sql, params) => pool.query(sql, params), table }).createTable();
  return table;
}

describe('postgresBudgetStore on a real Postgres server, across 4 processes', () => {
  it("250 concurrent calls a process against about 50 calls: under overshoot 'never' the spend never passes the limit", async () => {
    const table = await newTable('budget_limit');
    const maxCredits = 3_700; // 50 reservations of 74
    const results = await runWorkers({
      TABLE: table,
      MAX_CREDITS: String(maxCredits),
      CALLS: '250',
      CONCURRENCY: '250',
    });
    const total = await tableTotal(table);
    console.info(
      `[postgres, 4 processes x 250 calls, limit ${maxCredits}] sent ${sumOf(results, 'sent')}, completed ` +
        `${sumOf(results, 'completed')}, refused by the budget ${sumOf(results, 'refused')}, spent ${total} ` +
        `(over the limit by ${Math.max(0, total - maxCredits)})`,
    );
    expect(sumOf(results, 'refused')).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(maxCredits);
    // No leaked reservation: the store holds exactly what the calls were charged.
    expect(total).toBe(sumOf(results, 'charged'));
  }, 240_000);

  it('10,000 mixed calls of 64 users (aborts, gateway errors, broken bodies, network failures): the store holds their charges exactly', async () => {
    const table = await newTable('budget_mixed');
    const results = await runWorkers({
      TABLE: table,
      MAX_CREDITS: '1000000000',
      CALLS: '2500',
      CONCURRENCY: '50',
      USERS: '64',
    });
    const total = await tableTotal(table);
    console.info(
      `[postgres, 4 processes x 2,500 mixed calls] sent ${sumOf(results, 'sent')}, completed ` +
        `${sumOf(results, 'completed')}, store total ${total}, sum of charges ${sumOf(results, 'charged')}`,
    );
    expect(sumOf(results, 'refused')).toBe(0);
    expect(total).toBe(sumOf(results, 'charged'));
  }, 240_000);

  it("three limits at once (the app's month, a day and a minute per user), random aborts: every limit holds, and each table holds the events' sum", async () => {
    const run = await threeLimitRun(postgres, 'budget_three_limits', THREE_LIMITS, { calls: 60, users: 6, seed: 42 });
    console.info(`[postgres, 4 processes x 60 calls, three limits] ${describeRun(run)}`);
    expect(sumOf(run.results, 'refused')).toBeGreaterThan(0);
    for (const { limit, fullest, sum } of run.limits) {
      expect(fullest).toBeLessThanOrEqual(limit.maxCredits);
      // Every call is charged to every limit: no reservation leaked, none lost.
      expect(sum).toBe(sumOf(run.results, 'eventsSum'));
      expect(sum).toBe(sumOf(run.results, 'charged'));
    }
  }, 240_000);

  it("a 50-call burst of calls charged their whole reservation bills at most the limit under 'never'", async () => {
    const figures: string[] = [];
    for (const overshoot of ['never', 'one-call'] as const) {
      const table = await newTable(`budget_burst_${overshoot.replace('-', '_')}`);
      const store = postgresBudgetStore({ query: (sql, params) => pool.query(sql, params), table });
      let sent = 0;
      const gw = createUnigate({
        ...createUnigateEmulator().settings,
        // Fails as a network does once admitted: the call is charged its whole reservation, 74.
        fetch: async () => {
          sent++;
          throw new TypeError('fetch failed');
        },
        pricing: { 'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } },
        budget: { maxCredits: 1_000, period: 'total', store, overshoot },
      });
      await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there', maxOutputTokens: 5, maxRetries: 0 }),
        ),
      );
      await expect.poll(() => tableTotal(table)).toBe(sent * 74);
      const billed = await tableTotal(table);
      figures.push(`${overshoot}: ${sent} sent, billed ${billed} of 1000`);
      if (overshoot === 'never') expect(billed).toBeLessThanOrEqual(1_000);
      else expect(billed).toBeGreaterThan(1_000);
    }
    console.info(`[postgres, 50-call burst, each charged its reservation] ${figures.join('; ')}`);
  }, 60_000);
});
