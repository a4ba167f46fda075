import { formatArgumentValue } from '../checks/validate-argument';
import type { UnigateBudgetStore } from '../settings/unigate-provider-settings';
import { addCredits } from './budget-stores';

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
function checkedAnswer<T extends number | undefined>(
  method: string,
  answer: unknown,
  contract: string,
  accepts: (answer: unknown) => answer is T,
): T {
  if (accepts(answer)) return answer;
  throw new Error(
    `the budget store's ${method} answered ${formatArgumentValue(answer)}, outside its contract (${contract})`,
  );
}

const isTotal = (answer: unknown): answer is number => typeof answer === 'number' && Number.isFinite(answer);
const isTotalOrRefusal = (answer: unknown): answer is number | undefined => answer === undefined || isTotal(answer);

/**
 * Reservations through a store's `reserve`, or, for a store with only `spent` and `add`, its check and its
 * addition run one at a time per bucket in this process (a chain per bucket), so concurrent calls of this
 * process never both pass the check. `gaveUp` says the caller stopped waiting (time-out or abort): a
 * queued reservation whose caller is gone is never made.
 */
export function storeReservations(store: UnigateBudgetStore) {
  const chains = new Map<string, Promise<unknown>>();
  const checkThenAdd = async (bucket: string, credits: number, limit: number, gaveUp: () => boolean) => {
    if (gaveUp()) return undefined;
    const total = checkedAnswer('spent', await store.spent(bucket), SPENT_CONTRACT, isTotal);
    if (total >= limit || gaveUp()) return undefined;
    await store.add(bucket, credits);
    return addCredits(total, credits);
  };
  const serialised = (bucket: string, credits: number, limit: number, gaveUp: () => boolean) => {
    const previous = chains.get(bucket) ?? Promise.resolve();
    const next = previous.then(() => checkThenAdd(bucket, credits, limit, gaveUp));
    const settled = next.catch(() => undefined);
    chains.set(bucket, settled);
    void settled.then(() => {
      if (chains.get(bucket) === settled) chains.delete(bucket);
    });
    return next;
  };
  return {
    /** The new total, or `undefined` when the bucket had reached `limit` (nothing added). */
    reserve: async (bucket: string, credits: number, limit: number, gaveUp: () => boolean) =>
      store.reserve === undefined
        ? serialised(bucket, credits, limit, gaveUp)
        : checkedAnswer('reserve', await store.reserve(bucket, credits, limit), RESERVE_CONTRACT, isTotalOrRefusal),
    /** The bucket's total, checked. */
    spent: async (bucket: string) => checkedAnswer('spent', await store.spent(bucket), SPENT_CONTRACT, isTotal),
  };
}

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
  /** One attempt; resolves with its failure (`undefined` once it landed), never rejects. */
  const attempt = (bucket: string, credits: number): Promise<unknown> => {
    const adding = Promise.resolve().then(() => store.add(bucket, credits));
    adding.catch(() => kept.push({ bucket, credits }));
    const answered = bounded(adding, timeoutMs, 'an addition').then(
      () => undefined,
      (error: unknown) => error,
    );
    inFlight.add(answered);
    void answered.then(() => inFlight.delete(answered));
    return answered;
  };
  const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';
  return {
    add: (bucket: string, credits: number) => {
      void attempt(bucket, credits).then(error => {
        if (isTimeout(error)) timedOut.push(error);
      });
    },
    flush: async (abortSignal: AbortSignal | undefined) => {
      if (inFlight.size > 0) await bounded(Promise.all(inFlight), undefined, 'the settlements', abortSignal);
      const retries = kept;
      kept = [];
      const failures = await bounded(
        Promise.all(retries.map(({ bucket, credits }) => attempt(bucket, credits))),
        undefined,
        'the retried settlements',
        abortSignal,
      );
      const reported = [...failures.filter(error => error !== undefined), ...timedOut];
      timedOut = [];
      if (reported.length > 0) throw reported[0];
    },
  };
}
