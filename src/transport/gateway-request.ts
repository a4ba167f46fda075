import {
  combineHeaders,
  getFromApi,
  postFormDataToApi,
  postJsonToApi,
  postToApi,
  type FetchFunction,
  withUserAgentSuffix,
  type ResponseHandler,
} from '@ai-sdk/provider-utils';
import type { GatewayAuth, GatewayBase, GatewayConnection } from '../settings/gateway-connection';
import { VERSION } from '../settings/version';
import { followGatewayRedirects } from './follow-gateway-redirects';
import { createGatewayErrorHandler } from '../errors/gateway-error';
import { MultipartBody } from './multipart-body';
import { withSecretsRedacted } from '../errors/redact-secrets';

/** The messages endpoint's version header value (docs/endpoints.md#messages-version-header). */
export const MESSAGES_API_VERSION = '2023-06-01';

export interface GatewayRequest<T> {
  config: GatewayConnection;
  auth: GatewayAuth;
  url: string;
  /**
   * A JSON-serialisable object (POST as JSON), a `MultipartBody` (a large upload, streamed), a `FormData`
   * (POST as multipart), or absent (GET).
   */
  body?: unknown;
  successfulResponseHandler: ResponseHandler<T>;
  abortSignal?: AbortSignal;
  /** Per-call headers, e.g. from the AI SDK's `headers` call option. */
  headers?: Record<string, string | undefined>;
}

const GATEWAY_BASES: readonly GatewayBase[] = ['site', 'base', 'alt'];

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** True when `url` is on one of the gateway's configured origins: only those may see the key. */
export function isGatewayOrigin(config: GatewayConnection, url: string): boolean {
  const origin = originOf(url);
  return origin !== undefined && GATEWAY_BASES.some(base => origin === originOf(config.root(base)));
}

function authHeaders(auth: GatewayAuth, key: string | undefined): Record<string, string | undefined> {
  if (key === undefined) return {};
  return auth === 'x-api-key'
    ? { 'x-api-key': key, 'anthropic-version': MESSAGES_API_VERSION }
    : { authorization: `Bearer ${key}` };
}

type GatewayResult<T> = Promise<{ value: T; rawValue?: unknown; responseHeaders?: Record<string, string> }>;

/**
 * The one request helper: picks the credential for the endpoint family, merges the user's headers,
 * adds the user-agent suffix, and maps every non-2xx answer through the one error mapper.
 * Credentials and custom headers go only to the gateway's own origins, and so does every redirect hop
 * (see `followGatewayRedirects`). A missing key or URL throws at once (every caller awaits it inside an
 * async function, where that becomes the call's rejection).
 * Whatever the request fails with (the error mapper's error, a response handler's, provider-utils'
 * wrappers and their causes) leaves with the key redacted: each may quote the gateway's answer.
 */
export function sendGatewayRequest<T>(request: GatewayRequest<T>): GatewayResult<T> {
  return withSecretsRedacted(request.config.optionalApiKey(), () => send(request));
}

function send<T>({
  config,
  auth,
  url,
  body,
  successfulResponseHandler,
  abortSignal,
  headers,
}: GatewayRequest<T>): GatewayResult<T> {
  const trusted = isGatewayOrigin(config, url);
  const key = !trusted ? undefined : auth === 'optional-bearer' ? config.optionalApiKey() : config.apiKey();
  const requestHeaders = withUserAgentSuffix(
    trusted ? combineHeaders(authHeaders(auth, key), config.headers, headers) : {},
    `unigate-ai-provider/${VERSION}`,
  );
  const failedResponseHandler = createGatewayErrorHandler(key);
  const fetch = followGatewayRedirects({
    fetch: config.fetch,
    isGatewayURL: target => isGatewayOrigin(config, target),
    // A streamed multipart body is read once: a 307/308 hop gets a fresh stream over the same bytes.
    replayBody: body instanceof MultipartBody ? () => body.content().body : undefined,
    requestBodyValues: body instanceof MultipartBody ? body.values : (body ?? {}),
  });
  const common = { url, headers: requestHeaders, failedResponseHandler, successfulResponseHandler, abortSignal, fetch };

  if (body === undefined) return getFromApi(common);
  if (body instanceof MultipartBody) return postMultipart(common, body);
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    return postFormDataToApi({ ...common, formData: body });
  }
  return postJsonToApi({ ...common, body });
}

/** Node's fetch sends a stream body only when told it is half duplex; other runtimes ignore the flag. */
function halfDuplex(fetch: FetchFunction = globalThis.fetch): FetchFunction {
  return (input, init) => fetch(input, { ...init, duplex: 'half' } as RequestInit);
}

function postMultipart<T>(
  common: Parameters<typeof getFromApi<T>>[0],
  multipart: MultipartBody,
): Promise<{ value: T; rawValue?: unknown; responseHeaders?: Record<string, string> }> {
  const { body, streamed } = multipart.content();
  return postToApi({
    ...common,
    headers: {
      ...common.headers,
      'content-type': multipart.contentType,
      // A stream has no length of its own; a Blob states it itself.
      ...(streamed && { 'content-length': String(multipart.contentLength) }),
    },
    // postToApi hands `content` to fetch unchanged; its type lists only what provider-utils' own helpers send.
    body: { content: body as unknown as Uint8Array, values: multipart.values },
    fetch: streamed ? halfDuplex(common.fetch) : common.fetch,
  });
}
