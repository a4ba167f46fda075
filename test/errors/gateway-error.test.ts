import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import {
  createGatewayError,
  createInBandError,
  nextDailyReset,
  parseGatewayErrorBody,
} from '../../src/errors/gateway-error';

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
      parseGatewayErrorBody(
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'prompt is required' } }),
      ),
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
    const error = errorFor(
      401,
      JSON.stringify({ error: { type: 'auth_error', message: 'Invalid API key', code: 401 } }),
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Unigate request failed with HTTP 401 (auth_error): Invalid API key. Check the API key: pass `apiKey` to createUnigate() or set UNIGATE_API_KEY.',
    );
    expect(error.statusCode).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(error.url).toBe(url);
    expect(error.data).toEqual({
      kind: 'authentication',
      type: 'auth_error',
      message: 'Invalid API key',
      code: 401,
      dailyLimit: false,
    });
  });

  it('403 names the model only when the gateway did not, and says what to do', () => {
    const named = errorFor(
      403,
      JSON.stringify({
        type: 'error',
        error: { type: 'permission_error', message: "This key has no access to model 'claude-opus-4-1'" },
      }),
      { model: 'claude-opus-4-1' },
    );
    expect(named.message).toBe(
      "Unigate request failed with HTTP 403 (permission_error): This key has no access to model 'claude-opus-4-1'. " +
        'Use a model from listModels() on the provider, or a key whose tier includes it.',
    );
    expect(named.isRetryable).toBe(false);
    const unnamed = errorFor(
      403,
      JSON.stringify({ type: 'error', error: { type: 'permission_error', message: 'forbidden' } }),
      {
        model: 'claude-opus-4-1',
      },
    );
    expect(unnamed.message).toBe(
      'Unigate request failed with HTTP 403 (permission_error): forbidden. ' +
        'No access to model "claude-opus-4-1": use a model from listModels() on the provider, or a key whose tier includes it.',
    );
  });

  it('404 with a model points at listModels, naming the id only when the gateway did not', () => {
    const unnamed = errorFor(
      404,
      JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'model: nope' } }),
      {
        model: 'gpt-5-typo',
      },
    );
    expect(unnamed.message).toBe(
      'Unigate request failed with HTTP 404 (not_found_error): model: nope. Unknown model id "gpt-5-typo": listModels() on the provider lists the ids this key can use.',
    );
    expect(unnamed.isRetryable).toBe(false);
    const named = errorFor(
      404,
      JSON.stringify({ error: { type: 'not_found_error', message: "Unknown model 'gpt-5-typo'.", code: 404 } }),
      {
        model: 'gpt-5-typo',
      },
    );
    expect(named.message).toBe(
      "Unigate request failed with HTTP 404 (not_found_error): Unknown model 'gpt-5-typo'. listModels() on the provider lists the ids this key can use.",
    );
  });

  const URL_HINT =
    "check the URL settings of createUnigate(). siteURL is the host root (e.g. 'https://host', no /v1), baseURL the " +
    "OpenAI-style base (default: siteURL + '/v1'), altBaseURL the base of images and video (default: baseURL).";

  it('404 for a path names the URL requested and the URL settings, never an unknown model', () => {
    const doubled = createGatewayError({
      status: 404,
      body: JSON.stringify({
        error: { type: 'not_found_error', message: 'No endpoint at POST /v1/v1/chat/completions', code: 404 },
      }),
      url: 'https://gw.test/v1/v1/chat/completions',
      requestBodyValues: { model: 'gpt-4o-mini' },
    });
    expect(doubled.message).toBe(
      'Unigate request failed with HTTP 404 (not_found_error): No endpoint at POST /v1/v1/chat/completions. ' +
        `No endpoint answers at https://gw.test/v1/v1/chat/completions: ${URL_HINT}`,
    );
    expect(doubled.data).toMatchObject({ kind: 'not-found' });
  });

  it('404 that names no model, or says nothing, gets the URL hint, without the query string', () => {
    expect(errorFor(404, 'Not Found', { model: 'gpt-4o-mini' }).message).toBe(
      `Unigate request failed with HTTP 404: Not Found. No endpoint answers at ${url}: ${URL_HINT}`,
    );
    expect(errorFor(404, '').message).toBe(
      `Unigate request failed with HTTP 404. No endpoint answers at ${url}: ${URL_HINT}`,
    );
    const catalog = createGatewayError({
      status: 404,
      body: '',
      url: 'https://gw.test/api/public/models?limit=50&page=1#top',
      requestBodyValues: undefined,
    });
    expect(catalog.message).toBe(
      `Unigate request failed with HTTP 404. No endpoint answers at https://gw.test/api/public/models: ${URL_HINT}`,
    );
  });

  it('404 about something else than a model or a path adds no hint', () => {
    const job = createGatewayError({
      status: 404,
      body: JSON.stringify({ error: { type: 'not_found_error', message: "Unknown job_id 'vid-9'" } }),
      url: 'https://gw.test/v1/videos/status/vid-9',
      requestBodyValues: undefined,
    });
    expect(job.message).toBe("Unigate request failed with HTTP 404 (not_found_error): Unknown job_id 'vid-9'");
  });

  it('a model of another kind: the hint names the accessor that takes it', () => {
    const said = (id: string, kind: string) =>
      JSON.stringify({
        error: {
          type: 'invalid_request_error',
          message: `Invalid model: '${id}' is ${kind} model, not a chat model`,
          code: 400,
        },
      });
    expect(
      errorFor(400, said('text-embedding-3-small', 'an embedding'), { model: 'text-embedding-3-small' }).message,
    ).toBe(
      "Unigate request failed with HTTP 400 (invalid_request_error): Invalid model: 'text-embedding-3-small' is an embedding model, " +
        "not a chat model. Use embedding('text-embedding-3-small') on the provider for this model.",
    );
    const hintOf = (status: number, id: string, kind: string) =>
      errorFor(status, said(id, kind), { model: id }).message.split('model. ')[1];
    expect(hintOf(400, 'whisper-1', 'an audio')).toBe("Use transcription('whisper-1') on the provider for this model.");
    expect(hintOf(400, 'tts-1-hd', 'an audio')).toBe("Use speech('tts-1-hd') on the provider for this model.");
    expect(hintOf(400, 'voice-x', 'an audio')).toBe(
      "Use speech('voice-x') or transcription('voice-x') on the provider for this model.",
    );
    expect(hintOf(404, 'veo-3', 'a video')).toBe("Use video('veo-3') on the provider for this model.");
    expect(hintOf(400, 'dall-e-3', 'an image')).toBe("Use image('dall-e-3') on the provider for this model.");
    const onEmbeddings = errorFor(
      400,
      JSON.stringify({ error: { message: "Invalid model: 'gpt-4o' is a chat model, not an embedding model" } }),
      { model: 'gpt-4o' },
    );
    expect(onEmbeddings.message).toBe(
      "Unigate request failed with HTTP 400: Invalid model: 'gpt-4o' is a chat model, not an embedding model. " +
        "Use chat('gpt-4o') or messages('gpt-4o') on the provider for this model.",
    );
  });

  it('the daily limit is not retryable and says when it resets', () => {
    const error = errorFor(
      429,
      JSON.stringify({ error: { type: 'rate_limit_exceeded', message: 'Daily request limit reached', code: 429 } }),
    );
    expect(error.isRetryable).toBe(false);
    expect(error.message).toBe(
      `Unigate request failed with HTTP 429 (rate_limit_exceeded): Daily request limit reached. The limit resets at ${nextDailyReset().toISOString()}; the call was not retried.`,
    );
    expect(error.data).toMatchObject({
      kind: 'daily-limit',
      dailyLimit: true,
      resetsAt: nextDailyReset().toISOString(),
    });
  });

  it("computes the reset from the response's Date header, not the local clock", () => {
    const body = JSON.stringify({
      error: { type: 'rate_limit_exceeded', message: 'Daily request limit reached; resets at midnight UTC', code: 429 },
    });
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
        'The limit resets at 2026-03-03T00:00:00.000Z; the call was not retried.',
    );
    expect((error.data as { resetsAt: string }).resetsAt).toBe('2026-03-03T00:00:00.000Z');
    const unreadable = createGatewayError({
      status: 429,
      body,
      url,
      requestBodyValues: {},
      responseHeaders: { date: 'soon' },
    });
    expect((unreadable.data as { resetsAt: string }).resetsAt).toBe(nextDailyReset().toISOString());
  });

  it('names the kind of failure the same way for every family', () => {
    const kindOf = (status: number, body: unknown) =>
      (errorFor(status, JSON.stringify(body)).data as { kind?: string }).kind;
    const chat = (type: string, status: number) => ({ error: { type, message: 'm', code: status } });
    const messages = (type: string) => ({ type: 'error', error: { type, message: 'm' } });
    const media = (type: string) => ({ error: { type, message: 'm' } });
    expect([
      kindOf(401, chat('auth_error', 401)),
      kindOf(401, messages('authentication_error')),
      kindOf(401, media('authentication_error')),
    ]).toEqual(['authentication', 'authentication', 'authentication']);
    expect(kindOf(403, messages('permission_error'))).toBe('permission');
    expect([kindOf(404, messages('not_found_error')), kindOf(404, media('not_found_error'))]).toEqual([
      'not-found',
      'not-found',
    ]);
    expect([
      kindOf(400, messages('invalid_request_error')),
      kindOf(422, {}),
      kindOf(413, messages('request_too_large')),
    ]).toEqual(['invalid-request', 'invalid-request', 'invalid-request']);
    expect([kindOf(429, messages('rate_limit_error')), kindOf(429, media('rate_limit_error'))]).toEqual([
      'rate-limit',
      'rate-limit',
    ]);
    expect([
      kindOf(429, chat('rate_limit_exceeded', 429)),
      kindOf(429, { type: 'error', error: { type: 'rate_limit_error', message: 'Daily request limit reached' } }),
    ]).toEqual(['daily-limit', 'daily-limit']);
    expect([
      kindOf(500, media('server_error')),
      kindOf(503, messages('api_error')),
      kindOf(529, messages('overloaded_error')),
      kindOf(408, {}),
    ]).toEqual(['server', 'server', 'server', 'server']);
  });

  it('a daily limit in the messages shape is recognised by its words', () => {
    const error = errorFor(
      429,
      JSON.stringify({ type: 'error', error: { type: 'rate_limit_error', message: 'Daily request limit reached' } }),
    );
    expect(error.isRetryable).toBe(false);
  });

  it('other 429s, 408, 409 and 5xx are retryable and keep the response headers', () => {
    const rate = errorFor(
      429,
      JSON.stringify({ type: 'error', error: { type: 'rate_limit_error', message: 'Too many requests' } }),
    );
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
      `Unigate chat completion failed (rate_limit_exceeded): Daily request limit reached. The limit resets at ${nextDailyReset().toISOString()}; the call was not retried.`,
    );
    expect(make({ error: { type: 'rate_limit_exceeded', message: 'Daily request limit reached' } }).isRetryable).toBe(
      false,
    );
    const echoed = make(
      { error: { type: 'server_error', message: 'bad key sk-unigate-abcdef123456' } },
      'sk-unigate-abcdef123456',
    );
    expect(echoed.message).toBe('Unigate chat completion failed (server_error): bad key [redacted]');
    expect(make({ error: {} }).message).toBe(
      'Unigate chat completion failed: the gateway sent an error without a message',
    );
  });
});
