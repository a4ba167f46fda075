import { describe, expect, it } from 'vitest';
import { withCost } from '../../src/model-call/with-cost';

const COST = { input: 1, output: 2, total: 3, unit: 'credits' as const };

describe('withCost: the one way a cost reaches provider metadata', () => {
  it('adds unigate.cost next to what the metadata holds, as a copy, without touching the original', () => {
    const metadata = { unigate: { stopSequence: null }, other: { kept: true } };
    const result = withCost(metadata, COST);
    expect(result).toEqual({ unigate: { stopSequence: null, cost: COST }, other: { kept: true } });
    expect(metadata).toEqual({ unigate: { stopSequence: null }, other: { kept: true } });
    expect((result.unigate as { cost?: unknown }).cost).not.toBe(COST);
  });

  it('creates the metadata when there was none', () => {
    expect(withCost(undefined, COST)).toEqual({ unigate: { cost: COST } });
  });

  it('without a cost: costUnavailable when a reason is given, else the metadata unchanged', () => {
    const metadata = { unigate: { jobId: 'vid-1' } };
    expect(withCost(metadata, undefined, 'the catalog had not loaded')).toEqual({
      unigate: { jobId: 'vid-1', costUnavailable: 'the catalog had not loaded' },
    });
    expect(withCost(metadata, undefined)).toBe(metadata);
    expect(withCost(undefined, undefined)).toBeUndefined();
    // A cost wins over a reason: there is nothing to explain.
    expect(withCost(undefined, COST, 'ignored')).toEqual({ unigate: { cost: COST } });
  });
});
