import { APICallError } from '@ai-sdk/provider';
import { extractResponseHeaders, type FetchFunction } from '@ai-sdk/provider-utils';

/** The most redirects one request follows; the next one fails the call. */
export const MAX_GATEWAY_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

// The headers that describe a body: they go with it when a hop turns the request into a GET.
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];

export interface GatewayRedirectOptions {
  /** The fetch that sends each hop (the user's, or the global one). */
  fetch?: FetchFunction;
  /** True when a URL is on one of the gateway's own origins: the only places a hop may go. */
  isGatewayURL: (url: string) => boolean;
  /** A fresh copy of a streamed body, for a 307/308 hop; without it such a hop is refused. */
  replayBody?: () => BodyInit;
  /** The request body's values, for the errors. */
  requestBodyValues?: unknown;
}

/** A URL as errors name it: without query or fragment, which may hold signatures. */
function shown(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

function refusal(
  message: string,
  url: string,
  requestBodyValues: unknown,
  response?: Response,
  location?: URL,
): APICallError {
  const responseHeaders = response && extractResponseHeaders(response);
  if (responseHeaders?.location !== undefined) responseHeaders.location = location ? shown(location) : '(invalid)';
  return new APICallError({
    message,
    url,
    requestBodyValues,
    statusCode: response?.status || undefined,
    responseHeaders,
    // The same request meets the same redirect again.
    isRetryable: false,
  });
}

/** Where a redirect points, resolved against the URL that answered; undefined when it is no URL. */
function redirectTarget(response: Response, from: string): URL | undefined {
  try {
    return new URL(response.headers.get('location') ?? '', from);
  } catch {
    return undefined;
  }
}

/**
 * The next hop's request, by fetch's rules: 301/302 after a POST and 303 after anything but GET/HEAD
 * become a GET without body (and without the headers describing it); 307/308 send method and body again.
 * Returns undefined when the body was a stream that cannot be sent again.
 */
function nextHop(init: RequestInit, status: number, replayBody?: () => BodyInit): RequestInit | undefined {
  const method = (init.method ?? 'GET').toUpperCase();
  if (
    ((status === 301 || status === 302) && method === 'POST') ||
    (status === 303 && method !== 'GET' && method !== 'HEAD')
  ) {
    const headers = Object.fromEntries(new Headers(init.headers as HeadersInit));
    for (const name of BODY_HEADERS) delete headers[name];
    const { body: _body, duplex: _duplex, ...rest } = init as RequestInit & { duplex?: string };
    return { ...rest, method: 'GET', headers };
  }
  if (!(init.body instanceof ReadableStream)) return init;
  return replayBody ? { ...init, body: replayBody() } : undefined;
}

/**
 * A fetch that follows redirects itself (`redirect: 'manual'`), and only while they stay on the
 * gateway's origins: the runtime's own following would carry `x-api-key`, the user's headers and the
 * body to any host (only `Authorization` is dropped across origins). A hop elsewhere, a redirect whose
 * target the runtime hides (browsers' opaque redirects), more than `MAX_GATEWAY_REDIRECTS` hops, or a
 * stream body that cannot be replayed fails with a non-retryable `APICallError`, and nothing is sent on.
 * Errors name URLs without their query.
 */
export function followGatewayRedirects({
  fetch = globalThis.fetch,
  isGatewayURL,
  replayBody,
  requestBodyValues,
}: GatewayRedirectOptions): FetchFunction {
  return async (input, init = {}) => {
    let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let request: RequestInit = { ...init, redirect: 'manual' };
    for (let hops = 0; ; hops++) {
      const response = await fetch(url, request);
      const from = new URL(url);
      if (response.type === 'opaqueredirect') {
        throw refusal(
          `Unigate refused a redirect from ${shown(from)}: this runtime hides where it leads (an opaque redirect), so it cannot be checked to stay on the gateway's origins.`,
          url,
          requestBodyValues,
        );
      }
      if (!REDIRECT_STATUSES.has(response.status) || !response.headers.has('location')) return response;
      // The redirect's own body is never read: release its connection.
      void response.body?.cancel().catch(() => {});
      const target = redirectTarget(response, url);
      const status = `HTTP ${response.status} from ${shown(from)}`;
      const fail = (message: string) =>
        refusal(`Unigate refused a redirect: ${status} ${message}`, url, requestBodyValues, response, target);
      if (target === undefined) throw fail('has a Location that is not a URL.');
      if (!isGatewayURL(target.href)) {
        throw fail(`leads to ${target.origin}, which is not one of the gateway's origins; nothing was sent there.`);
      }
      if (hops === MAX_GATEWAY_REDIRECTS) {
        throw fail(`would be redirect ${hops + 1}; a request follows at most ${MAX_GATEWAY_REDIRECTS}.`);
      }
      const next = nextHop(request, response.status, replayBody);
      if (next === undefined) throw fail('asks for the streamed request body again, and it cannot be replayed.');
      request = next;
      url = target.href;
    }
  };
}
