import type { UnigateBudgetReservation, UnigateBudgetStore } from '../settings/unigate-provider-settings';
import { failArgument } from '../checks/validate-argument';

// The two budget stores this package gives: in this process's memory (the default) and over Postgres.

/** Adds in pico-credits (costs have 12 decimal places), so a running total shows no float noise. */
export function addCredits(a: number, b: number): number {
  return Math.round(a * 1e12 + b * 1e12) / 1e12;
}

/**
 * A budget store in this process's memory: the default. Every bucket is kept while the provider lives
 * (one a period and key), so a long-lived provider with many keys should use a shared store instead.
 */
export function memoryBudgetStore(): UnigateBudgetStore {
  const buckets = new Map<string, number>();
  const total = (bucket: string) => buckets.get(bucket) ?? 0;
  const added = (bucket: string, credits: number) => {
    const sum = addCredits(total(bucket), credits);
    buckets.set(bucket, sum);
    return sum;
  };
  // Every check, then every addition, in one synchronous step: nothing can interleave, so concurrent
  // calls cannot both pass the check.
  const reserveAll = async (reservations: readonly UnigateBudgetReservation[]) => {
    const totals = reservations.map(({ bucket }) => total(bucket));
    const refused = reservations.findIndex((reservation, index) => !fitsOn(totals[index] ?? 0, reservation));
    if (refused !== -1) return { totals, refused };
    return { totals: reservations.map(({ bucket, credits }) => added(bucket, credits)) };
  };
  return {
    spent: async bucket => total(bucket),
    add: async (bucket, credits) => added(bucket, credits),
    reserve: reserveOne(reserveAll),
    reserveAll,
  };
}

/** `reserve` from a store's `reserveAll`: one reservation under the rule `reserve` has (added while below `limit`). */
function reserveOne(reserveAll: Required<UnigateBudgetStore>['reserveAll']): UnigateBudgetStore['reserve'] {
  return async (bucket, credits, limit) => {
    const { totals, refused } = await reserveAll([{ bucket, credits, limit, overshoot: 'one-call' }]);
    return refused === undefined ? totals[0] : undefined;
  };
}

/** Whether `reservation` fits on a bucket's `total`, by its limit's overshoot rule. */
export function fitsOn(total: number, reservation: UnigateBudgetReservation): boolean {
  return reservation.overshoot === 'one-call'
    ? total < reservation.limit
    : addCredits(total, reservation.credits) <= reservation.limit;
}

