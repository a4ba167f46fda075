import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, unigateCost } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { catalogRequests, failingCatalogFetch, PRICED_MODELS, pricedGateway } from '../pricing/pricing-fixtures';

// priced-chat: 2.5 credits per 1M input tokens (sent as "2.5"), 10 per 1M output tokens.
const cost = (inputTokens: number, outputTokens: number) => ({
  input: expect.closeTo((inputTokens * 2.5) / 1e6, 15),
  output: expect.closeTo((outputTokens * 10) / 1e6, 15),
  total: expect.closeTo((inputTokens * 2.5 + outputTokens * 10) / 1e6, 15),
  unit: 'credits',
});

/** What the emulator reports for 'Hello there' on the messages endpoint. */
const USAGE = { input: 5, output: 8 };

describe('messages model cost', () => {
  it('generateText: the cost sits next to stopSequence', async () => {
    const { gw } = pricedGateway();
    const result = await generateText({ model: gw.messages('priced-chat'), prompt: 'Hello there' });
    const { inputTokens, outputTokens } = result.usage;
    expect([inputTokens, outputTokens]).toEqual([USAGE.input, USAGE.output]);
    expect(result.providerMetadata).toEqual({ unigate: { stopSequence: null, cost: cost(USAGE.input, USAGE.output) } });
    expect(result.warnings).toEqual([]);
  });

  it('streamText: the finish part and result.providerMetadata carry the cost', async () => {
    const { gw } = pricedGateway();
    const result = streamText({ model: gw.messages('priced-chat'), prompt: 'Hello there' });
    const parts: Array<{ type: string; providerMetadata?: unknown }> = [];
    for await (const part of result.fullStream) parts.push(part);
    const expected = { unigate: { stopSequence: null, cost: cost(USAGE.input, USAGE.output) } };
    expect(parts.find(part => part.type === 'finish-step')?.providerMetadata).toEqual(expected);
    expect(await result.providerMetadata).toEqual(expected);
    expect((await result.usage).outputTokens).toBe(USAGE.output);
  });

  it('pricing off: only stopSequence, and no catalog request', async () => {
    const emulator = createUnigateEmulator({ models: PRICED_MODELS });
    const gw = createUnigate(emulator.settings);
    const result = await generateText({ model: gw.messages('priced-chat'), prompt: 'Hello there' });
    expect(result.providerMetadata).toEqual({ unigate: { stopSequence: null } });
    expect(catalogRequests(emulator)).toBe(0);
  });

  it('a user table overrides the catalog price', async () => {
    const { gw } = pricedGateway({
      pricing: { 'priced-chat': { inputPerMillionTokens: 1e6, outputPerMillionTokens: 2e6 } },
    });
    const result = await generateText({ model: gw.messages('priced-chat'), prompt: 'Hello there' });
    expect(result.providerMetadata?.unigate?.cost).toEqual({
      input: USAGE.input,
      output: 2 * USAGE.output,
      total: USAGE.input + 2 * USAGE.output,
      unit: 'credits',
    });
  });

  it('a catalog answering 500 does not fail the call: no cost, a warning in stream-start and costUnavailable that say why', async () => {
    const emulator = createUnigateEmulator({ models: PRICED_MODELS });
    const gw = createUnigate({ ...emulator.settings, fetch: failingCatalogFetch(emulator), pricing: 'catalog' });
    const result = streamText({ model: gw.messages('priced-chat'), prompt: 'Hello there' });
    const warnings: unknown[] = [];
    for await (const part of result.fullStream) if (part.type === 'start-step') warnings.push(...part.warnings);
    const why = expect.stringMatching(/^The Unigate catalog could not be loaded.*catalog database unavailable/);
    expect(await result.providerMetadata).toEqual({ unigate: { stopSequence: null, costUnavailable: why } });
    expect(warnings).toEqual([{ type: 'other', message: why }]);
  });

  it('warns when the prompt may not fit the context window', async () => {
    const { gw } = pricedGateway();
    const result = await generateText({ model: gw.messages('tiny-chat'), system: 'Be brief.', prompt: 'Hello there' });
    // 'Be brief.' (9) + 'Hello there' (11) = 20 characters, about 5 tokens > 4
    expect(result.warnings).toEqual([
      {
        type: 'other',
        message:
          'The prompt is about 5 tokens (estimated as 20 characters / 4, rounded up), more than the 4-token ' +
          'context window the catalog lists for "tiny-chat".',
      },
    ]);
  });
});

