import { LoadAPIKeyError, LoadSettingError } from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUnigate, type UnigateProviderSettings } from '../src';
import { createMockFetch } from './helpers/mock-fetch';
import { failure, SITE_URL } from './helpers/test-kit';

// A key or URL that is missing or empty fails before any request, and one error names every setting
// still missing.

const EMPTY_KEY =
  "Unigate API key is empty. Pass a key using the 'apiKey' parameter or the UNIGATE_API_KEY environment variable.";
const BOTH_MISSING =
  "Unigate settings are missing: the site URL (pass it using the 'siteURL' parameter or the UNIGATE_SITE_URL environment variable) " +
  "and the API key (pass it using the 'apiKey' parameter or the UNIGATE_API_KEY environment variable).";
const URL_MISSING =
  "Unigate site URL setting is missing. Pass it using the 'siteURL' parameter or the UNIGATE_SITE_URL environment variable.";
const PROMPT = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }];

beforeEach(() => {
  for (const name of ['UNIGATE_API_KEY', 'UNIGATE_SITE_URL', 'UNIGATE_BASE_URL', 'UNIGATE_ALT_BASE_URL']) {
    vi.stubEnv(name, '');
    delete process.env[name];
  }
});
afterEach(() => vi.unstubAllEnvs());

function catalogOnlyGateway(settings: UnigateProviderSettings) {
  const { fetch, requests } = createMockFetch(
    http.get(`${SITE_URL}/api/public/models`, () =>
      HttpResponse.json({ success: true, data: [], pagination: { total: 0 }, providers: [] }),
    ),
  );
  return { gw: createUnigate({ fetch, ...settings }), requests };
}

/** One call of each kind of endpoint that needs a key, made when awaited (a rejection never waits unhandled). */
const keyedCalls = (gw: ReturnType<typeof createUnigate>): Array<() => PromiseLike<unknown>> => [
  () => gw('gpt-4o-mini').doGenerate({ prompt: PROMPT }),
  () => gw.messages('claude-sonnet-4-5').doGenerate({ prompt: PROMPT }),
  () => gw.embedding('text-embedding-3-small').doEmbed({ values: ['a'] }),
  () => gw.listModels(),
  () => gw.videoJobs.get('vid-1'),
];

/** Every keyed call fails with `kind` and exactly `message`, and nothing is sent. */
async function expectEveryKeyedCall(
  settings: UnigateProviderSettings,
  kind: typeof LoadAPIKeyError | typeof LoadSettingError,
  message: string,
) {
  const { gw, requests } = catalogOnlyGateway(settings);
  for (const call of keyedCalls(gw)) {
    const error = await failure(call());
    expect(kind.isInstance(error)).toBe(true);
    expect(error.message).toBe(message);
  }
  expect(requests).toHaveLength(0);
}

describe('an empty API key', () => {
  it("apiKey: '' is a LoadAPIKeyError on every endpoint that needs a key, before any request", async () => {
    await expectEveryKeyedCall({ apiKey: '', siteURL: SITE_URL }, LoadAPIKeyError, EMPTY_KEY);
  });

  it('a key of spaces, or an empty UNIGATE_API_KEY, is the same error', async () => {
    const spaces = catalogOnlyGateway({ apiKey: '   ', siteURL: SITE_URL });
    expect((await failure(spaces.gw.listModels())).message).toBe(EMPTY_KEY);
    vi.stubEnv('UNIGATE_API_KEY', '');
    const fromEnv = catalogOnlyGateway({ siteURL: SITE_URL });
    const error = await failure(fromEnv.gw.listModels());
    expect(LoadAPIKeyError.isInstance(error)).toBe(true);
    expect(error.message).toBe(EMPTY_KEY);
    expect(spaces.requests.length + fromEnv.requests.length).toBe(0);
  });

  it("an explicit '' is no key: UNIGATE_API_KEY does not stand in for it", async () => {
    vi.stubEnv('UNIGATE_API_KEY', 'sk-unigate-from-env');
    const { gw, requests } = catalogOnlyGateway({ apiKey: '', siteURL: SITE_URL });
    expect((await failure(gw.listModels())).message).toBe(EMPTY_KEY);
    expect(requests).toHaveLength(0);
  });

  it('the public catalog takes an empty key as no key, and sends no authorization', async () => {
    const { gw, requests } = catalogOnlyGateway({ apiKey: '', siteURL: SITE_URL });
    await gw.catalog.page();
    expect(requests).toHaveLength(1);
    expect(requests[0].headers.authorization).toBeUndefined();
  });
});

describe('missing settings', () => {
  it('with neither a key nor a URL, one LoadSettingError names both, before any request', async () => {
    await expectEveryKeyedCall({}, LoadSettingError, BOTH_MISSING);
  });

  it('an empty key counts as missing there too', async () => {
    const { gw, requests } = catalogOnlyGateway({ apiKey: '' });
    expect((await failure(gw.listModels())).message).toBe(BOTH_MISSING);
    expect(requests).toHaveLength(0);
  });

  it('the public catalog needs no key: only the URL is named', async () => {
    const { gw, requests } = catalogOnlyGateway({});
    const error = await failure(gw.catalog.page());
    expect(LoadSettingError.isInstance(error)).toBe(true);
    expect(error.message).toBe(URL_MISSING);
    expect(requests).toHaveLength(0);
  });

  it('with a key (given or from UNIGATE_API_KEY), only the URL is named', async () => {
    expect((await failure(catalogOnlyGateway({ apiKey: 'k' }).gw.listModels())).message).toBe(URL_MISSING);
    vi.stubEnv('UNIGATE_API_KEY', 'sk-unigate-from-env');
    expect((await failure(catalogOnlyGateway({}).gw.listModels())).message).toBe(URL_MISSING);
  });

  it('with a URL, only the key is named, as a LoadAPIKeyError', async () => {
    const { gw, requests } = catalogOnlyGateway({ siteURL: SITE_URL });
    const error = await failure(gw.listModels());
    expect(LoadAPIKeyError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      "Unigate API key is missing. Pass it using the 'apiKey' parameter or the UNIGATE_API_KEY environment variable.",
    );
    expect(requests).toHaveLength(0);
  });
});
