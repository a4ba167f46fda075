import { APICallError, type LanguageModelV3, type SharedV3Warning } from '@ai-sdk/provider';
import { errorKind, type UnigateErrorKind } from '../internal/gateway-error';
import { lastAttempt, unigateError } from '../internal/unigate-error';

/** One model of a fallback list that failed, in `providerMetadata.unigate.fallback.attempts`. */
export interface UnigateFallbackAttempt {
  /** The model's id (`model.modelId`). */
  modelId: string;
  /** The kind of its failure (`error.data.kind`, or derived from the status for other providers' errors). */
  kind: UnigateErrorKind;
  /** Its error's message. */
  message: string;
}

/**
 * The kind of a model's failure: `data.kind` on the package's own errors; for another provider's
 * `APICallError`, derived from its status the same way. `undefined` for anything thrown before a request
 * (argument checks) or without a status: those never move on.
 */
export function failureKind(error: unknown): UnigateErrorKind | undefined {
  // A wrapper that retried on its own (the AI SDK's RetryError) reports its last error.
  const attempt = lastAttempt(error);
  if (!APICallError.isInstance(attempt)) return undefined;
  return unigateError(attempt)?.kind ?? errorKind(attempt.statusCode, {});
}

/** The attempt a failure records. */
export function attemptOf(model: LanguageModelV3, kind: UnigateErrorKind, error: unknown): UnigateFallbackAttempt {
  return { modelId: model.modelId, kind, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Keeps every attempt on the error the caller gets: `error.data.fallback.attempts` on an `APICallError`
 * (its own data kept), so a chain that failed everywhere still says what each model answered.
 */
export function withAttempts(error: unknown, attempts: readonly UnigateFallbackAttempt[]): unknown {
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
