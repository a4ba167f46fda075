import { describe, expect, it } from 'vitest';
import { characterCost, minuteCost, tokenCost, unitCost } from '../../src/pricing/compute-cost';

describe('tokenCost', () => {
  it('prices input and output tokens per million', () => {
    const cost = tokenCost({ inputPerMillionTokens: 2.5, outputPerMillionTokens: 10 }, { inputTokens: 1000, outputTokens: 200 });
    expect(cost?.input).toBeCloseTo(0.0025, 12);
    expect(cost?.output).toBeCloseTo(0.002, 12);
    expect(cost?.total).toBeCloseTo(0.0045, 12);
    expect(cost?.unit).toBe('credits');
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
    expect(tokenCost({ inputPerMillionTokens: 0, outputPerMillionTokens: 0 }, { inputTokens: 5, outputTokens: 5 })).toEqual({
      input: 0,
      output: 0,
      total: 0,
      unit: 'credits',
    });
  });
});

describe('characterCost, minuteCost, unitCost', () => {
  it('prices speech per million characters', () => {
    expect(characterCost({ perMillionCharacters: 3.75 }, 2_000_000)).toEqual({ input: 7.5, output: 0, total: 7.5, unit: 'credits' });
    expect(characterCost({ inputPerMillionTokens: 1 }, 10)).toBeUndefined();
  });

  it('prices transcription per minute from seconds', () => {
    expect(minuteCost({ perMinute: 0.003 }, 90)?.total).toBeCloseTo(0.0045, 12);
    expect(minuteCost({ perMinute: 0.003 }, undefined)).toBeUndefined();
    expect(minuteCost(undefined, 60)).toBeUndefined();
  });

  it('prices images and videos per item from their own field', () => {
    expect(unitCost({ perImage: 0.04 }, 'image', 3)?.total).toBeCloseTo(0.12, 12);
    expect(unitCost({ perImage: 0.04 }, 'video', 3)).toBeUndefined();
    expect(unitCost({ perVideo: 0.5 }, 'video', 2)).toEqual({ input: 1, output: 0, total: 1, unit: 'credits' });
  });
});
