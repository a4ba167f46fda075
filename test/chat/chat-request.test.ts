import { InvalidArgumentError, type LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src';
import { API_KEY, readAll } from '../helpers/test-kit';
import { CHAT_URL, answering, completion, prompt, setup, streaming, DONE, chunk } from './chat-fixtures';
import { spec } from '../helpers/spec';

const ok = completion({ content: 'Hello!' });

async function bodyOf(options: Partial<LanguageModelV3CallOptions>) {
  const { model, requests } = answering(ok);
  const result = await model.doGenerate({ prompt, ...options });
  expect(requests).toHaveLength(1);
  return { body: requests[0].body, warnings: result.warnings, request: requests[0] };
}

describe('chat request mapping', () => {
  it('gw(id), gw.chat(id) and gw.languageModel(id) are the chat-completions model', () => {
    const { gw } = setup([]);
    for (const model of [gw('gpt-4o-mini'), gw.chat('gpt-4o-mini'), gw.languageModel('gpt-4o-mini')]) {
      expect(model.specificationVersion).toBe(spec);
      expect(model.provider).toBe('unigate.chat');
      expect(model.modelId).toBe('gpt-4o-mini');
    }
  });

  it('posts the minimal body to {base_url}/chat/completions with the bearer key and user agent', async () => {
    const { body, warnings, request } = await bodyOf({});
    expect(request.method).toBe('POST');
    expect(request.url).toBe(CHAT_URL);
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toContain(`unigate-ai-provider/${VERSION}`);
    expect(body).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] });
    expect(warnings).toEqual([]);
  });

  it('sends the system message on the wire exactly as given, whitespace and newlines kept, streaming or not', async () => {
    const system = '\n  You are terse.\n\tAnswer in French.  \n\n';
    const withSystem = [{ role: 'system' as const, content: system }, ...prompt];
    const messages = [
      { role: 'system', content: '\n  You are terse.\n\tAnswer in French.  \n\n' },
      { role: 'user', content: 'Hi' },
    ];
    const generated = await bodyOf({ prompt: withSystem });
    expect(generated.body).toEqual({ model: 'gpt-4o-mini', messages });
    const { model, requests } = streaming([chunk({ content: 'ok' }, 'stop'), DONE]);
    await readAll((await model.doStream({ prompt: withSystem })).stream);
    expect(requests[0].body).toEqual({
      model: 'gpt-4o-mini',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('maps every documented parameter', async () => {
    const { body, warnings } = await bodyOf({
      maxOutputTokens: 100,
      temperature: 0.7,
      frequencyPenalty: 0.5,
      presencePenalty: -0.5,
      stopSequences: ['END', 'STOP'],
      seed: 42,
      providerOptions: { unigate: { user: 'user-42', n: 2 } },
    });
    expect(body).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      max_tokens: 100,
      temperature: 0.7,
      frequency_penalty: 0.5,
      presence_penalty: -0.5,
      stop: ['END', 'STOP'],
      seed: 42,
      n: 2,
      user: 'user-42',
    });
    expect(warnings).toEqual([]);
  });

  it('sends topP alone as top_p, without a warning', async () => {
    const { body, warnings } = await bodyOf({ topP: 0.9 });
    expect(body).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }], top_p: 0.9 });
    expect(warnings).toEqual([]);
  });

  it('accepts the limits themselves', async () => {
    const low = await bodyOf({
      temperature: 0,
      frequencyPenalty: -2,
      presencePenalty: -2,
      topP: 0,
      maxOutputTokens: 1,
    });
    expect(low.body).toMatchObject({
      temperature: 0,
      frequency_penalty: -2,
      presence_penalty: -2,
      top_p: 0,
      max_tokens: 1,
    });
    const high = await bodyOf({
      temperature: 2,
      frequencyPenalty: 2,
      presencePenalty: 2,
      topP: 1,
      stopSequences: ['a', 'b', 'c', 'd'],
    });
    expect(high.body).toMatchObject({
      temperature: 2,
      frequency_penalty: 2,
      presence_penalty: 2,
      top_p: 1,
      stop: ['a', 'b', 'c', 'd'],
    });
  });

  it('leaves out an empty stop list', async () => {
    const { body } = await bodyOf({ stopSequences: [] });
    expect(body).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('sends temperature and topP together, with exactly one warning', async () => {
    const { body, warnings } = await bodyOf({ temperature: 0.3, topP: 0.8 });
    expect(body).toMatchObject({ temperature: 0.3, top_p: 0.8 });
    expect(warnings).toEqual([
      {
        type: 'other',
        message: 'temperature and topP are both set; the gateway advises setting one or the other. Both were sent.',
      },
    ]);
  });

  it('warns that topK is unsupported and does not send it', async () => {
    const { body, warnings } = await bodyOf({ topK: 40 });
    expect(body).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] });
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'topK',
        details: 'The chat-completions endpoint has no top_k parameter; topK was not sent.',
      },
    ]);
  });

  it('adds extraBody fields as they are, after the mapped ones', async () => {
    const { body } = await bodyOf({
      temperature: 0.5,
      providerOptions: {
        unigate: { extraBody: { reasoning_effort: 'low', temperature: 0.1, metadata: { team: 'search' } } },
      },
    });
    expect(body).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      temperature: 0.1,
      reasoning_effort: 'low',
      metadata: { team: 'search' },
    });
  });

  it('warns about providerOptions.unigate keys the chat model does not read', async () => {
    const { body, warnings } = await bodyOf({
      providerOptions: { unigate: { user: 'u1', thinking: { type: 'enabled', budgetTokens: 2048 } } },
    });
    expect(body).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }], user: 'u1' });
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.unigate.thinking',
        details: 'The chat-completions model does not read this option.',
      },
    ]);
  });

  it('merges per-call headers over the provider headers', async () => {
    const { model, requests } = setup([http.post(CHAT_URL, () => HttpResponse.json(ok))], {
      headers: { 'x-team': 'search', 'x-trace': 'provider' },
    });
    await model.doGenerate({ prompt, headers: { 'x-trace': 'call-7' } });
    expect(requests[0].headers['x-team']).toBe('search');
    expect(requests[0].headers['x-trace']).toBe('call-7');
  });

  it('uses {alt_base_url}/chat/completions when chatEndpoint is alt', async () => {
    const altURL = 'https://alt.gw.test/v1/chat/completions';
    const { model, requests } = setup([http.post(altURL, () => HttpResponse.json(ok))], {
      altBaseURL: 'https://alt.gw.test/v1',
      chatEndpoint: 'alt',
    });
    await model.doGenerate({ prompt });
    expect(requests[0].url).toBe(altURL);
    expect(requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('streams with stream: true and always asks for usage', async () => {
    const { model, requests } = streaming([chunk({ content: 'x' }, 'stop'), DONE]);
    const { stream, request } = await model.doStream({ prompt, maxOutputTokens: 20 });
    await readAll(stream);
    const expected = {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      max_tokens: 20,
      stream: true,
      stream_options: { include_usage: true },
    };
    expect(requests[0].body).toEqual(expected);
    expect(request?.body).toEqual(expected);
  });
});

describe('chat argument validation, before any request', () => {
  const cases: Array<[string, Partial<LanguageModelV3CallOptions>, string, string[]]> = [
    ['temperature above 2', { temperature: 2.5 }, 'temperature', ['0 to 2', '2.5']],
    ['temperature below 0', { temperature: -0.1 }, 'temperature', ['0 to 2', '-0.1']],
    ['topP above 1', { topP: 1.5 }, 'topP', ['0 to 1', '1.5']],
    ['frequencyPenalty below -2', { frequencyPenalty: -3 }, 'frequencyPenalty', ['-2 to 2', '-3']],
    ['presencePenalty above 2', { presencePenalty: 2.01 }, 'presencePenalty', ['-2 to 2', '2.01']],
    ['five stop sequences', { stopSequences: ['a', 'b', 'c', 'd', 'e'] }, 'stopSequences', ['at most 4', '5 items']],
    ['maxOutputTokens 0', { maxOutputTokens: 0 }, 'maxOutputTokens', ['integer', 'at least 1', 'received 0']],
    ['fractional maxOutputTokens', { maxOutputTokens: 1.5 }, 'maxOutputTokens', ['integer', '1.5']],
    ['fractional seed', { seed: 1.5 }, 'seed', ['integer', '1.5']],
    ['n of 0', { providerOptions: { unigate: { n: 0 } } }, 'providerOptions.unigate.n', ['at least 1', 'received 0']],
    ['fractional n', { providerOptions: { unigate: { n: 2.5 } } }, 'providerOptions.unigate.n', ['integer', '2.5']],
    [
      'extraBody setting stream',
      { providerOptions: { unigate: { extraBody: { stream: false } } } },
      'providerOptions.unigate.extraBody',
      ['model, messages, stream, stream_options', '"stream"'],
    ],
    [
      'a user that is not a string',
      { providerOptions: { unigate: { user: 42 } } },
      'providerOptions.unigate.user',
      ['expected string', 'received 42'],
    ],
    [
      'a strictJsonSchema that is not a boolean',
      { providerOptions: { unigate: { strictJsonSchema: 'yes' } } },
      'providerOptions.unigate.strictJsonSchema',
      ['expected boolean', 'received "yes"'],
    ],
  ];

  for (const [name, options, argument, mentions] of cases) {
    it(`rejects ${name} with an InvalidArgumentError naming ${argument}`, async () => {
      const { model, requests } = answering(ok);
      for (const call of [
        () => model.doGenerate({ prompt, ...options }),
        () => model.doStream({ prompt, ...options }),
      ]) {
        const error = await call().then(
          () => undefined,
          e => e,
        );
        expect(InvalidArgumentError.isInstance(error)).toBe(true);
        expect(error.argument).toBe(argument);
        for (const mention of mentions) expect(error.message).toContain(mention);
      }
      expect(requests.length).toBe(0);
    });
  }
});
