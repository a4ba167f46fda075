import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import {
  createGatewayError,
  createInBandError,
  nextDailyReset,
  parseGatewayErrorBody,
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
    expect(error.data).toEqual({ kind: 'authentication', type: 'auth_error', message: 'Invalid API key', code: 401, dailyLimit: false });
  });

  it('403 names the model only when the gateway did not, and says what to do', () => {
    const named = errorFor(
      403,
      JSON.stringify({ type: 'error', error: { type: 'permission_error', message: "This key has no access to model 'claude-opus-4-1'" } }),
      { model: 'claude-opus-4-1' },
    );
    expect(named.message).toBe(
      "Unigate request failed with HTTP 403 (permission_error): This key has no access to model 'claude-opus-4-1'. " +
        'Use a model from gw.listModels(), or a key whose tier includes it.',
    );
    expect(named.isRetryable).toBe(false);
    const unnamed = errorFor(403, JSON.stringify({ type: 'error', error: { type: 'permission_error', message: 'forbidden' } }), {
      model: 'claude-opus-4-1',
    });
    expect(unnamed.message).toBe(
      'Unigate request failed with HTTP 403 (permission_error): forbidden. ' +
        'No access to model "claude-opus-4-1": use a model from gw.listModels(), or a key whose tier includes it.',
    );
  });

  it('404 with a model points at listModels, naming the id only when the gateway did not', () => {
    const unnamed = errorFor(404, JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'model: nope' } }), {
      model: 'gpt-5-typo',
    });
    expect(unnamed.message).toBe(
      'Unigate request failed with HTTP 404 (not_found_error): model: nope. Unknown model id "gpt-5-typo": gw.listModels() lists the ids this key can use.',
    );
    expect(unnamed.isRetryable).toBe(false);
    const named = errorFor(404, JSON.stringify({ error: { type: 'not_found_error', message: "Unknown model 'gpt-5-typo'.", code: 404 } }), {
      model: 'gpt-5-typo',
    });
    expect(named.message).toBe(
      "Unigate request failed with HTTP 404 (not_found_error): Unknown model 'gpt-5-typo'. gw.listModels() lists the ids this key can use.",
    );
    expect(errorFor(404, '').message).toBe('Unigate request failed with HTTP 404');
  });

  it('the daily limit is not retryable and says when it resets', () => {
    const error = errorFor(
      429,
      JSON.stringify({ error: { type: 'rate_limit_exceeded', message: 'Daily request limit reached', code: 429 } }),
    );
    expect(error.isRetryable).toBe(false);
    expect(error.message).toBe(
      `Unigate request failed with HTTP 429 (rate_limit_exceeded): Daily request limit reached. Not retried before ${nextDailyReset().toISOString()}.`,
    );
    expect(error.data).toMatchObject({ kind: 'daily-limit', dailyLimit: true, resetsAt: nextDailyReset().toISOString() });
  });

  it("computes the reset from the response's Date header, not the local clock", () => {
    const body = JSON.stringify({ error: { type: 'rate_limit_exceeded', message: 'Daily request limit reached; resets at midnight UTC', code: 429 } });
    // The gateway's clock is already past midnight UTC while ours is still on the day before.
    const error = createGatewayError({
      status: 429,
      body,
      url,
      requestBodyValues: {},
      responseHeaders: { date: 'Mon, 02 Mar 2026 00:00:05 GMT' },
    });
    expect(error.message).toBe(
      'Unigate request failed with HTTP 429 (rate_limit_exceeded): Daily request limit reached; resets at midnight UTC. ' +
        'Not retried before 2026-03-03T00:00:00.000Z.',
    );
    expect((error.data as { resetsAt: string }).resetsAt).toBe('2026-03-03T00:00:00.000Z');
    const unreadable = createGatewayError({ status: 429, body, url, requestBodyValues: {}, responseHeaders: { date: 'soon' } });
    expect((unreadable.data as { resetsAt: string }).resetsAt).toBe(nextDailyReset().toISOString());
  });

  it('names the kind of failure the same way for every family', () => {
    const kindOf = (status: number, body: unknown) => (errorFor(status, JSON.stringify(body)).data as { kind?: string }).kind;
    const chat = (type: string, status: number) => ({ error: { type, message: 'm', code: status } });
    const messages = (type: string) => ({ type: 'error', error: { type, message: 'm' } });
    const media = (type: string) => ({ error: { type, message: 'm' } });
    expect([kindOf(401, chat('auth_error', 401)), kindOf(401, messages('authentication_error')), kindOf(401, media('authentication_error'))]).toEqual([
      'authentication',
      'authentication',
      'authentication',
    ]);
    expect(kindOf(403, messages('permission_error'))).toBe('permission');
    expect([kindOf(404, messages('not_found_error')), kindOf(404, media('not_found_error'))]).toEqual(['not-found', 'not-found']);
    expect([kindOf(400, messages('invalid_request_error')), kindOf(422, {}), kindOf(413, messages('request_too_large'))]).toEqual([
      'invalid-request',
      'invalid-request',
      'invalid-request',
    ]);
    expect([kindOf(429, messages('rate_limit_error')), kindOf(429, media('rate_limit_error'))]).toEqual(['rate-limit', 'rate-limit']);
    expect([kindOf(429, chat('rate_limit_exceeded', 429)), kindOf(429, { type: 'error', error: { type: 'rate_limit_error', message: 'Daily request limit reached' } })]).toEqual([
      'daily-limit',
      'daily-limit',
    ]);
    expect([kindOf(500, media('server_error')), kindOf(503, messages('api_error')), kindOf(529, messages('overloaded_error')), kindOf(408, {})]).toEqual([
      'server',
      'server',
      'server',
      'server',
    ]);
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

describe('nextDailyReset', () => {
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

  it('classifies by type when no status code came with the error, inventing none', () => {
    const kind = (errorObject: unknown) => (make(errorObject).data as { kind?: string }).kind;
    expect(kind({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })).toBe('server');
    expect(kind({ type: 'error', error: { type: 'rate_limit_error', message: 'Slow down' } })).toBe('rate-limit');
    expect(kind({ type: 'error', error: { type: 'invalid_request_error', message: 'bad' } })).toBe('invalid-request');
    expect(kind({ error: { type: 'something_new', message: 'x' } })).toBeUndefined();
    expect(make({ error: { type: 'something_new', message: 'x' } }).isRetryable).toBe(false);
  });

  it('never retries the daily limit, and redacts the key', () => {
    const daily = make({ error: { type: 'rate_limit_exceeded', message: 'Daily request limit reached', code: 429 } });
    expect(daily.isRetryable).toBe(false);
    expect(daily.message).toBe(
      `Unigate chat completion failed (rate_limit_exceeded): Daily request limit reached. Not retried before ${nextDailyReset().toISOString()}.`,
    );
    expect(make({ error: { type: 'rate_limit_exceeded', message: 'Daily request limit reached' } }).isRetryable).toBe(false);
    const echoed = make({ error: { type: 'server_error', message: 'bad key sk-unigate-abcdef123456' } }, 'sk-unigate-abcdef123456');
    expect(echoed.message).toBe('Unigate chat completion failed (server_error): bad key [redacted]');
    expect(make({ error: {} }).message).toBe('Unigate chat completion failed: the gateway sent an error without a message');
  });
});
