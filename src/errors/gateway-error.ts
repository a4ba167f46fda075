import { APICallError } from '@ai-sdk/provider';
import { extractResponseHeaders, type ResponseHandler } from '@ai-sdk/provider-utils';
import { isObjectRecord } from '../checks/values';
import { accessorForGatewayType } from '../settings/model-kind';
import { redactSecrets } from './redact-secrets';

/**
 * The kind of failure, named the same way on every endpoint whatever the family's own `type` says
 * (`auth_error` or `authentication_error`, `rate_limit_exceeded` or `rate_limit_error`): branch on this.
 * - `authentication`: the key is missing or invalid (401).
 * - `permission`: the key may not use this model or tier (403).
 * - `not-found`: unknown model id, job id or path (404).
 * - `invalid-request`: the request itself is wrong (400 and other 4xx); sending it again fails again.
 * - `rate-limit`: too many requests for now (429); retryable, honours `Retry-After`.
 * - `daily-limit`: the daily request quota is spent (429); not retryable before `resetsAt`.
 * - `server`: the gateway or upstream failed or timed out (5xx, 408, 409); retryable.
 * - `context-length`: the prompt (with the output it asks for) is over the model's context window, as the
 *   upstream's error says (a 400 or an in-band error); sending it again fails again, a model with a larger
 *   window may answer.
 * - `budget`: the provider's own spending limit (`createUnigate({ budget })`) refused the call before any
 *   request; not retryable before `resetsAt`.
 * - `network`: the connection failed: it could not be made, or it dropped, was reset or closed before
 *   the answer was whole (a stream not resumed, a body cut mid-read); retryable.
 * - `timeout`: a stream went silent for `streamIdleMs` with its connection open and was not resumed; retryable.
 */
export type UnigateErrorKind =
  | 'authentication'
  | 'permission'
  | 'not-found'
  | 'invalid-request'
  | 'rate-limit'
  | 'daily-limit'
  | 'server'
  | 'context-length'
  | 'budget'
  | 'network'
  | 'timeout';

/**
 * `error.data` of every `APICallError` the gateway causes. It is read from any of the gateway's error
 * bodies: chat style `{error:{type,message,code}}`, messages style `{type:'error', error:{type,message}}`,
 * image/video style `{error:{type,message}}`, and, leniently, `{message}`, `{error:'text'}` or plain text.
 */
export interface UnigateErrorData {
  /** The kind of failure, the same on every endpoint. Absent only when neither status nor type tells. */
  kind?: UnigateErrorKind;
  /** The gateway's raw error type, as sent, e.g. `auth_error`, `permission_error`, `rate_limit_exceeded`. */
  type?: string;
  /** The gateway's own message. */
  message?: string;
  /** `error.code` when sent (chat style: equal to the HTTP status). */
  code?: number | string;
  /** True when the daily request limit is reached: not retryable until midnight UTC. */
  dailyLimit?: boolean;
  /**
   * With the daily limit: when it resets (ISO 8601), by the response's `Date` header when it has one.
   * With a budget: when its period starts again (absent for the `'total'` period).
   */
  resetsAt?: string;
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
  const source = inner !== null && typeof inner === 'object' ? (inner as Record<string, unknown>) : outer;
  const data: UnigateErrorData = {};
  if (typeof source.type === 'string' && source.type !== 'error') data.type = source.type;
  if (typeof source.message === 'string') data.message = source.message;
  else if (typeof inner === 'string') data.message = inner;
  else if (typeof outer.message === 'string') data.message = outer.message;
  if (typeof source.code === 'number' || typeof source.code === 'string') data.code = source.code;
  return data;
}

const KIND_BY_STATUS: Record<number, UnigateErrorKind> = {
  401: 'authentication',
  403: 'permission',
  404: 'not-found',
  408: 'server',
  409: 'server',
  429: 'rate-limit',
};

// For errors that carry no usable status (in-band errors): the types of all three families.
const KIND_BY_TYPE: Record<string, UnigateErrorKind> = {
  auth_error: 'authentication',
  authentication_error: 'authentication',
  permission_error: 'permission',
  not_found_error: 'not-found',
  invalid_request_error: 'invalid-request',
  request_too_large: 'invalid-request',
  rate_limit_error: 'rate-limit',
  rate_limit_exceeded: 'daily-limit',
  api_error: 'server',
  server_error: 'server',
  overloaded_error: 'server',
  timeout_error: 'server',
};

