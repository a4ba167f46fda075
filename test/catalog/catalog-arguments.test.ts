import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectInvalidArgument } from '../helpers/invalid-argument';
import { SITE_URL, setup } from '../helpers/test-kit';

// Every option of the catalog and listing calls is checked before any request: the wrong type is an
// InvalidArgumentError naming the option, the type expected and the value, never a bare TypeError.

const CATALOG_URL = `${SITE_URL}/api/public/models`;
const catalog = http.get(CATALOG_URL, () =>
  HttpResponse.json({ success: true, data: [], pagination: { total: 0 }, providers: [] }),
);
const models = http.get(`${SITE_URL}/v1/models`, () => HttpResponse.json({ object: 'list', data: [] }));

describe('gw.catalog.page options', () => {
  it('refuses a provider or search that is not a string', async () => {
    const { gw, requests } = setup([catalog]);
    await expectInvalidArgument(
      gw.catalog.page({ provider: 5 as never }),
      'provider',
      'Invalid argument provider: expected a string; received 5.',
    );
    await expectInvalidArgument(
      gw.catalog.page({ search: ['gpt'] as never }),
      'search',
      'Invalid argument search: expected a string; received 1 item.',
    );
    expect(requests).toHaveLength(0);
  });

  it('refuses NaN and the infinities as page and limit, printed as given', async () => {
    const { gw, requests } = setup([catalog]);
    await expectInvalidArgument(
      gw.catalog.page({ page: Number.NaN }),
      'page',
      'Invalid argument page: the gateway accepts an integer, at least 1; received NaN.',
    );
    await expectInvalidArgument(
      gw.catalog.page({ limit: Infinity }),
      'limit',
      'Invalid argument limit: the gateway accepts an integer, 1 to 50; received Infinity.',
    );
    await expectInvalidArgument(
      gw.catalog.page({ limit: '10' as never }),
      'limit',
      'Invalid argument limit: the gateway accepts an integer, 1 to 50; received "10".',
    );
    expect(requests).toHaveLength(0);
  });

  it('refuses a query or options that are not objects, and options of the wrong type', async () => {
    const { gw, requests } = setup([catalog]);
    await expectInvalidArgument(
      gw.catalog.page(null as never),
      'query',
      'Invalid argument query: expected an object; received null.',
    );
    await expectInvalidArgument(
      gw.catalog.page({}, 'fast' as never),
      'options',
      'Invalid argument options: expected an object; received "fast".',
    );
    await expectInvalidArgument(
      gw.catalog.page({}, { maxRetries: -1 }),
      'maxRetries',
      'Invalid argument maxRetries: the gateway accepts an integer, at least 0; received -1.',
    );
    await expectInvalidArgument(
      gw.catalog.page({}, { abortSignal: {} as never }),
      'abortSignal',
      'Invalid argument abortSignal: expected an AbortSignal; received {}.',
    );
    await expectInvalidArgument(
      gw.catalog.page({}, { headers: 'x-a: b' as never }),
      'headers',
      'Invalid argument headers: expected an object; received "x-a: b".',
    );
    expect(requests).toHaveLength(0);
  });

  it('checks the query of entries() the same way, when the walk starts', async () => {
    const { gw, requests } = setup([catalog]);
    const walk = (async () => {
      for await (const _ of gw.catalog.entries({ provider: true as never })) break;
    })();
    await expectInvalidArgument(walk, 'provider', 'Invalid argument provider: expected a string; received true.');
    expect(requests).toHaveLength(0);
  });

  it('still sends a valid query as before', async () => {
    const { gw, requests } = setup([catalog]);
    await gw.catalog.page(
      { provider: ' OpenAI ', search: 'gpt', page: 2, limit: 10 },
      { maxRetries: 0, headers: { 'x-trace': '1' } },
    );
    expect(requests.map(request => request.url)).toEqual([`${CATALOG_URL}?limit=10&page=2&provider=openai&search=gpt`]);
    expect(requests[0].headers['x-trace']).toBe('1');
  });
});

describe('gw.catalog.get and gw.listModels options', () => {
  it('refuses an id that is not a non-empty string before loading the catalog', async () => {
    const { gw, requests } = setup([catalog]);
    await expectInvalidArgument(
      gw.catalog.get(5 as never),
      'id',
      'Invalid argument id: expected a model id (a non-empty string); received 5.',
    );
    await expectInvalidArgument(
      gw.catalog.get(''),
      'id',
      'Invalid argument id: expected a model id (a non-empty string); received "".',
    );
    expect(requests).toHaveLength(0);
  });

  it('refuses listing options of the wrong type before any request', async () => {
    const { gw, requests } = setup([models]);
    await expectInvalidArgument(
      gw.listModels({ maxRetries: Number.NaN }),
      'maxRetries',
      'Invalid argument maxRetries: the gateway accepts an integer, at least 0; received NaN.',
    );
    await expectInvalidArgument(
      gw.listModels({ headers: { 'x-n': 2 as never } }),
      'headers.x-n',
      'Invalid argument headers.x-n: expected a string; received 2.',
    );
    expect(requests).toHaveLength(0);
  });
});
