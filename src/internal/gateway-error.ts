import { APICallError } from '@ai-sdk/provider';
import { extractResponseHeaders, type ResponseHandler } from '@ai-sdk/provider-utils';

/**
 * What the gateway said about a failed request, read from any of its three error shapes:
 * chat style `{error:{type,message,code}}`, messages style `{type:'error', error:{type,message}}`,
 * image/video `{error:{type,message}}`, or a bare `{message}`.
 */
export interface UnigateErrorData {
  /** The gateway's error type, e.g. `auth_error`, `permission_error`, `rate_limit_exceeded`. */
  type?: string;
  /** The gateway's own message. */
  message?: string;
  /** `error.code` when sent (chat style: equal to the HTTP status). */
  code?: number | string;
  /** True when the daily request limit is reached: not retryable until midnight UTC. */
  dailyLimit?: boolean;
}

/** Reads the error fields from a response body; never throws. */
export function parseGatewayErrorBody(body: string): UnigateErrorData {
  if (body.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { message: body.trim().slice(0, 500) };
  }
  return readErrorObject(json);
}

/** Error fields from an already parsed value (also used for errors inside a 200 stream). */
export function readErrorObject(json: unknown): UnigateErrorData {
  if (json === null || typeof json !== 'object') return {};
  const outer = json as Record<string, unknown>;
  const inner = outer.error;
  const source =
    inner !== null && typeof inner === 'object' ? (inner as Record<string, unknown>) : outer;
  const data: UnigateErrorData = {};
  if (typeof source.type === 'string' && source.type !== 'error') data.type = source.type;
  if (typeof source.message === 'string') data.message = source.message;
  else if (typeof inner === 'string') data.message = inner;
  else if (typeof outer.message === 'string') data.message = outer.message;
  if (typeof source.code === 'number' || typeof source.code === 'string') data.code = source.code;
  return data;
}

const RETRYABLE_STATUS = new Set([408, 409, 429]);

function isDailyLimit(status: number, data: UnigateErrorData): boolean {
  // The chat-style type names it; other families only say so in words.
  return (
    status === 429 &&
    (data.type === 'rate_limit_exceeded' || /\bdaily\b/i.test(data.message ?? ''))
  );
}

/** The next midnight UTC after `now`: when the daily request limit resets. */
export function nextDailyReset(now: number = Date.now()): Date {
  const reset = new Date(now);
  reset.setUTCHours(24, 0, 0, 0);
  return reset;
}

function hint(status: number, data: UnigateErrorData, model: string | undefined): string | undefined {
  if (data.dailyLimit) {
    return `The daily request limit is reached; it resets at midnight UTC (${nextDailyReset().toISOString()}). Not retried.`;
  }
  switch (status) {
    case 401:
      return 'Check the API key: pass `apiKey` to createUnigate() or set UNIGATE_API_KEY.';
    case 403:
      return `The key lacks access to ${model ? `model "${model}"` : 'this model'} or its tier.`;
    case 404:
      return model
        ? `Unknown model id "${model}": gw.listModels() lists the ids this key can use.`
        : undefined;
    default:
      return undefined;
  }
}

/** Replaces every occurrence of `secret` in `text`. Keys are long; short strings are left alone. */
export function redact(text: string, secret: string | undefined): string {
  if (!secret || secret.length < 8 || !text.includes(secret)) return text;
  return text.split(secret).join('[redacted]');
}

/**
 * Removes `secret` from an error built out of response data (message, stack and `data`), in place.
 * Stream errors quote the chunk they choke on, and a chunk may echo anything.
 */
export function redactError<E>(error: E, secret: string | undefined): E {
  if (!secret || !(error instanceof Error)) return error;
  error.message = redact(error.message, secret);
  if (error.stack) error.stack = redact(error.stack, secret);
  const holder = error as unknown as { data?: unknown };
  if (holder.data !== undefined) {
    const text = typeof holder.data === 'string' ? holder.data : JSON.stringify(holder.data);
    if (text?.includes(secret)) holder.data = redact(text, secret);
  }
  return error;
}

// Error types after which the same request may succeed, for errors that carry no HTTP status.
const RETRYABLE_ERROR_TYPES = new Set(['overloaded_error', 'api_error', 'server_error', 'rate_limit_error']);

/**
 * The error for an error object sent inside an HTTP-200 body or stream (chat `{error}`, messages
 * `event: error`). Retryable by its type, or by its `code` as an HTTP status would be; never the
 * daily limit. `what` opens the message, e.g. "Unigate chat completion failed".
 */
export function createInBandError({
  what,
  errorObject,
  url,
  requestBodyValues,
  responseBody,
  secret,
}: {
  what: string;
  errorObject: unknown;
  url: string;
  requestBodyValues: unknown;
  responseBody?: string;
  secret: string | undefined;
}): APICallError {
  const data = readErrorObject(errorObject);
  if (data.message !== undefined) data.message = redact(data.message, secret);
  const status = typeof data.code === 'number' ? data.code : undefined;
  const retryable =
    (data.type !== undefined && RETRYABLE_ERROR_TYPES.has(data.type)) ||
    (status !== undefined && (RETRYABLE_STATUS.has(status) || status >= 500));
  return new APICallError({
    message: `${what}${data.type ? ` (${data.type})` : ''}: ${data.message || 'the gateway sent an error without a message'}`,
    url,
    requestBodyValues,
    statusCode: 200,
    responseBody: responseBody === undefined ? undefined : redact(responseBody, secret),
    isRetryable: retryable && !isDailyLimit(status ?? 429, data),
    data,
  });
}

/** Builds the one error every endpoint throws for a non-2xx response. */
export function createGatewayError({
  status,
  body,
  url,
  requestBodyValues,
  responseHeaders,
  secret,
}: {
  status: number;
  body: string;
  url: string;
  requestBodyValues: unknown;
  responseHeaders?: Record<string, string>;
  secret?: string;
}): APICallError {
  const data = parseGatewayErrorBody(body);
  data.dailyLimit = isDailyLimit(status, data);
  if (data.message) data.message = redact(data.message, secret);

  const model =
    requestBodyValues !== null && typeof requestBodyValues === 'object'
      ? (requestBodyValues as { model?: unknown }).model
      : undefined;
  const what = data.type ? ` (${data.type})` : '';
  const said = data.message ? `: ${data.message}` : '';
  const advice = hint(status, data, typeof model === 'string' ? model : undefined);

  return new APICallError({
    message: `Unigate request failed with HTTP ${status}${what}${said}${advice ? `. ${advice}` : ''}`,
    url,
    requestBodyValues,
    statusCode: status,
    responseHeaders,
    responseBody: redact(body, secret),
    isRetryable: !data.dailyLimit && (RETRYABLE_STATUS.has(status) || status >= 500),
    data,
  });
}

/** The failed-response handler every request uses. `secret` is redacted from message and body. */
export function createGatewayErrorHandler(secret: string | undefined): ResponseHandler<APICallError> {
  return async ({ response, url, requestBodyValues }) => {
    const responseHeaders = extractResponseHeaders(response);
    const body = await response.text();
    return {
      responseHeaders,
      value: createGatewayError({
        status: response.status,
        body,
        url,
        requestBodyValues,
        responseHeaders,
        secret,
      }),
    };
  };
}
