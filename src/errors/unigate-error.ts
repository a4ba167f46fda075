import { APICallError } from '@ai-sdk/provider';
import type { UnigateErrorData, UnigateErrorKind } from './gateway-error';
import { isObjectRecord } from '../checks/values';

// Every kind, as a record so that a kind added to `UnigateErrorKind` and not here fails to compile.
const KINDS: Record<UnigateErrorKind, true> = {
  authentication: true,
  permission: true,
  'not-found': true,
  'invalid-request': true,
  'rate-limit': true,
  'daily-limit': true,
  server: true,
  'context-length': true,
  budget: true,
  network: true,
  timeout: true,
};

/** `value` is one of the error kinds. */
export const isUnigateErrorKind = (value: unknown): value is UnigateErrorKind =>
  typeof value === 'string' && Object.hasOwn(KINDS, value);

// The AI SDK's RetryError lives in `ai`, which this package does not depend on: it is known by the
// marker symbol every AI SDK error carries, or by its name (a copy of `ai` from another realm or bundle).
const RETRY_ERROR_MARKER = Symbol.for('vercel.ai.error.AI_RetryError');

/**
 * The error of the last attempt when `error` is the AI SDK's `RetryError` (`lastError`, else the last of
 * `errors`); `error` itself otherwise.
 */
export function lastAttempt(error: unknown): unknown {
  if (!isObjectRecord(error)) return error;
  if (Reflect.get(error, RETRY_ERROR_MARKER) !== true && error.name !== 'AI_RetryError') return error;
  if (error.lastError !== undefined) return error.lastError;
  return Array.isArray(error.errors) && error.errors.length > 0 ? error.errors.at(-1) : error;
}

const optional = (value: unknown, type: 'string' | 'boolean') => value === undefined || typeof value === type;

/**
 * `data` as this package writes it: a known `kind` or the `dailyLimit` flag every gateway error carries
 * (another provider's `data` has neither), and each other field of its documented type.
 */
function isUnigateErrorData(data: unknown): data is UnigateErrorData {
  if (!isObjectRecord(data)) return false;
  const { kind, type, message, code, dailyLimit, resetsAt } = data;
  if (!isUnigateErrorKind(kind) && typeof dailyLimit !== 'boolean') return false;
  return (
    (kind === undefined || isUnigateErrorKind(kind)) &&
    optional(type, 'string') &&
    optional(message, 'string') &&
    (code === undefined || typeof code === 'number' || typeof code === 'string') &&
    optional(dailyLimit, 'boolean') &&
    optional(resetsAt, 'string')
  );
}

// How many errors `unigateError` reads along a `cause` chain: wrappers nest a few deep, and a chain
// that never ends (a cause getter making new errors) must not hang the caller.
const MAX_CAUSES = 16;

/**
 * The Unigate error data of a failed call, typed: `kind`, the gateway's `type` and `message`, `code`,
 * `dailyLimit` and `resetsAt`. It reads an `APICallError` this package threw (a gateway error, or a
 * `budget` refusal) and the AI SDK's `RetryError`, which is what a call fails with after its retries
 * (by default 2, for the `rate-limit` and `server` kinds): then it reads the last attempt's error.
 * An error that wraps another (`cause`, as `new Error(message, { cause })` and the AI SDK's own errors
 * keep it) is read through its causes, a RetryError's last attempt included, up to 16 deep and
 * cycle-safe. `undefined` for anything else: another provider's error, an argument error, a plain
 * `Error`, or an error of this package that carries no gateway data (an unexpected response body, a
 * refused redirect).
 *
 * `streamText` reports a failure as its `onError` event, and `await result.text` then rejects with the
 * AI SDK's `NoOutputGeneratedError`, which ai@6 and ai@7 make without a cause: read the error `onError`
 * received (README, "Errors from streams").
 *
 * @example
 * ```ts
 * import { generateText } from 'ai';
 * import { unigateError } from 'unigate-ai-provider';
 *
 * try {
 *   await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hi' });
 * } catch (error) {
 *   const failure = unigateError(error);
 *   if (failure?.kind === 'daily-limit') console.log(`Quota spent until ${failure.resetsAt}`);
 *   else throw error;
 * }
 * ```
 */
export function unigateError(error: unknown): UnigateErrorData | undefined {
  const seen = new Set<unknown>();
  let current = error;
  while (isObjectRecord(current) && !seen.has(current) && seen.size < MAX_CAUSES) {
    seen.add(current);
    const attempt = lastAttempt(current);
    if (APICallError.isInstance(attempt) && isUnigateErrorData(attempt.data)) return attempt.data;
    current = isObjectRecord(attempt) ? attempt.cause : undefined;
  }
  return undefined;
}
