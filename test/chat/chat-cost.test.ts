import { generateText, streamText } from 'ai';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { catalogFirst } from '../helpers/catalog-timing';
import { createMockFetch } from '../helpers/mock-fetch';
import { API_KEY, SITE_URL } from '../helpers/test-kit';
import { CHAT_URL, chunk, completion, DONE, usageChunk } from './chat-fixtures';
import { createUnigateEmulator } from '../../src/testing';
import { catalogRequests, failingCatalogFetch, PRICED_MODELS, pricedGateway } from '../pricing/pricing-fixtures';

// priced-chat: 2.5 credits per 1M input tokens (sent as "2.5"), 10 per 1M output tokens.
const cost = (inputTokens: number, outputTokens: number) => ({
  input: expect.closeTo((inputTokens * 2.5) / 1e6, 15),
  output: expect.closeTo((outputTokens * 10) / 1e6, 15),
  total: expect.closeTo((inputTokens * 2.5 + outputTokens * 10) / 1e6, 15),
  unit: 'credits',
});

describe('chat model cost', () => {
  it('generateText: providerMetadata.unigate.cost from the usage and the catalog prices', async () => {
    const { gw } = pricedGateway();
    const result = await generateText({ model: gw('priced-chat'), prompt: 'Hello there' });
    expect(result.text).toBe('You said: Hello there');
    expect([result.usage.inputTokens, result.usage.outputTokens]).toEqual([2, 5]);
    // 2 * 2.5 / 1e6 = 0.000005; 5 * 10 / 1e6 = 0.00005
    expect(result.providerMetadata).toEqual({
      unigate: { cost: { input: 0.000005, output: 0.00005, total: 0.000055, unit: 'credits' } },
    });
    expect(result.warnings).toEqual([]);
  });

  it('streamText: the finish part and result.providerMetadata carry the cost', async () => {
    const { gw } = pricedGateway();
    const result = streamText({ model: gw('priced-chat'), prompt: 'Hello there' });
    const parts: Array<{ type: string; providerMetadata?: unknown }> = [];
    for await (const part of result.fullStream) parts.push(part);
    expect(await result.text).toBe('You said: Hello there');
    const expected = { unigate: { cost: cost(2, 5) } };
    expect(parts.find(part => part.type === 'finish-step')?.providerMetadata).toEqual(expected);
    expect(await result.providerMetadata).toEqual(expected);
  });

  it('n > 1: the cost counts every completion, next to the choices', async () => {
    const { gw } = pricedGateway();
    const result = await generateText({
      model: gw('priced-chat'),
      prompt: 'Hi',
      providerOptions: { unigate: { n: 2 } },
    });
    // 'You said: Hi' (4 tokens) + 'Alternative 2: You said: Hi' (7 tokens): the gateway's usage covers both.
    expect([result.usage.inputTokens, result.usage.outputTokens]).toEqual([1, 11]);
    expect(result.providerMetadata?.unigate).toEqual({
      choices: [
        { index: 0, text: 'You said: Hi', finishReason: 'stop' },
        { index: 1, text: 'Alternative 2: You said: Hi', finishReason: 'stop' },
      ],
      cost: cost(1, 11),
    });

    const streamed = streamText({ model: gw('priced-chat'), prompt: 'Hi', providerOptions: { unigate: { n: 2 } } });
    await streamed.consumeStream();
    expect((await streamed.providerMetadata)?.unigate?.cost).toEqual(cost(1, 11));
  });

  it('pricing off (the default): no cost, no catalog request', async () => {
    const emulator = createUnigateEmulator({ models: PRICED_MODELS });
    const gw = createUnigate(emulator.settings);
    const result = await generateText({ model: gw('priced-chat'), prompt: 'Hello there' });
    expect(result.providerMetadata).toBeUndefined();
    expect(catalogRequests(emulator)).toBe(0);
  });

  it('a user table overrides the catalog price', async () => {
    const { gw } = pricedGateway({
      pricing: { 'priced-chat': { inputPerMillionTokens: 1000, outputPerMillionTokens: 2000 } },
    });
    const result = await generateText({ model: gw('priced-chat'), prompt: 'Hello there' });
    expect(result.providerMetadata?.unigate?.cost).toEqual({
      input: 0.002,
      output: 0.01,
      total: 0.012,
      unit: 'credits',
    });
  });

  it('20 concurrent calls load the catalog once (one request per page)', async () => {
    const { gw, emulator } = pricedGateway();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => generateText({ model: gw('priced-chat'), prompt: 'Hello there' })),
    );
    expect(results.every(result => result.providerMetadata?.unigate?.cost !== undefined)).toBe(true);
    expect(catalogRequests(emulator)).toBe(1); // PRICED_MODELS fit one page
  });

  it('a catalog answering 500 does not fail the call: no cost, a warning that says why', async () => {
    const emulator = createUnigateEmulator({ models: PRICED_MODELS });
    const gw = createUnigate({ ...emulator.settings, fetch: failingCatalogFetch(emulator), pricing: 'catalog' });
    const result = await generateText({ model: gw('priced-chat'), prompt: 'Hello there' });
    expect(result.text).toBe('You said: Hello there');
    expect(result.providerMetadata).toBeUndefined();
    expect(result.warnings).toEqual([
      {
        type: 'other',
        message: expect.stringMatching(/^The Unigate catalog could not be loaded.*catalog database unavailable/),
      },
    ]);

    const streamed = streamText({ model: gw('priced-chat'), prompt: 'Hello there' });
    await streamed.consumeStream();
    expect(await streamed.text).toBe('You said: Hello there');
    // A stream also says why in its finish part's metadata: that part is the one a late reason can reach.
    expect(await streamed.providerMetadata).toEqual({
      unigate: {
        costUnavailable: expect.stringMatching(
          /^The Unigate catalog could not be loaded.*catalog database unavailable/,
        ),
      },
    });
    expect((await streamed.warnings)?.map(warning => warning.type)).toEqual(['other']);
  });

  it('warns when the catalog lists an id the package does not know as an embedding model, naming embedding(...)', async () => {
    // The emulator refuses an embedding model on chat; a gateway that answers shows the warning on the result.
    // The catalog answers first: the checks need it loaded when the response is complete.
    // (An id the package itself lists as an embedding model never gets this far: it is refused before any request.)
    const { fetch } = createMockFetch(
      http.get(`${SITE_URL}/api/public/models`, () =>
        HttpResponse.json({
          success: true,
          data: [{ id: 'embed-next-1', provider: 'OpenAI', type: 'embedding', inputPrice: 0.01, outputPrice: 0 }],
          pagination: { total: 1 },
        }),
      ),
      http.post(CHAT_URL, () => HttpResponse.json(completion({ content: 'ok' }))),
    );
    const gw = createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, fetch: catalogFirst(fetch), pricing: 'catalog' });
    const result = await generateText({ model: gw('embed-next-1'), prompt: 'Hi' });
    expect(result.text).toBe('ok');
    expect(result.warnings).toEqual([
      {
        type: 'other',
        message:
          `Model "embed-next-1" is listed in the catalog as type 'embedding', but it is used as a chat ` +
          `language model (chat(id)); use embedding('embed-next-1') on the provider.`,
      },
    ]);
  });

  it('warns in stream-start when the prompt may not fit the context window', async () => {
    const { gw } = pricedGateway();
    const prompt = 'x'.repeat(17); // 17 / 4 rounded up = 5 tokens > 4
    const result = streamText({ model: gw('tiny-chat'), prompt, includeRawChunks: false });
    const starts: unknown[] = [];
    for await (const part of result.fullStream) if (part.type === 'start-step') starts.push(part.warnings);
    expect(starts).toEqual([
      [
        {
          type: 'other',
          message:
            'The prompt is about 5 tokens (estimated as 17 characters / 4, rounded up), more than the 4-token ' +
            'context window the catalog lists for "tiny-chat".',
        },
      ],
    ]);
  });
});

