import { APICallError, type LanguageModelV3, type SharedV3Warning } from '@ai-sdk/provider';
import {
  connectionFailureOf,
  errorKind,
  readErrorObject,
  type UnigateErrorData,
  type UnigateErrorKind,
} from '../errors/gateway-error';
import { isObjectRecord } from '../checks/values';
import { lastAttempt, unigateError } from '../errors/unigate-error';

/**
 * Why a member was passed over without a request (docs/fallback.md#cool-downs): `cooling-down`, it failed
 * recently (`cooldownMs`, `Retry-After`); `context-window`, its catalog `contextWindow` is not larger than
 * that of a member the prompt was too long for.
 */
export type UnigateFallbackSkip = 'cooling-down' | 'context-window';

/** One model of a fallback list that failed or was skipped, in `providerMetadata.unigate.fallback.attempts`. */
export interface UnigateFallbackAttempt {
  /** The model's id (`model.modelId`). */
  modelId: string;
  /**
   * The kind of its failure (`error.data.kind`, or read from what another provider's error carries); for
   * a skipped member, the kind of the failure that cooled it, or `context-length`.
   */
  kind: UnigateErrorKind;
  /** Its error's message, with the API key redacted; for a skipped member, why it was skipped. */
  message: string;
  /** Present when the member was not sent the call: why. */
  skipped?: UnigateFallbackSkip;
}

// The AI SDK's errors for a call its caller got wrong or a model not set up (no key): thrown before any
// request, by this package or any provider. Known by the marker every AI SDK error carries (Symbol.for,
// so any copy of @ai-sdk/provider), they never move on: the next model would be given the same call
// (docs/fallback.md#what-never-moves-on).
const ARGUMENT_ERRORS = [
  'AI_InvalidArgumentError',
  'AI_InvalidPromptError',
  'AI_UnsupportedFunctionalityError',
  'AI_LoadAPIKeyError',
  'AI_LoadSettingError',
].map(name => Symbol.for(`vercel.ai.error.${name}`));

function isArgumentError(error: unknown): boolean {
  if (!isObjectRecord(error)) return false;
  // An abort is the caller's (or the member's own signal's) decision, not a failure to route around.
  if (error.name === 'AbortError') return true;
  return ARGUMENT_ERRORS.some(marker => Reflect.get(error, marker) === true);
}

/** The text of any error: an Error's message, a string, an error object's `message`, else its JSON. */
export function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (isObjectRecord(error)) {
    const { message } = readErrorObject(error);
    if (message !== undefined) return message;
  }
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

