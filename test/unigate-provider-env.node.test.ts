import { LoadAPIKeyError } from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUnigate } from '../src';
import { createMockFetch } from './helpers/mock-fetch';

afterEach(() => vi.unstubAllEnvs());

describe('settings from the environment', () => {
  it('reads key and URLs at call time, so env set after creation counts', async () => {
    vi.stubEnv('UNIGATE_API_KEY', '');
    vi.stubEnv('UNIGATE_SITE_URL', '');
    const { fetch, requests } = createMockFetch(
      http.get('https://env.gw.test/v1/models', () => HttpResponse.json({ object: 'list', data: [] })),
    );
    const gw = createUnigate({ fetch });
    vi.stubEnv('UNIGATE_API_KEY', 'sk-unigate-from-env');
    vi.stubEnv('UNIGATE_SITE_URL', 'https://env.gw.test/');
    expect(await gw.listModels()).toEqual([]);
    expect(requests[0].headers.authorization).toBe('Bearer sk-unigate-from-env');
  });

  it('UNIGATE_BASE_URL and UNIGATE_ALT_BASE_URL override the derived bases', async () => {
    vi.stubEnv('UNIGATE_SITE_URL', 'https://site.gw.test');
    vi.stubEnv('UNIGATE_BASE_URL', 'https://api.gw.test/v1/');
    vi.stubEnv('UNIGATE_API_KEY', 'sk-unigate-from-env');
    const { fetch, requests } = createMockFetch(
      http.get('https://api.gw.test/v1/models', () => HttpResponse.json({ object: 'list', data: [] })),
    );
    await createUnigate({ fetch }).listModels();
    expect(requests[0].url).toBe('https://api.gw.test/v1/models');
  });

  it('a missing key is a LoadAPIKeyError naming the setting and the variable', async () => {
    vi.stubEnv('UNIGATE_API_KEY', '');
    delete process.env.UNIGATE_API_KEY;
    const gw = createUnigate({ siteURL: 'https://gw.test', fetch: createMockFetch().fetch });
    const error = await gw.listModels().catch(e => e);
    expect(LoadAPIKeyError.isInstance(error)).toBe(true);
    expect(error.message).toContain('apiKey');
    expect(error.message).toContain('UNIGATE_API_KEY');
  });
});

describe('explicit URLs win over the environment', () => {
  it('a siteURL passed in is not overridden by UNIGATE_BASE_URL, so the key stays on that deployment', async () => {
    vi.stubEnv('UNIGATE_BASE_URL', 'https://stale.example/v1');
    vi.stubEnv('UNIGATE_ALT_BASE_URL', 'https://stale-alt.example/v1');
    const { fetch, requests } = createMockFetch(
      http.get('https://gw.test/v1/models', () => HttpResponse.json({ object: 'list', data: [] })),
    );
    const gw = createUnigate({ apiKey: 'sk-unigate-test-key', siteURL: 'https://gw.test', fetch });
    await gw.listModels();
    expect(requests.map(r => r.url)).toEqual(['https://gw.test/v1/models']);
  });

  it('does not read URL variables at all when a URL is passed (runtimes without env access)', async () => {
    const read: string[] = [];
    const env = new Proxy({} as Record<string, string>, {
      get: (_, name) => {
        if (typeof name === 'string' && name.startsWith('UNIGATE_')) read.push(name);
        return undefined;
      },
    });
    vi.stubGlobal('process', { ...process, env });
    try {
      const { fetch } = createMockFetch(
        http.get('https://gw.test/v1/models', () => HttpResponse.json({ object: 'list', data: [] })),
      );
      await createUnigate({ apiKey: 'k', siteURL: 'https://gw.test', fetch }).listModels();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(read).toEqual([]);
  });
});
