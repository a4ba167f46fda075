import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, unigateCost } from '../../src';
import { withCacheRates } from '../../src/pricing/cache-rates';
import { languageModelCost, sumCosts } from '../../src/pricing/compute-cost';
import { createUnigateEmulator } from '../../src/testing';

// Cached input at its own price: the families' published ratios, a table's own figures, else the input price.

describe('cache prices', () => {
  // [model, catalog provider, input per 1M, cache read, 5-minute write, 1-hour write]
  it.each([
    ['claude-sonnet-4-5', 'Anthropic', 3, 0.3, 3.75, 6],
    ['claude-haiku-4-5', undefined, 1, 0.1, 1.25, 2],
    // Claude Haiku 3 publishes its own: reads 0.12x, 5-minute writes 1.2x, 1-hour writes 2x.
    ['claude-3-haiku', 'Anthropic', 0.25, 0.03, 0.3, 0.5],
    ['claude-3-5-haiku', 'Anthropic', 0.8, 0.08, 1, 1.6],
    // An Anthropic model whose id does not say so: the catalog's provider decides.
    ['sonnet-latest', 'Anthropic', 3, 0.3, 3.75, 6],
    // OpenAI before GPT-5.6: cached input at 0.5x (the highest any source gives), no write charge.
    ['gpt-5-mini', 'OpenAI', 0.25, 0.125, 0.25, 0.25],
    ['gpt-5.5', 'OpenAI', 5, 2.5, 5, 5],
    ['gpt-4.1-nano', 'OpenAI', 0.1, 0.05, 0.1, 0.1],
    ['o3', 'OpenAI', 2, 1, 2, 2],
    ['o3-mini', 'OpenAI', 1.1, 0.55, 1.1, 1.1],
    ['o4-mini', undefined, 1.1, 0.55, 1.1, 1.1],
    ['gpt-4o-mini', 'OpenAI', 0.15, 0.075, 0.15, 0.15],
    ['o1', 'OpenAI', 15, 7.5, 15, 15],
    // GPT-5.6 and any OpenAI model without a line: the family, whose writes cost 1.25x.
    ['gpt-5.6-sol', 'OpenAI', 5, 2.5, 6.25, 6.25],
    ['gpt-oss-120b', 'OpenAI', 0.1, 0.05, 0.125, 0.125],
    // DeepSeek: 0.26x, the highest of the official list ($0.07 / $0.27), for every id.
    ['deepseek-chat', 'DeepSeek', 0.28, 0.0728, 0.28, 0.28],
    ['deepseek-v3', 'DeepSeek', 0.27, 0.0702, 0.27, 0.27],
    // Gemini: 0.25x, the highest of the sources (2.5 Pro's $0.31 for $1.25), for every id.
    ['gemini-2.5-pro', 'Google', 1.25, 0.3125, 1.25, 1.25],
    ['gemini-2.5-flash', undefined, 0.3, 0.075, 0.3, 0.3],
    ['gemini-2.0-flash', 'Google', 0.1, 0.025, 0.1, 0.1],
    // xAI: grok-4.20 and grok-4.3 publish 0.16x ($0.20 for $1.25); the rest of the family 0.25x.
    ['grok-4', 'xAI', 3, 0.75, 3, 3],
    ['grok-4.20-0309-reasoning', 'xAI', 1.25, 0.2, 1.25, 1.25],
    ['grok-4.3', 'xAI', 1.25, 0.2, 1.25, 1.25],
    ['grok-code-fast-1', 'xAI', 0.2, 0.05, 0.2, 0.2],
    ['qwen3-max', 'Qwen', 1.2, 0.24, 1.2, 1.2],
    ['kimi-k2', 'Moonshot', 0.6, 0.15, 0.6, 0.6],
    // Mistral: cached input at 0.1x, by the catalog's provider or the id.
    ['mistral-large', 'Mistral', 2, 0.2, 2, 2],
    ['ministral-8b', undefined, 0.1, 0.01, 0.1, 0.1],
    ['llama-3.3-70b', 'Meta', 0.6, 0.6, 0.6, 0.6],
  ])(
    '%s (%s) at %s per 1M input: reads %s, writes %s (5 minutes) and %s (1 hour)',
    (modelId, provider, input, read, write, write1h) => {
      expect(
        withCacheRates(modelId, { inputPerMillionTokens: input, outputPerMillionTokens: 1 }, { provider }),
      ).toEqual({
        inputPerMillionTokens: input,
        outputPerMillionTokens: 1,
        cacheReadPerMillionTokens: read,
        cacheWritePerMillionTokens: write,
        cacheWrite1hPerMillionTokens: write1h,
      });
    },
  );

  it('the provider decides over the id; a model unknown to both pays the input price, with the write premium on the messages format', () => {
    const price = { inputPerMillionTokens: 2 };
    // A provider this file does not know leaves the id to decide.
    expect(withCacheRates('claude-sonnet-4-5', price, { provider: 'Amazon' })?.cacheWrite1hPerMillionTokens).toBe(4);
    // A known provider wins over the id, and a model line of another family does not apply.
    expect(withCacheRates('gpt-4o-clone', price, { provider: 'DeepSeek' })?.cacheReadPerMillionTokens).toBe(0.52);
    // A model line matches its prefix up to a '-' or the id's end: 'gpt-5' is not 'gpt-5.6'.
    expect(withCacheRates('gpt-5', price, { provider: 'OpenAI' })?.cacheWritePerMillionTokens).toBe(2);
    expect(withCacheRates('gpt-5.6', price, { provider: 'OpenAI' })?.cacheWritePerMillionTokens).toBe(2.5);
    // Qwen's explicit cache (the messages format's markers) costs 1.25x to write; its implicit one, on chat, 1x.
    expect(withCacheRates('qwen3-max', price, { provider: 'Qwen', kind: 'messages' })).toEqual({
      inputPerMillionTokens: 2,
      cacheReadPerMillionTokens: 0.4,
      cacheWritePerMillionTokens: 2.5,
      cacheWrite1hPerMillionTokens: 2.5,
    });
    expect(withCacheRates('qwen3-max', price, { provider: 'Qwen', kind: 'chat' })?.cacheWritePerMillionTokens).toBe(2);
    expect(withCacheRates('house-model', price, { provider: 'Test', kind: 'chat' })).toEqual({
      inputPerMillionTokens: 2,
      cacheReadPerMillionTokens: 2,
      cacheWritePerMillionTokens: 2,
      cacheWrite1hPerMillionTokens: 2,
    });
    expect(withCacheRates('house-model', price, { provider: 'Test', kind: 'messages' })).toEqual({
      inputPerMillionTokens: 2,
      cacheReadPerMillionTokens: 2,
      cacheWritePerMillionTokens: 2.5,
      cacheWrite1hPerMillionTokens: 4,
    });
  });

  it("a table's own cache prices win, one at a time; a 1-hour write never costs less than a 5-minute one", () => {
    expect(withCacheRates('claude-sonnet-4-5', { inputPerMillionTokens: 3, cacheWritePerMillionTokens: 6 })).toEqual({
      inputPerMillionTokens: 3,
      cacheReadPerMillionTokens: 0.3,
      cacheWritePerMillionTokens: 6,
      cacheWrite1hPerMillionTokens: 6,
    });
    expect(withCacheRates('gpt-4o', { inputPerMillionTokens: 2.5, cacheWrite1hPerMillionTokens: 9 })).toEqual({
      inputPerMillionTokens: 2.5,
      cacheReadPerMillionTokens: 1.25,
      cacheWritePerMillionTokens: 2.5,
      cacheWrite1hPerMillionTokens: 9,
    });
    const own = {
      inputPerMillionTokens: 3,
      cacheReadPerMillionTokens: 0,
      cacheWritePerMillionTokens: 3,
      cacheWrite1hPerMillionTokens: 3,
    };
    expect(withCacheRates('claude-sonnet-4-5', own)).toBe(own);
    expect(withCacheRates('tts-1', { perMillionCharacters: 3.75 })).toEqual({ perMillionCharacters: 3.75 });
    expect(withCacheRates('claude-sonnet-4-5', undefined)).toBeUndefined();
  });

  it('prices fresh input, cache reads and cache writes apart, to the pico-credit; input includes the cache lines', () => {
    const price = withCacheRates('claude-sonnet-4-5', { inputPerMillionTokens: 3, outputPerMillionTokens: 15 });
    const usage = {
      inputTokens: { total: 10_500, noCache: 1_000, cacheRead: 9_000, cacheWrite: 500 },
      outputTokens: { total: 200, text: 200, reasoning: undefined },
    };
    // 500 writes of 5 minutes: 1,000 x 3 + 9,000 x 0.3 + 500 x 3.75 = 7,575 per 1M; 200 x 15 = 3,000 per 1M.
    const cost = languageModelCost(price, usage, 0);
    expect(cost).toEqual({
      input: 0.007575,
      output: 0.003,
      total: 0.010575,
      unit: 'credits',
      cacheRead: 0.0027,
      cacheWrite: 0.001875,
    });
    // 200 of them for an hour: 300 x 3.75 + 200 x 6 = 2,325 per 1M.
    expect(languageModelCost(price, usage, 200)).toMatchObject({ input: 0.008025, cacheWrite: 0.002325 });
    // Which TTL wrote them unknown: all at the 1-hour price, 500 x 6 = 3,000 per 1M.
    expect(languageModelCost(price, usage)).toMatchObject({ input: 0.0087, cacheWrite: 0.003 });
    // No cache tokens: no cache lines.
    expect(
      languageModelCost(price, {
        inputTokens: { total: 1_000, noCache: 1_000, cacheRead: 0, cacheWrite: undefined },
        outputTokens: { total: 0, text: 0, reasoning: undefined },
      }),
    ).toEqual({ input: 0.003, output: 0, total: 0.003, unit: 'credits' });
    expect(sumCosts([cost!, cost!])).toEqual({
      input: 0.01515,
      output: 0.006,
      total: 0.02115,
      unit: 'credits',
      cacheRead: 0.0054,
      cacheWrite: 0.00375,
    });
  });

  it('estimateCost takes cache token counts, part of inputTokens, and checks them', async () => {
    const gw = createUnigate({
      apiKey: 'k',
      siteURL: 'http://127.0.0.1:9',
      pricing: { 'claude-sonnet-4-5': { inputPerMillionTokens: 3, outputPerMillionTokens: 15 } },
    });
    expect(
      await gw.estimateCost({
        model: 'claude-sonnet-4-5',
        inputTokens: 10_000,
        cacheReadTokens: 9_000,
        outputTokens: 100,
      }),
    ).toEqual({ input: 0.0057, output: 0.0015, total: 0.0072, unit: 'credits', cacheRead: 0.0027 });
    await expect(
      gw.estimateCost({ model: 'claude-sonnet-4-5', inputTokens: 100, cacheReadTokens: 90, cacheWriteTokens: 20 }),
    ).rejects.toThrow(
      'Invalid argument cacheReadTokens: expected cacheReadTokens plus cacheWriteTokens to be at most inputTokens, of which they are part; received 110.',
    );
    // 1-hour writes, part of cacheWriteTokens, at the 1-hour price: 9,000 x 3 + 600 x 3.75 + 400 x 6 per 1M.
    expect(
      await gw.estimateCost({
        model: 'claude-sonnet-4-5',
        inputTokens: 10_000,
        cacheWriteTokens: 1_000,
        cacheWrite1hTokens: 400,
      }),
    ).toEqual({ input: 0.03165, output: 0, total: 0.03165, unit: 'credits', cacheWrite: 0.00465 });
    // Outside cacheWriteTokens they would be priced at nothing: refused.
    await expect(
      gw.estimateCost({ model: 'claude-sonnet-4-5', inputTokens: 100, cacheWrite1hTokens: 10 }),
    ).rejects.toThrow(
      'Invalid argument cacheWrite1hTokens: expected cacheWrite1hTokens to be at most cacheWriteTokens, of which they are part; received 10.',
    );
    await expect(
      gw.estimateCost({ model: 'claude-sonnet-4-5', inputTokens: 100, cacheReadTokens: Number.NaN }),
    ).rejects.toThrow('Invalid argument cacheReadTokens: expected a finite number of at least 0; received NaN.');
  });

  it('a chat call whose prompt the upstream cached is priced at the cache-read price (emulator, gpt-4o-mini)', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate({
      ...emulator.settings,
      pricing: { 'gpt-4o-mini': { inputPerMillionTokens: 0.15, outputPerMillionTokens: 0.6 } },
    });
    // A prefix of well over 1,024 tokens, sent twice: the second is read from the upstream's cache.
    const system = 'You are a careful assistant. '.repeat(400);
    const ask = () => generateText({ model: gw('gpt-4o-mini'), system, prompt: 'Hello there' });
    const first = await ask();
    const second = await ask();
    expect(unigateCost(first)?.cacheRead).toBeUndefined();
    const usage = second.usage.inputTokenDetails;
    expect(usage.cacheReadTokens).toBeGreaterThan(0);
    const cost = unigateCost(second)!;
    // Cached tokens at 0.075 per 1M, the rest at 0.15.
    expect(cost.cacheRead).toBe(Math.round(usage.cacheReadTokens! * 0.075 * 1e6) / 1e12);
    expect(cost.input).toBe(Math.round((usage.noCacheTokens! * 0.15 + usage.cacheReadTokens! * 0.075) * 1e6) / 1e12);
    expect(cost.input).toBeLessThan(unigateCost(first)!.input);
  });

  it.each([
    // The sample catalog's input prices: deepseek-chat 0.135, read at 0.26x; gemini-2.5-flash 0.15, at 0.25x.
    ['deepseek-chat', 0.00032427, 0.0000843102],
    ['gemini-2.5-flash', 0.0003603, 0.000090075],
  ])('%s: cached input at its published ratio of the catalog price, not the full price', async (model, fresh, read) => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate({ ...emulator.settings, pricing: 'catalog' });
    const system = 'You are a careful assistant. '.repeat(400);
    const ask = () => generateText({ model: gw(model), system, prompt: 'Hello there' });
    const first = await ask();
    expect(first.usage.inputTokens).toBe(2_402);
    expect(unigateCost(first)).toMatchObject({ input: fresh });
    // All 2,402 input tokens read from the cache.
    const second = await ask();
    expect(second.usage.inputTokenDetails.cacheReadTokens).toBe(2_402);
    expect(unigateCost(second)).toMatchObject({ input: read, cacheRead: read });
  });

  it('a messages call writes the cache at 1.25x, and the next reads it at 0.1x (emulator, caching auto)', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate({
      ...emulator.settings,
      pricing: { 'claude-sonnet-4-5': { inputPerMillionTokens: 3, outputPerMillionTokens: 15 } },
    });
    const system = 'You are a careful assistant. '.repeat(400);
    const ask = () => generateText({ model: gw.messages('claude-sonnet-4-5'), system, prompt: 'Hello there' });
    const first = await ask();
    const second = await ask();
    const written = first.usage.inputTokenDetails.cacheWriteTokens!;
    const read = second.usage.inputTokenDetails.cacheReadTokens!;
    expect(written).toBeGreaterThan(1_000);
    expect(read).toBe(written);
    expect(unigateCost(first)).toMatchObject({ cacheWrite: Math.round(written * 3.75 * 1e6) / 1e12 });
    expect(unigateCost(second)).toMatchObject({ cacheRead: Math.round(read * 0.3 * 1e6) / 1e12 });
    expect(unigateCost(second)!.input).toBeLessThan(unigateCost(first)!.input / 5);
  });
});
