import { APICallError } from '@ai-sdk/provider';
import {
  combineHeaders,
  extractResponseHeaders,
  generateId,
  getFromApi,
  isBrowserRuntime,
  postFormDataToApi,
  postJsonToApi,
  postToApi,
  retryWithExponentialBackoff,
  type FetchFunction,
  withUserAgentSuffix,
  type ResponseHandler,
} from '@ai-sdk/provider-utils';
import { type GatewayAuth, type GatewayBase, type GatewayConnection, VERSION } from '../settings/gateway-connection';
import { followGatewayRedirects } from './follow-gateway-redirects';
import { asConnectionError, createGatewayErrorHandler } from '../errors/gateway-error';
import { withSecretsRedacted } from '../errors/redact-secrets';
import type { z } from 'zod/v4';

// The one request helper and what it sends and reads: a request's headers, credentials and retries, the
// multipart body of an upload, and the handler of a JSON answer. Redirects are followed in
// follow-gateway-redirects.ts; every failure is mapped by src/errors/gateway-error.ts.

/** One file part of a multipart upload. */
export interface MultipartFile {
  /** The form field, e.g. `file`. */
  field: string;
  /** The file name the server sees, e.g. `audio.wav`. */
  name: string;
  mediaType: string;
  bytes: Uint8Array;
}

// Pieces of the caller's bytes handed to the request body: a stream of views, never a copy of the file.
const PIECE_BYTES = 64 * 1024;

const encoder = new TextEncoder();

// WHATWG's multipart/form-data encoding: a quote or a line break in a name is percent-encoded.
function quoted(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * A `multipart/form-data` body built by hand, so a large upload is not copied on its way out.
 *
 * Handing `fetch` a `FormData` (or a `Blob`) holding a 25 MB file peaks at about 5x the file in Node,
 * because the runtime buffers the whole encoded body. Outside browsers the body is instead a stream of
 * 64 KB views of the caller's bytes with an exact `content-length` (about 2x: the caller's copy plus
 * what is in flight). Browsers cannot stream a request body over HTTP/1.1, so there it is one `Blob`.
 */
export class MultipartBody {
  readonly contentType: string;
  /** The text fields, for error reports and `request.body` (the file is never echoed). */
  readonly values: Record<string, string>;
  private readonly head: Uint8Array;
  private readonly file: Uint8Array;
  private readonly tail: Uint8Array;

  constructor(values: Record<string, string>, file: MultipartFile) {
    // Lower case: a Blob lowercases its type, and the header and the body must name the same boundary.
    const boundary = `----unigate-${generateId().toLowerCase()}`;
    this.contentType = `multipart/form-data; boundary=${boundary}`;
    this.values = values;
    let head = '';
    for (const [name, value] of Object.entries(values)) {
      head += `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`;
    }
    head +=
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.field)}"; filename="${quoted(file.name)}"\r\n` +
      `Content-Type: ${file.mediaType}\r\n\r\n`;
    this.head = encoder.encode(head);
    this.file = file.bytes;
    this.tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  }

  /** The exact length of the encoded body in bytes. */
  get contentLength(): number {
    return this.head.byteLength + this.file.byteLength + this.tail.byteLength;
  }

  /** What `fetch` gets as the body in this runtime, and whether it is a stream (which needs `duplex`). */
  content(): { body: ReadableStream<Uint8Array> | Blob; streamed: boolean } {
    if (isBrowserRuntime()) {
      return {
        body: new Blob([this.head, this.file, this.tail] as BlobPart[], { type: this.contentType }),
        streamed: false,
      };
    }
    const pieces = [this.head];
    for (let at = 0; at < this.file.byteLength; at += PIECE_BYTES)
      pieces.push(this.file.subarray(at, at + PIECE_BYTES));
    pieces.push(this.tail);
    let next = 0;
    // Not a byte stream: its chunks are enqueued as they are, never transferred, so the caller's bytes stay usable.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (next < pieces.length) controller.enqueue(pieces[next++]);
        else controller.close();
      },
    });
    return { body, streamed: true };
  }
}

type Issue = z.core.$ZodIssue;

/**
 * A union's own issue only says "Invalid input": descend into the branch that got furthest (the longest
 * path; on a tie the last branch, where the main shape goes) so the message names the field.
 */
