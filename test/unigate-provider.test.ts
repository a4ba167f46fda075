import { InvalidArgumentError, LoadSettingError, NoSuchModelError } from '@ai-sdk/provider';
import { createProviderRegistry, generateText } from 'ai';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate, VERSION } from '../src';
import { createUnigateEmulator } from '../src/testing';
import { createMockFetch } from './helpers/mock-fetch';
import packageJson from '../package.json';

const modelList = { object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model', created: 1700000000, owned_by: 'openai' }] };

describe('createUnigate', () => {
  it('is a V3 provider function that refuses `new`', () => {
    const gw = createUnigate({ apiKey: 'sk-unigate-test-key', siteURL: 'https://gw.test' });
    expect(gw.specificationVersion).toBe('v3');
    expect(typeof gw).toBe('function');
    // @ts-expect-error the provider is not a constructor
    expect(() => new gw('gpt-4o-mini')).toThrow('without `new`');
  });

  it('sends the key as a bearer token with the user-agent suffix and custom headers', async () => {
    const { fetch, requests } = createMockFetch(http.get('https://gw.test/v1/models', () => HttpResponse.json(modelList)));
    const gw = createUnigate({
      apiKey: 'sk-unigate-test-key',
      siteURL: 'https://gw.test/',
      headers: { 'x-team': 'search' },
      fetch,
    });
    expect(await gw.listModels()).toEqual([{ id: 'gpt-4o-mini', object: 'model', created: 1700000000, ownedBy: 'openai' }]);
    expect(requests).toHaveLength(1);
    expect(requests[0].method).toBe('GET');
    expect(requests[0].url).toBe('https://gw.test/v1/models');
    expect(requests[0].headers.authorization).toBe('Bearer sk-unigate-test-key');
    expect(requests[0].headers['x-team']).toBe('search');
    expect(requests[0].headers['user-agent']).toContain(`unigate-ai-provider/${VERSION}`);
  });

  it('fails at call time, not at creation, when a setting is missing, naming it', async () => {
    const gw = createUnigate({ apiKey: 'sk-unigate-test-key', fetch: createMockFetch().fetch });
    const error = await gw.listModels().catch(e => e);
    expect(LoadSettingError.isInstance(error)).toBe(true);
    expect(error.message).toContain('siteURL');
    expect(error.message).toContain('UNIGATE_SITE_URL');
  });

  it('accessors for kinds this version lacks throw NoSuchModelError with the model type', () => {
    const gw = createUnigate({ apiKey: 'k', siteURL: 'https://gw.test' });
    const cases: Array<[() => unknown, string]> = [
      [() => gw.embedding('text-embedding-3-small'), 'embeddingModel'],
      [() => gw.textEmbeddingModel('text-embedding-3-small'), 'embeddingModel'],
      [() => gw.image('img'), 'imageModel'],
      [() => gw.speech('tts-1'), 'speechModel'],
      [() => gw.transcription('whisper-1'), 'transcriptionModel'],
      [() => gw.video('vid'), 'videoModel'],
    ];
    for (const [call, modelType] of cases) {
      const error = (() => {
        try {
          call();
        } catch (e) {
          return e;
        }
      })();
      expect(NoSuchModelError.isInstance(error)).toBe(true);
      expect((error as NoSuchModelError).modelType).toBe(modelType);
    }
  });

  it('works inside createProviderRegistry: models by id string', async () => {
    const emulator = createUnigateEmulator();
    const registry = createProviderRegistry({ unigate: createUnigate(emulator.settings) });
    const chat = await generateText({ model: registry.languageModel('unigate:gpt-4o-mini'), prompt: 'hello registry' });
    expect(chat.text).toBe('You said: hello registry');
    expect(registry.languageModel('unigate:deepseek-reasoner').provider).toBe('unigate.chat');
    expect(() => registry.imageModel('unigate:img')).toThrow(NoSuchModelError);
  });

  it('keeps VERSION equal to package.json', () => {
    expect(VERSION).toBe(packageJson.version);
  });
});

describe('listModels', () => {
  it('retries a 503 after the Retry-After wait, then returns the list', async () => {
    let calls = 0;
    const { fetch, requests } = createMockFetch(
      http.get('https://gw.test/v1/models', () =>
        ++calls === 1
          ? HttpResponse.json({ error: { type: 'server_error', message: 'busy', code: 503 } }, { status: 503, headers: { 'retry-after': '0' } })
          : HttpResponse.json(modelList),
      ),
    );
    const gw = createUnigate({ apiKey: 'k', siteURL: 'https://gw.test', fetch });
    expect((await gw.listModels()).map(m => m.id)).toEqual(['gpt-4o-mini']);
    expect(requests).toHaveLength(2);
  });

  it('does not retry the daily limit and says when it resets', async () => {
    const { fetch, requests } = createMockFetch(
      http.get('https://gw.test/v1/models', () =>
        HttpResponse.json(
          { error: { type: 'rate_limit_exceeded', message: 'Daily request limit reached; resets at midnight UTC', code: 429 } },
          { status: 429 },
        ),
      ),
    );
    const gw = createUnigate({ apiKey: 'k', siteURL: 'https://gw.test', fetch });
    const error = await gw.listModels().catch(e => e);
    expect(requests).toHaveLength(1);
    expect(error.isRetryable).toBe(false);
    expect(error.statusCode).toBe(429);
    expect(error.message).toMatch(/resets at midnight UTC \(\d{4}-\d\d-\d\dT00:00:00\.000Z\)/);
  });

  it('maxRetries: 0 gives the first error as it is', async () => {
    const { fetch, requests } = createMockFetch(
      http.get('https://gw.test/v1/models', () => new HttpResponse('upstream down', { status: 502 })),
    );
    const gw = createUnigate({ apiKey: 'k', siteURL: 'https://gw.test', fetch });
    const error = await gw.listModels({ maxRetries: 0 }).catch(e => e);
    expect(requests).toHaveLength(1);
    expect(error.message).toBe('Unigate request failed with HTTP 502: upstream down');
  });

  it('rejects a malformed list clearly', async () => {
    const { fetch } = createMockFetch(http.get('https://gw.test/v1/models', () => HttpResponse.json({ data: 'nope' })));
    const gw = createUnigate({ apiKey: 'k', siteURL: 'https://gw.test', fetch });
    await expect(gw.listModels()).rejects.toThrow('Unigate returned an unexpected response body: data: Invalid input: expected array, received string');
  });
});

describe('catalog', () => {
  const entry = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    provider: 'OpenAI',
    type: 'chat',
    inputPrice: '0.075',
    outputPrice: 0.3,
    contextWindow: '128000',
    isNew: false,
    ...extra,
  });

  it('reads one page with the documented query, normalising numeric strings', async () => {
    const { fetch, requests } = createMockFetch(
      http.get('https://gw.test/api/public/models', () =>
        HttpResponse.json({
          success: true,
          data: [entry('gpt-4o-mini'), entry('gpt-new', { contextWindow: undefined, isNew: true, inputPrice: 0 })],
          pagination: { total: '120' },
          providers: [{ name: 'OpenAI', count: 120 }],
        }),
      ),
    );
    const gw = createUnigate({ apiKey: 'sk-unigate-test-key', siteURL: 'https://gw.test', fetch });
    const page = await gw.catalog.page({ page: 2, provider: ' OpenAI ', search: ' mini ' });
    expect(requests[0].url).toBe('https://gw.test/api/public/models?limit=50&page=2&provider=openai&search=mini');
    expect(requests[0].headers.authorization).toBe('Bearer sk-unigate-test-key');
    expect(page).toEqual({
      entries: [
        { id: 'gpt-4o-mini', provider: 'OpenAI', type: 'chat', contextWindow: 128000, inputPrice: 0.075, outputPrice: 0.3, isNew: false },
        { id: 'gpt-new', provider: 'OpenAI', type: 'chat', contextWindow: undefined, inputPrice: 0, outputPrice: 0.3, isNew: true },
      ],
      total: 120,
      page: 2,
      limit: 50,
      pages: 3,
      providers: [{ name: 'OpenAI', count: 120 }],
    });
  });

  it('works without a key and omits an empty search', async () => {
    const { fetch, requests } = createMockFetch(
      http.get('https://gw.test/api/public/models', () => HttpResponse.json({ success: true, data: [], pagination: { total: 0 }, providers: [] })),
    );
    const gw = createUnigate({ siteURL: 'https://gw.test', fetch });
    const page = await gw.catalog.page({ search: '   ' });
    expect(requests[0].url).toBe('https://gw.test/api/public/models?limit=50&page=1');
    expect(requests[0].headers.authorization).toBeUndefined();
    expect(page.pages).toBe(0);
  });

  it('turns success: false into an error that carries the reason', async () => {
    const { fetch } = createMockFetch(
      http.get('https://gw.test/api/public/models', () => HttpResponse.json({ success: false, error: 'page out of range' })),
    );
    const gw = createUnigate({ siteURL: 'https://gw.test', fetch });
    const error = await gw.catalog.page().catch(e => e);
    expect(error.message).toBe('Unigate catalog request failed: page out of range');
    expect(error.isRetryable).toBe(false);
  });

  it('rejects a bad page or limit before any request', async () => {
    const { fetch, requests } = createMockFetch();
    const gw = createUnigate({ siteURL: 'https://gw.test', fetch });
    const error = await gw.catalog.page({ limit: 51 }).catch(e => e);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.argument).toBe('limit');
    expect(error.message).toBe('Invalid argument limit: the gateway accepts an integer, 1 to 50; received 51.');
    await expect(gw.catalog.page({ page: 0 })).rejects.toThrow('Invalid argument page: the gateway accepts an integer, at least 1; received 0.');
    await expect(gw.catalog.page({ page: 1.5 })).rejects.toThrow(InvalidArgumentError);
    expect(requests).toHaveLength(0);
  });

  it('rejects a non-numeric price string clearly', async () => {
    const { fetch } = createMockFetch(
      http.get('https://gw.test/api/public/models', () =>
        HttpResponse.json({ success: true, data: [entry('x', { inputPrice: 'cheap' })], pagination: { total: 1 }, providers: [] }),
      ),
    );
    const gw = createUnigate({ siteURL: 'https://gw.test', fetch });
    await expect(gw.catalog.page()).rejects.toThrow('Unigate returned an unexpected response body: data.0.inputPrice: expected a number or a numeric string, got "cheap"');
  });

  it('entries() walks every page lazily', async () => {
    const { fetch, requests } = createMockFetch(
      http.get('https://gw.test/api/public/models', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        const data = page <= 3 ? Array.from({ length: page < 3 ? 50 : 7 }, (_, i) => entry(`m-${page}-${i}`)) : [];
        return HttpResponse.json({ success: true, data, pagination: { total: 107 }, providers: [] });
      }),
    );
    const gw = createUnigate({ siteURL: 'https://gw.test', fetch });
    const ids: string[] = [];
    for await (const e of gw.catalog.entries({ provider: 'openai' })) ids.push(e.id);
    expect(ids).toHaveLength(107);
    expect(ids[0]).toBe('m-1-0');
    expect(ids[106]).toBe('m-3-6');
    expect(requests.map(r => new URL(r.url).searchParams.get('page'))).toEqual(['1', '2', '3']);

    requests.length = 0;
    for await (const e of gw.catalog.entries()) {
      if (e.id === 'm-1-3') break;
    }
    expect(requests).toHaveLength(1);
  });
});
