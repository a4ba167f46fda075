import { InvalidArgumentError, type LanguageModelV3, type LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { createProviderRegistry, generateText } from 'ai';
import aiPackage from 'ai/package.json';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigateProviderSettings } from '../../src';
import { createUnigateEmulator, SAMPLE_MODELS, type UnigateEmulatorModel } from '../../src/testing';
import { completion } from '../chat/chat-fixtures';
import { API_KEY, setup, SITE_URL } from '../helpers/test-kit';
import { message } from '../messages/messages-test-kit';

// The `format` setting: which wire format gw(id) and gw.languageModel(id) choose for an id, and the
// accessors that force one.

const major = Number(aiPackage.version.split('.')[0]);
const CHAT_URL = `${SITE_URL}/v1/chat/completions`;
const MESSAGES_URL = `${SITE_URL}/api/v1/messages`;
const prompt: LanguageModelV3CallOptions['prompt'] = [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }];
const turns = [{ role: 'user', content: 'Hi' }];
const messagesTurns = [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }];

/** A provider over msw whose two language endpoints both answer, recording what was sent. */
function bothFormats(settings: UnigateProviderSettings = {}) {
  return setup(
    [
      http.post(CHAT_URL, () => HttpResponse.json(completion({ content: 'from chat' }))),
      http.post(MESSAGES_URL, () => HttpResponse.json(message({ content: [{ type: 'text', text: 'from messages' }] }))),
    ],
    settings,
  );
}

/** An Anthropic model whose id does not say so: only the catalog's `provider` tells. */
const UNPREFIXED: UnigateEmulatorModel = {
  id: 'sonnet-next',
  provider: 'Anthropic',
  type: 'chat',
  contextWindow: 200000,
  inputPrice: 1.5,
  outputPrice: 7.5,
  isNew: true,
  created: 1_760_000_000,
};

const providerOf = (model: LanguageModelV3) => model.provider;

