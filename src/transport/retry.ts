import { APICallError } from '@ai-sdk/provider';
import { retryWithExponentialBackoff } from '@ai-sdk/provider-utils';

/**
 * The wait a failed call asks for: `retry-after-ms`, or `retry-after` in seconds or as an HTTP date.
 * Honoured when it is between 0 and 60 seconds; otherwise the exponential backoff applies.
 */
export function retryAfterMs(error: unknown): number | undefined {
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
  return ms !== undefined && ms >= 0 && ms <= 60_000 ? ms : undefined;
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
