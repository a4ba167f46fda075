import type { UnigateCost } from './unigate-pricing-types';

/**
 * Credits are computed in whole pico-credits (1e-12): fine enough for the smallest real price (1e-8 credits
 * per embedding token) to keep four digits, coarse enough to drop binary floating-point noise
 * (0.009000000000000001 -> 0.009). An integer count divided by 1e12 is the double nearest that decimal, so
 * it prints as the decimal. Exact up to 2^53 pico-credits (about 9,007 credits per figure).
 */
const PER_CREDIT = 1e12;

function toUnits(credits: number): number {
  return Math.round(credits * PER_CREDIT);
}

/** The cache lines of a cost, in credits: parts of its `input`, listed when tokens were read or written. */
export interface CacheCredits {
  read?: number;
  write?: number;
}

/**
 * A cost whose `input` and `output` are rounded to pico-credits and whose `total` is their sum in
 * pico-credits; `cache` adds the `cacheRead` / `cacheWrite` lines (already part of `input`).
 */
export function creditCost(input: number, output: number, cache: CacheCredits = {}): UnigateCost {
  const inputUnits = toUnits(input);
  const outputUnits = toUnits(output);
  return {
    input: inputUnits / PER_CREDIT,
    output: outputUnits / PER_CREDIT,
    total: (inputUnits + outputUnits) / PER_CREDIT,
    unit: 'credits',
    ...(cache.read !== undefined && { cacheRead: toUnits(cache.read) / PER_CREDIT }),
    ...(cache.write !== undefined && { cacheWrite: toUnits(cache.write) / PER_CREDIT }),
  };
}

/**
 * The sum of several costs, added in pico-credits so the sum carries no noise either; cache lines too,
 * when any cost has them, and `estimated` when any part is.
 */
export function sumCosts(costs: readonly UnigateCost[]): UnigateCost {
  let input = 0;
  let output = 0;
  let read: number | undefined;
  let write: number | undefined;
  let estimated = false;
  for (const cost of costs) {
    if (cost.estimated === true) estimated = true;
    input += toUnits(cost.input);
    output += toUnits(cost.output);
    if (cost.cacheRead !== undefined) read = (read ?? 0) + toUnits(cost.cacheRead);
    if (cost.cacheWrite !== undefined) write = (write ?? 0) + toUnits(cost.cacheWrite);
  }
  const sum = creditCost(input / PER_CREDIT, output / PER_CREDIT, {
    read: read === undefined ? undefined : read / PER_CREDIT,
    write: write === undefined ? undefined : write / PER_CREDIT,
  });
  return estimated ? { ...sum, estimated } : sum;
}
