// Fetch wrappers that decide when the public catalog answers relative to the model endpoints. A call
// never waits for its price, so whether a result carries a catalog price depends on which answers first.

type Fetch = typeof globalThis.fetch;

const urlOf = (input: Parameters<Fetch>[0]) => new URL(input instanceof Request ? input.url : String(input));
const isCatalog = (input: Parameters<Fetch>[0]) => urlOf(input).pathname === '/api/public/models';
/** One macrotask: every promise chain already under way has run by then. */
const macrotask = () => new Promise<void>(resolve => setTimeout(resolve, 0));

/**
 * `response` with the same status and headers, whose body calls `onBytes` with each piece as it is read
 * and `onEnd` once it has been read to its end.
 */
function watchBody(response: Response, onEnd: () => void, onBytes: () => void = () => {}): Response {
  if (response.body === null) {
    onEnd();
    return response;
  }
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onBytes();
        controller.enqueue(chunk);
      },
      flush: onEnd,
    }),
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * The catalog answers before the models: each model endpoint's response is handed out only once every
 * catalog response so far has been read to its end and the pricing after it has run. So a first call
 * with a cold catalog gets its catalog price, deterministically, as with a gateway whose models take
 * longer than its catalog.
 */
export function catalogFirst(fetch: Fetch): Fetch {
  const catalogReads: Array<Promise<void>> = [];
  return async (input, init) => {
    if (!isCatalog(input)) {
      const response = await fetch(input, init);
      await Promise.all(catalogReads);
      await macrotask();
      return response;
    }
    let read!: () => void;
    catalogReads.push(new Promise<void>(resolve => (read = resolve)));
    try {
      return watchBody(await fetch(input, init), read);
    } catch (error) {
      read();
      throw error;
    }
  };
}

/**
 * A catalog that does not answer until `answer()` (a never-answering one, for as long as the test
 * wants), while the model endpoints answer at once. Like a real fetch, a held catalog request rejects
 * with its signal's reason when aborted. `apiAnsweredAt` is when the model endpoints' last byte (or
 * bodiless response) arrived: the moment the API's response was complete.
 */
export function slowCatalog(fetch: Fetch) {
  const held: Array<() => void> = [];
  const catalogSignals: AbortSignal[] = [];
  let answering = false;
  let apiAnsweredAt: number | undefined;
  const stamp = () => (apiAnsweredAt = performance.now());
  // The catalog's request code loads on first use, so the first request goes out a few ticks after the lookup.
  let requested!: () => void;
  const firstRequest = new Promise<void>(resolve => (requested = resolve));

  const wrapped: Fetch = async (input, init) => {
    if (!isCatalog(input)) {
      const response = await fetch(input, init);
      stamp();
      return watchBody(response, stamp, stamp);
    }
    const signal = init?.signal ?? undefined;
    if (signal) catalogSignals.push(signal);
    requested();
    if (answering) return fetch(input, init);
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal!.reason);
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      held.push(() => {
        signal?.removeEventListener('abort', onAbort);
        if (!signal?.aborted) fetch(input, init).then(resolve, reject);
      });
    });
  };

  return {
    fetch: wrapped,
    /** The signal of every catalog request so far. */
    catalogSignals,
    /** Settles when the first catalog request has been made. */
    firstRequest,
    /** Catalog requests so far. */
    catalogRequests: () => catalogSignals.length,
    /** From now on the catalog answers, the held requests included. */
    answer() {
      answering = true;
      for (const go of held.splice(0)) go();
    },
    apiAnsweredAt: () => apiAnsweredAt,
  };
}

/**
 * A `slowCatalog` that answers when the `n`-th request to a path ending in `endpoint` goes out (a resume's
 * continuation, for n = 2: the first request failed before its price was known); `requests()` counts them.
 */
export function catalogAtRequest(fetch: Fetch, endpoint: string, n = 2) {
  const catalog = slowCatalog(fetch);
  let count = 0;
  const wrapped: Fetch = (input, init) => {
    if (urlOf(input).pathname.endsWith(endpoint) && ++count === n) catalog.answer();
    return catalog.fetch(input, init);
  };
  return { fetch: wrapped, requests: () => count };
}