function parsed(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// Tokens such as `server_error` or `rate_limit_exceeded` in a message (a JSON body quoted in it, or text).
const TYPE_TOKEN = /\b[a-z]+(?:_[a-z]+)+\b/g;

/**
 * What another provider's failure carries, read as the gateway's errors are: the status (`statusCode`,
 * `status`), else `type` or `code` on the error, in its `data`, in its `value` (a chunk that failed
 * validation) or in its `responseBody`, at the top or nested under `error`, else a type named in its
 * message. A runtime's failed connection (`fetch failed`, `ECONNRESET`, ...) is a `network` failure; one
 * that says nothing known is a `server` failure: the member failed, not the call.
 * See docs/fallback.md#kind-of-another-providers-failure.
 */
function foreignFailure(error: unknown): UnigateErrorData & { kind: UnigateErrorKind } {
  const record = isObjectRecord(error) ? error : {};
  const sources = [error, record.data, record.value, parsed(record.responseBody)];
  const read = sources.map(readErrorObject);
  const found: UnigateErrorData = { message: messageOf(error) };
  for (const data of read) {
    found.type ??= data.type;
    found.code ??= data.code;
  }
  const status = [record.statusCode, record.status].find(value => typeof value === 'number');
  const codes = read.flatMap(data => (data.code === undefined ? [] : [data.code]));
  const kind =
    errorKind(status, found) ??
    codes
      .map(code => (typeof code === 'number' ? errorKind(code, {}) : errorKind(undefined, { type: code })))
      .find(candidate => candidate !== undefined) ??
    [...(found.message ?? '').matchAll(TYPE_TOKEN)]
      .map(([token]) => errorKind(undefined, { type: token }))
      .find(candidate => candidate !== undefined) ??
    (connectionFailureOf(error) === undefined ? 'server' : 'network');
  return { ...found, kind };
}

/**
 * The kind of a model's failure: `data.kind` on the package's own errors; read from whatever another
 * provider's error carries otherwise (`server` when it carries nothing known). `undefined` for the AI
 * SDK's argument errors and aborts: those never move on. A wrapper that retried on its own (the AI SDK's
 * RetryError) is judged by its last error.
 */
export function failureKind(error: unknown): UnigateErrorKind | undefined {
  const attempt = lastAttempt(error);
  if (isArgumentError(attempt)) return undefined;
  return unigateError(attempt)?.kind ?? foreignFailure(attempt).kind;
}

/** The attempt a failure records. */
export function attemptOf(model: LanguageModelV3, kind: UnigateErrorKind, error: unknown): UnigateFallbackAttempt {
  return { modelId: model.modelId, kind, message: messageOf(error) };
}

/**
 * The kinds that say the member is unwell rather than the call wrong: retryable (another provider's failure
 * without its own `isRetryable` is judged by them, as the gateway's are), and what cools a chain member.
 */
export const UNWELL_KINDS: ReadonlySet<UnigateErrorKind> = new Set(['rate-limit', 'server', 'network', 'timeout']);

/**
 * The error the caller gets when the chain ends on `error`, with every attempt in
 * `error.data.fallback.attempts`. The package's own `APICallError` keeps its class and data; another
 * provider's failure of a known kind becomes an `APICallError` whose `data` says its `kind` (so
 * `unigateError` reads it), with the member's error as `cause` and its status, URL and body when it had
 * them. An argument error or an abort goes as it is.
 */
export function chainFailure(error: unknown, attempts: readonly UnigateFallbackAttempt[]): unknown {
  const attempt = lastAttempt(error);
  if (isArgumentError(attempt) || unigateError(attempt) !== undefined) return withAttempts(error, attempts);
  const { kind, type, code, message } = foreignFailure(attempt);
  const source = APICallError.isInstance(attempt) ? attempt : undefined;
  return new APICallError({
    message: messageOf(error),
    url: source?.url ?? '',
    requestBodyValues: source?.requestBodyValues ?? {},
    statusCode: source?.statusCode,
    responseHeaders: source?.responseHeaders,
    responseBody: source?.responseBody,
    isRetryable: source?.isRetryable ?? UNWELL_KINDS.has(kind),
    cause: error,
    data: { kind, type, code, message, dailyLimit: kind === 'daily-limit', fallback: { attempts: [...attempts] } },
  });
}

/**
 * Keeps every attempt on the error the caller gets: `error.data.fallback.attempts` on an `APICallError`
 * (its own data kept), so a chain that failed everywhere still says what each model answered.
 */
function withAttempts(error: unknown, attempts: readonly UnigateFallbackAttempt[]): unknown {
  if (attempts.length === 0 || !APICallError.isInstance(error)) return error;
  const data = error.data;
  const fallback = { attempts: [...attempts] };
  if (data !== null && typeof data === 'object') Object.assign(data, { fallback });
  else Object.defineProperty(error, 'data', { value: { fallback }, enumerable: true, configurable: true });
  return error;
}

/**
 * The warnings a call's skips deserve: one per model the gateway does not know (`not-found`), a wrong or
 * retired id that fails on every call until the list is fixed. Any other skip is what fallback is for
 * (a model down, rate-limited, or not open to this key): `providerMetadata.unigate.fallback` records it,
 * and a warning on every such call would be noise.
 */
export function skipWarnings(attempts: readonly UnigateFallbackAttempt[]): SharedV3Warning[] {
  return attempts
    .filter(attempt => attempt.kind === 'not-found')
    .map(attempt => ({
      type: 'other',
      message:
        `Fallback model ${JSON.stringify(attempt.modelId)} was not found, so every call sends it a request that ` +
        'fails before the next model is tried: fix the id or remove it from the list.',
    }));
}