// A prompt over the model's window, in the words each upstream family sends (docs/errors-and-retries.md#context-length
// cites a real body of each); the group, when there is one, is the window the upstream states.
const CONTEXT_OVERFLOW = [
  /maximum context length is (\d+) tokens/i, // OpenAI chat, Azure, DeepSeek, vLLM, OpenRouter ("This endpoint's")
  /prompt is too long: \d+ tokens > (\d+) maximum/i, // Anthropic
  /exceed context limit: \d+ \+ \d+ > (\d+)/i, // Anthropic: input length and `max_tokens`
  /input token count \(\d+\) exceeds the maximum number of tokens allowed \((\d+)\)/i, // Gemini
  /too large for model with (\d+) maximum context length/i, // Mistral
  /maximum prompt length is (\d+) but the request contains/i, // xAI
  /current length is \d+ while limit is (\d+)/i, // Cerebras
  /exceeds the context window of this model/i, // OpenAI Responses
  /reduce the length of the messages/i, // Groq (with code context_length_exceeded), OpenAI's older wording
];

/** The window an upstream's context-overflow message states, when it states one. */
export function statedContextWindow(message: string | undefined): number | undefined {
  for (const pattern of CONTEXT_OVERFLOW) {
    const limit = pattern.exec(message ?? '')?.[1];
    if (limit !== undefined) return Number(limit);
  }
  return undefined;
}

function isContextOverflow(data: UnigateErrorData): boolean {
  if (data.code === 'context_length_exceeded' || data.type === 'context_length_exceeded') return true;
  const message = data.message ?? '';
  return CONTEXT_OVERFLOW.some(pattern => pattern.test(message));
}

/**
 * The kind of a failure from its HTTP status (when there is one) and the gateway's type. A 429 is the
 * daily limit when the chat-style type says so or, in the other families, when the message does. A 4xx
 * (or a status-less error) that says the prompt is over the window is `context-length`.
 */
export function errorKind(status: number | undefined, data: UnigateErrorData): UnigateErrorKind | undefined {
  const byType = data.type === undefined ? undefined : KIND_BY_TYPE[data.type];
  let kind =
    status === undefined
      ? byType
      : (KIND_BY_STATUS[status] ?? (status >= 500 ? 'server' : status >= 400 ? 'invalid-request' : byType));
  if (kind === 'rate-limit' && /\bdaily\b/i.test(data.message ?? '')) kind = 'daily-limit';
  if (kind === 'rate-limit' && byType === 'daily-limit') kind = 'daily-limit';
  if ((kind === undefined || kind === 'invalid-request') && isContextOverflow(data)) kind = 'context-length';
  return kind;
}

/** The retry rule (docs/errors-and-retries.md#retry-rule): rate limits and server failures, never the daily limit. */
function isRetryableKind(kind: UnigateErrorKind | undefined): boolean {
  return kind === 'rate-limit' || kind === 'server';
}

/** The next midnight UTC after `now`: when the daily request limit resets. */
export function nextDailyReset(now: number = Date.now()): Date {
  const reset = new Date(now);
  reset.setUTCHours(24, 0, 0, 0);
  return reset;
}

/** Sets `kind`, `dailyLimit` and `resetsAt`; `serverNow` is the gateway's clock when it sent a `Date`. */
function classify(data: UnigateErrorData, status: number | undefined, serverNow: number | undefined): UnigateErrorData {
  const kind = errorKind(status, data);
  if (kind !== undefined) data.kind = kind;
  data.dailyLimit = kind === 'daily-limit';
  if (data.dailyLimit) data.resetsAt = nextDailyReset(serverNow ?? Date.now()).toISOString();
  return data;
}

// The gateway names another kind of model in its message: "'text-embedding-3-small' is an embedding model".
const OTHER_KIND = /\bis an? (chat|embedding|image|video|audio|speech|transcription) model\b/i;
// A 404 about the address itself, not about a model or a job.
const PATH_NOT_FOUND = /\b(?:endpoint|path|route|url)\b|^(?:not found\b|cannot (?:get|post)\b)/i;

