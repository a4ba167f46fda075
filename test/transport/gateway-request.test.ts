import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createJsonResponseHandler } from '@ai-sdk/provider-utils';
import { z } from 'zod/v4';
import { sendGatewayRequest } from '../../src/transport/gateway-request';
import { createGatewayConnection } from '../../src/settings/gateway-connection';
import { createMockFetch } from '../helpers/mock-fetch';

const ok = createJsonResponseHandler(z.object({ ok: z.boolean() }));

describe('sendGatewayRequest', () => {
  it('messages family: x-api-key, anthropic-version and JSON content type, no bearer', async () => {
    const { fetch, requests } = createMockFetch(
      http.post('https://gw.test/api/v1/messages', () => HttpResponse.json({ ok: true })),
    );
    const config = createGatewayConnection({ apiKey: 'sk-unigate-test-key', siteURL: 'https://gw.test', fetch });
    await sendGatewayRequest({
      config,
      auth: 'x-api-key',
      url: 'https://gw.test/api/v1/messages',
      body: { model: 'm', max_tokens: 5 },
      successfulResponseHandler: ok,
    });
    expect(requests[0].headers['x-api-key']).toBe('sk-unigate-test-key');
    expect(requests[0].headers['anthropic-version']).toBe('2023-06-01');
    expect(requests[0].headers['content-type']).toBe('application/json');
    expect(requests[0].headers.authorization).toBeUndefined();
    expect(requests[0].body).toEqual({ model: 'm', max_tokens: 5 });
  });

  it('per-call headers join the configured ones', async () => {
    const { fetch, requests } = createMockFetch(
      http.post('https://gw.test/v1/x', () => HttpResponse.json({ ok: true })),
    );
    const config = createGatewayConnection({
      apiKey: 'k-123456789',
      siteURL: 'https://gw.test',
      headers: { 'x-a': '1' },
      fetch,
    });
    await sendGatewayRequest({
      config,
      auth: 'bearer',
      url: 'https://gw.test/v1/x',
      body: {},
      headers: { 'x-b': '2' },
      successfulResponseHandler: ok,
    });
    expect(requests[0].headers).toMatchObject({ 'x-a': '1', 'x-b': '2', authorization: 'Bearer k-123456789' });
  });

  it('sends neither the key nor custom headers to a host that is not the gateway', async () => {
    const { fetch, requests } = createMockFetch(
      http.get('https://cdn.example/video.mp4', () => HttpResponse.json({ ok: true })),
    );
    const config = createGatewayConnection({
      apiKey: 'sk-unigate-test-key',
      siteURL: 'https://gw.test',
      altBaseURL: 'https://alt.gw.test/v1',
      headers: { 'x-secret': 's' },
      fetch,
    });
    await sendGatewayRequest({
      config,
      auth: 'bearer',
      url: 'https://cdn.example/video.mp4',
      successfulResponseHandler: ok,
    });
    expect(requests[0].headers.authorization).toBeUndefined();
    expect(requests[0].headers['x-secret']).toBeUndefined();
  });

  it('does send the key to the alt base origin', async () => {
    const { fetch, requests } = createMockFetch(
      http.get('https://alt.gw.test/v1/videos/status/vid-1', () => HttpResponse.json({ ok: true })),
    );
    const config = createGatewayConnection({
      apiKey: 'sk-unigate-test-key',
      siteURL: 'https://gw.test',
      altBaseURL: 'https://alt.gw.test/v1',
      fetch,
    });
    await sendGatewayRequest({
      config,
      auth: 'bearer',
      url: 'https://alt.gw.test/v1/videos/status/vid-1',
      successfulResponseHandler: ok,
    });
    expect(requests[0].headers.authorization).toBe('Bearer sk-unigate-test-key');
  });

  it('maps a network failure to a retryable error without the key', async () => {
    const config = createGatewayConnection({
      apiKey: 'sk-unigate-test-key',
      siteURL: 'https://gw.test',
      fetch: async () => {
        throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
      },
    });
    const error = await sendGatewayRequest({
      config,
      auth: 'bearer',
      url: 'https://gw.test/v1/models',
      successfulResponseHandler: ok,
    }).catch(e => e);
    expect(error.isRetryable).toBe(true);
    expect(error.message).toContain('ECONNREFUSED');
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('sk-unigate-test-key');
  });
});
