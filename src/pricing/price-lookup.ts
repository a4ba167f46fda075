import { errorMessage } from '../checks/values';
import type { CallPricing, PriceLookup } from './unigate-pricing-types';

const NO_OP = () => {};

/** A lookup answered at once: pricing off, a fixed price, or a catalog already cached. */
export function settledLookup(pricing: CallPricing): PriceLookup {
  const settled = Promise.resolve(pricing);
  return {
    settledNow: () => pricing,
    atResponse: () => pricing,
    settled,
    waitAfterResponse: () => undefined,
    afterResponse: () => settled,
    release: NO_OP,
  };
}

/**
 * `done`, or the end of `waitMs`, or the signal's abort, whichever comes first; never rejects. The timer
 * is cleared as soon as the wait is over, so it keeps no process alive.
 */
function boundedWait(done: Promise<unknown>, waitMs: number, abortSignal: AbortSignal | undefined): Promise<void> {
  if (abortSignal?.aborted) return Promise.resolve();
  return new Promise<void>(resolve => {
    const timer = setTimeout(end, waitMs);
    function end() {
      clearTimeout(timer);
      abortSignal?.removeEventListener('abort', end);
      resolve();
    }
    abortSignal?.addEventListener('abort', end, { once: true });
    done.then(end, end);
  });
}

/**
 * A lookup waiting for the catalog. `meanwhile` is what a call whose response is complete gets when
 * `answer` has not settled within `waitMs` of the response; `release` hands the catalog load to the background.
 */
export function pendingLookup(
  answer: Promise<CallPricing>,
  meanwhile: CallPricing,
  release: () => void,
  waitMs: number,
): PriceLookup {
  let settled: CallPricing | undefined;
  const done = answer.then(pricing => (settled = pricing));
  let waiting: Promise<void> | undefined;
  const waitAfterResponse = (abortSignal?: AbortSignal) => {
    if (settled !== undefined || waitMs === 0) return undefined;
    waiting ??= boundedWait(done, waitMs, abortSignal);
    return waiting;
  };
  const atResponse = () => settled ?? meanwhile;
  return {
    settledNow: () => settled,
    atResponse,
    settled: done,
    waitAfterResponse,
    afterResponse: async abortSignal => {
      await waitAfterResponse(abortSignal);
      return atResponse();
    },
    release,
  };
}

/** What a call gets when its response is complete and the catalog has not loaded within `priceWaitMs`. */
export function notLoadedYet(timeoutMs: number, waitMs: number): string {
  return (
    `The Unigate catalog had not loaded ${waitMs} ms after the response was complete (the priceWaitMs setting), so ` +
    'this call has no catalog price and no catalog checks; the load goes on in the background ' +
    `(at most ${timeoutMs} ms, the catalogTimeoutMs setting) for later calls.`
  );
}

/** What a call gets when the catalog load failed or timed out. */
export function couldNotLoad(error: unknown): string {
  const reason = errorMessage(error);
  return `The Unigate catalog could not be loaded, so this call has no catalog price and no catalog checks: ${reason}`;
}
