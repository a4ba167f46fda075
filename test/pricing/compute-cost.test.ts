import { describe, expect, it } from 'vitest';
import { characterCost, creditCost, minuteCost, sumCosts, tokenCost, unitCost } from '../../src/pricing/compute-cost';

const units = (credits: number) => Math.round(credits * 1e12);

describe('tokenCost', () => {
  it('prices input and output tokens per million', () => {
    const cost = tokenCost(
      { inputPerMillionTokens: 2.5, outputPerMillionTokens: 10 },
      { inputTokens: 1000, outputTokens: 200 },
    );
    // Unrounded, 0.0025 + 0.002 is 0.0045000000000000005.
    expect(cost).toEqual({ input: 0.0025, output: 0.002, total: 0.0045, unit: 'credits' });
  });

  it('gives the clean figure where the float product carries noise: 17 tokens x 0.075 per 1M = 0.000001275', () => {
    // 17 * 0.075 / 1e6 is 0.0000012749999999999999 in floating point.
    const cost = tokenCost(
      { inputPerMillionTokens: 0.075, outputPerMillionTokens: 0.3 },
      { inputTokens: 17, outputTokens: 0 },
    );
    expect(cost).toEqual({ input: 0.000001275, output: 0, total: 0.000001275, unit: 'credits' });
    expect(String(cost?.total)).toBe('0.000001275');
  });

  it('keeps the smallest real price meaningful: 1 token x 0.01 per 1M = 0.00000001', () => {
    expect(tokenCost({ inputPerMillionTokens: 0.01 }, { inputTokens: 1 })?.total).toBe(0.00000001);
    expect(tokenCost({ inputPerMillionTokens: 0.0375 }, { inputTokens: 1 })?.total).toBe(0.0000000375);
  });

  it('prices embeddings from the input price alone', () => {
    expect(tokenCost({ inputPerMillionTokens: 0.01 }, { inputTokens: 1_000_000 })).toEqual({
      input: 0.01,
      output: 0,
      total: 0.01,
      unit: 'credits',
    });
  });

  it('gives no cost rather than a zero one when a needed price or count is missing', () => {
    expect(tokenCost(undefined, { inputTokens: 10, outputTokens: 10 })).toBeUndefined();
    expect(tokenCost({ outputPerMillionTokens: 1 }, { inputTokens: 10, outputTokens: 10 })).toBeUndefined();
    expect(tokenCost({ inputPerMillionTokens: 1 }, { inputTokens: 10, outputTokens: 5 })).toBeUndefined();
    expect(tokenCost({ inputPerMillionTokens: 1, outputPerMillionTokens: 1 }, { outputTokens: 5 })).toBeUndefined();
  });

  it('prices a free model at zero', () => {
    expect(
      tokenCost({ inputPerMillionTokens: 0, outputPerMillionTokens: 0 }, { inputTokens: 5, outputTokens: 5 }),
    ).toEqual({
      input: 0,
      output: 0,
      total: 0,
      unit: 'credits',
    });
  });
});

describe('characterCost, minuteCost, unitCost', () => {
  it('prices speech per million characters', () => {
    expect(characterCost({ perMillionCharacters: 3.75 }, 2_000_000)).toEqual({
      input: 7.5,
      output: 0,
      total: 7.5,
      unit: 'credits',
    });
    expect(characterCost({ inputPerMillionTokens: 1 }, 10)).toBeUndefined();
  });

  it('prices transcription per minute from seconds', () => {
    expect(minuteCost({ perMinute: 0.003 }, 90)?.total).toBe(0.0045);
    // 3 minutes of whisper-1: (180 / 60) * 0.003 is 0.009000000000000001 unrounded.
    expect(minuteCost({ perMinute: 0.003 }, 180)).toEqual({ input: 0.009, output: 0, total: 0.009, unit: 'credits' });
    expect(minuteCost({ perMinute: 0.003 }, undefined)).toBeUndefined();
    expect(minuteCost(undefined, 60)).toBeUndefined();
  });

  it('prices images and videos per item from their own field', () => {
    expect(unitCost({ perImage: 0.04 }, 'image', 3)?.total).toBe(0.12);
    expect(unitCost({ perImage: 0.04 }, 'video', 3)).toBeUndefined();
    expect(unitCost({ perVideo: 0.5 }, 'video', 2)).toEqual({ input: 1, output: 0, total: 1, unit: 'credits' });
  });
});

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
