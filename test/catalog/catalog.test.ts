import { InvalidArgumentError } from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_KEY, SITE_URL, setup } from '../helpers/test-kit';

const MODELS_URL = `${SITE_URL}/v1/models`;
const CATALOG_URL = `${SITE_URL}/api/public/models`;

const modelList = {
  object: 'list',
  data: [{ id: 'gpt-4o-mini', object: 'model', created: 1700000000, owned_by: 'openai' }],
};

describe('listModels', () => {
  it('retries a 503 after the Retry-After wait, then returns the list', async () => {
    let calls = 0;
    const { gw, requests } = setup([
      http.get(MODELS_URL, () =>
        ++calls === 1
          ? HttpResponse.json(
              { error: { type: 'server_error', message: 'busy', code: 503 } },
              { status: 503, headers: { 'retry-after': '0' } },
            )
          : HttpResponse.json(modelList),
      ),
    ]);
    expect((await gw.listModels()).map(m => m.id)).toEqual(['gpt-4o-mini']);
    expect(requests).toHaveLength(2);
  });

  it('does not retry the daily limit and says when it resets', async () => {
    const { gw, requests } = setup([
      http.get(MODELS_URL, () =>
        HttpResponse.json(
          {
            error: {
              type: 'rate_limit_exceeded',
              message: 'Daily request limit reached; resets at midnight UTC',
              code: 429,
            },
          },
          { status: 429, headers: { date: 'Wed, 01 Jan 2025 12:00:00 GMT' } },
        ),
      ),
    ]);
    const error = await gw.listModels().catch(e => e);
    expect(requests).toHaveLength(1);
    expect(error.isRetryable).toBe(false);
    expect(error.statusCode).toBe(429);
    // The next midnight UTC by the gateway's clock; the wording around it belongs to gateway-error's tests.
    expect(error.message).toContain('2025-01-02T00:00:00.000Z');
  });

  it('maxRetries: 0 gives the first error as it is', async () => {
    const { gw, requests } = setup([http.get(MODELS_URL, () => new HttpResponse('upstream down', { status: 502 }))]);
    const error = await gw.listModels({ maxRetries: 0 }).catch(e => e);
    expect(requests).toHaveLength(1);
    expect(error.message).toBe('Unigate request failed with HTTP 502: upstream down');
  });

  it('rejects a malformed list clearly', async () => {
    const { gw } = setup([http.get(MODELS_URL, () => HttpResponse.json({ data: 'nope' }))]);
    await expect(gw.listModels()).rejects.toThrow(
      'Unigate returned an unexpected response body: data: Invalid input: expected array, received string',
    );
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
  /** A gateway whose catalog answers every page with `body`. */
  const catalogAnswering = (body: Record<string, unknown>, settings?: Parameters<typeof setup>[1]) =>
    setup([http.get(CATALOG_URL, () => HttpResponse.json(body))], settings);

  it('reads one page with the documented query, normalising numeric strings', async () => {
    const { gw, requests } = catalogAnswering({
      success: true,
      data: [entry('gpt-4o-mini'), entry('gpt-new', { contextWindow: undefined, isNew: true, inputPrice: 0 })],
      pagination: { total: '120' },
      providers: [{ name: 'OpenAI', count: 120 }],
    });
    const page = await gw.catalog.page({ page: 2, provider: ' OpenAI ', search: ' mini ' });
    expect(requests[0].url).toBe(`${CATALOG_URL}?limit=50&page=2&provider=openai&search=mini`);
    expect(requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(page).toEqual({
      entries: [
        {
          id: 'gpt-4o-mini',
          provider: 'OpenAI',
          type: 'chat',
          contextWindow: 128000,
          inputPrice: 0.075,
          outputPrice: 0.3,
          isNew: false,
        },
        {
          id: 'gpt-new',
          provider: 'OpenAI',
          type: 'chat',
          contextWindow: undefined,
          inputPrice: 0,
          outputPrice: 0.3,
          isNew: true,
        },
      ],
      total: 120,
      page: 2,
      limit: 50,
      pages: 3,
      providers: [{ name: 'OpenAI', count: 120 }],
    });
  });

  it('works without a key and omits an empty search', async () => {
    const { gw, requests } = catalogAnswering(
      { success: true, data: [], pagination: { total: 0 }, providers: [] },
      { apiKey: undefined },
    );
    const page = await gw.catalog.page({ search: '   ' });
    expect(requests[0].url).toBe(`${CATALOG_URL}?limit=50&page=1`);
    expect(requests[0].headers.authorization).toBeUndefined();
    expect(page.pages).toBe(0);
  });

  it('turns success: false into an error that carries the reason', async () => {
    const { gw } = catalogAnswering({ success: false, error: 'page out of range' });
    const error = await gw.catalog.page().catch(e => e);
    expect(error.message).toBe('Unigate catalog request failed: page out of range');
    expect(error.isRetryable).toBe(false);
  });

  it('rejects a bad page or limit before any request', async () => {
    const { gw, requests } = setup([]);
    const error = await gw.catalog.page({ limit: 51 }).catch(e => e);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.argument).toBe('limit');
    expect(error.message).toBe('Invalid argument limit: the gateway accepts an integer, 1 to 50; received 51.');
    await expect(gw.catalog.page({ page: 0 })).rejects.toThrow(
      'Invalid argument page: the gateway accepts an integer, at least 1; received 0.',
    );
    await expect(gw.catalog.page({ page: 1.5 })).rejects.toThrow(InvalidArgumentError);
    expect(requests).toHaveLength(0);
  });

  it('rejects a non-numeric price string clearly', async () => {
    const { gw } = catalogAnswering({
      success: true,
      data: [entry('x', { inputPrice: 'cheap' })],
      pagination: { total: 1 },
      providers: [],
    });
    await expect(gw.catalog.page()).rejects.toThrow(
      'Unigate returned an unexpected response body: data.0.inputPrice: expected a number or a numeric string, got "cheap"',
    );
  });

  it('entries() walks every page lazily', async () => {
    const { gw, requests } = setup([
      http.get(CATALOG_URL, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        const data = page <= 3 ? Array.from({ length: page < 3 ? 50 : 7 }, (_, i) => entry(`m-${page}-${i}`)) : [];
        return HttpResponse.json({ success: true, data, pagination: { total: 107 }, providers: [] });
      }),
    ]);
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
