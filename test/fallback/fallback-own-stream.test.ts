import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { streamText } from 'ai';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigateProviderSettings } from '../../src';
import { memoryBudgetStore } from '../../src/budget/budget-stores';
import { pipelineModel } from '../../src/settings/model-kind';
import { createUnigateEmulator } from '../../src/testing';
import { API_KEY, failure, readAll, setup, SITE_URL, sseResponse } from '../helpers/test-kit';
import { callOptions, otherModel } from './fallback-models';

// gw.fallback over this package's own models: their streams carry the fallback's warning and metadata
// themselves (no stream around them), and their first parts are looked at as they are produced.

const CHAT_URL = `${SITE_URL}/v1/chat/completions`;
const MESSAGES_URL = `${SITE_URL}/api/v1/messages`;
const event = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;
const named = (payload: { type: string } & Record<string, unknown>) =>
  `event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`;

const chatAnswer = (text: string) => [
  event({ id: 'c1', model: 'gpt-b', choices: [{ index: 0, delta: { role: 'assistant', content: text } }] }),
  event({ id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
  'data: [DONE]\n\n',
];

const messagesAnswer = (text: string) => [
  named({
    type: 'message_start',
    message: { id: 'm1', model: 'claude-b', usage: { input_tokens: 3, output_tokens: 1 } },
  }),
  named({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
  named({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }),
  named({ type: 'content_block_stop', index: 0 }),
  named({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2 } }),
  named({ type: 'message_stop' }),
];

/** Answers each model by name: `first` streams `failing`, any other model `answer`. */
function twoModels(url: string, failing: string[], answer: string[], settings?: UnigateProviderSettings) {
  return setup(
    [
      http.post(url, async ({ request }) => {
        const { model } = (await request.json()) as { model: string };
        return sseResponse(model.endsWith('-a') ? failing : answer);
      }),
    ],
    settings,
  );
}

const textOf = (parts: LanguageModelV3StreamPart[]) =>
  parts.flatMap(part => (part.type === 'text-delta' ? [part.delta] : [])).join('');

describe('gw.fallback over Unigate models: the stream is the model’s own', () => {
  it('chat: an in-band error before any content moves on; the caller sees only the answering model, no warning', async () => {
    const overloaded = event({ error: { message: 'Overloaded', type: 'server_error', code: 503 } });
    const { gw, requests } = twoModels(CHAT_URL, [overloaded], chatAnswer('from b'));
    const { stream } = await gw.fallback(['gpt-a', 'gpt-b']).doStream(callOptions('Hi'));
    const parts = await readAll(stream);
    expect(requests.map(request => (request.body as { model: string }).model)).toEqual(['gpt-a', 'gpt-b']);
    expect(parts.filter(part => part.type === 'error')).toEqual([]);
    // A skip of a server failure is what fallback is for: the metadata records it, no warning says it.
    expect(parts.filter(part => part.type === 'stream-start')).toEqual([{ type: 'stream-start', warnings: [] }]);
    expect(textOf(parts)).toBe('from b');
    const finish = parts.at(-1)!;
    expect(finish.type === 'finish' && finish.providerMetadata?.unigate?.fallback).toEqual({
      answeredBy: 'gpt-b',
      attempts: [{ modelId: 'gpt-a', kind: 'server', message: expect.stringContaining('Overloaded') }],
    });
  });

  it('messages: an overloaded event before any content moves on, with the failed stream cancelled', async () => {
    const overloaded = named({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    const start = named({
      type: 'message_start',
      message: { id: 'm0', model: 'claude-a', usage: { input_tokens: 3, output_tokens: 0 } },
    });
    const { gw } = twoModels(MESSAGES_URL, [start, overloaded], messagesAnswer('from b'));
    const { stream } = await gw
      .fallback([gw.messages('claude-a'), gw.messages('claude-b')])
      .doStream(callOptions('Hi'));
    const parts = await readAll(stream);
    expect(textOf(parts)).toBe('from b');
    expect(parts.filter(part => part.type === 'response-metadata')).toEqual([
      { type: 'response-metadata', id: 'm1', modelId: 'claude-b' },
    ]);
    const finish = parts.at(-1)!;
    expect(finish.type === 'finish' && finish.providerMetadata?.unigate).toEqual({
      stopSequence: null,
      fallback: {
        answeredBy: 'claude-b',
        attempts: [
          {
            modelId: 'claude-a',
            kind: 'server',
            message: 'Unigate messages stream reported an error (overloaded_error): Overloaded',
          },
        ],
      },
    });
  });

  it('an in-band error of a kind that does not move on stays in the stream, and no other model is tried', async () => {
    const invalid = event({ error: { message: 'Bad tool schema', type: 'invalid_request_error', code: 400 } });
    const next = otherModel('next');
    const { gw, requests } = twoModels(CHAT_URL, [invalid], chatAnswer('unused'));
    const { stream } = await gw.fallback(['gpt-a', next]).doStream(callOptions('Hi'));
    const parts = await readAll(stream);
    expect(requests).toHaveLength(1);
    expect(next.calls).toBe(0);
    const error = parts.find(part => part.type === 'error');
    expect(error?.type === 'error' && APICallError.isInstance(error.error) && error.error.data).toMatchObject({
      kind: 'invalid-request',
    });
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      finishReason: { unified: 'error' },
      providerMetadata: { unigate: { fallback: { answeredBy: 'gpt-a', attempts: [] } } },
    });
  });

  it('gives exactly the bare model’s parts, raw chunks included, plus its warning and metadata', async () => {
    const emulator = createUnigateEmulator({ deniedModels: ['gpt-4o'] });
    const gw = createUnigate({ ...emulator.settings, mergeStreamDeltas: false });
    const options = callOptions('Tell me a story', { includeRawChunks: true });
    const bare = await readAll((await gw.chat('gpt-4o-mini').doStream(options)).stream);
    const fallback = await readAll((await gw.fallback(['gpt-4o', 'gpt-4o-mini']).doStream(options)).stream);
    const attempts = [{ modelId: 'gpt-4o', kind: 'permission', message: expect.any(String) }];
    const strip = (parts: LanguageModelV3StreamPart[]) =>
      parts.map(part => {
        if (part.type === 'stream-start') return { ...part, warnings: [] };
        if (part.type === 'finish') return { ...part, providerMetadata: undefined };
        if (part.type === 'response-metadata') return { ...part, id: undefined, timestamp: undefined };
        if (part.type === 'raw') return { type: 'raw', rawValue: 'chunk' };
        return part;
      });
    expect(fallback.length).toBe(bare.length);
    expect(fallback.filter(part => part.type === 'raw')).toHaveLength(bare.filter(part => part.type === 'raw').length);
    expect(strip(fallback)).toEqual(strip(bare));
    expect(fallback.at(-1)).toMatchObject({
      type: 'finish',
      providerMetadata: { unigate: { fallback: { answeredBy: 'gpt-4o-mini', attempts } } },
    });
  });

  it('hands the caller the model’s own stream object: no stream is put around it, so no part pays for one', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    const model = gw.chat('gpt-4o-mini');
    // What the chain calls: a /v4 front's pipeline model (the chain takes that itself), else the model.
    const called: LanguageModelV3 = Reflect.get(model, pipelineModel) ?? model;
    const returned: ReadableStream<LanguageModelV3StreamPart>[] = [];
    const doStream = called.doStream.bind(called);
    called.doStream = async (...args: Parameters<typeof called.doStream>) => {
      const result = await doStream(...args);
      returned.push(result.stream);
      return result;
    };
    const { stream } = await gw.fallback([model, 'gpt-4o']).doStream(callOptions('Hello there'));
    expect(returned).toHaveLength(1);
    expect(stream).toBe(returned[0]);
    expect(textOf(await readAll(stream))).toBe('You said: Hello there');
  });

  it('aborting while the first model has sent no content ends the chain: an error part with the abort, no other model runs', async () => {
    const encoder = new TextEncoder();
    let requests = 0;
    const stalling: typeof fetch = async (_url, init) => {
      requests++;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          // Metadata only, then nothing: the stream has not opened yet.
          controller.enqueue(encoder.encode(event({ id: 'c1', model: 'gpt-a', choices: [] })));
          init?.signal?.addEventListener('abort', () => controller.error(init.signal!.reason));
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    };
    const gw = createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, fetch: stalling, pricing: false });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user stopped')), 20);
    const result = await gw
      .fallback(['gpt-a', 'gpt-b'])
      .doStream(callOptions('Hi', { abortSignal: controller.signal }));
    const parts = await readAll(result.stream);
    const errorPart = parts.find(part => part.type === 'error');
    expect(errorPart?.type === 'error' && (errorPart.error as Error).message).toBe('user stopped');
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'error' } });
    expect(requests).toBe(1);
  });
});

