import { formatArgumentValue } from '../checks/validate-argument';
import { isObjectRecord } from '../checks/values';
import type { UnigateBudgetReservation, UnigateBudgetStore } from '../settings/unigate-provider-settings';
import { addCredits, fitsOn } from './budget-stores';

// Loaded with budget-store-guard.ts by the first budgeted call. Every call into the user's store goes
// through here: bounded in time, its answer checked against the contract, and what lands late accounted.

/**
 * `promise`, within `timeoutMs` (none when `undefined`) and the call's abort: a store that hangs cannot
 * hold the call. A time-out rejects with a `TimeoutError`; the abort, with the signal's reason.
 */
export function bounded<T>(
  promise: Promise<T>,
  timeoutMs: number | undefined,
  what: string,
  abortSignal?: AbortSignal,
): Promise<T> {
  if (abortSignal?.aborted) return Promise.reject(abortSignal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortSignal?.reason);
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            const error = new Error(
              `the budget store did not answer ${what} within ${timeoutMs} ms (budget.storeTimeoutMs)`,
            );
            error.name = 'TimeoutError';
            reject(error);
          }, timeoutMs);
    abortSignal?.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      abortSignal?.removeEventListener('abort', onAbort);
    });
  });
}

const RESERVE_CONTRACT =
  'a Promise of the new total (a finite number), or of undefined when the total had reached the limit';
const SPENT_CONTRACT = "a Promise of the bucket's total (a finite number)";

/** Fails closed on an answer outside the contract: a `null` (a Redis Lua `nil`), a string or `NaN` is no total. */
function outsideContract(method: string, answer: unknown, contract: string): never {
  throw new Error(
    `the budget store's ${method} answered ${formatArgumentValue(answer)}, outside its contract (${contract})`,
  );
}

const isTotal = (answer: unknown): answer is number => typeof answer === 'number' && Number.isFinite(answer);

/** The least double above `x`: for doubles, `total < nextAbove(x)` exactly when `total <= x`. */
function nextAbove(x: number): number {
  if (!Number.isFinite(x)) return x;
  if (x === 0) return Number.MIN_VALUE;
  // A double's bits read as a signed integer: a positive double grows with them; a negative one (its sign
  // bit set) is above its neighbour one step nearer zero, one less.
  const bits = new BigInt64Array(new Float64Array([x]).buffer);
  bits[0] += x > 0 ? 1n : -1n;
  return new Float64Array(bits.buffer)[0] as number;
}

/**
 * The `limit` a store's `reserve` is given: it adds while the total is below it. Under `'never'`, just
 * above the largest total the credits fit on, so a store written for `'one-call'` admits only what fits.
 */
function reserveBelow(reservation: UnigateBudgetReservation): number {
  return reservation.overshoot === 'one-call'
    ? reservation.limit
    : nextAbove(addCredits(reservation.limit, -reservation.credits));
}

/**
 * Reservations through a store's `reserve`, or, for a store with only `spent` and `add`, its check and its
 * addition run one at a time per bucket in this process (a chain per bucket), so concurrent calls of this
 * process never both pass the check. `gaveUp` says the caller stopped waiting (time-out or abort): a
 * queued reservation whose caller is gone is never made.
 */
export function storeReservations(store: UnigateBudgetStore) {
  const chains = new Map<string, Promise<unknown>>();
  const spent = async (bucket: string) => {
    const total = await store.spent(bucket);
    return isTotal(total) ? total : outsideContract('spent', total, SPENT_CONTRACT);
  };
  const checkThenAdd = async (reservation: UnigateBudgetReservation, gaveUp: () => boolean) => {
    if (gaveUp()) return undefined;
    const total = await spent(reservation.bucket);
    if (!fitsOn(total, reservation) || gaveUp()) return undefined;
    await store.add(reservation.bucket, reservation.credits);
    return addCredits(total, reservation.credits);
  };
  const serialised = (reservation: UnigateBudgetReservation, gaveUp: () => boolean) => {
    const { bucket } = reservation;
    const previous = chains.get(bucket) ?? Promise.resolve();
    const next = previous.then(() => checkThenAdd(reservation, gaveUp));
    const settled = next.catch(() => undefined);
    chains.set(bucket, settled);
    void settled.then(() => {
      if (chains.get(bucket) === settled) chains.delete(bucket);
    });
    return next;
  };
  return {
    /** The new total, or `undefined` when the reservation did not fit (nothing added). */
    reserve: async (reservation: UnigateBudgetReservation, gaveUp: () => boolean) => {
      if (store.reserve === undefined) return serialised(reservation, gaveUp);
      const { bucket, credits } = reservation;
      const total = await store.reserve(bucket, credits, reserveBelow(reservation));
      if (total === undefined) return undefined;
      if (!isTotal(total)) outsideContract('reserve', total, RESERVE_CONTRACT);
      // Fails closed: a new total below the credits just added cannot hold them (a store that answers 0,
      // as `rows[0]?.spent ?? 0` does for the row a refusal did not return), so it is a refusal.
      return total < credits ? undefined : total;
    },
    /** The bucket's total, checked. */
    spent,
  };
}

const RESERVE_ALL_CONTRACT =
  'a Promise of { totals: a finite number per reservation, refused: undefined or the index of the one that did not fit }';

/**
 * `reserveAll`'s answer, checked against its contract like every store answer. Fails closed as `reserve`
 * does: an admission whose new total is below the credits it just added cannot hold them, so the first
 * such limit is read as the one that refused.
 */
