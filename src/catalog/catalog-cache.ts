import type { UnigateCatalogEntry } from './catalog-entry';

/** The catalog by model id. */
export type CatalogById = ReadonlyMap<string, UnigateCatalogEntry>;

/** Default of the `catalogCacheTtlMs` setting: one hour. */
export const DEFAULT_CATALOG_CACHE_TTL_MS = 3_600_000;
/** Default of the `catalogTimeoutMs` setting: ten seconds. */
export const DEFAULT_CATALOG_TIMEOUT_MS = 10_000;

/** A failed refresh is not retried on every call: the old prices stay for this long (or the TTL, if shorter). */
const REFRESH_RETRY_MS = 60_000;
/**
 * A first load that failed or timed out is not retried by every call either: calls in the back-off get
 * its error at once. The pause starts at 1 s and doubles with each failure, up to a minute.
 */
export const LOAD_RETRY_MS = { first: 1_000, max: REFRESH_RETRY_MS } as const;

/** One caller waiting for a catalog load. */
export interface CatalogWait {
  /** The catalog; rejects when the load fails or times out, or when the caller's signal aborts first. */
  readonly promise: Promise<CatalogById>;
  /**
   * The caller stops waiting without stopping the load: it goes on in the background, within its time
   * limit, for later callers, and no caller's abort stops it any more.
   */
  leave(): void;
}

export interface CatalogCache {
  /** The cached catalog, `undefined` before the first successful load. Never loads. */
  current(): CatalogById | undefined;
  /**
   * The cached catalog, `undefined` before the first successful load. Past the TTL it still answers with
   * the old catalog while it starts one refresh in the background (stale-while-revalidate).
   */
  cached(): CatalogById | undefined;
  /**
   * Waits for the catalog: at once when cached, else for the first load, which concurrent callers share
   * (single flight). The load is stopped when every caller waiting for it has aborted (unless one left it
   * to the background first).
   */
  join(abortSignal?: AbortSignal): CatalogWait;
  /** `join(abortSignal).promise`. */
  get(abortSignal?: AbortSignal): Promise<CatalogById>;
  /** Resolves once no load or refresh is running (tests wait on it instead of on time). */
  idle(): Promise<void>;
}

interface Flight {
  readonly promise: Promise<CatalogById>;
  readonly controller: AbortController;
  /** Callers still waiting; the load is aborted when every one of them has aborted... */
  waiters: number;
  /** ...unless it runs in the background: a refresh, or a load a caller left without aborting. */
  background: boolean;
  /** Stopped because every caller waiting for it aborted. */
  dropped: boolean;
}

/** What a load that outlives its time limit rejects with. */
export function catalogTimeoutError(timeoutMs: number): Error {
  const error = new Error(`the catalog did not load within ${timeoutMs} ms (the catalogTimeoutMs setting)`);
  error.name = 'TimeoutError';
  return error;
}

const NO_OP = () => {};

/**
 * One more caller waits for `current`. When it aborts and was the last one waiting (and nobody left the
 * load to the background), the load is stopped and `dropped` runs.
 */
function waitFor(current: Flight, abortSignal: AbortSignal | undefined, dropped: () => void): CatalogWait {
  current.waiters++;
  if (abortSignal === undefined) return { promise: current.promise, leave: () => void (current.background = true) };
  let waiting = true;
  const stopWaiting = () => {
    const was = waiting;
    waiting = false;
    abortSignal.removeEventListener('abort', onAbort);
    return was;
  };
  let rejectCaller: (reason: unknown) => void = NO_OP;
  const onAbort = () => {
    if (!stopWaiting()) return;
    if (--current.waiters === 0 && !current.background) {
      current.dropped = true;
      current.controller.abort(abortSignal.reason);
      dropped();
    }
    rejectCaller(abortSignal.reason);
  };
  const promise = new Promise<CatalogById>((resolve, reject) => {
    rejectCaller = reject;
    current.promise.then(resolve, reject).finally(stopWaiting);
  });
  if (abortSignal.aborted) onAbort();
  else abortSignal.addEventListener('abort', onAbort, { once: true });
  const leave = () => {
    if (stopWaiting()) current.background = true;
  };
  return { promise, leave };
}

/**
 * Caches the catalog. Every load ends within `timeoutMs`, whether or not the fetch honours its abort
 * signal. A first load that fails or times out is not tried again before its back-off (`LOAD_RETRY_MS`):
 * calls meanwhile get its error at once. A load stopped because its callers aborted leaves nothing
 * behind. A failed refresh keeps serving the old catalog and tries again after a minute (or the TTL if shorter).
 */
export function createCatalogCache({
  load,
  ttlMs,
  timeoutMs,
  now = Date.now,
}: {
  load: (abortSignal: AbortSignal) => Promise<CatalogById>;
  ttlMs: number;
  /** Each load's time limit. */
  timeoutMs: number;
  /** Injectable clock (tests). */
  now?: () => number;
}): CatalogCache {
  let snapshot: { entries: CatalogById; loadedAt: number } | undefined;
  let flight: Flight | undefined;
  let nextRefreshAt = 0;
  // The last first-load failure, answered at once until `until` (the back-off).
  let failure: { error: unknown; until: number; pauseMs: number } | undefined;

  const start = (background: boolean): Flight => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bounded = new Promise<CatalogById>((resolve, reject) => {
      // Ends the wait even when the fetch ignores the abort.
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
      timer = setTimeout(() => controller.abort(catalogTimeoutError(timeoutMs)), timeoutMs);
      load(controller.signal).then(resolve, reject);
    });
    const started: Flight = {
      controller,
      waiters: 0,
      background,
      dropped: false,
      promise: bounded.then(
        entries => {
          clearTimeout(timer);
          if (!controller.signal.aborted) {
            snapshot = { entries, loadedAt: now() };
            failure = undefined;
          }
          return entries;
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (snapshot !== undefined) nextRefreshAt = now() + Math.min(ttlMs, REFRESH_RETRY_MS);
          // A load every caller gave up on says nothing of the catalog: only failures back off.
          else if (!started.dropped) {
            const pauseMs =
              failure === undefined ? LOAD_RETRY_MS.first : Math.min(failure.pauseMs * 2, LOAD_RETRY_MS.max);
            failure = { error, until: now() + pauseMs, pauseMs };
          }
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

  const cached = (): CatalogById | undefined => {
    if (snapshot === undefined) return undefined;
    const time = now();
    if (flight === undefined && time - snapshot.loadedAt >= ttlMs && time >= nextRefreshAt) {
      // Background refresh: no caller waits for it, so its failure is only remembered, never thrown.
      flight = start(true);
      flight.promise.catch(NO_OP);
    }
    return snapshot.entries;
  };

  const join = (abortSignal?: AbortSignal): CatalogWait => {
    const entries = cached();
    if (entries !== undefined) return { promise: Promise.resolve(entries), leave: NO_OP };
    if (flight === undefined && failure !== undefined && now() < failure.until) {
      return { promise: Promise.reject(failure.error), leave: NO_OP };
    }
    const current = (flight ??= start(false));
    return waitFor(current, abortSignal, () => {
      // Nobody wants this load any more: let the next caller start afresh.
      if (flight === current) flight = undefined;
    });
  };

  return {
    current: () => snapshot?.entries,
    cached,
    join,
    get: abortSignal => join(abortSignal).promise,
    idle: async () => {
      while (flight !== undefined) await flight.promise.catch(NO_OP);
    },
  };
}