describe('format: auto (the default)', () => {
  it.each([
    ['claude-sonnet-4-5', 'unigate.messages'],
    ['claude-3-5-haiku', 'unigate.messages'],
    ['claude-opus-4-1', 'unigate.messages'],
    ['gpt-4o-mini', 'unigate.chat'],
    ['gpt-5', 'unigate.chat'],
    ['o3-mini', 'unigate.chat'],
    ['gemini-2.5-pro', 'unigate.chat'],
    ['deepseek-reasoner', 'unigate.chat'],
    ['claudette-7b', 'unigate.chat'],
    ['an-unknown-model', 'unigate.chat'],
  ])('gw(%j) and gw.languageModel(%j) are %s', (id, provider) => {
    const { gw, requests } = bothFormats();
    expect(
      [gw(id), gw.languageModel(id), createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, format: 'auto' })(id)].map(
        providerOf,
      ),
    ).toEqual([provider, provider, provider]);
    expect(gw(id).modelId).toBe(id);
    expect(requests).toEqual([]);
  });

  it('gw(claude id) posts the messages body to {site_url}/api/v1/messages with x-api-key', async () => {
    const { gw, requests } = bothFormats();
    const result = await gw('claude-sonnet-4-5').doGenerate({ prompt, topK: 5 });
    expect(result.content).toEqual([{ type: 'text', text: 'from messages' }]);
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe(MESSAGES_URL);
    expect(requests[0].headers['x-api-key']).toBe(API_KEY);
    expect(requests[0].headers['anthropic-version']).toBe('2023-06-01');
    expect(requests[0].headers.authorization).toBeUndefined();
    expect(requests[0].body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      messages: messagesTurns,
      top_k: 5,
    });
  });

  it('gw(claude id) sends a signed thinking block back on the next turn, as gw.messages does', async () => {
    const { gw, requests } = bothFormats();
    await gw('claude-sonnet-4-5').doGenerate({
      prompt: [
        ...prompt,
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'A greeting.', providerOptions: { unigate: { signature: 'sig-abc==' } } },
            { type: 'text', text: 'Hello!' },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: 'Again' }] },
      ],
    });
    expect(requests[0].body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      messages: [
        ...messagesTurns,
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'A greeting.', signature: 'sig-abc==' },
            { type: 'text', text: 'Hello!' },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: 'Again' }] },
      ],
    });
  });

  it('gw(gpt id) posts the chat-completions body to {base_url}/chat/completions with the bearer key', async () => {
    const { gw, requests } = bothFormats();
    const result = await gw('gpt-4o-mini').doGenerate({ prompt });
    expect(result.content).toEqual([{ type: 'text', text: 'from chat' }]);
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe(CHAT_URL);
    expect(requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(requests[0].body).toEqual({ model: 'gpt-4o-mini', messages: turns });
  });

  it('streams take the same path as generation', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    for (const id of ['claude-haiku-4-5', 'gpt-4o-mini']) {
      const { stream } = await gw(id).doStream({ prompt });
      await stream.pipeTo(new WritableStream());
    }
    expect(emulator.requests.map(({ method, path, model, status }) => ({ method, path, model, status }))).toEqual([
      { method: 'POST', path: '/api/v1/messages', model: 'claude-haiku-4-5', status: 200 },
      { method: 'POST', path: '/v1/chat/completions', model: 'gpt-4o-mini', status: 200 },
    ]);
  });

  it('an id the loaded catalog lists under Anthropic goes to messages; before the load, and never loading, it is chat', async () => {
    const emulator = createUnigateEmulator({ models: [...SAMPLE_MODELS, UNPREFIXED] });
    const gw = createUnigate(emulator.settings);
    expect(gw('sonnet-next').provider).toBe('unigate.chat');
    expect(emulator.requests).toEqual([]); // creating a model never loads the catalog
    expect(await gw.catalog.get('sonnet-next')).toMatchObject({ provider: 'Anthropic' });
    const catalogRequests = emulator.requests.length;
    expect(catalogRequests).toBeGreaterThan(0);

    expect([gw('sonnet-next'), gw.languageModel('sonnet-next')].map(providerOf)).toEqual([
      'unigate.messages',
      'unigate.messages',
    ]);
    expect([gw('gpt-4o'), gw('claude-opus-4')].map(providerOf)).toEqual(['unigate.chat', 'unigate.messages']);
    const result = await generateText({ model: gw('sonnet-next'), prompt: 'Hello', maxRetries: 0 });
    expect(result.text).not.toBe('');
    expect(emulator.requests.slice(catalogRequests).map(({ path, model }) => ({ path, model }))).toEqual([
      { path: '/api/v1/messages', model: 'sonnet-next' },
    ]);
  });

  it('the catalog loaded by pricing counts too, and its provider is matched whatever its case', async () => {
    const emulator = createUnigateEmulator({ models: [...SAMPLE_MODELS, { ...UNPREFIXED, provider: 'anthropic' }] });
    const gw = createUnigate({ ...emulator.settings, pricing: 'catalog' });
    await gw.estimateCost({ model: 'gpt-4o-mini', inputTokens: 1, outputTokens: 1 });
    expect(gw('sonnet-next').provider).toBe('unigate.messages');
  });

  it('the registry path chooses the same way: unigate:claude-… is messages, unigate:gpt-… chat', async () => {
    const emulator = createUnigateEmulator();
    const registry = createProviderRegistry({ unigate: createUnigate(emulator.settings) });
    const claude = registry.languageModel('unigate:claude-sonnet-4-5');
    expect([claude.provider, claude.modelId]).toEqual(['unigate.messages', 'claude-sonnet-4-5']);
    expect(registry.languageModel('unigate:gpt-4o-mini').provider).toBe('unigate.chat');
    await generateText({ model: claude, prompt: 'Hello', maxRetries: 0 });
    await generateText({ model: registry.languageModel('unigate:gpt-4o-mini'), prompt: 'Hello', maxRetries: 0 });
    expect(emulator.requests.map(({ path, model }) => ({ path, model }))).toEqual([
      { path: '/api/v1/messages', model: 'claude-sonnet-4-5' },
      { path: '/v1/chat/completions', model: 'gpt-4o-mini' },
    ]);
  });
});

describe('format: the overrides', () => {
  it("'chat' keeps every id on chat completions, the Anthropic family and catalog Anthropic ids included", async () => {
    const emulator = createUnigateEmulator({ models: [...SAMPLE_MODELS, UNPREFIXED] });
    const gw = createUnigate({ ...emulator.settings, format: 'chat' });
    await gw.catalog.get('sonnet-next');
    expect(['claude-sonnet-4-5', 'sonnet-next', 'gpt-4o-mini'].map(id => gw(id).provider)).toEqual([
      'unigate.chat',
      'unigate.chat',
      'unigate.chat',
    ]);
    expect(gw.languageModel('claude-sonnet-4-5').provider).toBe('unigate.chat');
    const registry = createProviderRegistry({ unigate: gw });
    expect(registry.languageModel('unigate:claude-sonnet-4-5').provider).toBe('unigate.chat');
  });

  it("'chat' sends a Claude id to {base_url}/chat/completions, exactly as before", async () => {
    const { gw, requests } = bothFormats({ format: 'chat' });
    await gw('claude-sonnet-4-5').doGenerate({ prompt });
    expect(requests.map(({ url, body }) => ({ url, body }))).toEqual([
      { url: CHAT_URL, body: { model: 'claude-sonnet-4-5', messages: turns } },
    ]);
  });

  it.each(['auto', 'chat'] as const)(
    'under %j, gw.chat(id) and gw.messages(id) force their format for every id',
    async format => {
      const { gw, requests } = bothFormats({ format });
      expect(
        [
          gw.chat('claude-sonnet-4-5'),
          gw.chat('gpt-4o-mini'),
          gw.messages('claude-sonnet-4-5'),
          gw.messages('gpt-4o-mini'),
        ].map(providerOf),
      ).toEqual(['unigate.chat', 'unigate.chat', 'unigate.messages', 'unigate.messages']);
      await gw.chat('claude-sonnet-4-5').doGenerate({ prompt });
      await gw.messages('gpt-4o-mini').doGenerate({ prompt });
      expect(requests.map(({ url, body }) => ({ url, body }))).toEqual([
        { url: CHAT_URL, body: { model: 'claude-sonnet-4-5', messages: turns } },
        { url: MESSAGES_URL, body: { model: 'gpt-4o-mini', max_tokens: 4096, messages: messagesTurns } },
      ]);
    },
  );

  it.each([
    ['"messages"', 'messages'],
    ['"Auto"', 'Auto'],
    ['""', ''],
    ['null', null],
    ['42', 42],
    ['NaN', NaN],
    ['{"type":"chat"}', { type: 'chat' }],
  ])('a format of %s fails at createUnigate, naming format, the accepted values and the value', (shown, format) => {
    const error = (() => {
      try {
        createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, format: format as never });
      } catch (caught) {
        return caught;
      }
    })();
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).argument).toBe('format');
    expect((error as Error).message).toBe(`Invalid argument format: expected "auto" or "chat"; received ${shown}.`);
  });
});

