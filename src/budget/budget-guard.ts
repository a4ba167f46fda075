import { failArgument } from '../checks/validate-argument';
import type { UnigatePricingService } from '../pricing/create-pricing';
import type { UnigateBudget } from '../settings/unigate-provider-settings';
import type { BudgetAdmission, BudgetCall, BudgetGuard, ChargeLedger } from './budget-admission';

export type { BudgetAdmission, BudgetCall, BudgetGuard, ChargeLedger } from './budget-admission';

const PERIODS = ['minute', 'hour', 'day', 'month', 'total'];
const MINUTES_IN_A_DAY = 1_440;
const OVERSHOOTS = ['never', 'one-call'];
const UNPRICED = ['refuse', 'allow'];
const MAX_TIMEOUT_MS = 2_147_483_647;

/** `{ minutes }` windows start at UTC midnight, so their length divides a day (docs/budgets.md#windows). */
function isPeriod(period: unknown): boolean {
  if (typeof period === 'string') return PERIODS.includes(period);
  if (typeof period !== 'object' || period === null || !('minutes' in period)) return false;
  const { minutes } = period;
  return typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 1 && MINUTES_IN_A_DAY % minutes === 0;
}

/** Every field of one limit, `name` being how the error names it (`budget`, `budget[1]`). */
function checkLimit(budget: UnigateBudget, name: string): void {
  if (typeof budget !== 'object' || budget === null) failArgument(name, 'an object { maxCredits, period }', budget);
  const { maxCredits, period, overshoot, store, key, unpriced, storeTimeoutMs } = budget;
  if (!Number.isFinite(maxCredits) || maxCredits <= 0) {
    failArgument(`${name}.maxCredits`, 'required, a finite number of credits above 0', maxCredits);
  }
  if (!isPeriod(period)) {
    failArgument(
      `${name}.period`,
      "required, one of 'minute', 'hour', 'day', 'month', 'total', or { minutes } with a whole number of minutes dividing a day (1,440)",
      period,
    );
  }
  if (overshoot !== undefined && !OVERSHOOTS.includes(overshoot)) {
    failArgument(`${name}.overshoot`, "one of 'never', 'one-call'", overshoot);
  }
  if (store !== undefined && (typeof store?.spent !== 'function' || typeof store?.add !== 'function')) {
    failArgument(`${name}.store`, 'an object with spent(bucket) and add(bucket, credits) functions', store);
  }
  if (store?.reserve !== undefined && typeof store.reserve !== 'function') {
    failArgument(
      `${name}.store.reserve`,
      'a function (bucket, credits, limit) => Promise<number | undefined>',
      store.reserve,
    );
  }
  if (store?.reserveAll !== undefined && typeof store.reserveAll !== 'function') {
    failArgument(
      `${name}.store.reserveAll`,
      'a function (reservations) => Promise<{ totals, refused? }>',
      store.reserveAll,
    );
  }
  if (key !== undefined && typeof key !== 'function') failArgument(`${name}.key`, 'a function (call) => string', key);
  if (unpriced !== undefined && !UNPRICED.includes(unpriced)) {
    failArgument(`${name}.unpriced`, "one of 'refuse', 'allow'", unpriced);
  }
  if (
    storeTimeoutMs !== undefined &&
    (typeof storeTimeoutMs !== 'number' || !(storeTimeoutMs >= 1 && storeTimeoutMs <= MAX_TIMEOUT_MS))
  ) {
    failArgument(`${name}.storeTimeoutMs`, `a number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`, storeTimeoutMs);
  }
}

function isLimitList(budget: UnigateBudget | readonly UnigateBudget[]): budget is readonly UnigateBudget[] {
  return Array.isArray(budget);
}

/** Every field of `budget` (one limit, or a non-empty array of them), checked when the provider is created. */
export function checkBudget(budget: UnigateBudget | readonly UnigateBudget[]): void {
  if (!isLimitList(budget)) return checkLimit(budget, 'budget');
  if (budget.length === 0)
    failArgument('budget', 'a limit { maxCredits, period } or a non-empty array of them', budget);
  for (const [index, limit] of budget.entries()) checkLimit(limit, `budget[${index}]`);
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
      if (!settled) lookup.release();
      settled = true;
      return undefined;
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
  budget: UnigateBudget | readonly UnigateBudget[] | undefined,
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
