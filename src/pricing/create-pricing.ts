import { InvalidArgumentError } from '@ai-sdk/provider';
import type { UnigateCatalogEntry } from '../catalog/unigate-catalog';
import { BUILT_IN_PRICES } from './built-in-prices';
import { capabilityWarnings } from './capability-warnings';
import { createCatalogCache, type CatalogById } from './catalog-cache';
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

/** Default of the `catalogCacheTtlMs` setting: one hour. */
export const DEFAULT_CATALOG_CACHE_TTL_MS = 3_600_000;
/** Default of the `catalogTimeoutMs` setting: ten seconds. */
export const DEFAULT_CATALOG_TIMEOUT_MS = 10_000;
/** The longest a timer can wait (about 24.8 days); longer ones fire at once. */
const MAX_CATALOG_TIMEOUT_MS = 2_147_483_647;

/** `config.pricing`: what every model asks when it sends its request, plus the catalog cache behind it. */
export interface UnigatePricingService {
  /**
   * Starts this call's price lookup and catalog checks. Answers at once from the cache (or without the
   * catalog when the setting needs none); otherwise the first call loads the catalog (single flight,
   * within `catalogTimeoutMs`). Never throws, and its answer never rejects.
   */
  forCall(modelId: string, kind: PricedKind, options?: CallPricingOptions): PriceLookup;
  /** One catalog entry from the cached catalog, loading it if needed whatever the pricing setting (`gw.catalog.get`). */
  catalogEntry(id: string, abortSignal?: AbortSignal): Promise<UnigateCatalogEntry | undefined>;
  /**
   * A model's price for an estimate, whatever the pricing setting: the table, the built-in prices, then the
   * catalog (loaded if needed; rejects when it cannot be). `undefined` when nothing prices the model.
   */
  priceFor(modelId: string, kind: PricedKind, abortSignal?: AbortSignal): Promise<UnigateModelPrice | undefined>;
  /** Resolves once no catalog load or refresh is running (tests). */
  idle(): Promise<void>;
}

const hasOwn = (table: object, key: string) => Object.prototype.hasOwnProperty.call(table, key);

/** The table's price, else the built-in one. A table entry replaces the whole built-in entry. */
function fixedPrice(table: UnigatePriceTable | undefined, modelId: string): UnigateModelPrice | undefined {
  if (table !== undefined && hasOwn(table, modelId)) return table[modelId];
  return hasOwn(BUILT_IN_PRICES, modelId) ? BUILT_IN_PRICES[modelId] : undefined;
}

/** Catalog prices are per 1M tokens: they price chat, messages and embeddings, nothing else. */
function catalogPrice(entry: UnigateCatalogEntry | undefined, kind: PricedKind): UnigateModelPrice | undefined {
  if (entry?.inputPrice === undefined) return undefined;
  if (kind === 'embedding') return { inputPerMillionTokens: entry.inputPrice };
  if (kind !== 'chat' && kind !== 'messages') return undefined;
  return entry.outputPrice === undefined
    ? { inputPerMillionTokens: entry.inputPrice }
    : { inputPerMillionTokens: entry.inputPrice, outputPerMillionTokens: entry.outputPrice };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The `catalogTimeoutMs` setting: a number of milliseconds a timer can wait. Checked when the provider is created. */
export function checkCatalogTimeout(value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1 || value > MAX_CATALOG_TIMEOUT_MS) {
    const received = typeof value === 'string' ? JSON.stringify(value) : String(value);
    throw new InvalidArgumentError({
      argument: 'catalogTimeoutMs',
      message:
        `Invalid argument catalogTimeoutMs: the catalog load's time limit must be a number of milliseconds from 1 to ` +
        `${MAX_CATALOG_TIMEOUT_MS}; received ${received}.`,
    });
  }
}

/** Builds `config.pricing` from the `pricing`, `catalogCacheTtlMs` and `catalogTimeoutMs` settings. */
export function createPricing({
  pricing = false,
  ttlMs = DEFAULT_CATALOG_CACHE_TTL_MS,
  timeoutMs = DEFAULT_CATALOG_TIMEOUT_MS,
  loadCatalog,
  now,
}: {
  pricing?: UnigatePricing;
  ttlMs?: number;
  timeoutMs?: number;
  /** Loads every catalog page (the catalog client's `entries()`). */
  loadCatalog: (abortSignal: AbortSignal) => Promise<CatalogById>;
  /** Injectable clock for the cache (tests). */
  now?: () => number;
}): UnigatePricingService {
  checkCatalogTimeout(timeoutMs);
  const cache = createCatalogCache({ load: loadCatalog, ttlMs, timeoutMs, now });
  const table = typeof pricing === 'object' && pricing !== null ? pricing : undefined;

  const forCall = (modelId: string, kind: PricedKind, options: CallPricingOptions = {}): PriceLookup => {
    if (pricing === false) return settledLookup({ warnings: [] });
    const fixed = fixedPrice(table, modelId);
    const withCatalog = (catalog: CatalogById | undefined): CallPricing => {
      const entry = catalog?.get(modelId);
      return { price: fixed ?? catalogPrice(entry, kind), warnings: capabilityWarnings(entry, kind, options.promptCharacters) };
    };
    // A table that prices the model needs no fetch; the checks still run when the catalog is already here.
    if (pricing !== 'catalog' && fixed !== undefined) return settledLookup(withCatalog(cache.current()));
    const cached = cache.cached();
    if (cached !== undefined) return settledLookup(withCatalog(cached));

    const wait = cache.join(options.abortSignal);
    const answer = wait.promise.then(withCatalog, (error: unknown): CallPricing => {
      // An aborted call has no result to warn on.
      if (options.abortSignal?.aborted) return { price: fixed, warnings: [] };
      const message = couldNotLoad(error);
      return { price: fixed, warnings: [{ type: 'other', message }], catalogUnavailable: message };
    });
    const meanwhile = notLoadedYet(timeoutMs);
    return pendingLookup(
      answer.catch(failed),
      { price: fixed, warnings: [{ type: 'other', message: meanwhile }], catalogUnavailable: meanwhile },
      wait.leave,
    );
  };

  return {
    // Never throws, whatever goes wrong: pricing must not fail a model call.
    forCall: (modelId, kind, options) => {
      try {
        return forCall(modelId, kind, options);
      } catch (error) {
        return settledLookup(failed(error));
      }
    },
    idle: cache.idle,
    catalogEntry: async (id, abortSignal) => (await cache.get(abortSignal)).get(id),
    priceFor: async (modelId, kind, abortSignal) =>
      fixedPrice(table, modelId) ?? catalogPrice((await cache.get(abortSignal)).get(modelId), kind),
  };
}

/** What a call gets when pricing itself throws (a bug, or a prompt that cannot be measured). */
function failed(error: unknown): CallPricing {
  return { warnings: [{ type: 'other', message: `Unigate pricing failed for this call: ${errorMessage(error)}` }] };
}