function mostSpecificIssue(issue: Issue, prefix: PropertyKey[]): { path: PropertyKey[]; message: string } {
  const path = [...prefix, ...issue.path];
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { path, message: issue.message };
  let best: { path: PropertyKey[]; message: string } | undefined;
  for (const branch of issue.errors) {
    if (branch.length === 0) continue;
    const candidate = mostSpecificIssue(branch[0], path);
    if (best === undefined || candidate.path.length >= best.path.length) best = candidate;
  }
  return best ?? { path, message: issue.message };
}

/**
 * A successful-response handler for JSON bodies. Unlike a bare schema failure, its error names the
 * field that was wrong and what was expected, and keeps the raw body for inspection. The body, the
 * parser's error (V8 quotes the text it choked on) and the headers may echo the key: `sendGatewayRequest`,
 * the only caller, redacts the error as it leaves.
 */
export function createJsonHandler<SCHEMA extends z.ZodType>(schema: SCHEMA): ResponseHandler<z.output<SCHEMA>> {
  return async ({ response, url, requestBodyValues }) => {
    const responseHeaders = extractResponseHeaders(response);
    const body = await response.text();
    const fail = (detail: string, cause?: unknown) =>
      new APICallError({
        message: `Unigate returned an unexpected response body: ${detail}`,
        url,
        requestBodyValues,
        statusCode: response.status,
        responseHeaders,
        responseBody: body,
        cause,
        isRetryable: false,
      });
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      throw fail(body.trim() === '' ? 'the body is empty' : 'the body is not JSON', error);
    }
    const result = schema.safeParse(json);
    if (!result.success) {
      const { path, message } = mostSpecificIssue(result.error.issues[0], []);
      throw fail(`${path.length > 0 ? path.join('.') : 'the body'}: ${message}`, result.error);
    }
    return { value: result.data, rawValue: json, responseHeaders };
  };
}

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
 * wrappers and their causes) leaves with the key redacted: each may quote the gateway's answer. A
 * connection that fails (refused, dropped, or the body broken while read) is the `network` error.
 */
export function sendGatewayRequest<T>(request: GatewayRequest<T>): GatewayResult<T> {
  const secret = request.config.optionalApiKey();
  return withSecretsRedacted(secret, () =>
    send(request).catch((error: unknown) => {
      const { url, body } = request;
      const requestBodyValues = body instanceof MultipartBody ? body.values : (body ?? {});
      throw asConnectionError(error, { url, requestBodyValues, secret });
    }),
  );
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

/**
 * The wait a failed call asks for, unbounded: `retry-after-ms`, or `retry-after` in seconds or as an HTTP
 * date; `undefined` when it asks none (or a wait in the past).
 */
export function retryAfterHeaderMs(error: unknown): number | undefined {
  if (!APICallError.isInstance(error) || !error.responseHeaders) return undefined;
  const headers = error.responseHeaders;
  let ms: number | undefined;
  const msHeader = headers['retry-after-ms'];
  if (msHeader !== undefined && Number.isFinite(parseFloat(msHeader))) ms = parseFloat(msHeader);
  const header = headers['retry-after'];
  if (ms === undefined && header !== undefined) {
    const seconds = parseFloat(header);
    ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  }
  return ms !== undefined && ms >= 0 ? ms : undefined;
}

/**
 * The wait a failed call asks for (`retryAfterHeaderMs`), honoured when it is between 0 and 60 seconds;
 * otherwise the exponential backoff applies.
 */
export function retryAfterMs(error: unknown): number | undefined {
  const ms = retryAfterHeaderMs(error);
  return ms !== undefined && ms <= 60_000 ? ms : undefined;
}

/**
 * Retries for the calls the AI SDK does not wrap (model listing, catalog, video jobs), with the AI SDK's
 * semantics: only retryable errors (408/409/429/5xx, never the daily limit), exponential backoff from
 * 2 s, `Retry-After` honoured. After the last attempt the last error is thrown as it is.
 */
export function withRetries<T>(
  fn: () => PromiseLike<T>,
  { maxRetries = 2, abortSignal }: { maxRetries?: number; abortSignal?: AbortSignal },
): PromiseLike<T> {
  return retryWithExponentialBackoff({
    maxRetries,
    abortSignal,
    shouldRetry: error => APICallError.isInstance(error) && error.isRetryable,
    getDelayInMs: ({ error, exponentialBackoffDelay }) => retryAfterMs(error) ?? exponentialBackoffDelay,
    createRetryError: ({ errors }) => errors[errors.length - 1],
  })(fn);
}
