import { LoadSettingError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createUnigateConfig } from '../src/unigate-config';

describe('createUnigateConfig', () => {
  it('tolerates trailing slashes and derives the site from a /v1 base URL', () => {
    const config = createUnigateConfig({ baseURL: 'https://gw.test/v1///', altBaseURL: 'https://alt.gw.test/v1/' });
    expect(config.root('site')).toBe('https://gw.test');
    expect(config.root('base')).toBe('https://gw.test/v1');
    expect(config.root('alt')).toBe('https://alt.gw.test/v1');
  });

  it('builds every endpoint URL one way, from a base and a path', () => {
    const config = createUnigateConfig({ siteURL: 'https://gw.test/', altBaseURL: 'https://alt.gw.test/v1' });
    expect(config.url('site', '/api/v1/messages')).toBe('https://gw.test/api/v1/messages');
    expect(config.url('base', '/embeddings')).toBe('https://gw.test/v1/embeddings');
    expect(config.url('alt', '/videos/status/vid-1')).toBe('https://alt.gw.test/v1/videos/status/vid-1');
  });

  it('sends chat completions to the base unless chatEndpoint says alt', () => {
    const base = createUnigateConfig({ siteURL: 'https://gw.test', altBaseURL: 'https://alt.gw.test/v1' });
    expect(base.url(base.chatBase, '/chat/completions')).toBe('https://gw.test/v1/chat/completions');
    const alt = createUnigateConfig({ siteURL: 'https://gw.test', altBaseURL: 'https://alt.gw.test/v1', chatEndpoint: 'alt' });
    expect(alt.url(alt.chatBase, '/chat/completions')).toBe('https://alt.gw.test/v1/chat/completions');
  });

  it('falls back from alt to base to site', () => {
    const config = createUnigateConfig({ siteURL: 'https://gw.test' });
    expect(config.root('alt')).toBe('https://gw.test/v1');
  });

  it('resolves URLs at call time and names the missing setting', () => {
    const config = createUnigateConfig({ apiKey: 'k' });
    expect(() => config.url('base', '/models')).toThrow(LoadSettingError);
    expect(() => config.url('base', '/models')).toThrow(
      "Unigate site URL setting is missing. Pass it using the 'siteURL' parameter or the UNIGATE_SITE_URL environment variable.",
    );
  });

  it('reports the provider name the models prefix their kind with', () => {
    expect(createUnigateConfig({}).provider).toBe('unigate');
  });
});
