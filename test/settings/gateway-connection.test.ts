import { LoadSettingError } from '@ai-sdk/provider';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createModelContext } from '../../src/provider/assemble-provider';
import { createGatewayConnection } from '../../src/settings/gateway-connection';

describe('createGatewayConnection', () => {
  it('tolerates trailing slashes and derives the site from a /v1 base URL', () => {
    const config = createGatewayConnection({ baseURL: 'https://gw.test/v1///', altBaseURL: 'https://alt.gw.test/v1/' });
    expect(config.root('site')).toBe('https://gw.test');
    expect(config.root('base')).toBe('https://gw.test/v1');
    expect(config.root('alt')).toBe('https://alt.gw.test/v1');
  });

  it('builds every endpoint URL one way, from a base and a path', () => {
    const config = createGatewayConnection({ siteURL: 'https://gw.test/', altBaseURL: 'https://alt.gw.test/v1' });
    expect(config.url('site', '/api/v1/messages')).toBe('https://gw.test/api/v1/messages');
    expect(config.url('base', '/embeddings')).toBe('https://gw.test/v1/embeddings');
    expect(config.url('alt', '/videos/status/vid-1')).toBe('https://alt.gw.test/v1/videos/status/vid-1');
  });

  it('sends chat completions to the base unless chatEndpoint says alt (the chat config, over the connection)', () => {
    const base = createModelContext({ siteURL: 'https://gw.test', altBaseURL: 'https://alt.gw.test/v1' }).chat;
    expect(base.url(base.chatBase, '/chat/completions')).toBe('https://gw.test/v1/chat/completions');
    const alt = createModelContext({
      siteURL: 'https://gw.test',
      altBaseURL: 'https://alt.gw.test/v1',
      chatEndpoint: 'alt',
    }).chat;
    expect(alt.url(alt.chatBase, '/chat/completions')).toBe('https://alt.gw.test/v1/chat/completions');
  });

  it('falls back from alt to base to site', () => {
    const config = createGatewayConnection({ siteURL: 'https://gw.test' });
    expect(config.root('alt')).toBe('https://gw.test/v1');
  });

  it('resolves URLs at call time and names the missing setting', () => {
    const config = createGatewayConnection({ apiKey: 'k' });
    expect(() => config.url('base', '/models')).toThrow(LoadSettingError);
    expect(() => config.url('base', '/models')).toThrow(
      "Unigate site URL setting is missing. Pass it using the 'siteURL' parameter or the UNIGATE_SITE_URL environment variable.",
    );
  });

  it('refuses a siteURL ending in /v1 for every endpoint, saying what to pass instead', () => {
    const message =
      "Invalid siteURL 'https://gw.test/v1/': it must be the host root, without /v1, because the provider adds /v1 and " +
      "/api/v1 itself (requests would go to https://gw.test/v1/v1/chat/completions). Pass siteURL: 'https://gw.test' " +
      "(the host root), or baseURL: 'https://gw.test/v1'.";
    const config = createGatewayConnection({ siteURL: 'https://gw.test/v1/' });
    for (const base of ['site', 'base', 'alt'] as const) {
      expect(() => config.url(base, '/models')).toThrow(LoadSettingError);
      expect(() => config.url(base, '/models')).toThrow(message);
    }
    // Even when a base URL is given, the messages endpoint and the catalog hang from the site URL.
    const withBase = createGatewayConnection({ siteURL: 'https://gw.test/api/v1', baseURL: 'https://gw.test/v1' });
    expect(() => withBase.url('base', '/models')).toThrow(
      "Invalid siteURL 'https://gw.test/api/v1': it must be the host root, without /v1, because the provider adds /v1 " +
        'and /api/v1 itself (requests would go to https://gw.test/api/v1/v1/chat/completions). Pass siteURL: ' +
        "'https://gw.test' (the host root), or baseURL: 'https://gw.test/v1'.",
    );
    // A path that merely contains v1 is a site of its own.
    expect(createGatewayConnection({ siteURL: 'https://gw.test/v10' }).url('base', '/models')).toBe(
      'https://gw.test/v10/v1/models',
    );
  });

  describe('from the environment', () => {
    afterEach(() => vi.unstubAllEnvs());

    it('refuses UNIGATE_SITE_URL ending in /v1, naming the variable', () => {
      vi.stubEnv('UNIGATE_SITE_URL', 'https://gw.test/v1');
      const config = createGatewayConnection({ apiKey: 'k' });
      expect(() => config.url('base', '/chat/completions')).toThrow(
        "Invalid UNIGATE_SITE_URL 'https://gw.test/v1': it must be the host root, without /v1, because the provider adds " +
          '/v1 and /api/v1 itself (requests would go to https://gw.test/v1/v1/chat/completions). Set ' +
          'UNIGATE_SITE_URL=https://gw.test (the host root), or UNIGATE_BASE_URL=https://gw.test/v1.',
      );
    });
  });

  it('reports the provider name the models prefix their kind with', () => {
    expect(createGatewayConnection({}).provider).toBe('unigate');
  });
});