/** A Postgres client's query function, as `pg`'s `Pool#query` and PGlite's `query` have it. */
export type PostgresQuery = (sql: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

/** Settings of `postgresBudgetStore`. */
export interface PostgresBudgetStoreSettings {
  /** Runs one statement with `$1`-style parameters and resolves with its rows. */
  query: PostgresQuery;
  /** The table, created by `createTable()`. Letters, digits and `_`, optionally `schema.table`. Default `unigate_budget`. */
  table?: string;
}

/** A budget store over Postgres, plus the statement that creates its table. */
export interface PostgresBudgetStore extends UnigateBudgetStore {
  /** Creates the table if it does not exist: `(bucket text primary key, spent double precision)`. */
  createTable(): Promise<void>;
}

const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

function readSpent(rows: Array<Record<string, unknown>>): number {
  return Number(rows[0]?.spent ?? 0);
}

/**
 * Every limit's reservation in one statement: each bucket's row locked in bucket order (two calls never
 * wait on each other crosswise), every one checked by its overshoot rule, then every one added, or none.
 * A row per reservation, in order: its total before, after (when added), and whether it fit.
 */
function reserveAllStatement(table: string): string {
  return `WITH request AS (
  SELECT * FROM unnest($1::text[], $2::float8[], $3::float8[], $4::boolean[]) WITH ORDINALITY AS r(bucket, credits, cap, never, i)
), locked AS (
  SELECT t.bucket, t.spent FROM ${table} t WHERE t.bucket = ANY($1::text[]) ORDER BY t.bucket FOR UPDATE
), checked AS (
  SELECT r.i, l.spent, l.spent IS NOT NULL AND (CASE WHEN r.never THEN l.spent + r.credits <= r.cap ELSE l.spent < r.cap END) AS fits
  FROM request r LEFT JOIN locked l ON l.bucket = r.bucket
), updated AS (
  UPDATE ${table} t SET spent = t.spent + r.credits FROM request r
  WHERE t.bucket = r.bucket AND (SELECT bool_and(fits) FROM checked)
  RETURNING t.bucket, t.spent
)
SELECT c.spent AS before, u.spent AS after, c.fits FROM request r JOIN checked c ON c.i = r.i LEFT JOIN updated u ON u.bucket = r.bucket ORDER BY r.i`;
}

/**
 * A budget store over any Postgres client (`pg`, `postgres.js`, PGlite): the package gains no dependency.
 * A reservation is one atomic upsert that adds only while the bucket's total is below the limit
 * (`INSERT ... ON CONFLICT DO UPDATE SET spent = spent + $2 WHERE spent < $3 RETURNING spent`: the row
 * is locked for the statement), so processes sharing the table never pass the limit together; a
 * settlement is one atomic addition. Several limits at once (`reserveAll`) are one statement too: every
 * bucket's row locked, checked and added to, or none.
 *
 * @example
 * ```ts
 * const store = postgresBudgetStore({ query: (sql, params) => pool.query(sql, params) });
 * await store.createTable();
 * ```
 */
export function postgresBudgetStore({
  query,
  table = 'unigate_budget',
}: PostgresBudgetStoreSettings): PostgresBudgetStore {
  if (typeof query !== 'function') failArgument('query', 'a function (sql, params) => Promise<{ rows }>', query);
  if (typeof table !== 'string' || !TABLE_NAME.test(table)) {
    failArgument('table', 'letters, digits and _, optionally schema.table', table);
  }
  const spent = async (bucket: string) =>
    readSpent((await query(`SELECT spent FROM ${table} WHERE bucket = $1`, [bucket])).rows);
  const reserveAll = async (reservations: readonly UnigateBudgetReservation[]) => {
    const [only] = reservations;
    if (reservations.length === 1 && only) {
      // One limit: one upsert, by its overshoot rule. A new bucket starts at 0, below any limit (limits are
      // above 0): its row is made only when the reservation fits; an existing one is added to only while it fits.
      const { bucket, credits, limit, overshoot } = only;
      const { rows } = await query(
        `INSERT INTO ${table} (bucket, spent) SELECT $1::text, $2::float8 WHERE $4::boolean OR $2::float8 <= $3::float8 ON CONFLICT (bucket) DO UPDATE SET spent = ${table}.spent + EXCLUDED.spent WHERE CASE WHEN $4::boolean THEN ${table}.spent < $3::float8 ELSE ${table}.spent + EXCLUDED.spent <= $3::float8 END RETURNING spent`,
        [bucket, credits, limit, overshoot === 'one-call'],
      );
      return rows.length > 0 ? { totals: [readSpent(rows)] } : { totals: [await spent(bucket)], refused: 0 };
    }
    const params = [
      reservations.map(({ bucket }) => bucket),
      reservations.map(({ credits }) => credits),
      reservations.map(({ limit }) => limit),
      reservations.map(({ overshoot }) => overshoot !== 'one-call'),
    ];
    let rows = (await query(reserveAllStatement(table), params)).rows;
    if (rows.some(row => row.before === null)) {
      // A bucket's first call: its row is made at 0 (nothing to lock before), then the reservation is made again.
      await query(`INSERT INTO ${table} (bucket, spent) SELECT unnest($1::text[]), 0 ON CONFLICT (bucket) DO NOTHING`, [
        params[0],
      ]);
      rows = (await query(reserveAllStatement(table), params)).rows;
    }
    const refused = rows.findIndex(row => row.fits !== true);
    return refused === -1
      ? { totals: rows.map(row => Number(row.after)) }
      : { totals: rows.map(row => Number(row.before ?? 0)), refused };
  };
  return {
    createTable: async () => {
      await query(
        `CREATE TABLE IF NOT EXISTS ${table} (bucket text PRIMARY KEY, spent double precision NOT NULL DEFAULT 0)`,
      );
    },
    spent,
    // The one-limit upsert under the one-call rule: one statement, a refusal read back by a second.
    reserve: reserveOne(reserveAll),
    reserveAll,
    add: async (bucket, credits) =>
      readSpent(
        (
          await query(
            `INSERT INTO ${table} (bucket, spent) VALUES ($1, $2) ON CONFLICT (bucket) DO UPDATE SET spent = ${table}.spent + EXCLUDED.spent RETURNING spent`,
            [bucket, credits],
          )
        ).rows,
      ),
  };
}
