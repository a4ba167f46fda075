import { APICallError } from '@ai-sdk/provider';
import type { UnigateErrorData } from '../errors/gateway-error';
import { failArgument } from '../checks/validate-argument';
import type { UnigatePricingService } from '../pricing/create-pricing';
import type { UnigateBudget, UnigateBudgetCall, UnigateBudgetStore } from '../settings/unigate-provider-settings';
import { type BudgetAdmission, type BudgetCall, type BudgetGuard, budgetWindow } from './budget-admission';
import { bounded, storeReservations, storeSettlements } from './budget-store-calls';
import { addCredits, memoryBudgetStore } from './budget-stores';

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
  const reservations = storeReservations(store);
  const settlements = storeSettlements(store, timeoutMs);

  const admitted = async (call: BudgetCall, abortSignal: AbortSignal | undefined): Promise<BudgetAdmission> => {
    // This process never reads a total that still holds a reservation its own finished call gave back.
    try {
      await settlements.flush(abortSignal);
    } catch (error) {
      if (abortSignal?.aborted) throw error;
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
    let gaveUp = false;
    const reserving = Promise.resolve().then(() =>
      reservations.reserve(bucket, reserved, budget.maxCredits, () => gaveUp),
    );
    let total: number | undefined;
    try {
      total = await bounded(reserving, timeoutMs, 'a reservation', abortSignal);
    } catch (error) {
      gaveUp = true;
      // A reservation that lands after its call stopped waiting (time-out, abort) is given back when it lands.
      reserving.then(
        late => late !== undefined && reserved !== 0 && settlements.add(bucket, -reserved),
        () => undefined,
      );
      if (abortSignal?.aborted) throw error;
      throw budgetError(`The budget store failed, so the call was not sent: ${reason(error)}`, {}, error);
    }
    if (total === undefined) {
      const read = bounded(reservations.spent(bucket), timeoutMs, 'a read', abortSignal);
      throw reachedError(budget, key, await read.catch(() => budget.maxCredits), resetsAt);
    }
    let settled = false;
    return {
      reserved,
      bucket,
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
        if (delta !== 0) settlements.add(bucket, delta);
      },
    };
  };
  return { admit: admitted };
}