function checkedAllAnswer(
  answer: unknown,
  reservations: readonly UnigateBudgetReservation[],
): { totals: number[]; refused?: number } {
  const count = reservations.length;
  const record = isObjectRecord(answer) ? answer : {};
  const { totals, refused } = record;
  const valid =
    Array.isArray(totals) &&
    totals.length === count &&
    totals.every(isTotal) &&
    (refused === undefined ||
      (Number.isInteger(refused) && typeof refused === 'number' && refused >= 0 && refused < count));
  if (!valid) outsideContract('reserveAll', answer, RESERVE_ALL_CONTRACT);
  if (refused !== undefined) return { totals, refused };
  const short = totals.findIndex((total, index) => total < (reservations[index]?.credits ?? 0));
  return short === -1 ? { totals } : { totals, refused: short };
}

/** One limit's store, as the guard keeps it. */
export interface LimitStore {
  readonly store: UnigateBudgetStore;
  readonly timeoutMs: number;
  readonly reservations: ReturnType<typeof storeReservations>;
  readonly settlements: ReturnType<typeof storeSettlements>;
}

/** What a call reserved on each limit (`totals`: the new totals), or the index of the limit that refused. */
export type LimitsAnswer = { totals: number[]; refused?: undefined } | { totals?: number[]; refused: number };

function giveBack(limits: readonly LimitStore[], reservations: readonly UnigateBudgetReservation[], count: number) {
  for (let index = 0; index < count; index++) {
    const reservation = reservations[index];
    const limit = limits[index];
    if (reservation && limit && reservation.credits !== 0)
      limit.settlements.add(reservation.bucket, -reservation.credits);
  }
}

/**
 * Reserves a call on every limit, or on none: in one atomic step when every limit keeps its spend in one
 * store that has `reserveAll`; else one limit at a time, each atomic, what the earlier ones reserved
 * given back when a later one refuses or fails. Each store call within its time-out and the call's abort;
 * a reservation that lands after its call stopped waiting is given back when it lands.
 */
export async function reserveLimits(
  limits: readonly LimitStore[],
  reservations: readonly UnigateBudgetReservation[],
  abortSignal: AbortSignal | undefined,
): Promise<LimitsAnswer> {
  const first = limits[0];
  const { reserveAll } = first?.store ?? {};
  if (first && reserveAll && limits.every(limit => limit.store === first.store)) {
    const reserving = Promise.resolve().then(async () =>
      checkedAllAnswer(await reserveAll.call(first.store, reservations), reservations),
    );
    const timeoutMs = Math.max(...limits.map(limit => limit.timeoutMs));
    return bounded(reserving, timeoutMs, 'a reservation', abortSignal).catch((error: unknown) => {
      void reserving.then(late => late.refused === undefined && giveBack(limits, reservations, limits.length), noop);
      throw error;
    });
  }
  const totals: number[] = [];
  let gaveUp = false;
  for (const [index, limit] of limits.entries()) {
    const reservation = reservations[index] as UnigateBudgetReservation;
    const reserving = Promise.resolve().then(() => limit.reservations.reserve(reservation, () => gaveUp));
    let total: number | undefined;
    try {
      total = await bounded(reserving, limit.timeoutMs, 'a reservation', abortSignal);
    } catch (error) {
      gaveUp = true;
      void reserving.then(late => late !== undefined && giveBack([limit], [reservation], 1), noop);
      giveBack(limits, reservations, index);
      throw error;
    }
    if (total === undefined) {
      giveBack(limits, reservations, index);
      return { refused: index };
    }
    totals.push(total);
  }
  return { totals };
}

const noop = () => undefined;

/**
 * The additions made after a call (settlements, and reservations given back), in the background. Each
 * is tried once at once. One the store rejected (so it added nothing) is kept and retried once by each
 * later admission until it lands: never lost. One that timed out may still land, so it is never retried
 * (never doubled): if it later rejects, it is kept for a retry like the others. `flush` runs before an
 * admission: it waits for the additions in flight, retries the kept ones, and throws the first failure
 * to report (a retry that failed, or a time-out, each reported once).
 */
export function storeSettlements(store: UnigateBudgetStore, timeoutMs: number) {
  const inFlight = new Set<Promise<unknown>>();
  let kept: Array<{ bucket: string; credits: number }> = [];
  let timedOut: unknown[] = [];
  /** One attempt; resolves with its failure (`undefined` once it landed) and the store's answer, never rejects. */
  const attempt = (bucket: string, credits: number): Promise<{ failure?: unknown; total?: number }> => {
    const adding = Promise.resolve().then(() => store.add(bucket, credits));
    adding.catch(() => kept.push({ bucket, credits }));
    const answered = bounded(adding, timeoutMs, 'an addition').then(
      (total: unknown) => ({ total: isTotal(total) ? total : undefined }),
      (failure: unknown) => ({ failure }),
    );
    inFlight.add(answered);
    void answered.then(() => inFlight.delete(answered));
    return answered;
  };
  const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';
  return {
    /** Adds in the background; resolves with the bucket's new total as the store answered it, if it did. */
    add: async (bucket: string, credits: number): Promise<number | undefined> => {
      const { failure, total } = await attempt(bucket, credits);
      if (isTimeout(failure)) timedOut.push(failure);
      return total;
    },
    flush: async (abortSignal: AbortSignal | undefined) => {
      if (inFlight.size > 0) await bounded(Promise.all(inFlight), undefined, 'the settlements', abortSignal);
      const retries = kept;
      kept = [];
      const answers = await bounded(
        Promise.all(retries.map(({ bucket, credits }) => attempt(bucket, credits))),
        undefined,
        'the retried settlements',
        abortSignal,
      );
      // The first failure to report: a retry's, else a time-out's.
      const reported = answers.find(({ failure }) => failure !== undefined)?.failure ?? timedOut[0];
      timedOut = [];
      if (reported !== undefined) throw reported;
    },
  };
}
