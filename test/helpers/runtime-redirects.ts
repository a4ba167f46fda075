import type { FetchFunction } from '@ai-sdk/provider-utils';

const REDIRECT_STATUSES = [301, 302, 303, 307, 308];
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];

/**
 * Wraps a recording mock fetch so it treats redirects the way Node's fetch does: `redirect: 'follow'`
 * (the default) follows up to 20 hops, dropping only `Authorization` across origins and keeping every
 * other header and the body (307/308); `manual` hands the 3xx back; `error` fails. A provider that
 * leaves redirects to the runtime therefore leaks to the foreign handler here exactly as it would live.
 */
export function followingLikeNode(fetch: FetchFunction): FetchFunction {
  const send = async (url: string, init: RequestInit, hops: number): Promise<Response> => {
    const response = await fetch(url, init);
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.includes(response.status) || location === null) return response;
    if (init.redirect === 'manual') return response;
    if (init.redirect === 'error' || hops === 20) throw new TypeError('fetch failed', { cause: new Error('redirect') });
    const target = new URL(location, url);
    const headers = new Headers(init.headers as HeadersInit);
    if (target.origin !== new URL(url).origin) headers.delete('authorization');
    const method = (init.method ?? 'GET').toUpperCase();
    if (
      ((response.status === 301 || response.status === 302) && method === 'POST') ||
      (response.status === 303 && method !== 'GET')
    ) {
      for (const name of BODY_HEADERS) headers.delete(name);
      return send(target.href, { ...init, method: 'GET', headers, body: undefined }, hops + 1);
    }
    // A stream was read by the first request: fetch cannot send it again.
    if (init.body instanceof ReadableStream) throw new TypeError('fetch failed', { cause: new Error('stream body') });
    return send(target.href, { ...init, headers }, hops + 1);
  };
  return (input, init = {}) =>
    send(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, init, 0);
}
