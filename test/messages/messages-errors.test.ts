import { APICallError } from '@ai-sdk/provider';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_KEY, failure, sseResponse } from '../helpers/test-kit';
import { answeringWith, call, MODEL, userText } from './messages-test-kit';

const errorBody = (type: string, message: string) => ({ type: 'error', error: { type, message } });

// docs/errors-and-retries.md#messages-style; 529 overloaded is the upstream vendor's busy signal.
const cases: Array<{ status: number; type: string; kind: string; message: string; retryable: boolean; hint?: string }> =
  [
    {
      status: 400,
      type: 'invalid_request_error',
      kind: 'invalid-request',
      message: 'max_tokens: Field required',
      retryable: false,
    },
    {
      status: 401,
      type: 'authentication_error',
      kind: 'authentication',
      message: 'invalid x-api-key',
      retryable: false,
      hint: 'Check the API key',
    },
    {
      status: 403,
      type: 'permission_error',
      kind: 'permission',
      message: 'Your key lacks access to this model',
      retryable: false,
      hint: `No access to model "${MODEL}": use a model from listModels() on the provider, or a key whose tier includes it.`,
    },
    {
      status: 404,
      type: 'not_found_error',
      kind: 'not-found',
      message: `model: ${MODEL}`,
      retryable: false,
      hint: 'listModels() on the provider lists the ids this key can use.',
    },
    {
      status: 404,
      type: 'not_found_error',
      kind: 'not-found',
      message: 'Not found',
      retryable: false,
      hint: 'No endpoint answers at https://gw.test/api/v1/messages: check the URL settings of createUnigate().',
    },
    { status: 429, type: 'rate_limit_error', kind: 'rate-limit', message: 'Too many requests', retryable: true },
    { status: 500, type: 'api_error', kind: 'server', message: 'Internal server error', retryable: true },
    { status: 503, type: 'api_error', kind: 'server', message: 'Service unavailable', retryable: true },
    { status: 529, type: 'overloaded_error', kind: 'server', message: 'Overloaded', retryable: true },
  ];

describe('messages errors', () => {
  for (const { status, type, kind, message, retryable, hint } of cases) {
    it(`maps HTTP ${status} ${type} "${message}" (retryable: ${retryable}) for doGenerate and doStream`, async () => {
      const { model, requests } = answeringWith(() => HttpResponse.json(errorBody(type, message), { status }));
      for (const method of ['doGenerate', 'doStream'] as const) {
        const error = await model[method](call([userText('Hi')])).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(APICallError.isInstance(error)).toBe(true);
        const apiError = error as APICallError;
        expect(apiError.statusCode).toBe(status);
        expect(apiError.isRetryable).toBe(retryable);
        expect(apiError.url).toBe('https://gw.test/api/v1/messages');
        expect(apiError.message).toContain(`Unigate request failed with HTTP ${status} (${type}): ${message}`);
        if (hint) expect(apiError.message).toContain(hint);
        expect(apiError.data).toMatchObject({ type, kind, message });
        expect(apiError.message).not.toContain(API_KEY);
      }
      expect(requests).toHaveLength(2);
    });
  }

  it('never lets the key appear in an error, even when the gateway echoes it', async () => {
    const { model } = answeringWith(() =>
      HttpResponse.json(errorBody('authentication_error', `invalid key ${API_KEY}`), { status: 401 }),
    );
    const error = (await failure(model.doGenerate(call([userText('Hi')])))) as APICallError;
    expect(error.message).not.toContain(API_KEY);
    expect(error.responseBody).not.toContain(API_KEY);
    expect(error.message).toContain('[redacted]');
  });

  it('redacts the key from a stream error event', async () => {
    const { model } = answeringWith(() =>
      sseResponse([`event: error\ndata: ${JSON.stringify(errorBody('api_error', `failed for ${API_KEY}`))}\n\n`]),
    );
    const { stream } = await model.doStream(call([userText('Hi')]));
    const reader = stream.getReader();
    const parts = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
    const error = parts.find(p => p.type === 'error') as { error: APICallError };
    expect(error.error.message).toBe('Unigate messages stream reported an error (api_error): failed for [redacted]');
    expect(error.error.isRetryable).toBe(true);
  });
});
