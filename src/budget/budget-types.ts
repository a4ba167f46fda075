// The budget's public types (docs/budgets.md). A leaf: it imports nothing, so every layer may name them
// (scripts/check-import-cycles.mjs).

/**
 * How long a budget's spend adds up before it starts again at zero, in fixed UTC windows: a minute, an
 * hour, a day, a month, for ever (`'total'`), or `{ minutes }`: windows of that many minutes from UTC
 * midnight (a whole number that divides a day: 30 gives :00-:30 and :30-:00 of every hour).
 */
export type UnigateBudgetPeriod = 'minute' | 'hour' | 'day' | 'month' | 'total' | { minutes: number };

/** Where one budget limit stands after a charge (`UnigateChargeEvent.budget`). */
export interface UnigateBudgetStanding {
  /** The store's bucket of the limit's current period and key. */
  bucket: string;
  /**
   * The bucket's total after this charge, as the store answered this call's last write to it (its
   * settlement, else its reservation): spent, plus what calls still in flight have reserved.
   */
  spent: number;
  /** The limit's `maxCredits`. */
  limit: number;
  /** The limit's `period`, as given. */
  period: UnigateBudgetPeriod;
}

/** One limit's part of a reservation made on several at once (`UnigateBudgetStore.reserveAll`). */
export interface UnigateBudgetReservation {
  bucket: string;
  credits: number;
  limit: number;
  /** `'never'`: fits when the total plus `credits` is at most `limit`; `'one-call'`: while the total is below `limit`. */
  overshoot: 'never' | 'one-call';
}

/**
 * Where a budget's spend is kept. One store can serve several providers and processes
 * (`postgresBudgetStore`, or your own over Redis and the like); the default is in memory. `bucket` names
 * one key's spend in one period, e.g. `day:2026-11-23:user-42` (`month:2026-11:`, `total::` without a
 * key): a new period is a new bucket, so nothing has to be reset.
 *
 * A bucket's total is what its calls have spent plus what the calls in flight have reserved: a call adds
 * the upper bound of its cost before its request and, once its real cost is known, adds the difference
 * (a negative number when it cost less than it reserved).
 */
export interface UnigateBudgetStore {
  /** The bucket's total (spent plus reserved) so far; 0 for a bucket never added to. */
  spent(bucket: string): Promise<number>;
  /** Adds `credits` (possibly negative) to `bucket` in one atomic step and resolves with the new total. */
  add(bucket: string, credits: number): Promise<number>;
  /**
   * Adds `credits` to `bucket` only while its total is below `limit`, in one atomic step: resolves with
   * the new total, or `undefined` when the total had reached the limit (nothing added). Optional: without
   * it a call reads `spent`, then `add`s, and two processes may both pass the check at once (not atomic).
   */
  reserve?(bucket: string, credits: number, limit: number): Promise<number | undefined>;
  /**
   * Adds every reservation, or none, in one atomic step (one statement or transaction): when each one
   * fits (by its `overshoot`), resolves with `{ totals }`, the new totals in order; otherwise adds nothing
   * and resolves with `{ totals, refused }`, the current totals and the index of the first that did not
   * fit. Optional: without it, the limits are reserved one at a time (each atomic by `reserve`), and
   * what the earlier ones reserved is given back when a later one refuses. The memory store and
   * `postgresBudgetStore` have it.
   */
  reserveAll?(
    reservations: readonly UnigateBudgetReservation[],
  ): Promise<{ totals: number[]; refused?: number | undefined }>;
}

/** What a budget's `key` function receives: the call's model and options. */
export interface UnigateBudgetCall {
  modelId: string;
  /** `chat`, `messages`, `embedding`, `speech`, `transcription`, `image` or `video`. */
  kind: string;
  /** The call's `providerOptions`, as given. */
  providerOptions?: Record<string, Record<string, unknown> | undefined>;
}

/**
 * A spending limit (`createUnigate({ budget })`, one, or several in an array: a call is sent only if every
 * one admits it). Before its request, a call reserves the upper bound of its cost (docs/budgets.md); under
 * `overshoot: 'never'` (default) it is admitted only when that reservation fits in what is left of
 * `maxCredits` (what is spent plus what the calls in flight have reserved), and refused otherwise, before
 * any request (`APICallError`, `data.kind: 'budget'`, not retryable; the message says what is left and the
 * largest `maxOutputTokens` that would fit). After the call its reservation is replaced by its real cost,
 * so whatever the concurrency, the spend never passes `maxCredits`. An aborted or failed call that reached
 * the gateway is charged its known usage, else its reservation; a call refused by the gateway with an
 * HTTP error is charged nothing.
 */
export interface UnigateBudget {
  /** The limit, in credits: a finite number above 0. Required. */
  maxCredits: number;
  /**
   * Required: `'minute'`, `'hour'`, `'day'`, `'month'` (fixed UTC windows), `'total'` (never starts again),
   * or `{ minutes }` (windows of that many minutes from UTC midnight; a whole number dividing 1,440).
   */
  period: UnigateBudgetPeriod;
  /**
   * - `'never'` (default): a call whose reservation does not fit in what is left is refused.
   * - `'one-call'`: a call is admitted while anything is left, so the spend may pass the limit by one
   *   call's reservation.
   */
  overshoot?: 'never' | 'one-call';
  /** Where the spend is kept. Default: in memory, this provider only. */
  store?: UnigateBudgetStore;
  /**
   * Whose budget a call spends: one budget per end user or tenant. Default: `providerOptions.unigate.user`
   * (or `userId`, the messages format's name), else one budget shared by every call.
   */
  key?: (call: UnigateBudgetCall) => string | undefined;
  /**
   * A call whose price cannot be known (a catalog down, a model nothing prices, an image or video model
   * without a price-table entry):
   * - `'refuse'` (default): it is not sent; the error (`data.kind: 'budget'`) names the model and the fix.
   * - `'allow'`: it is sent, counted as 0 credits, with a warning. In an array, only when every limit allows it.
   */
  unpriced?: 'refuse' | 'allow';
  /**
   * The time limit of each store call, in milliseconds (default 5,000). A store that takes longer, or
   * throws, fails the call before its request (`data.kind: 'budget'`, the store's error as `cause`).
   */
  storeTimeoutMs?: number;
}
