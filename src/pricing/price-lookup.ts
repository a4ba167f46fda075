import type { CallPricing, PriceLookup } from './unigate-pricing-types';

const NO_OP = () => {};

/** A lookup answered at once: pricing off, a fixed price, or a catalog already cached. */
export function settledLookup(pricing: CallPricing): PriceLookup {
  return { settledNow: () => pricing, atResponse: () => pricing, settled: Promise.resolve(pricing), release: NO_OP };
}

/**
 * A lookup waiting for the catalog. `meanwhile` is what a call whose response is complete gets until
 * `answer` settles; `release` hands the catalog load to the background.
 */
export function pendingLookup(answer: Promise<CallPricing>, meanwhile: CallPricing, release: () => void): PriceLookup {
  let settled: CallPricing | undefined;
  const done = answer.then(pricing => (settled = pricing));
  return { settledNow: () => settled, atResponse: () => settled ?? meanwhile, settled: done, release };
}

/** What a call gets when its response is complete before the catalog has loaded. */
export function notLoadedYet(timeoutMs: number): string {
  return (
    'The Unigate catalog had not loaded when the response was complete, so this call has no catalog price and no ' +
    `catalog checks; the load goes on in the background (at most ${timeoutMs} ms, the catalogTimeoutMs setting) for later calls.`
  );
}

/** What a call gets when the catalog load failed or timed out. */
export function couldNotLoad(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `The Unigate catalog could not be loaded, so this call has no catalog price and no catalog checks: ${reason}`;
}
