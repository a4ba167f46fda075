import { APICallError } from '@ai-sdk/provider';
import type { UnigateErrorData } from '../errors/gateway-error';
import { failArgument } from '../checks/validate-argument';
import type { UnigatePricingService } from '../pricing/create-pricing';
import type { UnigateBudget, UnigateBudgetCall, UnigateBudgetStore } from '../settings/unigate-provider-settings';
import type { BudgetAdmission, BudgetCall, BudgetGuard } from './budget-admission';
import { budgetWindow } from './budget-period';
import { addCredits, memoryBudgetStore } from './memory-budget-store';

// Loaded by the first budgeted call (import() in budget-guard.ts): an app without a budget never loads it.

/** Default of `budget.storeTimeoutMs`. */
export const DEFAULT_STORE_TIMEOUT_MS = 5_000;

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
export function storeBudgetGuard(
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
