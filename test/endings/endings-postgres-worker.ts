// One process of the endings' Postgres run (endings-postgres.node.test.ts, bench/endings-mixed-run.ts): the
// mixed run's calls (mixed-run.ts) against postgresBudgetStore over the shared table, through its own pg
// pool. It prints `ready`, waits for `go` on stdin, and prints one JSON line: what mixedRun answered.
import pg from 'pg';
import { postgresBudgetStore } from '../../src';
import { mixedRun } from './mixed-run';

const { PG_URL = '', TABLE = '', CALLS = '0', CONCURRENCY = '1', OFFSET = '0' } = process.env;
const pool = new pg.Pool({ connectionString: PG_URL, max: 4 });
const store = postgresBudgetStore({ query: (sql, params) => pool.query(sql, params), table: TABLE });

process.stdout.write('ready\n');
process.stdin.once('data', async () => {
  const result = await mixedRun(store, {
    count: Number(CALLS),
    concurrency: Number(CONCURRENCY),
    offset: Number(OFFSET),
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
  await pool.end();
  process.exit(0);
});
