import { APICallError, type SharedV3Warning } from '@ai-sdk/provider';
import type { UnigateErrorData } from '../internal/gateway-error';
import { failArgument } from '../internal/validate-argument';
import type { UnigatePricingService } from '../pricing/create-pricing';
import type { PricedKind, UnigateModelPrice } from '../pricing/unigate-pricing-types';
import type { UnigateBudget, UnigateBudgetCall, UnigateBudgetStore } from '../unigate-provider-settings';
import { budgetWindow } from './budget-period';
import { addCredits, memoryBudgetStore } from './memory-budget-store';

/** Default of `budget.storeTimeoutMs`. */
export const DEFAULT_STORE_TIMEOUT_MS = 5_000;

/** One call let through by the budget, its reservation in the store. */
export interface BudgetAdmission {
  /** The credits reserved for the call: the upper bound of its cost (0 for an unpriced call let through). */
  readonly reserved: number;
  /** The price the reservation was made from; `undefined` for an unpriced call let through. */
  readonly price: UnigateModelPrice | undefined;
  /**
   * Replaces the reservation by what the call is charged, in the background (the result never waits for
   * the store): `credits`, or, when `undefined`, the reservation itself. Only the first settle counts.
   */
  settle(credits: number | undefined): void;
  /** The warning of an unpriced call let through (`unpriced: 'allow'`); `undefined` for a priced one. */
  readonly unpricedWarning: SharedV3Warning | undefined;
}

/** The call to admit: its key's inputs, its kind, and the bound of its cost at a price. */
export interface BudgetCall extends UnigateBudgetCall {
  kind: PricedKind;
  /** The most the call can cost at `price`, in credits; `undefined` when the price cannot bound it. */
  bound(price: UnigateModelPrice | undefined, contextWindow: number | undefined): number | undefined;
}

/** Reserves each call's bound before it runs and settles its real cost after. */
export interface BudgetGuard {
  admit(call: BudgetCall, abortSignal?: AbortSignal): Promise<BudgetAdmission>;
}

const PERIODS = ['day', 'month', 'total'];
const UNPRICED = ['refuse', 'allow'];
const MAX_TIMEOUT_MS = 2_147_483_647;

/** Every field of `budget`, checked when the provider is created. */
export function checkBudget(budget: UnigateBudget): void {
  if (typeof budget !== 'object' || budget === null) failArgument('budget', 'an object { maxCredits, period }', budget);
  const { maxCredits, period, store, key, unpriced, storeTimeoutMs } = budget;
  if (typeof maxCredits !== 'number' || !Number.isFinite(maxCredits) || maxCredits <= 0) {
    failArgument('budget.maxCredits', 'a finite number of credits above 0', maxCredits);
  }
  if (!PERIODS.includes(period)) failArgument('budget.period', "one of 'day', 'month', 'total'", period);
  if (store !== undefined && (typeof store?.spent !== 'function' || typeof store?.add !== 'function')) {
    failArgument('budget.store', 'an object with spent(bucket) and add(bucket, credits) functions', store);
  }
  if (store?.reserve !== undefined && typeof store.reserve !== 'function') {
    failArgument(
      'budget.store.reserve',
      'a function (bucket, credits, limit) => Promise<number | undefined>',
      store.reserve,
    );
  }
  if (key !== undefined && typeof key !== 'function') failArgument('budget.key', 'a function (call) => string', key);
  if (unpriced !== undefined && !UNPRICED.includes(unpriced)) {
    failArgument('budget.unpriced', "one of 'refuse', 'allow'", unpriced);
  }
  if (
    storeTimeoutMs !== undefined &&
    (typeof storeTimeoutMs !== 'number' || !(storeTimeoutMs >= 1 && storeTimeoutMs <= MAX_TIMEOUT_MS))
  ) {
    failArgument('budget.storeTimeoutMs', `a number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`, storeTimeoutMs);
  }
}

/** The default key: the end user the call names (`user`, or the messages format's `userId`). */
function defaultKey(call: UnigateBudgetCall): string | undefined {
  const unigate = call.providerOptions?.unigate;
  const user = unigate?.user ?? unigate?.userId;
  return typeof user === 'string' ? user : undefined;
}

function resolveKey(budget: UnigateBudget, call: UnigateBudgetCall): string {
  const key = (budget.key ?? defaultKey)(call);
  if (key !== undefined && typeof key !== 'string')
    failArgument('budget.key', 'a function returning a string or undefined', key);
  return key ?? '';
}

/** The budget's one error shape: an `APICallError` with `data.kind: 'budget'`, never retryable. */
function budgetError(message: string, extra: Partial<UnigateErrorData> = {}, cause?: unknown): APICallError {
  const data: UnigateErrorData = { kind: 'budget', message, ...extra };
  return new APICallError({ message, url: '', requestBodyValues: undefined, isRetryable: false, data, cause });
}

