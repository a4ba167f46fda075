import { type UnigateCatalogEntry, capabilityWarnings } from '../catalog/catalog-entry';
import { errorMessage } from '../checks/values';
import { withCacheRates } from './cache-rates';
import { DEFAULT_CATALOG_TIMEOUT_MS, type CatalogById, type CatalogCache } from '../catalog/catalog-cache';
import { couldNotLoad, notLoadedYet, pendingLookup, settledLookup } from './price-lookup';
import type {
  CallPricing,
  CallPricingOptions,
  PricedKind,
  PriceLookup,
  UnigateModelPrice,
  UnigatePriceTable,
  UnigatePricing,
} from './unigate-pricing-types';

/** The models' pricing: what every model asks when it sends its request, and what estimates ask. */
export interface UnigatePricingService {
  /**
   * Starts this call's price lookup and its catalog checks (capability warnings). Answers at once from the cache (or without the
   * catalog when the setting needs none); otherwise the first call loads the catalog (single flight,
   * within `catalogTimeoutMs`). Never throws, and its answer never rejects.
   */
  priceAndCheck(modelId: string, kind: PricedKind, options?: CallPricingOptions): PriceLookup;
  /**
   * A model's price for an estimate, whatever the pricing setting: the table, the built-in prices, then the
   * catalog (loaded if needed; rejects when it cannot be). `undefined` when nothing prices the model.
   */
  priceFor(modelId: string, kind: PricedKind, abortSignal?: AbortSignal): Promise<UnigateModelPrice | undefined>;
  /**
   * A model's price as known now, for another model a call reports (an advisor's pass): the price table,
   * the built-in prices, then the catalog as loaded (never loads). `undefined` under `pricing: false` or
   * when nothing prices the model yet.
   */
  priceNow(modelId: string, kind: PricedKind): UnigateModelPrice | undefined;
  /** Resolves once no catalog load or refresh is running (tests). */
  idle(): Promise<void>;
  /** The model's context window in tokens, from the catalog as loaded now (never loads). */
  contextWindow(modelId: string): number | undefined;
}

/** The fixed prices the gateway publishes (docs/video-and-catalog.md#fixed-prices); a price table overrides them. */
export const BUILT_IN_PRICES: Readonly<UnigatePriceTable> = Object.freeze({
  'tts-1': { perMillionCharacters: 3.75 },
  'tts-1-hd': { perMillionCharacters: 7.5 },
  'whisper-1': { perMinute: 0.003 },
  'text-embedding-3-small': { inputPerMillionTokens: 0.01 },
  'text-embedding-3-large': { inputPerMillionTokens: 0.065 },
  'text-embedding-ada-002': { inputPerMillionTokens: 0.05 },
});

const hasOwn = (table: object, key: string) => Object.hasOwn(table, key);

/** The table's price, else the built-in one. A table entry replaces the whole built-in entry. */
function fixedPrice(table: UnigatePriceTable | undefined, modelId: string): UnigateModelPrice | undefined {
  if (table !== undefined && hasOwn(table, modelId)) return table[modelId];
  return hasOwn(BUILT_IN_PRICES, modelId) ? BUILT_IN_PRICES[modelId] : undefined;
}

/**
 * A model's price: the table's or built-in one (`fixed`), else the catalog entry's; a language model's
 * with its cache prices filled in (cache-rates.ts), its family told by the catalog entry's provider when
 * the catalog lists it; other kinds' as they are.
 */
function modelPrice(
  modelId: string,
  kind: PricedKind,
  fixed: UnigateModelPrice | undefined,
  entry: UnigateCatalogEntry | undefined,
) {
  const price = fixed ?? catalogPrice(entry, kind);
  return kind === 'chat' || kind === 'messages'
    ? withCacheRates(modelId, price, { provider: entry?.provider, kind })
    : price;
}

/** The kinds a catalog entry can price. */
const CATALOG_PRICED: ReadonlySet<PricedKind> = new Set<PricedKind>(['chat', 'messages', 'embedding']);

/** Catalog prices are per 1M tokens: they price chat, messages and embeddings, nothing else. */
function catalogPrice(entry: UnigateCatalogEntry | undefined, kind: PricedKind): UnigateModelPrice | undefined {
  if (entry?.inputPrice === undefined) return undefined;
  if (kind === 'embedding') return { inputPerMillionTokens: entry.inputPrice };
  if (kind !== 'chat' && kind !== 'messages') return undefined;
  return entry.outputPrice === undefined
    ? { inputPerMillionTokens: entry.inputPrice }
    : { inputPerMillionTokens: entry.inputPrice, outputPerMillionTokens: entry.outputPrice };
}

