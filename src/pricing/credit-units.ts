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

/** A cost whose `input` and `output` are rounded to pico-credits and whose `total` is their sum in pico-credits. */
export function creditCost(input: number, output: number): UnigateCost {
  const inputUnits = toUnits(input);
  const outputUnits = toUnits(output);
  return {
    input: inputUnits / PER_CREDIT,
    output: outputUnits / PER_CREDIT,
    total: (inputUnits + outputUnits) / PER_CREDIT,
    unit: 'credits',
  };
}

/** The sum of several costs, added in pico-credits so the sum carries no noise either. */
export function sumCosts(costs: readonly UnigateCost[]): UnigateCost {
  let input = 0;
  let output = 0;
  for (const cost of costs) {
    input += toUnits(cost.input);
    output += toUnits(cost.output);
  }
  return creditCost(input / PER_CREDIT, output / PER_CREDIT);
}
