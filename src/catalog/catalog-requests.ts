import { APICallError } from '@ai-sdk/provider';
import type { z } from 'zod/v4';
import { createJsonHandler, sendGatewayRequest, withRetries } from '../transport/gateway-request';
import { redactSecrets } from '../errors/redact-secrets';
import { checkInteger, checkObject, checkRequestOptions, checkString, type Limit } from '../checks/validate-argument';
import type { GatewayConnection } from '../settings/gateway-connection';
import { catalogResponseSchema, modelListSchema } from './catalog-api-types';
import type { CatalogById } from './catalog-cache';
import type {
  UnigateCatalogEntry,
  UnigateCatalogPage,
  UnigateCatalogQuery,
  UnigateModel,
  UnigateRequestOptions,
} from './catalog-entry';

// The catalog's requests, loaded by the first call that needs one (unigate-catalog.ts): the model list,
// a page, the walk over pages and the cache's loader.

/** The catalog's page size (docs/video-and-catalog.md#catalog-endpoint). */
export const CATALOG_PAGE_SIZE = 50;

/** The catalog's query limits: 50 models per page; pages count from 1 (docs/video-and-catalog.md#catalog-endpoint). */
const CATALOG_LIMITS = { page: { min: 1 }, limit: { min: 1, max: CATALOG_PAGE_SIZE } } as const satisfies Record<
  string,
  Limit
>;

/** A GET of the catalog's JSON, checked by `schema`, with the call's retries, headers and signal. */
function getCatalogJson<SCHEMA extends z.ZodType>(
  config: GatewayConnection,
  auth: 'bearer' | 'optional-bearer',
  url: string,
  schema: SCHEMA,
  { abortSignal, maxRetries, headers }: UnigateRequestOptions,
) {
  const successfulResponseHandler = createJsonHandler(schema);
  return withRetries(() => sendGatewayRequest({ config, auth, url, successfulResponseHandler, abortSignal, headers }), {
    maxRetries,
    abortSignal,
  });
}

export async function listModels(
  config: GatewayConnection,
  options: UnigateRequestOptions = {},
): Promise<UnigateModel[]> {
  checkRequestOptions(options);
  const { value } = await getCatalogJson(config, 'bearer', config.url('base', '/models'), modelListSchema(), options);
  return value.data.map(model => ({
    id: model.id,
    object: model.object ?? 'model',
    created: model.created,
    ownedBy: model.owned_by,
  }));
}

/** Every field of a catalog query, before any request: a wrong type is an error naming it, not a TypeError. */
function checkCatalogQuery(query: UnigateCatalogQuery): void {
  checkObject('query', query);
  checkInteger('page', query.page, CATALOG_LIMITS.page);
  checkInteger('limit', query.limit, CATALOG_LIMITS.limit);
  checkString('provider', query.provider);
  checkString('search', query.search);
}

/** Reads one page of the catalog (`gw.catalog.page`). */
export async function readCatalogPage(
  config: GatewayConnection,
  query: UnigateCatalogQuery = {},
  options: UnigateRequestOptions = {},
): Promise<UnigateCatalogPage> {
  checkCatalogQuery(query);
  checkRequestOptions(options);
  const pageNumber = query.page ?? 1;
  const limit = query.limit ?? CATALOG_PAGE_SIZE;

  const params = new URLSearchParams({ limit: String(limit), page: String(pageNumber) });
  const provider = query.provider?.trim().toLowerCase();
  if (provider) params.set('provider', provider);
  const search = query.search?.trim();
  if (search) params.set('search', search);
  const url = `${config.url('site', '/api/public/models', 'optional-bearer')}?${params}`;

  const { value, responseHeaders } = await getCatalogJson(
    config,
    'optional-bearer',
    url,
    catalogResponseSchema(),
    options,
  );

  if (value.success === false) {
    const error = new APICallError({
      message: `Unigate catalog request failed: ${value.error ?? 'the gateway gave no reason'}`,
      url,
      requestBodyValues: Object.fromEntries(params),
      statusCode: 200,
      responseHeaders,
      responseBody: JSON.stringify(value),
      isRetryable: false,
      data: { message: value.error ?? undefined },
    });
    throw redactSecrets(error, config.optionalApiKey());
  }

  const entries = (value.data ?? []).map(
    (entry): UnigateCatalogEntry => ({
      id: entry.id,
      provider: entry.provider,
      type: entry.type,
      contextWindow: entry.contextWindow ?? undefined,
      inputPrice: entry.inputPrice ?? undefined,
      outputPrice: entry.outputPrice ?? undefined,
      isNew: entry.isNew ?? false,
    }),
  );
  const total = value.pagination?.total ?? entries.length;
  return {
    entries,
    total,
    page: pageNumber,
    limit,
    pages: Math.ceil(total / limit),
    providers: value.providers ?? [],
  };
}

/** Every matching entry, page after page as the loop advances (`gw.catalog.entries`). */
export async function* catalogEntries(
  config: GatewayConnection,
  query: Omit<UnigateCatalogQuery, 'page'> = {},
  options: UnigateRequestOptions = {},
): AsyncGenerator<UnigateCatalogEntry> {
  for (let pageNumber = 1; ; pageNumber++) {
    const result = await readCatalogPage(config, { ...query, page: pageNumber }, options);
    yield* result.entries;
    // An empty page also ends the walk, so a wrong `total` cannot loop forever.
    if (pageNumber >= result.pages || result.entries.length === 0) return;
  }
}

/**
 * The catalog cache's loader, without retries: page 1 gives the page count, then every other page is
 * fetched at once, so a fresh process has its prices after two round trips, not one per page. The first
 * page that fails stops the others and fails the load; the cache backs off before the next one.
 */
export function loadCatalog(config: GatewayConnection): (abortSignal: AbortSignal) => Promise<CatalogById> {
  return async abortSignal => {
    const byId = new Map<string, UnigateCatalogEntry>();
    const keep = (page: UnigateCatalogPage) => {
      for (const entry of page.entries) byId.set(entry.id, entry);
    };
    const options = { abortSignal, maxRetries: 0 };
    const first = await readCatalogPage(config, { page: 1 }, options);
    keep(first);
    if (first.pages <= 1 || first.entries.length === 0) return byId;
    // One failed page makes the others pointless: they are stopped with it.
    const siblings = new AbortController();
    const stop = () => siblings.abort(abortSignal.reason);
    abortSignal.addEventListener('abort', stop, { once: true });
    const rest = Array.from({ length: first.pages - 1 }, (_, index) =>
      readCatalogPage(config, { page: index + 2 }, { abortSignal: siblings.signal, maxRetries: 0 }).catch(error => {
        siblings.abort(error);
        throw error;
      }),
    );
    try {
      // Pages are kept in page order, so an id listed twice resolves as a sequential walk would.
      for (const page of await Promise.all(rest)) keep(page);
    } finally {
      abortSignal.removeEventListener('abort', stop);
    }
    return byId;
  };
}
