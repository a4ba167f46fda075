import type { SharedV3Warning } from '@ai-sdk/provider';
import type { PricedKind, UnigateModelPrice } from '../pricing/unigate-pricing-types';
import type { UnigateBudgetCall, UnigateBudgetPeriod, UnigateChargeEvent } from '../settings/unigate-provider-settings';

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
  /** The store's bucket the call spends; `undefined` without a budget. */
  readonly bucket?: string;
}

/** The call to admit: its key's inputs, its kind, and the bound of its cost at a price. */
export interface BudgetCall extends UnigateBudgetCall {
  kind: PricedKind;
  /** The most the call can cost at `price`, in credits; `undefined` when the price cannot bound it. */
  bound(price: UnigateModelPrice | undefined, contextWindow: number | undefined): number | undefined;
}

/** The `onCharge` setting and what its handler's failures left to report. */
export interface ChargeLedger {
  readonly onCharge: (event: UnigateChargeEvent) => unknown;
  /** The API key, redacted from the warnings the handler's failures become. */
  readonly secret: () => string | undefined;
  /** The handler's failures not yet reported: each a warning on the next call. */
  readonly failures: SharedV3Warning[];
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

/** The bucket names the period by its UTC start (`2026-11-23`, `2026-11`), so a new period is a new bucket. */
export function budgetWindow(period: UnigateBudgetPeriod, key: string, now: number): BudgetPeriodWindow {
  const date = new Date(now);
  const iso = date.toISOString();
  if (period === 'day') {
    return {
      bucket: `day:${iso.slice(0, 10)}:${key}`,
      resetsAt: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)),
    };
  }
  if (period === 'month') {
    return {
      bucket: `month:${iso.slice(0, 7)}:${key}`,
      resetsAt: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)),
    };
  }
  return { bucket: `total::${key}`, resetsAt: undefined };
}
