import type { UnigateBudgetStore } from '../settings/unigate-provider-settings';
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
  return {
    spent: async bucket => buckets.get(bucket) ?? 0,
    // One synchronous step between awaits: nothing can interleave, so the addition is atomic.
    add: async (bucket, credits) => {
      const total = addCredits(buckets.get(bucket) ?? 0, credits);
      buckets.set(bucket, total);
      return total;
    },
    // The check and the addition in one synchronous step: concurrent calls cannot both pass it.
    reserve: async (bucket, credits, limit) => {
      const current = buckets.get(bucket) ?? 0;
      if (current >= limit) return undefined;
      const total = addCredits(current, credits);
      buckets.set(bucket, total);
      return total;
    },
  };
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
  const value = rows[0]?.spent;
  return value === undefined || value === null ? 0 : Number(value);
}

/**
 * A budget store over any Postgres client (`pg`, `postgres.js`, PGlite): the package gains no dependency.
 * A reservation is one atomic upsert that adds only while the bucket's total is below the limit
 * (`INSERT ... ON CONFLICT DO UPDATE SET spent = spent + $2 WHERE spent < $3 RETURNING spent`: the row
 * is locked for the statement), so processes sharing the table never pass the limit together; a
 * settlement is one atomic addition.
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
  return {
    createTable: async () => {
      await query(
        `CREATE TABLE IF NOT EXISTS ${table} (bucket text PRIMARY KEY, spent double precision NOT NULL DEFAULT 0)`,
      );
    },
    spent: async bucket => readSpent((await query(`SELECT spent FROM ${table} WHERE bucket = $1`, [bucket])).rows),
    reserve: async (bucket, credits, limit) => {
      // A new bucket starts below any limit (limits are above 0); an existing one is added to only while below it.
      const { rows } = await query(
        `INSERT INTO ${table} (bucket, spent) VALUES ($1, $2) ON CONFLICT (bucket) DO UPDATE SET spent = ${table}.spent + EXCLUDED.spent WHERE ${table}.spent < $3 RETURNING spent`,
        [bucket, credits, limit],
      );
      return rows.length === 0 ? undefined : readSpent(rows);
    },
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