describe('messages cache writes priced by TTL and by model', () => {
  const system = 'You are a careful assistant. '.repeat(400);
  const TABLE = { 'claude-sonnet-4-5': { inputPerMillionTokens: 3, outputPerMillionTokens: 15 } };
  // 2,400 tokens written for an hour: 2,400 x 6 + 5 x 3 = 14,415 per 1M; 8 x 15 = 120 per 1M. At 1.25x the
  // input was 9,015 per 1M: -37.5%.
  const ONE_HOUR_WRITE = { input: 0.014415, output: 0.00012, total: 0.014535, unit: 'credits', cacheWrite: 0.0144 };
  /** The long system prompt, cached for an hour when `ttl` says so, and a short question. */
  const prompt = (ttl?: '5m' | '1h') => ({
    messages: [
      {
        role: 'system' as const,
        content: system,
        providerOptions: { unigate: { cacheControl: { type: 'ephemeral' as const, ...(ttl && { ttl }) } } },
      },
      { role: 'user' as const, content: 'Hello there' },
    ],
    allowSystemInMessages: true,
  });

  it('a 1-hour cache write is priced at 2x input (generateText); the next call reads it at 0.1x', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate({ ...emulator.settings, pricing: TABLE });
    const first = await generateText({ model: gw.messages('claude-sonnet-4-5'), ...prompt('1h') });
    expect(first.usage.raw).toMatchObject({
      input_tokens: 5,
      cache_creation_input_tokens: 2400,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 2400 },
    });
    expect(unigateCost(first)).toEqual(ONE_HOUR_WRITE);
    const second = await generateText({ model: gw.messages('claude-sonnet-4-5'), ...prompt('1h') });
    // 2,400 x 0.3 + 5 x 3 = 735 per 1M.
    expect(unigateCost(second)).toMatchObject({ input: 0.000735, cacheRead: 0.00072 });
  });

  it('a stream prices its 1-hour write alike, from the usage message_start reports', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate({ ...emulator.settings, pricing: TABLE });
    const result = streamText({ model: gw.messages('claude-sonnet-4-5'), ...prompt('1h') });
    await result.consumeStream();
    expect(await unigateCost(result)).toEqual(ONE_HOUR_WRITE);
  });

  it('usage that does not split writes by TTL: priced at the longest TTL the request asked for', async () => {
    const emulator = createUnigateEmulator();
    // An upstream that reports cache_creation_input_tokens without the cache_creation split.
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const response = await emulator.fetch(input, init);
      if (!String(input).endsWith('/messages')) return response;
      const body = await response.json();
      delete body.usage.cache_creation;
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    const gw = createUnigate({ ...emulator.settings, fetch, pricing: TABLE });
    const longest = await generateText({ model: gw.messages('claude-sonnet-4-5'), ...prompt('1h') });
    expect(longest.usage.raw).not.toHaveProperty('cache_creation');
    expect(unigateCost(longest)).toMatchObject({ input: 0.014415, cacheWrite: 0.0144 });
    // Another prefix (one more word), cached for 5 minutes: 2,402 x 3.75 + 5 x 3 = 9,022.5 per 1M.
    const short = await generateText({
      model: gw.messages('claude-sonnet-4-5'),
      ...prompt('5m'),
      messages: [{ ...prompt('5m').messages[0]!, content: `${system}Always.` }, prompt().messages[1]!],
    });
    expect(unigateCost(short)).toMatchObject({ input: 0.0090225, cacheWrite: 0.0090075 });
  });

  it("Claude Haiku 3 writes at its own 1.2x and reads at 0.12x of the catalog's input price", async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate({ ...emulator.settings, pricing: 'catalog' });
    const ask = () => generateText({ model: gw.messages('claude-3-haiku'), system, prompt: 'Hello there' });
    // The sample catalog: 0.125 in, 0.625 out. 2,405 x 0.15 = 360.75 per 1M written; 8 x 0.625 out.
    expect(unigateCost(await ask())).toEqual({
      input: 0.00036075,
      output: 0.000005,
      total: 0.00036575,
      unit: 'credits',
      cacheWrite: 0.00036075,
    });
    // 2,405 x 0.015 = 36.075 per 1M read (0.1x would give 30.0625: -16.7%).
    expect(unigateCost(await ask())).toEqual({
      input: 0.000036075,
      output: 0.000005,
      total: 0.000041075,
      unit: 'credits',
      cacheRead: 0.000036075,
    });
  });

  it('a catalog alias whose provider is Anthropic, its id without claude-, pays the cache-write premium', async () => {
    const alias = { id: 'house-sonnet', provider: 'Anthropic', type: 'chat' as const, inputPrice: 3, outputPrice: 15 };
    const emulator = createUnigateEmulator({ models: [{ ...alias, isNew: false, created: 1_700_000_000 }] });
    const gw = createUnigate({ ...emulator.settings, pricing: 'catalog' });
    const ask = () => generateText({ model: gw.messages('house-sonnet'), system, prompt: 'Hello there' });
    // 2,405 x 3.75 = 9,018.75 per 1M written (at the input price it was 7,215: -20%); read at 0.3.
    expect(unigateCost(await ask())).toMatchObject({ input: 0.00901875, cacheWrite: 0.00901875 });
    expect(unigateCost(await ask())).toMatchObject({ input: 0.0007215, cacheRead: 0.0007215 });
  });
});
