import type { UnigateCatalogEntry } from '../catalog/unigate-catalog';

/** The catalog by model id. */
export type CatalogById = ReadonlyMap<string, UnigateCatalogEntry>;

/** A failed refresh is not retried on every call: the old prices stay for this long (or the TTL, if shorter). */
const REFRESH_RETRY_MS = 60_000;

export interface CatalogCache {
  /** The cached catalog, `undefined` before the first successful load. Never loads. */
  current(): CatalogById | undefined;
  /**
   * The catalog. The first call loads it; concurrent callers share that one load (single flight). Once
   * loaded, it resolves at once; after the TTL it still resolves at once with the old catalog while one
   * refresh runs in the background (stale-while-revalidate). Rejects when the first load fails or when
   * `abortSignal` aborts while waiting.
   */
  get(abortSignal?: AbortSignal): Promise<CatalogById>;
  /** Resolves once no load or refresh is running (tests wait on it instead of on time). */
  idle(): Promise<void>;
}

interface Flight {
  readonly promise: Promise<CatalogById>;
  readonly controller: AbortController;
  /** Callers still waiting; the load is aborted when every one of them has aborted. */
  waiters: number;
}

/**
 * Caches the catalog. A failed or aborted load leaves nothing behind: the next call starts a new one.
 * A failed refresh keeps serving the old catalog and tries again after a minute (or the TTL if shorter).
 */
export function createCatalogCache({
  load,
  ttlMs,
  now = Date.now,
}: {
  load: (abortSignal: AbortSignal) => Promise<CatalogById>;
  ttlMs: number;
  /** Injectable clock (tests). */
  now?: () => number;
}): CatalogCache {
  let snapshot: { entries: CatalogById; loadedAt: number } | undefined;
  let flight: Flight | undefined;
  let nextRefreshAt = 0;

  const start = (): Flight => {
    const controller = new AbortController();
    const started: Flight = {
      controller,
      waiters: 0,
      promise: load(controller.signal).then(
        entries => {
          if (!controller.signal.aborted) snapshot = { entries, loadedAt: now() };
          return entries;
        },
        (error: unknown) => {
          if (snapshot !== undefined) nextRefreshAt = now() + Math.min(ttlMs, REFRESH_RETRY_MS);
          throw error;
        },
      ),
    };
    const settle = () => {
      if (flight === started) flight = undefined;
    };
    started.promise.then(settle, settle);
    return started;
  };

  const wait = (current: Flight, abortSignal: AbortSignal | undefined): Promise<CatalogById> => {
    current.waiters++;
    if (abortSignal === undefined) return current.promise;
    return new Promise<CatalogById>((resolve, reject) => {
      const onAbort = () => {
        if (--current.waiters === 0) {
          // Nobody wants this load any more: stop it, and let the next caller start afresh.
          current.controller.abort(abortSignal.reason);
          if (flight === current) flight = undefined;
        }
        reject(abortSignal.reason);
      };
      if (abortSignal.aborted) return onAbort();
      abortSignal.addEventListener('abort', onAbort, { once: true });
      current.promise.then(resolve, reject).finally(() => abortSignal.removeEventListener('abort', onAbort));
    });
  };

  return {
    current: () => snapshot?.entries,
    idle: async () => {
      while (flight !== undefined) await flight.promise.catch(() => undefined);
    },
    get(abortSignal) {
      if (snapshot !== undefined) {
        const time = now();
        if (flight === undefined && time - snapshot.loadedAt >= ttlMs && time >= nextRefreshAt) {
          // Background refresh: no caller waits for it, so its failure is only remembered, never thrown.
          flight = start();
          flight.waiters = 1;
          flight.promise.catch(() => undefined);
        }
        return Promise.resolve(snapshot.entries);
      }
      flight ??= start();
      return wait(flight, abortSignal);
    },
  };
}
