import { describe, expect, it } from 'vitest';
import {
  createUnigateEmulator,
  SAMPLE_MODELS,
  type UnigateEmulator,
  type UnigateEmulatorOptions,
} from '../../src/testing/index';

const KEY = 'sk-unigate-emulator';
const BEARER = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
const MESSAGES = { 'x-api-key': KEY, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' };
const DAILY = 'Daily request limit reached; resets at midnight UTC';

const chatBody = (model = 'gpt-4o-mini') => JSON.stringify({ model, messages: [{ role: 'user', content: 'Hi' }] });
const messagesBody = (model = 'claude-sonnet-4-5') =>
  JSON.stringify({ model, max_tokens: 32, messages: [{ role: 'user', content: 'Hi' }] });

async function send(emulator: UnigateEmulator, url: string, init: RequestInit = {}) {
  const response = await emulator.fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
}

const chat = (emulator: UnigateEmulator, headers: Record<string, string> = BEARER, body = chatBody()) =>
  send(emulator, 'http://unigate.emulator/v1/chat/completions', { method: 'POST', headers, body });
const messages = (emulator: UnigateEmulator, headers: Record<string, string> = MESSAGES, body = messagesBody()) =>
  send(emulator, 'http://unigate.emulator/api/v1/messages', { method: 'POST', headers, body });

function emulatorAt(iso: string, options: UnigateEmulatorOptions = {}) {
  const clock = { now: Date.parse(iso) };
  return { clock, emulator: createUnigateEmulator({ now: () => clock.now, ...options }) };
}

describe('emulator settings and routing', () => {
  it('offers settings for createUnigate with the default origin, key and its own fetch', () => {
    const emulator = createUnigateEmulator();
    expect(emulator.settings).toEqual({
      siteURL: 'http://unigate.emulator',
      baseURL: 'http://unigate.emulator/v1',
      altBaseURL: 'http://unigate.emulator/alt/v1',
      apiKey: KEY,
      videoPollIntervalMs: 20,
      fetch: emulator.fetch,
    });
  });

  it('routes by path only: any host, a trailing slash, and the alt base for chat completions', async () => {
    const emulator = createUnigateEmulator();
    expect((await send(emulator, 'https://any.host.example/v1/models/', { headers: BEARER })).status).toBe(200);
    const alt = await send(emulator, 'http://127.0.0.1:9/alt/v1/chat/completions', {
      method: 'POST',
      headers: BEARER,
      body: chatBody(),
    });
    expect(alt.status).toBe(200);
    expect(alt.json.object).toBe('chat.completion');
  });

  it('serves the handler for any Fetch-API server (Request in, Response out)', async () => {
    const emulator = createUnigateEmulator();
    const response = await emulator.handler(new Request('http://h/v1/models', { headers: BEARER }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('answers unknown paths, including endpoints not emulated yet, with a chat-style 404', async () => {
    const emulator = createUnigateEmulator();
    // Chat, images and video live on both bases; embeddings, audio and models on the base only.
    for (const path of [
      '/',
      '/v1/moderations',
      '/alt/v1/embeddings',
      '/alt/v1/models',
      '/alt/v1/audio/speech',
      '/v2/models',
    ]) {
      const { status, json } = await send(emulator, `http://unigate.emulator${path}`, {
        method: 'POST',
        headers: BEARER,
        body: '{}',
      });
      expect(status).toBe(404);
      expect(json).toEqual({ error: { type: 'not_found_error', message: `No endpoint at POST ${path}`, code: 404 } });
    }
  });

  it('answers a wrong method with 405 and an Allow header, in the family shape', async () => {
    const emulator = createUnigateEmulator();
    const get = await send(emulator, 'http://unigate.emulator/v1/chat/completions', { headers: BEARER });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(get.json).toEqual({
      error: {
        type: 'invalid_request_error',
        message: 'Method GET is not allowed on /v1/chat/completions (allowed: POST)',
        code: 405,
      },
    });
    const messagesGet = await send(emulator, 'http://unigate.emulator/api/v1/messages', { headers: MESSAGES });
    expect(messagesGet.status).toBe(405);
    expect(messagesGet.json).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'Method GET is not allowed on /api/v1/messages (allowed: POST)',
      },
    });
    expect(
      (await send(emulator, 'http://unigate.emulator/v1/models', { method: 'POST', headers: BEARER, body: '{}' }))
        .status,
    ).toBe(405);
  });

  it('rejects a body that is not JSON with a 400 in the family shape', async () => {
    const emulator = createUnigateEmulator();
    const { status, json } = await chat(emulator, BEARER, '{"model": "gpt-4o-mini",');
    expect(status).toBe(400);
    expect(json).toEqual({ error: { type: 'invalid_request_error', message: 'Invalid JSON body', code: 400 } });
    expect((await chat(emulator, BEARER, '')).json).toEqual(json);
    const broken = await messages(emulator, MESSAGES, '{"model":');
    expect(broken.json).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'Invalid JSON body' },
    });
  });

  it('logs every request with method, path, model and status', async () => {
    const emulator = createUnigateEmulator();
    await chat(emulator);
    await chat(emulator, { 'content-type': 'application/json' }, chatBody('gpt-4o'));
    await send(emulator, 'http://unigate.emulator/api/public/models?limit=1');
    await messages(emulator);
    expect(emulator.requests).toEqual([
      { method: 'POST', path: '/v1/chat/completions', model: 'gpt-4o-mini', status: 200 },
      { method: 'POST', path: '/v1/chat/completions', model: 'gpt-4o', status: 401 },
      { method: 'GET', path: '/api/public/models', status: 200 },
      { method: 'POST', path: '/api/v1/messages', model: 'claude-sonnet-4-5', status: 200 },
    ]);
  });

  it('reads the model of a multipart body for the log', async () => {
    const emulator = createUnigateEmulator();
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/wav' }), 'a.wav');
    const { status } = await send(emulator, 'http://unigate.emulator/v1/audio/transcriptions', {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}` },
      body: form,
    });
    expect(status).toBe(200);
    expect(emulator.requests).toEqual([
      { method: 'POST', path: '/v1/audio/transcriptions', model: 'whisper-1', status: 200 },
    ]);
  });

  it('stamps every answer with a Date header from the injected clock', async () => {
    const { clock, emulator } = emulatorAt('2025-03-10T23:58:00Z', { dailyRequestLimit: 1 });
    const date = 'Mon, 10 Mar 2025 23:58:00 GMT';
    const answers = [
      await chat(emulator),
      await chat(emulator),
      await chat(emulator, { 'content-type': 'application/json' }),
      await send(emulator, 'http://unigate.emulator/nowhere'),
      await send(emulator, 'http://unigate.emulator/v1/chat/completions', { headers: BEARER }),
      await send(emulator, 'http://unigate.emulator/api/public/models?limit=1'),
    ];
    expect(answers.map(a => [a.status, a.headers.get('date')])).toEqual([
      [200, date],
      [429, date],
      [401, date],
      [404, date],
      [405, date],
      [200, date],
    ]);
    clock.now = Date.parse('2025-03-11T00:00:01Z');
    const streamed = await emulator.fetch('http://unigate.emulator/v1/chat/completions', {
      method: 'POST',
      headers: BEARER,
      body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(streamed.headers.get('date')).toBe('Tue, 11 Mar 2025 00:00:01 GMT');
    await streamed.text();
  });
});

describe('emulator authentication', () => {
  it('accepts any non-empty key by default, in every family', async () => {
    const emulator = createUnigateEmulator();
    expect(emulator.settings.apiKey).toBe('sk-unigate-emulator');
    expect((await chat(emulator, { authorization: 'Bearer my-app-key' })).status).toBe(200);
    expect(
      (
        await send(emulator, 'http://unigate.emulator/alt/v1/chat/completions', {
          method: 'POST',
          headers: { authorization: 'Bearer my-app-key' },
          body: chatBody(),
        })
      ).status,
    ).toBe(200);
    expect(
      (await send(emulator, 'http://unigate.emulator/v1/models', { headers: { authorization: 'Bearer my-app-key' } }))
        .status,
    ).toBe(200);
    expect((await messages(emulator, { ...MESSAGES, 'x-api-key': 'my-app-key' })).status).toBe(200);
    const { 'x-api-key': _key, ...versionOnly } = MESSAGES;
    expect((await messages(emulator, { ...versionOnly, authorization: 'Bearer my-app-key' })).status).toBe(200);
  });

  it('answers a bearer endpoint without a key with the chat-style 401', async () => {
    const emulator = createUnigateEmulator();
    const missing = {
      error: {
        type: 'auth_error',
        message: 'Missing API key: the request has no Authorization: Bearer header',
        code: 401,
      },
    };
    const { status, json } = await chat(emulator, { 'content-type': 'application/json' });
    expect(status).toBe(401);
    expect(json).toEqual(missing);
    expect(await send(emulator, 'http://unigate.emulator/v1/models')).toMatchObject({ status: 401, json: missing });
    // An empty token is no key; x-api-key is the messages family's header, not the bearer family's.
    expect((await chat(emulator, { authorization: 'Bearer ' })).json).toEqual(missing);
    expect((await chat(emulator, { 'x-api-key': KEY })).json).toEqual(missing);
  });

  it('answers the messages endpoint without a key with the messages-style 401', async () => {
    const emulator = createUnigateEmulator();
    const missing = {
      type: 'error',
      error: { type: 'authentication_error', message: 'Missing API key: the request has no x-api-key header' },
    };
    const { status, json } = await messages(emulator, { 'anthropic-version': '2023-06-01' });
    expect(status).toBe(401);
    expect(json).toEqual(missing);
    expect((await messages(emulator, { ...MESSAGES, 'x-api-key': '  ' })).json).toEqual(missing);
  });

  it('narrows acceptance to the apiKey option and says so, never echoing the key', async () => {
    const emulator = createUnigateEmulator({ apiKey: ['sk-one', 'sk-two'] });
    const message = 'Invalid API key: this emulator accepts only the key(s) given in its apiKey option';
    expect(emulator.settings.apiKey).toBe('sk-one');
    expect((await chat(emulator, { authorization: 'Bearer sk-two' })).status).toBe(200);
    expect((await chat(emulator, { authorization: 'Bearer sk-one' })).status).toBe(200);
    const wrong = await chat(emulator, { authorization: 'Bearer sk-wrong-secret-123' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error: { type: 'auth_error', message, code: 401 } });
    expect(wrong.text).not.toContain('sk-wrong-secret-123');
    const wrongMessages = await messages(emulator, { ...MESSAGES, 'x-api-key': 'sk-wrong' });
    expect(wrongMessages.status).toBe(401);
    expect(wrongMessages.json).toEqual({ type: 'error', error: { type: 'authentication_error', message } });
    expect((await messages(emulator, { ...MESSAGES, 'x-api-key': 'sk-two' })).status).toBe(200);
    expect(createUnigateEmulator({ apiKey: 'sk-only' }).settings.apiKey).toBe('sk-only');
    expect(() => createUnigateEmulator({ apiKey: [] })).toThrow(
      'createUnigateEmulator: apiKey must name at least one key',
    );
  });

  it('leaves the version header to the messages route once the key is right', async () => {
    const emulator = createUnigateEmulator();
    const { status, json } = await messages(emulator, { 'x-api-key': KEY, 'content-type': 'application/json' });
    expect(status).toBe(400);
    expect(json).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' },
    });
  });

  it('serves the public catalog without a key and with any key', async () => {
    const emulator = createUnigateEmulator({ apiKey: 'sk-one' });
    expect((await send(emulator, 'http://unigate.emulator/api/public/models')).status).toBe(200);
    const withKey = await send(emulator, 'http://unigate.emulator/api/public/models', {
      headers: { authorization: 'Bearer sk-other' },
    });
    expect(withKey.status).toBe(200);
  });
});

describe('emulator model checks (404, 400, 403)', () => {
  it('serves claude-opus-4-1 by default: no model is denied', async () => {
    const emulator = createUnigateEmulator();
    expect((await chat(emulator, BEARER, chatBody('claude-opus-4-1'))).status).toBe(200);
    expect((await messages(emulator, MESSAGES, messagesBody('claude-opus-4-1'))).status).toBe(200);
  });

  it('denies the deniedModels option: chat style on bearer endpoints, messages style on messages', async () => {
    const emulator = createUnigateEmulator({ deniedModels: ['claude-opus-4-1'] });
    const message = "This key has no access to model 'claude-opus-4-1'";
    const chatDenied = await chat(emulator, BEARER, chatBody('claude-opus-4-1'));
    expect(chatDenied.status).toBe(403);
    expect(chatDenied.json).toEqual({ error: { type: 'permission_error', message, code: 403 } });
    const messagesDenied = await messages(emulator, MESSAGES, messagesBody('claude-opus-4-1'));
    expect(messagesDenied.status).toBe(403);
    expect(messagesDenied.json).toEqual({ type: 'error', error: { type: 'permission_error', message } });
    expect((await chat(emulator, BEARER, chatBody('gpt-4o'))).status).toBe(200);
  });

  it('answers 503 for the downModels option in each family while other models answer', async () => {
    const emulator = createUnigateEmulator({ downModels: ['gpt-4o', 'claude-opus-4-1'] });
    const message = "The upstream of model 'gpt-4o' is unavailable (emulated outage)";
    const chatDown = await chat(emulator, BEARER, chatBody('gpt-4o'));
    expect(chatDown.status).toBe(503);
    expect(chatDown.json).toEqual({ error: { type: 'server_error', message, code: 503 } });
    const messagesDown = await messages(emulator, MESSAGES, messagesBody('claude-opus-4-1'));
    expect(messagesDown.status).toBe(503);
    expect(messagesDown.json).toEqual({
      type: 'error',
      error: { type: 'api_error', message: "The upstream of model 'claude-opus-4-1' is unavailable (emulated outage)" },
    });
    expect((await chat(emulator, BEARER, chatBody('gpt-4o-mini'))).status).toBe(200);
    expect((await messages(emulator, MESSAGES, messagesBody('claude-sonnet-4-5'))).status).toBe(200);
  });

  it('fails only the named model on a per-model status marker, in both families', async () => {
    const emulator = createUnigateEmulator();
    const prompt = 'Hi [[emulator:status:529:claude-opus-4-1]] [[emulator:status:502:gpt-4o]]';
    const chatBodyWith = (model: string) => JSON.stringify({ model, messages: [{ role: 'user', content: prompt }] });
    const messagesBodyWith = (model: string) =>
      JSON.stringify({ model, max_tokens: 32, messages: [{ role: 'user', content: prompt }] });
    expect((await chat(emulator, BEARER, chatBodyWith('gpt-4o'))).status).toBe(502);
    expect((await chat(emulator, BEARER, chatBodyWith('gpt-4o-mini'))).status).toBe(200);
    expect((await messages(emulator, MESSAGES, messagesBodyWith('claude-opus-4-1'))).status).toBe(529);
    expect((await messages(emulator, MESSAGES, messagesBodyWith('claude-sonnet-4-5'))).status).toBe(200);
  });

  it('states an unknown model as a plain fact in both families', async () => {
    const emulator = createUnigateEmulator();
    const chatMissing = await chat(emulator, BEARER, chatBody('gpt-5-typo'));
    expect(chatMissing.status).toBe(404);
    expect(chatMissing.json).toEqual({
      error: { type: 'not_found_error', message: "Unknown model 'gpt-5-typo'", code: 404 },
    });
    const messagesMissing = await messages(emulator, MESSAGES, messagesBody('claude-typo'));
    expect(messagesMissing.status).toBe(404);
    expect(messagesMissing.json).toEqual({
      type: 'error',
      error: { type: 'not_found_error', message: "Unknown model 'claude-typo'" },
    });
  });

  it('names the type of a model of the wrong kind with its article', async () => {
    const emulator = createUnigateEmulator();
    const cases = [
      ['text-embedding-3-small', "Invalid model: 'text-embedding-3-small' is an embedding model, not a chat model"],
      ['tts-1', "Invalid model: 'tts-1' is an audio model, not a chat model"],
      ['dall-e-3', "Invalid model: 'dall-e-3' is an image model, not a chat model"],
      ['veo-3', "Invalid model: 'veo-3' is a video model, not a chat model"],
    ];
    for (const [model, message] of cases) {
      expect(await chat(emulator, BEARER, chatBody(model))).toMatchObject({
        status: 400,
        json: { error: { type: 'invalid_request_error', message, code: 400 } },
      });
    }
  });
});

describe('emulator daily request limit', () => {
  it('answers 429 in both families once the limit is reached, until midnight UTC by the injected clock', async () => {
    const { clock, emulator } = emulatorAt('2025-03-10T23:58:00Z', { dailyRequestLimit: 2 });
    expect((await chat(emulator)).status).toBe(200);
    expect((await messages(emulator)).status).toBe(200);
    expect(emulator.dailyRequestCount()).toBe(2);

    const chatLimited = await chat(emulator);
    expect(chatLimited.status).toBe(429);
    expect(chatLimited.json).toEqual({ error: { type: 'rate_limit_exceeded', message: DAILY, code: 429 } });
    expect(chatLimited.headers.get('date')).toBe('Mon, 10 Mar 2025 23:58:00 GMT');
    const messagesLimited = await messages(emulator);
    expect(messagesLimited.status).toBe(429);
    expect(messagesLimited.json).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: DAILY } });
    const modelsLimited = await send(emulator, 'http://unigate.emulator/v1/models', { headers: BEARER });
    expect(modelsLimited.status).toBe(429);

    clock.now = Date.parse('2025-03-10T23:59:59.999Z');
    expect((await chat(emulator)).status).toBe(429);
    clock.now = Date.parse('2025-03-11T00:00:00Z');
    expect((await chat(emulator)).status).toBe(200);
    expect(emulator.dailyRequestCount()).toBe(1);
  });

  it('does not count the public catalog, unknown paths, missing or rejected keys', async () => {
    const { emulator } = emulatorAt('2025-03-10T12:00:00Z', { dailyRequestLimit: 1, apiKey: KEY });
    await send(emulator, 'http://unigate.emulator/api/public/models');
    await send(emulator, 'http://unigate.emulator/v1/nothing', { headers: BEARER });
    await chat(emulator, { authorization: 'Bearer sk-wrong' });
    await chat(emulator, {});
    expect(emulator.dailyRequestCount()).toBe(0);
    expect((await chat(emulator)).status).toBe(200);
    expect((await chat(emulator)).status).toBe(429);
    expect((await send(emulator, 'http://unigate.emulator/api/public/models')).status).toBe(200);
  });

  it('counts requests that fail validation and can be reset', async () => {
    const { emulator } = emulatorAt('2025-03-10T12:00:00Z', { dailyRequestLimit: 1 });
    expect((await chat(emulator, BEARER, JSON.stringify({ model: 'gpt-4o-mini' }))).status).toBe(400);
    expect((await chat(emulator)).status).toBe(429);
    emulator.resetDailyCount();
    expect(emulator.dailyRequestCount()).toBe(0);
    expect((await chat(emulator)).status).toBe(200);
  });
});

describe('GET /v1/models', () => {
  it('lists every catalog model with lower-case owners', async () => {
    const emulator = createUnigateEmulator();
    const { status, json } = await send(emulator, 'http://unigate.emulator/v1/models', { headers: BEARER });
    expect(status).toBe(200);
    expect(json.object).toBe('list');
    expect(json.data).toHaveLength(SAMPLE_MODELS.length);
    const byId = new Map(json.data.map((m: { id: string }) => [m.id, m]));
    const gpt = SAMPLE_MODELS.find(m => m.id === 'gpt-4o-mini')!;
    expect(byId.get('gpt-4o-mini')).toEqual({
      id: 'gpt-4o-mini',
      object: 'model',
      created: gpt.created,
      owned_by: 'openai',
    });
    expect(byId.get('deepseek-reasoner')).toMatchObject({ owned_by: 'deepseek' });
    expect(byId.get('claude-sonnet-4-5')).toMatchObject({ owned_by: 'anthropic' });
    for (const model of json.data) {
      expect(model.owned_by).toBe(model.owned_by.toLowerCase());
      expect(Number.isInteger(model.created)).toBe(true);
    }
  });

  it('lists the models given in options instead of the sample catalog', async () => {
    const emulator = createUnigateEmulator({
      models: [
        {
          id: 'my-model',
          provider: 'Acme',
          type: 'chat',
          inputPrice: 1,
          outputPrice: 2,
          isNew: true,
          created: 1700000000,
        },
      ],
    });
    const { json } = await send(emulator, 'http://unigate.emulator/v1/models', { headers: BEARER });
    expect(json).toEqual({
      object: 'list',
      data: [{ id: 'my-model', object: 'model', created: 1700000000, owned_by: 'acme' }],
    });
  });
});

describe('emulator fetch', () => {
  it('rejects with the abort reason when the signal is already aborted', async () => {
    const emulator = createUnigateEmulator();
    const controller = new AbortController();
    controller.abort();
    await expect(
      emulator.fetch('http://unigate.emulator/v1/models', { headers: BEARER, signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(emulator.requests).toEqual([]);
  });

  it('errors a streaming body when the signal aborts mid-stream', async () => {
    const emulator = createUnigateEmulator();
    const controller = new AbortController();
    const response = await emulator.fetch('http://unigate.emulator/v1/chat/completions', {
      method: 'POST',
      headers: BEARER,
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: 'one two three four' }],
      }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });
});
