import { failArgument } from '../checks/validate-argument';
import type { UnigatePricingService } from '../pricing/create-pricing';
import type { UnigateBudget } from '../settings/unigate-provider-settings';
import type { BudgetAdmission, BudgetCall, BudgetGuard, ChargeLedger } from './budget-admission';

export type { BudgetAdmission, BudgetCall, BudgetGuard, ChargeLedger } from './budget-admission';

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

/**
 * A call admitted without a budget (for `onCharge` only): nothing reserved, nothing stored; the call's
 * price is looked up beside its own lookup (one catalog load), for the cost of a stream that failed.
 */
function unreservedAdmission(pricing: UnigatePricingService, call: BudgetCall): BudgetAdmission {
  const lookup = pricing.priceAndCheck(call.modelId, call.kind);
  let settled = false;
  return {
    reserved: 0,
    get price() {
      return lookup.atResponse().price;
    },
    unpricedWarning: undefined,
    settle: () => {
      if (settled) return;
      settled = true;
      lookup.release();
    },
  };
}

/**
 * The budget's guard: one per provider, its state (the store, the settlements in flight) made on the
 * first admission, when the reservation and settlement code (`budget-store-guard.ts`) is loaded. An app
 * without a budget, or that never calls a model, never loads it. Without a budget but with `onCharge`
 * (`ledger`), a guard that reserves nothing, so that every call still reports its charge; with neither,
 * no guard.
 */
export function createBudgetGuard(
  budget: UnigateBudget | undefined,
  pricing: UnigatePricingService,
  now: () => number,
  ledger?: ChargeLedger,
): BudgetGuard | undefined {
  if (budget === undefined) {
    return ledger && { reserves: false, ledger, admit: async call => unreservedAdmission(pricing, call) };
  }
  let loaded: Promise<BudgetGuard> | undefined;
  const load = () =>
    (loaded ??= import('./budget-store-guard').then(
      ({ storeBudgetGuard }) => storeBudgetGuard(budget, pricing, now),
      error => {
        loaded = undefined; // a chunk that failed to load is fetched again by the next call
        throw error;
      },
    ));
  return { ledger, admit: async (call, abortSignal) => (await load()).admit(call, abortSignal) };
}