describe('chat cache writes, priced from the wire', () => {
  // 1,000 prompt tokens, 400 read from the cache, 10 output; every model at 1 credit an input token, 2 an output one.
  const usage = {
    prompt_tokens: 1_000,
    completion_tokens: 10,
    total_tokens: 1_010,
    prompt_tokens_details: { cached_tokens: 400 },
  };
  const price = { inputPerMillionTokens: 1e6, outputPerMillionTokens: 2e6 };
  // Claude Sonnet at Anthropic's list prices, in dollars per 1M tokens: $3 input, $15 output (docs/prompt-caching-prices.md).
  const sonnet = { inputPerMillionTokens: 3, outputPerMillionTokens: 15 };
  const gateway = (answer: Record<string, unknown> = usage) => {
    const bodies: Array<Record<string, unknown>> = [];
    const { fetch } = createMockFetch(
      http.post(CHAT_URL, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.stream) return HttpResponse.json(completion({ content: 'x' }, { usage: answer }));
        const events = [chunk({ content: 'x' }, 'stop'), usageChunk(answer), DONE].join('');
        return new HttpResponse(events, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const pricing = { 'gpt-5.6': price, 'gpt-4o': price, 'claude-sonnet-4-5': sonnet };
    return { gw: createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, fetch, pricing }), bodies };
  };
  /** The call's cost, through generateText and streamText: both must give it. */
  const costOf = async (model: Parameters<typeof generateText>[0]['model'], extra: object = {}) => {
    const generated = await generateText({ model, prompt: 'Hi', ...extra });
    const streamed = streamText({ model, prompt: 'Hi', ...extra });
    await streamed.consumeStream();
    expect((await streamed.providerMetadata)?.unigate?.cost).toEqual(generated.providerMetadata?.unigate?.cost);
    return generated.providerMetadata?.unigate?.cost;
  };

  it('a Claude model through chat with no cache_control pays its input price: the vendor price, 0% over', async () => {
    const { gw, bodies } = gateway({ prompt_tokens: 1_000, completion_tokens: 10, total_tokens: 1_010 });
    // Anthropic bills 1,000 fresh input tokens at $3/1M and 10 output at $15/1M: nothing was written.
    expect(await costOf(gw.chat('claude-sonnet-4-5'))).toEqual({
      input: 0.003,
      output: 0.00015,
      total: 0.00315,
      unit: 'credits',
    });
    expect(JSON.stringify(bodies[0])).not.toContain('cache_control');
  });

  it('a Claude model through chat with a breakpoint and no write count: every uncached token as written, estimated', async () => {
    const { gw, bodies } = gateway();
    const breakpoint = { providerOptions: { unigate: { extraBody: { cache_control: { type: 'ephemeral' } } } } };
    // 600 uncached at the 5-minute write price (1.25 x $3), 400 read at 0.1 x $3: the most the call can have cost.
    expect(await costOf(gw.chat('claude-sonnet-4-5'), breakpoint)).toEqual({
      input: 0.00237,
      output: 0.00015,
      total: 0.00252,
      unit: 'credits',
      cacheRead: 0.00012,
      estimated: true,
    });
    expect(bodies[0].cache_control).toEqual({ type: 'ephemeral' });
  });

  it("the usage's own write count wins: a Claude model through OpenRouter, as recorded", async () => {
    // test/replay/fixtures/pydantic-ai.openrouter/test_cache.test_openrouter_cache_all_settings_real_api.3.json
    const recorded = {
      prompt_tokens: 2572,
      completion_tokens: 100,
      total_tokens: 2672,
      prompt_tokens_details: { audio_tokens: 0, cache_write_tokens: 329, cached_tokens: 2240, video_tokens: 0 },
    };
    const { gw } = gateway(recorded);
    // 3 fresh at $3, 2,240 read at $0.30, 329 written at $3.75 (1M tokens); 100 output at $15.
    expect(await costOf(gw.chat('claude-sonnet-4-5'))).toEqual({
      input: 0.00191475,
      output: 0.0015,
      total: 0.00341475,
      unit: 'credits',
      cacheRead: 0.000672,
      cacheWrite: 0.00123375,
    });
  });

  it('a model that writes unasked and bills it (GPT-5.6) without a write count: the input not read as written, estimated; gpt-4o at 1x', async () => {
    const { gw } = gateway();
    // 600 fresh tokens at the write price (1.25), 400 read at OpenAI's 0.5x.
    expect(await costOf(gw('gpt-5.6'))).toEqual({
      input: 600 * 1.25 + 400 * 0.5,
      output: 20,
      total: 970,
      unit: 'credits',
      cacheRead: 200,
      estimated: true,
    });
    expect(await costOf(gw('gpt-4o'))).toEqual({ input: 800, output: 20, total: 820, unit: 'credits', cacheRead: 200 });
  });

  it('GPT-5.6 reporting its writes, as recorded: priced as reported, not estimated', async () => {
    // test/replay/fixtures/pydantic-ai.openai/test_openai_prompt_cache.test_openai_chat_prompt_cache_e2e.1.json
    const recorded = {
      prompt_tokens: 4020,
      completion_tokens: 4,
      total_tokens: 4024,
      prompt_tokens_details: { audio_tokens: 0, cache_write_tokens: 4012, cached_tokens: 0 },
    };
    const { gw } = gateway(recorded);
    // 8 fresh at 1, 4,012 written at 1.25.
    expect(await costOf(gw('gpt-5.6'))).toEqual({
      input: 8 + 4012 * 1.25,
      output: 8,
      total: 8 + 4012 * 1.25 + 8,
      unit: 'credits',
      cacheWrite: 5015,
    });
  });
});