describe('format: options of the other format', () => {
  it('gw(claude id) warns about chat-completions keys and does not send them; the messages keys are sent', async () => {
    const { gw, requests } = bothFormats();
    const result = await gw('claude-sonnet-4-5').doGenerate({
      prompt,
      providerOptions: { unigate: { user: 'user-42', reasoningEffort: 'low', n: 2, userId: 'user-42' } },
    });
    expect(requests[0].url).toBe(MESSAGES_URL);
    expect(requests[0].body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      messages: messagesTurns,
      metadata: { user_id: 'user-42' },
    });
    expect(result.warnings).toEqual(
      ['user', 'reasoningEffort', 'n'].map(key => ({
        type: 'unsupported',
        feature: `providerOptions.unigate.${key}`,
        details: 'The messages-format model does not read this option.',
      })),
    );
  });

  it('gw(gpt id) warns about messages keys and does not send them; the chat keys are sent', async () => {
    const { gw, requests } = bothFormats();
    const result = await gw('gpt-4o-mini').doGenerate({
      prompt,
      providerOptions: {
        unigate: { userId: 'user-42', thinking: { type: 'enabled', budgetTokens: 2048 }, user: 'user-42' },
      },
    });
    expect(requests[0].url).toBe(CHAT_URL);
    expect(requests[0].body).toEqual({ model: 'gpt-4o-mini', messages: turns, user: 'user-42' });
    expect(result.warnings).toEqual(
      ['userId', 'thinking'].map(key => ({
        type: 'unsupported',
        feature: `providerOptions.unigate.${key}`,
        details: 'The chat-completions model does not read this option.',
      })),
    );
  });

  it('the reasoning call option works on both formats: a thinking budget on messages, reasoning_effort on chat', async () => {
    const { gw, requests } = bothFormats();
    const options = { prompt, reasoning: 'high' } as LanguageModelV3CallOptions;
    expect((await gw('claude-sonnet-4-5').doGenerate(options)).warnings).toEqual([]);
    expect((await gw('gpt-4o-mini').doGenerate(options)).warnings).toEqual([]);
    expect(requests.map(({ url, body }) => ({ url, body }))).toEqual([
      {
        url: MESSAGES_URL,
        body: {
          model: 'claude-sonnet-4-5',
          max_tokens: 20480,
          messages: messagesTurns,
          thinking: { type: 'enabled', budget_tokens: 16384 },
        },
      },
      { url: CHAT_URL, body: { model: 'gpt-4o-mini', messages: turns, reasoning_effort: 'high' } },
    ]);
  });

  it('generateText({ reasoning }) reaches both formats on ai@7 (ai@6 has no such option and sends none)', async () => {
    const { gw, requests } = bothFormats();
    for (const id of ['claude-sonnet-4-5', 'gpt-4o-mini']) {
      await generateText({ model: gw(id), prompt: 'Hi', maxRetries: 0, ...({ reasoning: 'low' } as object) });
    }
    const thinking =
      major >= 7 ? { max_tokens: 7168, thinking: { type: 'enabled', budget_tokens: 3072 } } : { max_tokens: 4096 };
    expect(requests.map(({ url, body }) => ({ url, body }))).toEqual([
      { url: MESSAGES_URL, body: { model: 'claude-sonnet-4-5', messages: messagesTurns, ...thinking } },
      {
        url: CHAT_URL,
        body: { model: 'gpt-4o-mini', messages: turns, ...(major >= 7 && { reasoning_effort: 'low' }) },
      },
    ]);
  });

  it('a bad format is refused before any request', () => {
    const { fetch, requests } = bothFormats();
    expect(() => createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, fetch, format: 'messages' as never })).toThrow(
      'Invalid argument format: expected "auto" or "chat"; received "messages".',
    );
    expect(requests).toEqual([]);
  });
});
