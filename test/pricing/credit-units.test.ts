import { describe, expect, it } from 'vitest';
import { creditCost, sumCosts } from '../../src/pricing/credit-units';

const units = (credits: number) => Math.round(credits * 1e12);

describe('creditCost', () => {
  it('rounds each figure to 12 decimal places and makes total input + output in pico-credits', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    expect(creditCost(0.1, 0.2)).toEqual({ input: 0.1, output: 0.2, total: 0.3, unit: 'credits' });
    expect(creditCost(0.0000000000004, 0.0000000000006)).toEqual({
      input: 0,
      output: 0.000000000001,
      total: 0.000000000001,
      unit: 'credits',
    });
  });

  it('prints every figure as its decimal, and total is exactly input + output in pico-credits', () => {
    for (let i = 1; i <= 500; i++) {
      const cost = creditCost((i * 0.075) / 1e6, (i * 7 * 0.3) / 1e6);
      expect(units(cost.total)).toBe(units(cost.input) + units(cost.output));
      for (const figure of [cost.input, cost.output, cost.total]) {
        expect(figure).toBe(Number(figure.toFixed(12)));
        expect(String(figure).replace(/^0\.0*|e-\d+$|\./g, '').length).toBeLessThanOrEqual(12);
      }
    }
  });
});

describe('sumCosts', () => {
  it('adds in pico-credits: ten 0.1-credit costs are 1, not 0.9999999999999999', () => {
    const tenth = creditCost(0.1, 0);
    expect(sumCosts(Array.from({ length: 10 }, () => tenth))).toEqual({
      input: 1,
      output: 0,
      total: 1,
      unit: 'credits',
    });
  });

  it('sums input and output separately and keeps total their sum', () => {
    expect(sumCosts([creditCost(0.0025, 0.002), creditCost(0.000001275, 0.0000036)])).toEqual({
      input: 0.002501275,
      output: 0.0020036,
      total: 0.004504875,
      unit: 'credits',
    });
    expect(sumCosts([])).toEqual({ input: 0, output: 0, total: 0, unit: 'credits' });
  });
});
