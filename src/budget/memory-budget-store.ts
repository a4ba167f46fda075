import type { UnigateBudgetStore } from '../settings/unigate-provider-settings';

/** Adds in pico-credits (costs have 12 decimal places), so a running total shows no float noise. */
export function addCredits(a: number, b: number): number {
  return Math.round(a * 1e12 + b * 1e12) / 1e12;
}

/**
 * A budget store in this process's memory: the default. Every bucket is kept while the provider lives
 * (one a period and key), so a long-lived provider with many keys should use a shared store instead.
 */
export function memoryBudgetStore(): UnigateBudgetStore {
  const buckets = new Map<string, number>();
  return {
    spent: async bucket => buckets.get(bucket) ?? 0,
    // One synchronous step between awaits: nothing can interleave, so the addition is atomic.
    add: async (bucket, credits) => {
      const total = addCredits(buckets.get(bucket) ?? 0, credits);
      buckets.set(bucket, total);
      return total;
    },
    // The check and the addition in one synchronous step: concurrent calls cannot both pass it.
    reserve: async (bucket, credits, limit) => {
      const current = buckets.get(bucket) ?? 0;
      if (current >= limit) return undefined;
      const total = addCredits(current, credits);
      buckets.set(bucket, total);
      return total;
    },
  };
}
