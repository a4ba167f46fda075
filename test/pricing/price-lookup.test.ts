// A finished call's wait for its price (src/pricing/price-lookup.ts): bounded by priceWaitMs and ended by
// the call's abort, so an aborted call never waits out priceWaitMs for a catalog that has not loaded.
import { describe, expect, it } from 'vitest';
import { pendingLookup } from '../../src/pricing/price-lookup';
import type { CallPricing } from '../../src/pricing/unigate-pricing-types';

const meanwhile: CallPricing = { warnings: [{ type: 'other', message: 'not loaded yet' }], catalogUnavailable: 'x' };
const never = new Promise<CallPricing>(() => {});
// The longest wait the setting allows: a wait that is not ended by the abort would outlast the test.
const LONGEST_WAIT = 2 ** 31 - 1;

/** Whether `promise` settles before the event loop has turned a few times. */
async function settlesPromptly(promise: Promise<unknown>): Promise<boolean> {
  const turns = new Promise<false>(resolve => setTimeout(() => resolve(false), 20));
  return Promise.race([promise.then(() => true as const), turns]);
}

describe('pendingLookup: the wait after the response', () => {
  it('ends when the call is aborted while it waits, with what the call has meanwhile', async () => {
    const lookup = pendingLookup(never, meanwhile, () => {}, LONGEST_WAIT);
    const controller = new AbortController();
    const waited = lookup.afterResponse(controller.signal);
    expect(await settlesPromptly(waited)).toBe(false);
    controller.abort();
    expect(await settlesPromptly(waited)).toBe(true);
    expect(await waited).toBe(meanwhile);
  });

  it('does not wait at all for a call already aborted', async () => {
    const lookup = pendingLookup(never, meanwhile, () => {}, LONGEST_WAIT);
    const controller = new AbortController();
    controller.abort();
    const waited = lookup.afterResponse(controller.signal);
    expect(await settlesPromptly(waited)).toBe(true);
    expect(await waited).toBe(meanwhile);
  });

  it('ends when the price arrives, with the price', async () => {
    let settle: (pricing: CallPricing) => void = () => {};
    const answer = new Promise<CallPricing>(resolve => (settle = resolve));
    const lookup = pendingLookup(answer, meanwhile, () => {}, LONGEST_WAIT);
    const waited = lookup.afterResponse(undefined);
    const priced: CallPricing = { price: { inputPerMillionTokens: 1, outputPerMillionTokens: 2 }, warnings: [] };
    settle(priced);
    expect(await waited).toBe(priced);
  });
});
