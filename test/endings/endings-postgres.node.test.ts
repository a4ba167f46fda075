import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBudgetStore } from '../../src';
import { startPostgres, type TestPostgres } from '../helpers/embedded-postgres';
import { runWorkers } from '../helpers/worker-processes';
import type { MixedRunResult } from './mixed-run';

// Every ending counted, on a real Postgres shared by 4 processes: streams aborted mid-answer, dropped and
// resumed or not, gateway errors tried by a fallback chain, completed calls of several kinds, 10 at a time
// in each process. The table must hold exactly what the onCharge events reported, and every model call
// must have had its event. Run in the node20 lane only (the workers run the root entry).
const WORKER = fileURLToPath(new URL('./endings-postgres-worker.ts', import.meta.url));
const PROCESSES = 4;
const CALLS = 20;

let postgres: TestPostgres;

beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);

afterAll(() => postgres?.stop(), 30_000);

const total = (results: MixedRunResult[], field: keyof MixedRunResult) =>
  results.reduce((sum, result) => sum + result[field], 0);

describe('every ending counted, on a real Postgres across 4 processes', () => {
  it(`${PROCESSES} x ${CALLS} mixed calls with aborts and drops: the table minus the events' sum is 0`, async () => {
    const table = 'budget_endings';
    const { pool, url } = postgres;
    await postgresBudgetStore({ query: (sql, params) => pool.query(sql, params), table }).createTable();
    const results = await runWorkers<MixedRunResult>(WORKER, PROCESSES, index => ({
      PG_URL: url,
      TABLE: table,
      CALLS: String(CALLS),
      CONCURRENCY: '10',
      OFFSET: String(index * 3),
    }));
    const { rows } = await pool.query(`SELECT coalesce(sum(spent), 0) AS total FROM ${table}`);
    const stored = Number(rows[0]?.total);
    const charged = total(results, 'charged');
    console.info(
      `[endings on postgres, ${PROCESSES} processes x ${CALLS} calls] model calls ${total(results, 'modelCalls')}, ` +
        `events ${total(results, 'events')}, table ${stored}, events' sum ${charged}, table minus events ${stored - charged}`,
    );
    expect(total(results, 'events')).toBe(total(results, 'modelCalls'));
    expect(stored - charged).toBeCloseTo(0, 9);
  }, 120_000);
});
