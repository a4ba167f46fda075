import { fileURLToPath } from 'node:url';
import { postgresBudgetStore } from '../../src';
import type { TestPostgres } from '../helpers/embedded-postgres';
import { runWorkers } from '../helpers/worker-processes';

// Three limits at once on a real Postgres shared by 4 processes (postgres-budget-worker.ts): an app's month,
// a day per user and a minute per user, over a random mix of calls (aborted before they start or once sent,
// gateway errors, broken bodies, network failures, completed). The test runs a small one
// (postgres-processes.node.test.ts); bench/budget-limits.ts the 4 x 250.

const WORKER = fileURLToPath(new URL('./postgres-budget-worker.ts', import.meta.url));

/** What each worker prints. */
export interface WorkerResult {
  sent: number;
  completed: number;
  refused: number;
  /** What the worker computes its calls were charged, by their kind. */
  charged: number;
  /** The onCharge events it received, and their costs' sum. */
  events: number;
  eventsSum: number;
}

/** One limit of the run: the worker keys it by user (`perUser`), or one bucket for the app. */
export interface RunLimit {
  maxCredits: number;
  period: 'month' | 'day' | 'minute';
  perUser: boolean;
}

/** Each limit's rows in the table: their sum and the fullest one. */
export interface LimitRows {
  limit: RunLimit;
  buckets: number;
  sum: number;
  fullest: number;
}

export interface ThreeLimitRun {
  results: WorkerResult[];
  limits: LimitRows[];
}

export const sumOf = (results: WorkerResult[], field: keyof WorkerResult) =>
  results.reduce((total, result) => total + result[field], 0);

/** Runs 4 processes of `calls` calls each (all at once) against `limits` in a new `table`. */
export async function threeLimitRun(
  postgres: TestPostgres,
  table: string,
  limits: RunLimit[],
  run: { calls: number; users: number; seed: number },
): Promise<ThreeLimitRun> {
  const { pool, url } = postgres;
  await postgresBudgetStore({ query: (sql, params) => pool.query(sql, params), table }).createTable();
  const results = await runWorkers<WorkerResult>(WORKER, 4, () => ({
    PG_URL: url,
    TABLE: table,
    CALLS: String(run.calls),
    CONCURRENCY: String(run.calls),
    USERS: String(run.users),
    SEED: String(run.seed),
    LIMITS: JSON.stringify(limits),
  }));
  const rows = await Promise.all(
    limits.map(async limit => {
      const { rows } = await pool.query(
        `SELECT count(*) AS buckets, coalesce(sum(spent), 0) AS sum, coalesce(max(spent), 0) AS fullest FROM ${table} WHERE bucket LIKE $1`,
        [`${limit.period}:%`],
      );
      const row = rows[0] ?? {};
      return { limit, buckets: Number(row.buckets), sum: Number(row.sum), fullest: Number(row.fullest) };
    }),
  );
  return { results, limits: rows };
}

/** One line of figures for a run. */
export function describeRun({ results, limits }: ThreeLimitRun): string {
  const tables = limits
    .map(
      ({ limit, buckets, sum, fullest }) =>
        `${limit.period} (${buckets} buckets, fullest ${fullest} of ${limit.maxCredits}): ${sum}`,
    )
    .join('; ');
  return (
    `sent ${sumOf(results, 'sent')}, completed ${sumOf(results, 'completed')}, refused by the budget ` +
    `${sumOf(results, 'refused')}; events' sum ${sumOf(results, 'eventsSum')}, charges ${sumOf(results, 'charged')}; ` +
    `tables: ${tables}`
  );
}

/** A seeded generator (mulberry32), so a run's random mix can be run again. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
