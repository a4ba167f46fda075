import type { UnigateCatalogEntry } from '../catalog/unigate-catalog';
import { BUILT_IN_PRICES } from './built-in-prices';
import { capabilityWarnings } from './capability-warnings';
import { createCatalogCache, type CatalogById } from './catalog-cache';
import type {
  CallPricing,
  CallPricingOptions,
  PricedKind,
  UnigateModelPrice,
  UnigatePriceTable,
  UnigatePricing,
} from './unigate-pricing-types';

/** Default of the `catalogCacheTtlMs` setting: one hour. */
export const DEFAULT_CATALOG_CACHE_TTL_MS = 3_600_000;

/** `config.pricing`: what every model asks before it sends its request, plus the catalog cache behind it. */
export interface UnigatePricingService {
  /**
   * This call's price and capability warnings. Loads the catalog on first need when the pricing setting
   * uses it (single flight); resolves from the cache afterwards. Never rejects.
   */
  forCall(modelId: string, kind: PricedKind, options?: CallPricingOptions): Promise<CallPricing>;
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

/** Builds `config.pricing` from the `pricing` and `catalogCacheTtlMs` settings. */
export function createPricing({
  pricing = false,
  ttlMs = DEFAULT_CATALOG_CACHE_TTL_MS,
  loadCatalog,
  now,
}: {
  pricing?: UnigatePricing;
  ttlMs?: number;
  /** Loads every catalog page (the catalog client's `entries()`). */
  loadCatalog: (abortSignal: AbortSignal) => Promise<CatalogById>;
  /** Injectable clock for the cache (tests). */
  now?: () => number;
}): UnigatePricingService {
  const cache = createCatalogCache({ load: loadCatalog, ttlMs, now });
  const table = typeof pricing === 'object' && pricing !== null ? pricing : undefined;

  const forCall = async (modelId: string, kind: PricedKind, options: CallPricingOptions = {}): Promise<CallPricing> => {
    if (pricing === false) return { warnings: [] };
    const fixed = fixedPrice(table, modelId);
    let catalog = cache.current();
    // A table that prices the model needs no fetch; the checks still run when the catalog is already here.
    if (pricing === 'catalog' || fixed === undefined) {
      try {
        catalog = await cache.get(options.abortSignal);
      } catch (error) {
        if (options.abortSignal?.aborted) return { price: fixed, warnings: [] };
        return {
          price: fixed,
          warnings: [
            {
              type: 'other',
              message: `The Unigate catalog could not be loaded, so this call has no catalog price and no catalog checks: ${errorMessage(error)}`,
            },
          ],
        };
      }
    }
    const entry = catalog?.get(modelId);
    return {
      price: fixed ?? catalogPrice(entry, kind),
      warnings: capabilityWarnings(entry, kind, options.promptCharacters),
    };
  };

  return {
    // Never rejects, whatever goes wrong: pricing must not fail a model call.
    forCall: (modelId, kind, options) =>
      forCall(modelId, kind, options).catch(error => ({
        warnings: [{ type: 'other', message: `Unigate pricing failed for this call: ${errorMessage(error)}` }],
      })),
    idle: cache.idle,
    catalogEntry: async (id, abortSignal) => (await cache.get(abortSignal)).get(id),
    priceFor: async (modelId, kind, abortSignal) =>
      fixedPrice(table, modelId) ?? catalogPrice((await cache.get(abortSignal)).get(modelId), kind),
  };
}