function reachedError(budget: UnigateBudget, key: string, total: number, resetsAt: Date | undefined): APICallError {
  const whose = key === '' ? '' : ` for key ${JSON.stringify(key)}`;
  const reset = resetsAt ? `it resets at ${resetsAt.toISOString()}` : "the 'total' period never resets";
  return budgetError(
    `Budget reached${whose}: ${total} of ${budget.maxCredits} credits spent or reserved by calls in flight this ` +
      `${budget.period} period; the call was not sent (${reset}).`,
    resetsAt ? { resetsAt: resetsAt.toISOString() } : {},
  );
}

function unpricedError(call: BudgetCall, why: string | undefined): APICallError {
  const model = JSON.stringify(call.modelId);
  return budgetError(
    `No price for ${call.kind} model ${model}${why ? ` (${why})` : ''}: under a budget, a call whose cost cannot be ` +
      `known is not sent. Give the model a price in the pricing table (pricing: { ${model}: { ... } }), or set ` +
      "budget.unpriced: 'allow' to send such calls counted as 0 credits.",
  );
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * `promise`, within `timeoutMs` (none when `undefined`) and the call's abort: a store that hangs cannot
 * hold the call. A time-out rejects with a `TimeoutError`; the abort, with the signal's reason.
 */
function bounded<T>(
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

/** Adds `credits` while the total is below `limit`: atomic when the store can reserve, else check-then-add. */
async function reserveIn(store: UnigateBudgetStore, bucket: string, credits: number, limit: number) {
  if (store.reserve !== undefined) return store.reserve(bucket, credits, limit);
  const total = await store.spent(bucket);
  return total >= limit ? undefined : store.add(bucket, credits);
}

/**
 * The budget's guard. Admission waits for the model's price (the catalog load, within its time limit),
 * bounds the call's cost, and reserves it in the store; settling replaces the reservation by the real cost.
 */
export function createBudgetGuard(
  budget: UnigateBudget,
  pricing: UnigatePricingService,
  now: () => number,
): BudgetGuard {
  const store: UnigateBudgetStore = budget.store ?? memoryBudgetStore();
  const timeoutMs = budget.storeTimeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  const timed = <T>(what: string, run: () => Promise<T>, abortSignal?: AbortSignal) =>
    bounded(Promise.resolve().then(run), timeoutMs, what, abortSignal);
  // Settlements run after the result is handed over; a failed one fails the next admission, once.
  let settleFailure: { error: unknown } | undefined;
  // The next admission waits for these (within the store's time limit), so this process never reads a
  // total that still holds a reservation its own finished call has given back.
  const settling = new Set<Promise<void>>();
  const settleInBackground = (bucket: string, credits: number) => {
    const settled: Promise<void> = timed('an addition', () => store.add(bucket, credits)).then(
      () => undefined,
      error => {
        settleFailure ??= { error };
      },
    );
    settling.add(settled);
    settled.finally(() => settling.delete(settled));
  };

  const admitted = async (call: BudgetCall, abortSignal: AbortSignal | undefined): Promise<BudgetAdmission> => {
    if (settling.size > 0) await bounded(Promise.all(settling), undefined, 'the settlements', abortSignal);
    if (settleFailure !== undefined) {
      const { error } = settleFailure;
      settleFailure = undefined;
      throw budgetError(
        `The budget store failed to record an earlier call's cost, so this call was not sent: ${reason(error)}`,
        {},
        error,
      );
    }
    const key = resolveKey(budget, call);
    const { bucket, resetsAt } = budgetWindow(budget.period, key, now());
    const lookup = pricing.priceAndCheck(call.modelId, call.kind, { abortSignal });
    let answer: Awaited<typeof lookup.settled>;
    try {
      // The price's own wait is bounded by the catalog's time limit; the call's abort ends it sooner.
      answer = await bounded(lookup.settled, undefined, 'the price', abortSignal);
    } finally {
      lookup.release();
    }
    const bound = call.bound(answer.price, pricing.contextWindow(call.modelId));
    const allowed = bound === undefined && budget.unpriced === 'allow';
    if (bound === undefined && !allowed) throw unpricedError(call, answer.catalogUnavailable);
    const reserved = bound ?? 0;
    let total: number | undefined;
    try {
      total = await timed('a reservation', () => reserveIn(store, bucket, reserved, budget.maxCredits), abortSignal);
    } catch (error) {
      if (abortSignal?.aborted) throw error;
      throw budgetError(`The budget store failed, so the call was not sent: ${reason(error)}`, {}, error);
    }
    if (total === undefined) {
      const spent = await timed('a read', () => store.spent(bucket), abortSignal).catch(() => budget.maxCredits);
      throw reachedError(budget, key, spent, resetsAt);
    }
    let settled = false;
    return {
      reserved,
      price: answer.price,
      unpricedWarning: allowed
        ? {
            type: 'other',
            message: `No price for ${call.kind} model ${JSON.stringify(call.modelId)}: this call counts as 0 credits against the budget (budget.unpriced: 'allow').`,
          }
        : undefined,
      settle: credits => {
        if (settled) return;
        settled = true;
        const delta = credits === undefined ? 0 : addCredits(credits, -reserved);
        if (delta !== 0) settleInBackground(bucket, delta);
      },
    };
  };
  return { admit: admitted };
}
