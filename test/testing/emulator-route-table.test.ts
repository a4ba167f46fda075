// The route table as the template for new endpoints: path patterns with params, and the shared checks a row
// gets for free, here on rows shaped like the coming image, video and transcription endpoints.

import { describe, expect, it } from 'vitest';
import type { EmulatorRoute } from '../../src/testing/emulator-context';
import { jsonResponse } from '../../src/testing/emulator-responses';
import { matchPath, resolveRoute, ROUTES, type RouteEntry } from '../../src/testing/emulator-route-table';
import {
  createEmulatorRouter,
  type EmulatorRequestLogEntry,
  type RouterOptions,
} from '../../src/testing/emulator-router';
import { SAMPLE_MODELS } from '../../src/testing/index';

/** Answers what the router handed it. */
const echo: EmulatorRoute = async (_request, context) =>
  jsonResponse({ params: context.params, body: context.body ?? null, model: context.model?.id ?? null });

const failing: EmulatorRoute = async () => {
  throw new Error('boom');
};

const TEST_ROUTES: RouteEntry[] = [
  { pattern: '/alt/v1/videos/status/:jobId', method: 'GET', key: 'bearer', errors: 'image-video', route: echo },
  {
    pattern: '/alt/v1/images/generations',
    method: 'POST',
    key: 'bearer',
    errors: 'image-video',
    body: 'json',
    modelType: 'image',
    route: echo,
  },
  {
    pattern: '/v1/audio/transcriptions',
    method: 'POST',
    key: 'bearer',
    errors: 'chat',
    body: 'multipart',
    modelType: 'audio',
    route: echo,
  },
  { pattern: '/alt/v1/fail', method: 'POST', key: 'bearer', errors: 'image-video', route: failing },
];

const NOW = Date.parse('2025-03-10T12:00:00Z');

function testRouter(options: Partial<RouterOptions> = {}) {
  const log: EmulatorRequestLogEntry[] = [];
  return createEmulatorRouter({
    dailyRequestLimit: Infinity,
    now: () => NOW,
    deniedModels: new Set(['dall-e-2']),
    models: new Map(SAMPLE_MODELS.map(model => [model.id, model])),
    streamDelayMs: 0,
    log,
    routes: TEST_ROUTES,
    ...options,
  });
}

const BEARER = { authorization: 'Bearer my-app-key', 'content-type': 'application/json' };

async function call(router: ReturnType<typeof testRouter>, path: string, init: RequestInit = {}) {
  const response = await router.handle(new Request(`http://unigate.emulator${path}`, init));
  return { status: response.status, headers: response.headers, json: await response.json() };
}

const image = (router: ReturnType<typeof testRouter>, body: unknown, headers: Record<string, string> = BEARER) =>
  call(router, '/alt/v1/images/generations', {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('matchPath', () => {
  it('matches literal segments exactly and hands out :name segments decoded', () => {
    expect(matchPath('/v1/models', '/v1/models')).toEqual({});
    expect(matchPath('/v1/models', '/v1/model')).toBeUndefined();
    expect(matchPath('/alt/v1/videos/status/:jobId', '/alt/v1/videos/status/vid-42')).toEqual({ jobId: 'vid-42' });
    expect(matchPath('/alt/v1/videos/status/:jobId', '/alt/v1/videos/status/vid%20a%2Fb')).toEqual({
      jobId: 'vid a/b',
    });
    expect(matchPath('/a/:x/b/:y', '/a/1/b/2')).toEqual({ x: '1', y: '2' });
  });

  it('does not match a missing, empty, extra or malformed segment', () => {
    expect(matchPath('/alt/v1/videos/status/:jobId', '/alt/v1/videos/status')).toBeUndefined();
    expect(matchPath('/alt/v1/videos/status/:jobId', '/alt/v1/videos/status//')).toBeUndefined();
    expect(matchPath('/alt/v1/videos/status/:jobId', '/alt/v1/videos/status/a/b')).toBeUndefined();
    expect(matchPath('/alt/v1/videos/status/:jobId', '/alt/v1/videos/status/%E0%A4%A')).toBeUndefined();
  });
});

describe('resolveRoute', () => {
  it('finds the row of the method and path, with its params', () => {
    const found = resolveRoute(TEST_ROUTES, 'GET', '/alt/v1/videos/status/vid-1');
    expect(found).toEqual({ entry: TEST_ROUTES[0], params: { jobId: 'vid-1' } });
    expect(resolveRoute(ROUTES, 'POST', '/alt/v1/chat/completions')).toMatchObject({
      entry: { errors: 'chat' },
      params: {},
    });
  });

  it('answers 404 for an unknown path and 405 listing every allowed method, in the row family', async () => {
    const missing = resolveRoute(TEST_ROUTES, 'GET', '/alt/v1/videos/status') as Response;
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: { type: 'not_found_error', message: 'No endpoint at GET /alt/v1/videos/status', code: 404 },
    });
    const both: RouteEntry[] = [TEST_ROUTES[0]!, { ...TEST_ROUTES[0]!, method: 'POST' }];
    const wrong = resolveRoute(both, 'DELETE', '/alt/v1/videos/status/vid-1') as Response;
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST');
    expect(await wrong.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: 'Method DELETE is not allowed on /alt/v1/videos/status/vid-1 (allowed: GET, POST)',
      },
    });
  });
});