describe('gw.fallback with a budget', () => {
  // One credit per token: "Hello there" is 2 input and 5 output tokens on the emulator, so 7 credits a call.
  const PRICES = { 'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } };

  it('a streamed answer is counted once, at its finish, and the next call past the limit is refused', async () => {
    const emulator = createUnigateEmulator({ deniedModels: ['gpt-4o'] });
    const store = memoryBudgetStore();
    const gw = createUnigate({
      ...emulator.settings,
      pricing: PRICES,
      // 'one-call': the call reserves its context window's output, far above 7, and is admitted on an empty budget.
      budget: { maxCredits: 7, period: 'total', store, overshoot: 'one-call' },
    });
    const model = gw.fallback(['gpt-4o', 'gpt-4o-mini']);
    const result = streamText({ model, prompt: 'Hello there', maxRetries: 0 });
    expect(await result.text).toBe('You said: Hello there');
    expect((await result.providerMetadata)?.unigate).toMatchObject({
      cost: { input: 2, output: 5, total: 7, unit: 'credits' },
      fallback: { answeredBy: 'gpt-4o-mini' },
    });
    await expect.poll(() => store.spent('total::')).toBe(7);
    const before = emulator.requests.length;
    const refused = await failure(model.doStream(callOptions('Hello there')));
    expect(refused.data).toMatchObject({ kind: 'budget' });
    expect(emulator.requests.length).toBe(before);
  });

  it('an unpriced answer: the budget’s warning, then the fallback’s, in one stream-start', async () => {
    const unknown = event({ error: { message: 'No model gpt-a', type: 'not_found_error', code: 404 } });
    const { gw } = twoModels(CHAT_URL, [unknown], chatAnswer('from b'), {
      pricing: { 'gpt-a': { inputPerMillionTokens: 1, outputPerMillionTokens: 1 } },
      budget: { maxCredits: 7, period: 'total', unpriced: 'allow' },
    });
    const { stream } = await gw.fallback(['gpt-a', 'gpt-b']).doStream(callOptions('Hello there'));
    const parts = await readAll(stream);
    // The mock serves no catalog: its warning comes first, from the model; then the budget's, then the fallback's.
    const start = parts[0]!;
    expect(start.type === 'stream-start' && start.warnings.slice(1)).toEqual([
      {
        type: 'other',
        message: `No price for chat model "gpt-b": this call counts as 0 credits against the budget (budget.unpriced: 'allow').`,
      },
      {
        type: 'other',
        message:
          'Fallback model "gpt-a" was not found, so every call sends it a request that fails before the next model ' +
          'is tried: fix the id or remove it from the list.',
      },
    ]);
  });
});

describe('gw.fallback: a messages stream that fails after opening a block, before its first delta', () => {
  const overloaded = named({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
  const textBlock = { type: 'text', text: '' };
  const opened = (block: unknown) => [
    named({
      type: 'message_start',
      message: { id: 'm0', model: 'claude-a', usage: { input_tokens: 3, output_tokens: 0 } },
    }),
    named({ type: 'content_block_start', index: 0, content_block: block }),
  ];
  const blocks: Array<[string, unknown]> = [
    ['a text block (text-start)', textBlock],
    ['a tool_use block (tool-input-start)', { type: 'tool_use', id: 'toolu_a', name: 'weather', input: {} }],
    ['a thinking block (reasoning-start)', { type: 'thinking', thinking: '' }],
  ];

  // The same models through the generic path: without the package's marker, fallback reads their streams
  // as another provider's, through its head buffer.
  const asForeign = (model: LanguageModelV3): LanguageModelV3 => ({
    specificationVersion: 'v3',
    provider: 'other.messages',
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    doGenerate: options => model.doGenerate(options),
    doStream: options => model.doStream(options),
  });
  const paths: Array<[string, (model: LanguageModelV3) => LanguageModelV3]> = [
    ['Unigate models (their own streams)', model => model],
    ['another provider’s models (the generic path)', asForeign],
  ];

  async function fallbackParts(
    failing: string[],
    wrap: (model: LanguageModelV3) => LanguageModelV3,
    overrides: Partial<LanguageModelV3CallOptions> = {},
  ) {
    const { gw, requests } = twoModels(MESSAGES_URL, failing, messagesAnswer('from b'));
    const model = gw.fallback([wrap(gw.messages('claude-a')), wrap(gw.messages('claude-b'))]);
    const parts = await readAll((await model.doStream(callOptions('Hi', overrides))).stream);
    return { parts, tried: requests.map(request => (request.body as { model: string }).model) };
  }

  const attempts = [
    {
      modelId: 'claude-a',
      kind: 'server',
      message: 'Unigate messages stream reported an error (overloaded_error): Overloaded',
    },
  ];
  // The caller's parts: the answering model's, one block, with the failed model in `attempts`.
  const answered: LanguageModelV3StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'response-metadata', id: 'm1', modelId: 'claude-b' },
    { type: 'text-start', id: '0' },
    { type: 'text-delta', id: '0', delta: 'from b' },
    { type: 'text-end', id: '0' },
    {
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'end_turn' },
      usage: expect.anything(),
      providerMetadata: { unigate: { stopSequence: null, fallback: { answeredBy: 'claude-b', attempts } } },
    },
  ];

  describe.each(paths)('%s', (_path, wrap) => {
    it.each(blocks)(
      '%s opened, then an error: the next model answers and its block is the only one',
      async (_block, block) => {
        const { parts, tried } = await fallbackParts([...opened(block), overloaded], wrap);
        expect(tried).toEqual(['claude-a', 'claude-b']);
        expect(parts).toEqual(answered);
      },
    );

    // With resume on (the default) the model resumes, then the chain hands over: fallback-hand-over.test.ts.
    it('an error after the first delta, resume off, stays with that model: the caller gets its text and the error', async () => {
      const delta = named({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'half' } });
      const { parts, tried } = await fallbackParts([...opened(textBlock), delta, overloaded], wrap, {
        providerOptions: { unigate: { resume: 'off' } },
      });
      expect(tried).toEqual(['claude-a']);
      expect(parts.map(part => part.type)).toEqual([
        'stream-start',
        'response-metadata',
        'text-start',
        'text-delta',
        'error',
        'text-end',
        'finish',
      ]);
      expect(textOf(parts)).toBe('half');
      expect(parts.at(-1)).toMatchObject({
        type: 'finish',
        finishReason: { unified: 'error' },
        providerMetadata: { unigate: { fallback: { answeredBy: 'claude-a', attempts: [] } } },
      });
    });
  });
});
