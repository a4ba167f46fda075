import type { SharedV3Warning } from '@ai-sdk/provider';
import type { PricedKind, UnigateModelPrice } from '../pricing/unigate-pricing-types';
import type {
  UnigateBudgetCall,
  UnigateBudgetPeriod,
  UnigateBudgetStanding,
  UnigateChargeEvent,
} from '../settings/unigate-provider-settings';

/** One call let through by the budget, its reservation in the store. */
export interface BudgetAdmission {
  /** The credits reserved for the call: the upper bound of its cost (0 for an unpriced call let through). */
  readonly reserved: number;
  /** The price the reservation was made from; `undefined` for an unpriced call let through. */
  readonly price: UnigateModelPrice | undefined;
  /**
   * Replaces the reservation by what the call is charged, in the background (the result never waits for
   * the store): `credits`, or, when `undefined`, the reservation itself. Only the first settle counts: it
   * answers where the budget stands once the store has the charge (`UnigateChargeEvent.budget`); the
   * others, and a call without a budget, answer `undefined`.
   */
  settle(credits: number | undefined): Promise<BudgetStanding> | undefined;
  /** The warning of an unpriced call let through (`unpriced: 'allow'`); `undefined` for a priced one. */
  readonly unpricedWarning: SharedV3Warning | undefined;
  /** The store's bucket the call spends; `undefined` without a budget. */
  readonly bucket?: string;
}

/** Where a budget stands after a charge: `UnigateChargeEvent.budget`'s shape (an array for an array budget). */
export type BudgetStanding = UnigateBudgetStanding | UnigateBudgetStanding[];

/** The call to admit: its key's inputs, its kind, and the bound of its cost at a price. */
export interface BudgetCall extends UnigateBudgetCall {
  kind: PricedKind;
  /** The most the call can cost at `price`, in credits; `undefined` when the price cannot bound it. */
  bound(price: UnigateModelPrice | undefined, contextWindow: number | undefined): number | undefined;
  /**
   * Language models: the largest `maxOutputTokens` whose bound (the same as `bound`'s) is at most `left`
   * credits; `undefined` when none is, or for a kind without output tokens.
   */
  largestOutput?(price: UnigateModelPrice, contextWindow: number | undefined, left: number): number | undefined;
}

/** The `onCharge` and `onChargeError` settings. */
export interface ChargeLedger {
  readonly onCharge: (event: UnigateChargeEvent) => unknown;
  /** Where a failing handler's error goes; absent: a redacted `console.warn`. */
  readonly onChargeError?: (error: unknown, event: UnigateChargeEvent) => unknown;
  /** The API key, redacted from the default warning of a failing handler. */
  readonly secret: () => string | undefined;
}

/**
 * Reserves each call's bound before it runs and settles its real cost after. Without a budget, only for
 * `onCharge`: it reserves nothing (`reserves: false`) and settles nowhere, but every call still ends here.
 */
export interface BudgetGuard {
  admit(call: BudgetCall, abortSignal?: AbortSignal): Promise<BudgetAdmission>;
  /** `false`: no budget, so a call needs no bound (a language model builds no wire body for it). */
  readonly reserves?: false;
  /** Where each call's charge is reported, when the `onCharge` setting is given. */
  readonly ledger?: ChargeLedger;
}

/** The current period of a budget: the store's bucket for `key`, and when the next period starts. */
export interface BudgetPeriodWindow {
  bucket: string;
  /** `undefined` for `'total'`, which never starts again. */
  resetsAt: Date | undefined;
}

const MINUTE_MS = 60_000;
const DAY_MS = 1_440 * MINUTE_MS;

/** The period as it starts a bucket's name: `day`, `hour`, `30min` for `{ minutes: 30 }`. */
export function periodName(period: UnigateBudgetPeriod): string {
  return typeof period === 'object' ? `${period.minutes}min` : period;
}

/**
 * A window of fixed length counted from the epoch (a UTC midnight), named by its UTC start: to the minute,
 * or to the day for a day's window (`2026-11-23T10:30`, `2026-11-23`).
 */
function fixedWindow(name: string, lengthMs: number, key: string, now: number, nameLength = 16): BudgetPeriodWindow {
  const start = Math.floor(now / lengthMs) * lengthMs;
  return {
    bucket: `${name}:${new Date(start).toISOString().slice(0, nameLength)}:${key}`,
    resetsAt: new Date(start + lengthMs),
  };
}

/**
 * The bucket names the period by its UTC start (`2026-11-23`, `2026-11`, `2026-11-23T10:30`), so a new period
 * is a new bucket. `name` is the period's name in the bucket (`periodName`, told apart by the limit's index
 * when two limits of one budget share a period).
 */
export function budgetWindow(
  period: UnigateBudgetPeriod,
  key: string,
  now: number,
  name = periodName(period),
): BudgetPeriodWindow {
  if (period === 'minute') return fixedWindow(name, MINUTE_MS, key, now);
  if (period === 'hour') return fixedWindow(name, 60 * MINUTE_MS, key, now);
  if (period === 'day') return fixedWindow(name, DAY_MS, key, now, 10);
  if (typeof period === 'object') return fixedWindow(name, period.minutes * MINUTE_MS, key, now);
  if (period === 'month') {
    const date = new Date(now);
    return {
      bucket: `${name}:${date.toISOString().slice(0, 7)}:${key}`,
      resetsAt: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)),
    };
  }
  return { bucket: `${name}::${key}`, resetsAt: undefined };
}

/** Where the budget stood when it refused a call, by the refusal's error: the refused call's event carries it. */
export const refusalStandings = new WeakMap<object, BudgetStanding>();
