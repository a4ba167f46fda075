import { LoadSettingError } from '@ai-sdk/provider';
import { createProviderRegistry, generateText } from 'ai';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate, VERSION } from '../src';
import { createUnigateEmulator } from '../src/testing';
import { createMockFetch } from './helpers/mock-fetch';
import { spec } from './helpers/spec';
import packageJson from '../package.json';
import aiPackage from 'ai/package.json';

const modelList = {
  object: 'list',
  data: [{ id: 'gpt-4o-mini', object: 'model', created: 1700000000, owned_by: 'openai' }],
};

describe('createUnigate', () => {
  it('is a provider function of its entry’s spec that refuses `new`: V3 at the root (ai@6 lanes), V4 at /v4 (ai@7 lane)', () => {
    const gw = createUnigate({ apiKey: 'sk-unigate-test-key', siteURL: 'https://gw.test' });
    expect(gw.specificationVersion).toBe(Number(aiPackage.version.split('.')[0]) >= 7 ? 'v4' : 'v3');
    expect(typeof gw).toBe('function');
    // @ts-expect-error the provider is not a constructor
    expect(() => new gw('gpt-4o-mini')).toThrow(
      'The Unigate provider is a function: call it with a model id, provider(modelId), without `new`.',
    );
  });

  it('sends the key as a bearer token with the user-agent suffix and custom headers', async () => {
    const { fetch, requests } = createMockFetch(
      http.get('https://gw.test/v1/models', () => HttpResponse.json(modelList)),
    );
    const gw = createUnigate({
      apiKey: 'sk-unigate-test-key',
      siteURL: 'https://gw.test/',
      headers: { 'x-team': 'search' },
      fetch,
    });
    expect(await gw.listModels()).toEqual([
      { id: 'gpt-4o-mini', object: 'model', created: 1700000000, ownedBy: 'openai' },
    ]);
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

  it('video and videoModel make video models of the entry’s spec with the start/status methods; videoJobs is there', () => {
    const gw = createUnigate({ apiKey: 'k', siteURL: 'https://gw.test' });
    for (const model of [gw.video('veo-3'), gw.videoModel('veo-3')]) {
      expect(model).toMatchObject({
        specificationVersion: spec,
        provider: 'unigate.video',
        modelId: 'veo-3',
        maxVideosPerCall: 1,
      });
      expect([typeof model.doGenerate, typeof model.doStart, typeof model.doStatus]).toEqual([
        'function',
        'function',
        'function',
      ]);
    }
    expect(Object.keys(gw.videoJobs).sort()).toEqual(['create', 'generate', 'get', 'wait']);
  });

  it('embedding, embeddingModel and textEmbeddingModel make the same embedding model, of the entry’s spec', () => {
    const gw = createUnigate({ apiKey: 'k', siteURL: 'https://gw.test' });
    for (const model of [
      gw.embedding('text-embedding-3-small'),
      gw.embeddingModel('text-embedding-3-small'),
      gw.textEmbeddingModel('text-embedding-3-small'),
    ]) {
      expect(model).toMatchObject({
        specificationVersion: spec,
        provider: 'unigate.embedding',
        modelId: 'text-embedding-3-small',
      });
    }
  });

  it('image and imageModel both make image models of the entry’s spec', () => {
    const gw = createUnigate({ apiKey: 'k', siteURL: 'https://gw.test' });
    for (const model of [gw.image('dall-e-3'), gw.imageModel('dall-e-3')]) {
      expect([model.specificationVersion, model.provider, model.modelId, model.maxImagesPerCall]).toEqual([
        spec,
        'unigate.image',
        'dall-e-3',
        10,
      ]);
    }
  });

  it('works inside createProviderRegistry: models by id string', async () => {
    const emulator = createUnigateEmulator();
    const registry = createProviderRegistry({ unigate: createUnigate(emulator.settings) });
    const chat = await generateText({ model: registry.languageModel('unigate:gpt-4o-mini'), prompt: 'hello registry' });
    expect(chat.text).toBe('You said: hello registry');
    expect(registry.languageModel('unigate:deepseek-reasoner').provider).toBe('unigate.chat');
    expect(registry.imageModel('unigate:dall-e-3').provider).toBe('unigate.image');
  });

  it('keeps VERSION equal to package.json', () => {
    expect(VERSION).toBe(packageJson.version);
  });
});