/** The URL as requested, without query string or fragment (they name no endpoint). */
function withoutQuery(url: string): string {
  return url.replace(/[?#].*$/s, '');
}

/**
 * A 404's hint. "Unknown model" only when the gateway's message is about the model (it names it or says
 * "model"); a 404 about the path, or one that says nothing, sent a model to a wrong address: the URL
 * settings are named with the URL that was requested.
 */
function notFoundHint(said: string, model: string | undefined, url: string): string | undefined {
  if (model !== undefined && (/\bmodel\b/i.test(said) || said.includes(model))) {
    return `${said.includes(model) ? '' : `Unknown model id "${model}": `}listModels() on the provider lists the ids this key can use.`;
  }
  if (model === undefined && said !== '' && !PATH_NOT_FOUND.test(said)) return undefined;
  return (
    `No endpoint answers at ${withoutQuery(url)}: check the URL settings of createUnigate(). siteURL is the host ` +
    `root (e.g. 'https://host', no /v1), baseURL the OpenAI-style base (default: siteURL + '/v1'), ` +
    `altBaseURL the base of images and video (default: baseURL).`
  );
}

/**
 * One hint that says what to do. It never restates the gateway's message: the model id is named only
 * when the message does not name it already.
 */
function hint(data: UnigateErrorData, model: string | undefined, url: string): string | undefined {
  const said = data.message ?? '';
  const otherKind = OTHER_KIND.exec(said);
  const accessor = otherKind && model !== undefined ? accessorForGatewayType(otherKind[1], model) : undefined;
  if (accessor !== undefined) return `Use ${accessor} on the provider for this model.`;
  const unnamed = model !== undefined && !said.includes(model);
  switch (data.kind) {
    case 'daily-limit':
      return `The limit resets at ${data.resetsAt}; the call was not retried.`;
    case 'authentication':
      return 'Check the API key: pass `apiKey` to createUnigate() or set UNIGATE_API_KEY.';
    case 'permission':
      return `${unnamed ? `No access to model "${model}": use` : 'Use'} a model from listModels() on the provider, or a key whose tier includes it.`;
    case 'not-found':
      return notFoundHint(said, model, url);
    case 'context-length':
      return 'Shorten the prompt or maxOutputTokens, or use a model with a larger contextWindow (gw.catalog); gw.fallback moves on to one.';
    default:
      return undefined;
  }
}

/**
 * `base`, then `: said` and the hint when there are any. The gateway's words are kept exactly as sent
 * (tests and users search them); a full stop is added before the hint only when they lack one.
 */
function composeMessage(base: string, said: string | undefined, advice: string | undefined): string {
  const message = said ? `${base}: ${said}` : base;
  if (!advice) return message;
  return `${message}${/[.!?]$/.test(message) ? '' : '.'} ${advice}`;
}

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
  // An in-band error has no HTTP status of its own; a chat-style numeric `code` stands in for one.
  classify(data, typeof data.code === 'number' ? data.code : undefined, undefined);
  const error = new APICallError({
    message: composeMessage(
      `${what}${data.type ? ` (${data.type})` : ''}`,
      data.message || 'the gateway sent an error without a message',
      data.dailyLimit ? hint(data, undefined, url) : undefined,
    ),
    url,
    requestBodyValues,
    statusCode: 200,
    responseBody,
    isRetryable: isRetryableKind(data.kind),
    data,
  });
  return redactSecrets(error, secret);
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
  const serverNow = responseHeaders?.date === undefined ? Number.NaN : Date.parse(responseHeaders.date);
  classify(data, status, Number.isFinite(serverNow) ? serverNow : undefined);

  const model =
    requestBodyValues !== null && typeof requestBodyValues === 'object'
      ? (requestBodyValues as { model?: unknown }).model
      : undefined;
  const error = new APICallError({
    message: composeMessage(
      `Unigate request failed with HTTP ${status}${data.type ? ` (${data.type})` : ''}`,
      data.message,
      hint(data, typeof model === 'string' ? model : undefined, url),
    ),
    url,
    requestBodyValues,
    statusCode: status,
    responseHeaders,
    responseBody: body,
    isRetryable: isRetryableKind(data.kind),
    data,
  });
  return redactSecrets(error, secret);
}

/** The failed-response handler every request uses. `secret` is redacted from the whole error. */
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

/** A failed connection's kind: it broke (`network`) or went silent past `streamIdleMs` (`timeout`). */
export type ConnectionFailureKind = 'network' | 'timeout';

/**
 * The error of a connection that failed without an answer from the gateway: `message` says what
 * happened; `cause` is the runtime's own error (undici's `terminated`, `fetch failed`), kept for
 * debugging. Retryable: the same request may well go through. Redacted like every other error.
 */
export function createConnectionError({
  kind,
  message,
  url,
  requestBodyValues,
  cause,
  secret,
}: {
  kind: ConnectionFailureKind;
  message: string;
  url: string;
  requestBodyValues: unknown;
  cause?: unknown;
  secret: string | undefined;
}): APICallError {
  const data: UnigateErrorData = { kind, dailyLimit: false };
  const error = new APICallError({ message, url, requestBodyValues, cause, isRetryable: true, data });
  return redactSecrets(error, secret);
}

// What runtimes call a connection that failed: undici (`fetch failed`, `terminated`), browsers
// (`Failed to fetch`, `NetworkError when attempting to fetch resource.`, `Load failed`), and the
// system and undici codes provider-utils retries on.
const NETWORK_MESSAGES = /^(?:fetch failed|failed to fetch|terminated|network ?error\b|load failed)/i;
const NETWORK_CODES = new Set([
  'ConnectionRefused',
  'ConnectionClosed',
  'FailedToOpenSocket',
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** `error` or one of its causes is a runtime's failed connection (never an abort): its message, else undefined. */
export function connectionFailureOf(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current = error;
  while (current instanceof Error && !seen.has(current) && seen.size < 8) {
    seen.add(current);
    if (current.name === 'AbortError' || current.name === 'TimeoutError') return undefined;
    const code = (current as { code?: unknown }).code;
    if ((current instanceof TypeError && NETWORK_MESSAGES.test(current.message)) || NETWORK_CODES.has(code as string)) {
      const inner = current.cause instanceof Error ? current.cause.message : undefined;
      return inner === undefined || inner === current.message ? current.message : `${current.message} (${inner})`;
    }
    current = current.cause;
  }
  return undefined;
}

/**
 * A request that failed on its connection (it could not be made, or its body broke while being read) as
 * the `network` error; any other error, an abort or the gateway's own answer included, as it is.
 * fetch's own `fetch failed` (or `Failed to fetch`) with a cause reports that cause, the runtime's error:
 * as the `network` error when it is a failed connection, else as the AI SDK's `Cannot connect to API`.
 * An `APICallError` wrapping a failed connection keeps the wrapper's cause, not wrapped again.
 */
export function asConnectionError(
  thrown: unknown,
  request: { url: string; requestBodyValues: unknown; secret: string | undefined },
): unknown {
  const error =
    thrown instanceof TypeError && /^(?:fetch failed|failed to fetch)$/i.test(thrown.message) && thrown.cause != null
      ? new APICallError({
          message: `Cannot connect to API: ${(thrown.cause as Error).message}`,
          cause: thrown.cause,
          url: request.url,
          requestBodyValues: request.requestBodyValues,
          isRetryable: true,
        })
      : thrown;
  if (APICallError.isInstance(error) && (error.statusCode ?? 200) !== 200) return error;
  if (APICallError.isInstance(error) && isObjectRecord(error.data)) return error;
  const detail = connectionFailureOf(error);
  if (detail === undefined) return error;
  const wrapped = APICallError.isInstance(error);
  return createConnectionError({
    kind: 'network',
    message: `Unigate request failed: the connection to the gateway failed before the answer was whole: ${detail}`,
    url: wrapped ? error.url : request.url,
    requestBodyValues: wrapped ? error.requestBodyValues : request.requestBodyValues,
    cause: wrapped ? (error.cause ?? error) : error,
    secret: request.secret,
  });
}
