import { APICallError } from '@ai-sdk/provider';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryAfterMs, withRetries } from '../../src/transport/gateway-request';

function apiError(
  responseHeaders?: Record<string, string>,
  { statusCode = 503, isRetryable = true, message = 'busy' } = {},
) {
  return new APICallError({
    message,
    url: 'https://gw.test/v1/models',
    requestBodyValues: {},
    statusCode,
    responseHeaders,
    isRetryable,
  });
}

describe('retryAfterMs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads retry-after-ms as milliseconds, fractions included', () => {
    expect(retryAfterMs(apiError({ 'retry-after-ms': '1500' }))).toBe(1500);
    expect(retryAfterMs(apiError({ 'retry-after-ms': '0.5' }))).toBe(0.5);
  });

  it('reads retry-after as seconds', () => {
    expect(retryAfterMs(apiError({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(apiError({ 'retry-after': '0' }))).toBe(0);
  });

  it('prefers retry-after-ms over retry-after, and falls back when retry-after-ms is not a number', () => {
    expect(retryAfterMs(apiError({ 'retry-after-ms': '250', 'retry-after': '3' }))).toBe(250);
    expect(retryAfterMs(apiError({ 'retry-after-ms': 'soon', 'retry-after': '3' }))).toBe(3000);
  });

  it('reads retry-after as an HTTP date, counted from now', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00.000Z') });
    expect(retryAfterMs(apiError({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }))).toBe(30_000);
  });

  it('honours a wait of up to 60 seconds and ignores a longer one, a negative one or a date in the past', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00.000Z') });
    expect(retryAfterMs(apiError({ 'retry-after': '60' }))).toBe(60_000);
    expect(retryAfterMs(apiError({ 'retry-after': '61' }))).toBeUndefined();
    expect(retryAfterMs(apiError({ 'retry-after-ms': '60001' }))).toBeUndefined();
    expect(retryAfterMs(apiError({ 'retry-after': '-1' }))).toBeUndefined();
    expect(retryAfterMs(apiError({ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }))).toBeUndefined();
    expect(retryAfterMs(apiError({ 'retry-after': 'Thu, 01 Jan 2026 00:01:01 GMT' }))).toBeUndefined();
  });

  it('gives undefined for an unreadable header, no headers, or an error that is not an APICallError', () => {
    expect(retryAfterMs(apiError({ 'retry-after': 'later' }))).toBeUndefined();
    expect(retryAfterMs(apiError({}))).toBeUndefined();
    expect(retryAfterMs(apiError(undefined))).toBeUndefined();
    expect(retryAfterMs(Object.assign(new Error('busy'), { responseHeaders: { 'retry-after': '1' } }))).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});

describe('withRetries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A call that throws `errors` in turn, then resolves `'ok'`. */
  function failingThen(...errors: unknown[]) {
    return vi.fn(async () => {
      const next = errors.shift();
      if (next !== undefined) throw next;
      return 'ok';
    });
  }

  /** Advances fake time step by step; after each step `fn` must have been called `attempts` times. */
  async function expectAttempts(fn: () => unknown, steps: Array<[advanceMs: number, attempts: number]>) {
    for (const [advanceMs, attempts] of steps) {
      await vi.advanceTimersByTimeAsync(advanceMs);
      expect(fn).toHaveBeenCalledTimes(attempts);
    }
  }

  it('retries a retryable APICallError after its Retry-After wait, then returns the result', async () => {
    const fn = failingThen(apiError({ 'retry-after': '1' }));
    const result = withRetries(fn, {});
    await expectAttempts(fn, [
      [999, 1],
      [1, 2],
    ]);
    await expect(result).resolves.toBe('ok');
  });

  it('without Retry-After, backs off exponentially from 2 seconds', async () => {
    const fn = failingThen(apiError(), apiError());
    const result = withRetries(fn, {});
    await expectAttempts(fn, [
      [1999, 1],
      [1, 2],
      [3999, 2],
      [1, 3],
    ]);
    await expect(result).resolves.toBe('ok');
  });

  it('does not retry a non-retryable APICallError or another error, and throws it as it is', async () => {
    const daily = apiError({ 'retry-after': '0' }, { statusCode: 429, isRetryable: false, message: 'daily limit' });
    const dailyCall = failingThen(daily);
    const dailyOutcome = expect(withRetries(dailyCall, {})).rejects.toBe(daily);
    const bug = new TypeError('not a gateway error');
    const buggyCall = failingThen(bug);
    const buggyOutcome = expect(withRetries(buggyCall, {})).rejects.toBe(bug);
    // Were either retried, the timers run here would let the second attempt happen.
    await vi.runAllTimersAsync();
    await dailyOutcome;
    await buggyOutcome;
    expect(dailyCall).toHaveBeenCalledTimes(1);
    expect(buggyCall).toHaveBeenCalledTimes(1);
  });

  it('gives up after maxRetries and throws the last error itself, not a wrapper', async () => {
    const errors = [1, 2, 3, 4].map(n => apiError({ 'retry-after': '0' }, { message: `attempt ${n}` }));
    const fn = failingThen(...errors);
    const outcome = expect(withRetries(fn, { maxRetries: 2 })).rejects.toBe(errors[2]);
    await vi.runAllTimersAsync();
    await outcome;
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('maxRetries: 0 makes a single attempt', async () => {
    const error = apiError({ 'retry-after': '0' });
    const fn = failingThen(error);
    const outcome = expect(withRetries(fn, { maxRetries: 0 })).rejects.toBe(error);
    await vi.runAllTimersAsync();
    await outcome;
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('stops waiting as soon as the abort signal fires, without another attempt', async () => {
    const controller = new AbortController();
    const fn = failingThen(apiError({ 'retry-after': '30' }));
    const outcome = expect(withRetries(fn, { abortSignal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    await outcome;
    await vi.runAllTimersAsync();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
