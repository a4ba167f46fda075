import { APICallError } from '@ai-sdk/provider';
import {
  delay,
  extractResponseHeaders,
  generateId,
  getRuntimeEnvironmentUserAgent,
  isAbortError,
  isBrowserRuntime,
  type ResponseHandler,
  VERSION as PROVIDER_UTILS_VERSION,
} from '@ai-sdk/provider-utils';
import { type GatewayAuth, type GatewayBase, type GatewayConnection, VERSION } from '../settings/gateway-connection';
import { followGatewayRedirects } from './follow-gateway-redirects';
import { asConnectionError, connectionFailureOf, createGatewayErrorHandler } from '../errors/gateway-error';
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

/** The package's part of every request's user agent. */
export const USER_AGENT = `unigate-ai-provider/${VERSION}`;

export interface GatewayRequest<T> {
  config: GatewayConnection;
  auth: GatewayAuth;
  url: string;
  /** A JSON-serialisable object (POST as JSON), a `MultipartBody` (an upload, streamed), or absent (GET). */
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

/**
 * The headers of a request to `url`. The gateway's own origins get the credential for the endpoint
 * family (the key is read here: a missing one throws), then the connection's headers, then the call's;
 * any other host gets none of them. Names are lower-cased, a header given as undefined is left out
 * (also one an earlier source set), and `userAgent` follows the user's own user agent.
 */
export function gatewayHeaders(
  config: GatewayConnection,
  auth: GatewayAuth,
  url: string,
  callHeaders: Record<string, string | undefined> | undefined,
  userAgent: string,
): { trusted: boolean; key: string | undefined; headers: Headers } {
  const trusted = isGatewayOrigin(config, url);
  const key = !trusted ? undefined : auth === 'optional-bearer' ? config.optionalApiKey() : config.apiKey();
  const headers = new Headers();
  const given = trusted ? { ...authHeaders(auth, key), ...config.headers, ...callHeaders } : {};
  for (const [name, value] of Object.entries(given)) if (value != null) headers.set(name, value);
  headers.set('user-agent', [headers.get('user-agent'), userAgent].filter(Boolean).join(' '));
  return { trusted, key, headers };
}

type GatewayResult<T> = Promise<{ value: T; rawValue?: unknown; responseHeaders?: Record<string, string> }>;

/**
 * The one request helper, on `fetch`: picks the credential for the endpoint family, merges the user's
 * headers, adds the user agent, and maps every non-2xx answer through the one error mapper.
 * Credentials and custom headers go only to the gateway's own origins, and so does every redirect hop
 * (see `followGatewayRedirects`). A missing key or URL throws at once (every caller awaits it inside an
 * async function, where that becomes the call's rejection).
 * Whatever the request fails with (the error mapper's error, a response handler's and their causes)
 * leaves with the key redacted: each may quote the gateway's answer. A connection that fails (refused,
 * dropped, or the body broken while read) is the `network` error.
 */
export function sendGatewayRequest<T>(request: GatewayRequest<T>): GatewayResult<T> {
  const secret = request.config.optionalApiKey();
  const { url, body } = request;
  const requestBodyValues = body instanceof MultipartBody ? body.values : (body ?? {});
  return withSecretsRedacted(secret, () =>
    send(request, requestBodyValues).catch((error: unknown) => {
      throw asConnectionError(error, { url, requestBodyValues, secret });
    }),
  );
}

function send<T>(request: GatewayRequest<T>, requestBodyValues: unknown): GatewayResult<T> {
  const { config, url, body } = request;
  const { key, headers } = gatewayHeaders(
    config,
    request.auth,
    url,
    request.headers,
    // As the AI SDK's request helpers say it, which sent these requests before.
    `${USER_AGENT} ai-sdk/provider-utils/${PROVIDER_UTILS_VERSION} ${getRuntimeEnvironmentUserAgent()}`,
  );
  const fetch = followGatewayRedirects({
    fetch: config.fetch,
    isGatewayURL: target => isGatewayOrigin(config, target),
    // A streamed multipart body is read once: a 307/308 hop gets a fresh stream over the same bytes.
    replayBody: body instanceof MultipartBody ? () => body.content().body : undefined,
    requestBodyValues,
  });
  const multipart = body instanceof MultipartBody ? body.content() : undefined;
  if (body instanceof MultipartBody) {
    headers.set('content-type', body.contentType);
    // A stream has no length of its own; a Blob states it itself.
    if (multipart?.streamed) headers.set('content-length', String(body.contentLength));
  } else if (body !== undefined && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  const answer = { url, requestBodyValues };
  return (async () => {
    const response = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: Object.fromEntries(headers),
      // JSON.stringify(undefined) is undefined: a GET has no body.
      body: multipart?.body ?? JSON.stringify(body),
      signal: request.abortSignal,
      // Node's fetch sends a stream body only when told it is half duplex; other runtimes ignore the flag.
      ...(multipart?.streamed && { duplex: 'half' }),
    });
    if (!response.ok) throw (await handled(createGatewayErrorHandler(key), response, answer)).value;
    return handled(request.successfulResponseHandler, response, answer);
  })();
}

/**
 * A response handler's result. What a handler throws besides an abort or an `APICallError` (a body that
 * broke while read, a bug) becomes an `APICallError` saying so, as the AI SDK's request helpers report it;
 * a connection that broke is retryable, whatever the status.
 */
async function handled<T>(
  handler: ResponseHandler<T>,
  response: Response,
  answer: { url: string; requestBodyValues: unknown },
): GatewayResult<T> {
  try {
    return await handler({ response, ...answer });
  } catch (error) {
    if (isAbortError(error) || APICallError.isInstance(error)) throw error;
    throw new APICallError({
      message: `Failed to process ${response.ok ? 'successful' : 'error'} response`,
      cause: error,
      statusCode: response.status,
      responseHeaders: extractResponseHeaders(response),
      ...answer,
      ...(connectionFailureOf(error) !== undefined && { isRetryable: true }),
    });
  }
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
export async function withRetries<T>(
  fn: () => PromiseLike<T>,
  { maxRetries = 2, abortSignal }: { maxRetries?: number; abortSignal?: AbortSignal },
): Promise<T> {
  for (let attempt = 0, backoffMs = 2000; ; attempt++, backoffMs *= 2) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= maxRetries || !(APICallError.isInstance(error) && error.isRetryable)) throw error;
      await delay(retryAfterMs(error) ?? backoffMs, { abortSignal });
    }
  }
}
