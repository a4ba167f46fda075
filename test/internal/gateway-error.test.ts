import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import {
  createGatewayError,
  createInBandError,
  nextDailyReset,
  parseGatewayErrorBody,
  redact,
} from '../../src/internal/gateway-error';

const url = 'https://gw.test/v1/chat/completions';

function errorFor(status: number, body: string, extra: { model?: string; secret?: string } = {}) {
  return createGatewayError({
    status,
    body,
    url,
    requestBodyValues: extra.model ? { model: extra.model } : {},
    responseHeaders: { 'retry-after': '3' },
    secret: extra.secret,
  });
}

describe('parseGatewayErrorBody', () => {
  it('reads the chat-completions shape', () => {
    expect(
      parseGatewayErrorBody(JSON.stringify({ error: { type: 'auth_error', message: 'Invalid API key', code: 401 } })),
    ).toEqual({ type: 'auth_error', message: 'Invalid API key', code: 401 });
  });

  it('reads the messages shape', () => {
    expect(
      parseGatewayErrorBody(
        JSON.stringify({ type: 'error', error: { type: 'permission_error', message: 'No access to this tier' } }),
      ),
    ).toEqual({ type: 'permission_error', message: 'No access to this tier' });
  });

  it('reads the image/video shape', () => {
    expect(
      parseGatewayErrorBody(JSON.stringify({ error: { type: 'invalid_request_error', message: 'prompt is required' } })),
    ).toEqual({ type: 'invalid_request_error', message: 'prompt is required' });
  });

  it('reads a bare message, a string error, plain text and an empty body', () => {
    expect(parseGatewayErrorBody('{"message":"upstream timeout"}')).toEqual({ message: 'upstream timeout' });
    expect(parseGatewayErrorBody('{"error":"model overloaded"}')).toEqual({ message: 'model overloaded' });
    expect(parseGatewayErrorBody('<html>Bad Gateway</html>\n')).toEqual({ message: '<html>Bad Gateway</html>' });
    expect(parseGatewayErrorBody('')).toEqual({});
    expect(parseGatewayErrorBody('[1,2]')).toEqual({});
  });
});

describe('createGatewayError', () => {
  it('401 names the status, the type, the message and what to do', () => {
    const error = errorFor(401, JSON.stringify({ error: { type: 'auth_error', message: 'Invalid API key', code: 401 } }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Unigate request failed with HTTP 401 (auth_error): Invalid API key. Check the API key: pass `apiKey` to createUnigate() or set UNIGATE_API_KEY.',
    );
    expect(error.statusCode).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(error.url).toBe(url);
    expect(error.data).toEqual({ type: 'auth_error', message: 'Invalid API key', code: 401, dailyLimit: false });
  });

  it('403 says the key lacks access to the model or tier', () => {
    const error = errorFor(
      403,
      JSON.stringify({ type: 'error', error: { type: 'permission_error', message: 'forbidden' } }),
      { model: 'claude-opus-4-1' },
    );
    expect(error.message).toBe(
      'Unigate request failed with HTTP 403 (permission_error): forbidden. The key lacks access to model "claude-opus-4-1" or its tier.',
    );
    expect(error.isRetryable).toBe(false);
  });

  it('404 with a model names the unknown id', () => {
    const error = errorFor(404, JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'model: nope' } }), {
      model: 'nope',
    });
    expect(error.message).toBe(
      'Unigate request failed with HTTP 404 (not_found_error): model: nope. Unknown model id "nope": gw.listModels() lists the ids this key can use.',
    );
    expect(error.isRetryable).toBe(false);
  });

  it('the daily limit is not retryable and says when it resets', () => {
    const error = errorFor(
      429,
      JSON.stringify({ error: { type: 'rate_limit_exceeded', message: 'Daily request limit reached', code: 429 } }),
    );
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('Unigate request failed with HTTP 429 (rate_limit_exceeded): Daily request limit reached.');
    expect(error.message).toContain(`resets at midnight UTC (${nextDailyReset().toISOString()}). Not retried.`);
    expect((error.data as { dailyLimit: boolean }).dailyLimit).toBe(true);
  });

  it('a daily limit in the messages shape is recognised by its words', () => {
    const error = errorFor(
      429,
      JSON.stringify({ type: 'error', error: { type: 'rate_limit_error', message: 'Daily request limit reached' } }),
    );
    expect(error.isRetryable).toBe(false);
  });

  it('other 429s, 408, 409 and 5xx are retryable and keep the response headers', () => {
    const rate = errorFor(429, JSON.stringify({ type: 'error', error: { type: 'rate_limit_error', message: 'Too many requests' } }));
    expect(rate.isRetryable).toBe(true);
    expect(rate.responseHeaders).toEqual({ 'retry-after': '3' });
    for (const status of [408, 409, 500, 502, 503, 529]) expect(errorFor(status, '').isRetryable).toBe(true);
    for (const status of [400, 401, 403, 404, 422]) expect(errorFor(status, '').isRetryable).toBe(false);
  });

  it('an empty body still names the status', () => {
    expect(errorFor(502, '').message).toBe('Unigate request failed with HTTP 502');
  });

  it('never repeats the API key from the body', () => {
    const secret = 'sk-unigate-abcdef123456';
    const body = JSON.stringify({ error: { type: 'auth_error', message: `Key ${secret} is revoked`, code: 401 } });
    const error = errorFor(401, body, { secret });
    expect(error.message).not.toContain(secret);
    expect(error.responseBody).not.toContain(secret);
    expect(error.message).toContain('Key [redacted] is revoked');
  });
});

describe('redact and nextDailyReset', () => {
  it('redacts every occurrence, leaves short strings alone', () => {
    expect(redact('a sk-unigate-123456 b sk-unigate-123456', 'sk-unigate-123456')).toBe('a [redacted] b [redacted]');
    expect(redact('abc', 'ab')).toBe('abc');
    expect(redact('abc', undefined)).toBe('abc');
  });

  it('resets at the next midnight UTC', () => {
    expect(nextDailyReset(Date.UTC(2026, 10, 22, 13, 5)).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(nextDailyReset(Date.UTC(2026, 11, 31, 23, 59, 59)).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('createInBandError', () => {
  const make = (errorObject: unknown, secret?: string) =>
    createInBandError({ what: 'Unigate chat completion failed', errorObject, url, requestBodyValues: {}, secret });

  it('names the type and message, and is retryable by type or by a 5xx/429 code', () => {
    const busy = make({ error: { type: 'upstream_error', message: 'Model overloaded', code: 503 } });
    expect(busy.message).toBe('Unigate chat completion failed (upstream_error): Model overloaded');
    expect(busy.statusCode).toBe(200);
    expect(busy.isRetryable).toBe(true);
    expect(make({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }).isRetryable).toBe(true);
    expect(make({ error: { type: 'invalid_request_error', message: 'bad', code: 400 } }).isRetryable).toBe(false);
    expect(make({ type: 'error', error: { type: 'invalid_request_error', message: 'bad' } }).isRetryable).toBe(false);
  });

  it('never retries the daily limit, and redacts the key', () => {
    const daily = make({ error: { type: 'rate_limit_exceeded', message: 'Daily request limit reached', code: 429 } });
    expect(daily.isRetryable).toBe(false);
    const echoed = make({ error: { type: 'server_error', message: 'bad key sk-unigate-abcdef123456' } }, 'sk-unigate-abcdef123456');
    expect(echoed.message).toBe('Unigate chat completion failed (server_error): bad key [redacted]');
    expect(make({ error: {} }).message).toBe('Unigate chat completion failed: the gateway sent an error without a message');
  });
});
