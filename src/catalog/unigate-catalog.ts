import { checkRequestOptions, failArgument } from '../checks/validate-argument';
import type { GatewayConnection } from '../settings/gateway-connection';
import type { CatalogById, CatalogCache } from './catalog-cache';
import type {
  UnigateCatalogEntry,
  UnigateCatalogPage,
  UnigateCatalogQuery,
  UnigateModel,
  UnigateRequestOptions,
} from './catalog-entry';

export type {
  UnigateCatalogEntry,
  UnigateCatalogPage,
  UnigateCatalogProvider,
  UnigateCatalogQuery,
  UnigateModel,
  UnigateModelType,
  UnigateRequestOptions,
} from './catalog-entry';
import { loadOnce } from '../checks/values';

// What the catalog's requests run (catalog-requests.ts: the transport, the wire schemas) loads with the
// first request, so importing the package does not pay for it.
const requests = loadOnce(() => import('./catalog-requests'));

/** Browses the gateway's public, priced model catalog. */
export interface UnigateCatalog {
  /** Reads one page. */
  page(query?: UnigateCatalogQuery, options?: UnigateRequestOptions): Promise<UnigateCatalogPage>;
  /** Every matching entry, fetching pages lazily as the loop advances. */
  entries(
    query?: Omit<UnigateCatalogQuery, 'page'>,
    options?: UnigateRequestOptions,
  ): AsyncIterable<UnigateCatalogEntry>;
  /**
   * One entry by model id, from the cached catalog that pricing also uses: every page is loaded once on
   * first need (whatever the `pricing` setting), then kept for `catalogCacheTtlMs`. `undefined` for an
   * id the catalog does not list.
   */
  get(id: string, options?: { abortSignal?: AbortSignal }): Promise<UnigateCatalogEntry | undefined>;
}

/** `gw.listModels`: `GET {base_url}/models`. */
export async function listModels(config: GatewayConnection, options?: UnigateRequestOptions): Promise<UnigateModel[]> {
  return (await requests()).listModels(config, options);
}

/**
 * The catalog cache's loader, without retries: page 1 gives the page count, then every other page is
 * fetched at once (catalog-requests.ts).
 */
export function catalogLoader(config: GatewayConnection): (abortSignal: AbortSignal) => Promise<CatalogById> {
  return async abortSignal => (await requests()).loadCatalog(config)(abortSignal);
}

/** `gw.catalog`: pages and entries read live; `get` answers from the cache that pricing shares. */
export function createCatalog(config: GatewayConnection, cache: CatalogCache): UnigateCatalog {
  return {
    page: async (query?: UnigateCatalogQuery, options?: UnigateRequestOptions): Promise<UnigateCatalogPage> =>
      (await requests()).readCatalogPage(config, query, options),
    async get(id, options) {
      if (typeof id !== 'string' || id === '') failArgument('id', 'expected a model id (a non-empty string)', id);
      checkRequestOptions(options);
      return (await cache.get(options?.abortSignal)).get(id);
    },
    entries: (query, options) => ({
      async *[Symbol.asyncIterator](): AsyncGenerator<UnigateCatalogEntry> {
        yield* (await requests()).catalogEntries(config, query, options);
      },
    }),
  };
}
