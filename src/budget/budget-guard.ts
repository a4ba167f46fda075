import { APICallError, type SharedV3Warning } from '@ai-sdk/provider';
import type { UnigateErrorData } from '../internal/gateway-error';
import { failArgument } from '../internal/validate-argument';
import type { UnigatePricingService } from '../pricing/create-pricing';
import type { PricedKind, UnigateCost } from '../pricing/unigate-pricing-types';
import { unigateCost } from '../pricing/unigate-cost';
import type { UnigateBudget, UnigateBudgetCall, UnigateBudgetStore } from '../unigate-provider-settings';
import { budgetWindow } from './budget-period';
import { memoryBudgetStore } from './memory-budget-store';

/** One call let through by the budget: where its cost goes, and whether a price was known before it ran. */
export interface BudgetAdmission {
  /**
   * Adds the call's cost (from its provider metadata; embeddings: and its usage) to the bucket, in the
   * background: the result never waits for the store. A call without a cost adds nothing. Returns whether
   * it had one.
   */
  record(providerMetadata: unknown, usage?: object): boolean;
  /** The warning for a call counted as zero because nothing prices it. */
  readonly unpricedWarning: SharedV3Warning;
  /** Whether pricing had a price for the model when the call was admitted. */
  readonly priced: boolean;
}

/** Checks calls against a budget before they run and records their costs after. */
export interface BudgetGuard {
  admit(call: UnigateBudgetCall & { kind: PricedKind }, abortSignal?: AbortSignal): Promise<BudgetAdmission>;
}

const PERIODS = ['day', 'month', 'total'];

/** Every field of `budget`, checked when the provider is created. */
export function checkBudget(budget: UnigateBudget): void {
  if (typeof budget !== 'object' || budget === null) failArgument('budget', 'an object { maxCredits, period }', budget);
  const { maxCredits, period, store, key } = budget;
  if (typeof maxCredits !== 'number' || !Number.isFinite(maxCredits) || maxCredits <= 0) {
    failArgument('budget.maxCredits', 'a finite number of credits above 0', maxCredits);
  }
  if (!PERIODS.includes(period)) failArgument('budget.period', "one of 'day', 'month', 'total'", period);
  if (store !== undefined && (typeof store?.spent !== 'function' || typeof store?.add !== 'function')) {
    failArgument('budget.store', 'an object with spent(bucket) and add(bucket, credits) functions', store);
  }
  if (key !== undefined && typeof key !== 'function') failArgument('budget.key', 'a function (call) => string', key);
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

function budgetError(budget: UnigateBudget, key: string, spent: number, resetsAt: Date | undefined): APICallError {
  const whose = key === '' ? '' : ` for key ${JSON.stringify(key)}`;
  const reset = resetsAt ? `it resets at ${resetsAt.toISOString()}` : "the 'total' period never resets";
  const message =
    `Budget reached${whose}: ${spent} of ${budget.maxCredits} credits spent this ${budget.period} period; ` +
    `the call was not sent (${reset}).`;
  const data: UnigateErrorData = { kind: 'budget', message, ...(resetsAt ? { resetsAt: resetsAt.toISOString() } : {}) };
  return new APICallError({ message, url: '', requestBodyValues: undefined, isRetryable: false, data });
}

/** `promise`, or the signal's reason as soon as the call is aborted: a store that hangs cannot hold the call. */
function untilAborted<T>(promise: Promise<T>, abortSignal: AbortSignal | undefined): Promise<T> {
  if (!abortSignal) return promise;
  if (abortSignal.aborted) return Promise.reject(abortSignal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortSignal.reason);
    abortSignal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => abortSignal.removeEventListener('abort', onAbort));
  });
}

/**
 * The budget's guard. Admission reads the spend and, at the same time, waits for the model's price (the
 * catalog load, within its time limit), so a call is never counted as zero merely for coming first.
 */
export function createBudgetGuard(
  budget: UnigateBudget,
  pricing: UnigatePricingService,
  now: () => number,
): BudgetGuard {
  const store: UnigateBudgetStore = budget.store ?? memoryBudgetStore();
  // Costs are added after the result is handed over; the next admission waits for them (abortably), so
  // this process never reads a spend that misses its own calls, and a failed addition fails that admission.
  const recording = new Set<Promise<void>>();
  let recordFailure: { error: unknown } | undefined;
  const recordInBackground = (bucket: string, credits: number) => {
    const added: Promise<void> = Promise.resolve()
      .then(() => store.add(bucket, credits))
      .then(
        () => undefined,
        error => {
          recordFailure ??= { error };
        },
      )
      .finally(() => recording.delete(added));
    recording.add(added);
  };
  return {
    admit: async (call, abortSignal) => {
      if (recording.size > 0) await untilAborted(Promise.all(recording), abortSignal);
      if (recordFailure !== undefined) {
        const { error } = recordFailure;
        recordFailure = undefined;
        throw new Error(
          `The budget store failed to record an earlier call's cost, so this call was not sent: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      const key = resolveKey(budget, call);
      const { bucket, resetsAt } = budgetWindow(budget.period, key, now());
      const lookup = pricing.priceAndCheck(call.modelId, call.kind, { abortSignal });
      let spent: number;
      let price: Awaited<typeof lookup.settled>['price'];
      try {
        [spent, { price }] = await untilAborted(Promise.all([store.spent(bucket), lookup.settled]), abortSignal);
      } finally {
        lookup.release();
      }
      if (spent >= budget.maxCredits) throw budgetError(budget, key, spent, resetsAt);
      return {
        priced: price !== undefined,
        unpricedWarning: {
          type: 'other',
          message: `No price for ${call.kind} model ${JSON.stringify(call.modelId)}: this call counts as 0 credits against the budget.`,
        },
        record: (providerMetadata, usage) => {
          const source = { providerMetadata, usage } as { providerMetadata?: Record<string, unknown>; usage?: object };
          const cost: UnigateCost | undefined = unigateCost(source);
          if (cost !== undefined && cost.total > 0) recordInBackground(bucket, cost.total);
          return cost !== undefined;
        },
      };
    },
  };
}
