import { describe, expect, it } from 'vitest';
import { defaultErrorType, errorBody, errorResponse } from '../../src/testing/emulator-responses';

describe('error families', () => {
  it('builds the three documented body shapes (docs/errors-and-retries.md#error-body-shapes)', () => {
    expect(errorBody('chat', 404, 'gone')).toEqual({ error: { type: 'not_found_error', message: 'gone', code: 404 } });
    expect(errorBody('messages', 404, 'gone')).toEqual({
      type: 'error',
      error: { type: 'not_found_error', message: 'gone' },
    });
    expect(errorBody('image-video', 404, 'gone')).toEqual({ error: { type: 'not_found_error', message: 'gone' } });
    expect(errorBody('image-video', 429, 'slow down', 'custom_type')).toEqual({
      error: { type: 'custom_type', message: 'slow down' },
    });
  });

  it('gives the image/video endpoints the types of their table', () => {
    const types = [400, 401, 403, 404, 405, 429, 500, 503, 418].map(status => [
      status,
      defaultErrorType('image-video', status),
    ]);
    expect(types).toEqual([
      [400, 'invalid_request_error'],
      [401, 'authentication_error'],
      [403, 'permission_error'],
      [404, 'not_found_error'],
      [405, 'invalid_request_error'],
      [429, 'rate_limit_error'],
      [500, 'server_error'],
      [503, 'server_error'],
      [418, 'invalid_request_error'],
    ]);
  });

  it('keeps the chat and messages types per status', () => {
    expect([401, 429, 500].map(status => defaultErrorType('chat', status))).toEqual([
      'auth_error',
      'rate_limit_error',
      'server_error',
    ]);
    expect([401, 429, 500, 529].map(status => defaultErrorType('messages', status))).toEqual([
      'authentication_error',
      'rate_limit_error',
      'api_error',
      'overloaded_error',
    ]);
  });

  it('answers JSON with the status and extra headers', async () => {
    const response = errorResponse('image-video', 401, 'Missing API key', undefined, { 'www-authenticate': 'Bearer' });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await response.json()).toEqual({ error: { type: 'authentication_error', message: 'Missing API key' } });
  });
});
