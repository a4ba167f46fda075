import type { UnigateBudgetPeriod } from '../settings/unigate-provider-settings';

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