/** Default of the `priceWaitMs` setting: how long a finished call may wait for a price still loading. */
export const DEFAULT_PRICE_WAIT_MS = 2_000;
/**
 * Builds the pricing service from the `pricing` setting over the catalog cache it is given (`timeoutMs`
 * is that cache's time limit; `priceWaitMs` how long a call whose response is complete waits for a price
 * still loading).
 */
export function createPricing({
  pricing = false,
  cache,
  timeoutMs = DEFAULT_CATALOG_TIMEOUT_MS,
  priceWaitMs = DEFAULT_PRICE_WAIT_MS,
}: {
  pricing?: UnigatePricing;
  cache: CatalogCache;
  timeoutMs?: number;
  priceWaitMs?: number;
}): UnigatePricingService {
  const table = typeof pricing === 'object' && pricing !== null ? pricing : undefined;

  const priceAndCheck = (modelId: string, kind: PricedKind, options: CallPricingOptions = {}): PriceLookup => {
    if (pricing === false) return settledLookup({ warnings: [] });
    const tablePrice = fixedPrice(table, modelId);
    const fixed = modelPrice(modelId, kind, tablePrice, undefined);
    const withCatalog = (catalog: CatalogById | undefined): CallPricing => {
      const entry = catalog?.get(modelId);
      return {
        price: modelPrice(modelId, kind, tablePrice, entry),
        warnings: capabilityWarnings(entry, kind, options.promptCharacters),
      };
    };
    const cached = cache.cached();
    if (cached !== undefined) return settledLookup(withCatalog(cached));
    if (fixed !== undefined || !CATALOG_PRICED.has(kind)) {
      // A fixed price needs no catalog, and the catalog prices no image, video or audio: nothing waits and
      // nothing warns of a catalog price missing. Under 'catalog' the load still starts, in the
      // background, for the checks of later calls.
      if (pricing === 'catalog') startInBackground(cache);
      return settledLookup(withCatalog(undefined));
    }

    const wait = cache.join(options.abortSignal);
    const answer = wait.promise.then(withCatalog, (error: unknown): CallPricing => {
      // An aborted call has no result to warn on.
      if (options.abortSignal?.aborted) return { price: fixed, warnings: [] };
      const message = couldNotLoad(error);
      return { price: fixed, warnings: [{ type: 'other', message }], catalogUnavailable: message };
    });
    const meanwhile = notLoadedYet(timeoutMs, priceWaitMs);
    return pendingLookup(
      answer.catch(failed),
      { price: fixed, warnings: [{ type: 'other', message: meanwhile }], catalogUnavailable: meanwhile },
      wait.leave,
      priceWaitMs,
    );
  };

  return {
    // Never throws, whatever goes wrong: pricing must not fail a model call.
    priceAndCheck: (modelId, kind, options) => {
      try {
        return priceAndCheck(modelId, kind, options);
      } catch (error) {
        return settledLookup(failed(error));
      }
    },
    priceNow: (modelId, kind) => {
      if (pricing === false) return undefined;
      const entry = cache.current()?.get(modelId);
      return modelPrice(modelId, kind, fixedPrice(table, modelId), entry);
    },
    idle: cache.idle,
    contextWindow: modelId => cache.current()?.get(modelId)?.contextWindow,
    priceFor: async (modelId, kind, abortSignal) => {
      const tablePrice = fixedPrice(table, modelId);
      // A fixed price loads nothing; the catalog, when loaded, still tells the model's family.
      const entry = (tablePrice === undefined ? await cache.get(abortSignal) : cache.current())?.get(modelId);
      return modelPrice(modelId, kind, tablePrice, entry);
    },
  };
}

/** Starts the catalog load with no caller waiting for it; its failure is the cache's to remember. */
function startInBackground(cache: CatalogCache): void {
  const wait = cache.join();
  wait.leave();
  wait.promise.catch(() => undefined);
}

/** What a call gets when pricing itself throws (a bug, or a prompt that cannot be measured). */
function failed(error: unknown): CallPricing {
  return { warnings: [{ type: 'other', message: `Unigate pricing failed for this call: ${errorMessage(error)}` }] };
}
