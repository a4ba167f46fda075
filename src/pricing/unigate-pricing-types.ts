import type { SharedV3Warning } from '@ai-sdk/provider';
import type { UnigateModelPrice } from './price-types';

// The price settings' types live in their leaf file, which imports nothing from the package.
export type { UnigateCost, UnigateModelPrice, UnigatePriceTable, UnigatePricing } from './price-types';

export type { PricedKind } from '../catalog/catalog-entry';

/** What pricing knows about one call. Never throws, never fails the call. */
export interface CallPricing {
  /** `undefined`: pricing off, or no usable price for this model and kind. */
  price?: UnigateModelPrice;
  /**
   * `other` warnings: the catalog had not loaded by the time the response was complete, or could not be
   * loaded (and why); the model is used through the wrong accessor (names the right one); the prompt's
   * estimated tokens exceed the catalog's context window.
   */
  warnings: SharedV3Warning[];
  /** Why the catalog took no part in this call (not loaded yet, or its load failed); `undefined` when it did or was not needed. */
  catalogUnavailable?: string;
}

/**
 * One call's price lookup, started together with its request. It never delays the request; a call whose
 * response is complete may wait for it, at most `priceWaitMs`, then takes what the lookup knows.
 */
export interface PriceLookup {
  /** The lookup's answer once it has one; `undefined` while the catalog is still loading. */
  settledNow(): CallPricing | undefined;
  /**
   * What a call whose response is complete gets: the answer, or, while the catalog is still loading, the
   * fixed price (if any) and a warning saying the catalog had not loaded.
   */
  atResponse(): CallPricing;
  /** Resolves with the answer (the catalog load's time limit at most). Never rejects. */
  readonly settled: Promise<CallPricing>;
  /**
   * The wait of a call whose response is complete while its price is still loading: settles once the
   * price is known, `priceWaitMs` is over or `abortSignal` aborts (never rejects). `undefined` when
   * nothing is to wait for (answered, or `priceWaitMs: 0`). Every call of one lookup shares one wait.
   */
  waitAfterResponse(abortSignal?: AbortSignal): Promise<void> | undefined;
  /** `atResponse()` after `waitAfterResponse(abortSignal)`. */
  afterResponse(abortSignal?: AbortSignal): Promise<CallPricing>;
  /**
   * The call no longer waits (its response is complete, or it failed): a catalog load it started goes on
   * in the background, and the caller's abort signal no longer stops it.
   */
  release(): void;
}

/** Per-call options of `priceAndCheck`. */
export interface CallPricingOptions {
  /**
   * Characters of the prompt, for the context-window check (tokens estimated as `ceil(characters / 4)`).
   * A function: the prompt is walked only when the catalog lists a context window to check against.
   */
  promptCharacters?: () => number;
  /**
   * Stops waiting for the catalog. The shared load goes on while other calls still wait for it or once a
   * call has left it to the background; a load nobody wants any more is stopped.
   */
  abortSignal?: AbortSignal;
}