describe('a router over pattern rows', () => {
  it('passes path params to the route, with trailing-slash tolerance and a Date header', async () => {
    const router = testRouter();
    const { status, headers, json } = await call(router, '/alt/v1/videos/status/vid-42/', { headers: BEARER });
    expect(status).toBe(200);
    expect(json).toEqual({ params: { jobId: 'vid-42' }, body: null, model: null });
    expect(headers.get('date')).toBe('Mon, 10 Mar 2025 12:00:00 GMT');
  });

  it('hands the route the parsed body and the checked model', async () => {
    const body = { model: 'dall-e-3', prompt: 'a cat' };
    expect((await image(testRouter(), body)).json).toEqual({ params: {}, body, model: 'dall-e-3' });
  });

  it('answers every shared check of an image/video row in the {error:{type, message}} shape', async () => {
    const router = testRouter();
    const expectError = async (
      answer: Promise<{ status: number; json: unknown }>,
      status: number,
      type: string,
      message: string,
    ) => expect(await answer).toMatchObject({ status, json: { error: { type, message } } });

    await expectError(
      image(router, { model: 'dall-e-3' }, { 'content-type': 'application/json' }),
      401,
      'authentication_error',
      'Missing API key: the request has no Authorization: Bearer header',
    );
    await expectError(image(router, '{"model":'), 400, 'invalid_request_error', 'Invalid JSON body');
    await expectError(image(router, { model: 'dall-e-9' }), 404, 'not_found_error', "Unknown model 'dall-e-9'");
    await expectError(
      image(router, { model: 'gpt-4o-mini' }),
      400,
      'invalid_request_error',
      "Invalid model: 'gpt-4o-mini' is a chat model, not an image model",
    );
    await expectError(
      image(router, { model: 'dall-e-2' }),
      403,
      'permission_error',
      "This key has no access to model 'dall-e-2'",
    );
    await expectError(
      call(router, '/alt/v1/fail', { method: 'POST', headers: BEARER }),
      500,
      'server_error',
      'Emulator error: boom',
    );
    const wrongMethod = await call(router, '/alt/v1/images/generations', { headers: BEARER });
    expect(wrongMethod.json).toEqual({
      error: {
        type: 'invalid_request_error',
        message: 'Method GET is not allowed on /alt/v1/images/generations (allowed: POST)',
      },
    });
  });

  it('answers the daily limit with a rate_limit_error on image/video rows', async () => {
    const router = testRouter({ dailyRequestLimit: 1 });
    expect((await image(router, { model: 'dall-e-3' })).status).toBe(200);
    expect(await call(router, '/alt/v1/videos/status/vid-1', { headers: BEARER })).toMatchObject({
      status: 429,
      json: { error: { type: 'rate_limit_error', message: 'Daily request limit reached; resets at midnight UTC' } },
    });
  });

  it('narrows keys when given, in the row family', async () => {
    const { json } = await image(testRouter({ apiKeys: ['sk-one'] }), { model: 'dall-e-3' });
    expect(json).toEqual({
      error: {
        type: 'authentication_error',
        message: 'Invalid API key: this emulator accepts only the key(s) given in its apiKey option',
      },
    });
  });

  it('reads and checks the model of a multipart row', async () => {
    const router = testRouter();
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/wav' }), 'a.wav');
    const headers = { authorization: 'Bearer my-app-key' };
    const ok = await call(router, '/v1/audio/transcriptions', { method: 'POST', headers, body: form });
    expect(ok.status).toBe(200);
    expect(ok.json.model).toBe('whisper-1');
    const notForm = await call(router, '/v1/audio/transcriptions', {
      method: 'POST',
      headers: BEARER,
      body: '{"model":"whisper-1"}',
    });
    expect(notForm.json).toEqual({
      error: { type: 'invalid_request_error', message: 'Invalid body: expected multipart/form-data', code: 400 },
    });
  });
});

