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

describe('chat cache writes the usage does not report', () => {
  // 1,000 prompt tokens, 400 read from the cache, 10 output; both models at 1 credit an input token, 2 an output one.
  const usage = {
    prompt_tokens: 1_000,
    completion_tokens: 10,
    total_tokens: 1_010,
    prompt_tokens_details: { cached_tokens: 400 },
  };
  const price = { inputPerMillionTokens: 1e6, outputPerMillionTokens: 2e6 };
  const gateway = () => {
    const { fetch } = createMockFetch(
      http.post(CHAT_URL, async ({ request }) => {
        const body = (await request.json()) as { stream?: boolean };
        if (!body.stream) return HttpResponse.json(completion({ content: 'x' }, { usage }));
        const events = [chunk({ content: 'x' }, 'stop'), usageChunk(usage), DONE].join('');
        return new HttpResponse(events, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    return createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, fetch, pricing: { 'gpt-5.6': price, 'gpt-4o': price } });
  };

  it('a model that bills cache writes (GPT-5.6) prices the input not read as written, at 1.25x; one that does not, at 1x', async () => {
    const gw = gateway();
    // 600 fresh tokens at the write price (1.25), 400 read at OpenAI's 0.5x.
    const written = { input: 600 * 1.25 + 400 * 0.5, output: 20, total: 970, unit: 'credits', cacheRead: 200 };
    const generated = await generateText({ model: gw('gpt-5.6'), prompt: 'Hi' });
    expect(generated.providerMetadata?.unigate?.cost).toEqual(written);
    const streamed = streamText({ model: gw('gpt-5.6'), prompt: 'Hi' });
    await streamed.consumeStream();
    expect((await streamed.providerMetadata)?.unigate?.cost).toEqual(written);
    const older = await generateText({ model: gw('gpt-4o'), prompt: 'Hi' });
    expect(older.providerMetadata?.unigate?.cost).toEqual({
      input: 800,
      output: 20,
      total: 820,
      unit: 'credits',
      cacheRead: 200,
    });
  });
});
