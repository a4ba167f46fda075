import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBudgetStore } from '../../src';
import { startPostgres, type TestPostgres } from '../helpers/embedded-postgres';
import { runWorkers as runProcesses } from '../helpers/worker-processes';

// postgresBudgetStore on a real Postgres server (test/helpers/embedded-postgres.ts: the embedded-postgres
// package's binaries on a free loopback port) shared by 4 real processes, each with its own provider,
// emulator and pg pool (postgres-budget-worker.ts). Run in the node20 lane only.
const WORKER = fileURLToPath(new URL('./postgres-budget-worker.ts', import.meta.url));
const PROCESSES = 4;

let postgres: TestPostgres;
let url: string;
let pool: pg.Pool;

beforeAll(async () => {
  postgres = await startPostgres();
  ({ url, pool } = postgres);
}, 60_000);

afterAll(() => postgres?.stop(), 30_000);

interface WorkerResult {
  sent: number;
  completed: number;
  refused: number;
  charged: number;
}

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

const sum = (results: WorkerResult[], field: keyof WorkerResult) =>
  results.reduce((total, result) => total + result[field], 0);

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
      `[postgres, 4 processes x 250 calls, limit ${maxCredits}] sent ${sum(results, 'sent')}, completed ` +
        `${sum(results, 'completed')}, refused by the budget ${sum(results, 'refused')}, spent ${total} ` +
        `(over the limit by ${Math.max(0, total - maxCredits)})`,
    );
    expect(sum(results, 'refused')).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(maxCredits);
    // No leaked reservation: the store holds exactly what the calls were charged.
    expect(total).toBe(sum(results, 'charged'));
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
      `[postgres, 4 processes x 2,500 mixed calls] sent ${sum(results, 'sent')}, completed ` +
        `${sum(results, 'completed')}, store total ${total}, sum of charges ${sum(results, 'charged')}`,
    );
    expect(sum(results, 'refused')).toBe(0);
    expect(total).toBe(sum(results, 'charged'));
  }, 240_000);
});