describe('ROUTES: chat, images and video on both bases', () => {
  it.each(['/v1', '/alt/v1'])('serves %s with the same rows', base => {
    expect(resolveRoute(ROUTES, 'POST', `${base}/chat/completions`)).toMatchObject({
      entry: { key: 'bearer', errors: 'chat', modelType: 'chat' },
    });
    expect(resolveRoute(ROUTES, 'POST', `${base}/images/generations`)).toMatchObject({
      entry: { key: 'bearer', errors: 'image-video', body: 'json', modelType: 'image' },
      params: {},
    });
    expect(resolveRoute(ROUTES, 'POST', `${base}/videos/generations`)).toMatchObject({
      entry: { key: 'bearer', errors: 'image-video', body: 'json', modelType: 'video' },
      params: {},
    });
    expect(resolveRoute(ROUTES, 'GET', `${base}/videos/status/vid-3`)).toMatchObject({
      entry: { key: 'bearer', errors: 'image-video' },
      params: { jobId: 'vid-3' },
    });
  });

  it('answers images and video jobs on /v1 end to end; a job is one job on either base', async () => {
    const router = createEmulatorRouter({
      dailyRequestLimit: Infinity,
      now: () => NOW,
      deniedModels: new Set(),
      models: new Map(SAMPLE_MODELS.map(model => [model.id, model])),
      streamDelayMs: 0,
      log: [],
    });
    const post = (path: string, body: object) =>
      call(router, path, { method: 'POST', headers: BEARER, body: JSON.stringify(body) });
    const images = await post('/v1/images/generations', {
      model: 'dall-e-3',
      prompt: 'a red fox',
      size: '256x256',
      response_format: 'url',
    });
    expect(images.status).toBe(200);
    expect(images.json.data[0].url).toMatch(/^http:\/\/unigate\.emulator\/files\/images\/.+\.png$/);
    const created = await post('/v1/videos/generations', { model: 'veo-3', prompt: 'A boat' });
    expect(created.json).toEqual({
      job_id: 'vid-1',
      status: 'pending',
      status_url: 'http://unigate.emulator/v1/videos/status/vid-1',
    });
    expect((await call(router, '/v1/videos/status/vid-1', { headers: BEARER })).json).toEqual({
      job_id: 'vid-1',
      status: 'processing',
    });
    expect((await call(router, '/alt/v1/videos/status/vid-1', { headers: BEARER })).json).toMatchObject({
      job_id: 'vid-1',
      status: 'completed',
    });
    const wrongModel = await post('/v1/videos/generations', { model: 'dall-e-3', prompt: 'A boat' });
    expect(wrongModel.status).toBe(400);
    expect(wrongModel.json.error).not.toHaveProperty('code');
  });
});
