import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, unigateCost } from '../../src';
import { withCacheRates } from '../../src/pricing/cache-rates';
import { languageModelCost } from '../../src/pricing/language-model-cost';
import { sumCosts } from '../../src/pricing/credit-units';
import { createUnigateEmulator } from '../../src/testing';

// Cached input at its own price: the families' published ratios, a table's own figures, else the input price.

describe('cache prices', () => {
  it.each([
    ['claude-sonnet-4-5', 3, 0.3, 3.75],
    ['claude-haiku-4-5', 1, 0.1, 1.25],
    ['gpt-5-mini', 0.25, 0.025, 0.25],
    ['gpt-4.1-nano', 0.1, 0.025, 0.1],
    ['o3', 2, 0.5, 2],
    ['o3-mini', 1.1, 0.55, 1.1],
    ['o4-mini', 1.1, 0.275, 1.1],
    ['gpt-4o-mini', 0.15, 0.075, 0.15],
    ['o1', 15, 7.5, 15],
    ['deepseek-chat', 0.27, 0.27, 0.27],
    ['gemini-2.5-pro', 1.25, 1.25, 1.25],
  ])('%s at %s per 1M input: cache reads %s, cache writes %s', (modelId, input, read, write) => {
    expect(withCacheRates(modelId, { inputPerMillionTokens: input, outputPerMillionTokens: 1 })).toEqual({
      inputPerMillionTokens: input,
      outputPerMillionTokens: 1,
      cacheReadPerMillionTokens: read,
      cacheWritePerMillionTokens: write,
    });
  });

  it("a table's own cache prices win, one at a time; prices without an input price stay as they are", () => {
    expect(withCacheRates('claude-sonnet-4-5', { inputPerMillionTokens: 3, cacheWritePerMillionTokens: 6 })).toEqual({
      inputPerMillionTokens: 3,
      cacheReadPerMillionTokens: 0.3,
      cacheWritePerMillionTokens: 6,
    });
    const own = { inputPerMillionTokens: 3, cacheReadPerMillionTokens: 0, cacheWritePerMillionTokens: 3 };
    expect(withCacheRates('claude-sonnet-4-5', own)).toBe(own);
    expect(withCacheRates('tts-1', { perMillionCharacters: 3.75 })).toEqual({ perMillionCharacters: 3.75 });
    expect(withCacheRates('claude-sonnet-4-5', undefined)).toBeUndefined();
  });

  it('prices fresh input, cache reads and cache writes apart, to the pico-credit; input includes the cache lines', () => {
    const price = withCacheRates('claude-sonnet-4-5', { inputPerMillionTokens: 3, outputPerMillionTokens: 15 });
    const cost = languageModelCost(price, {
      inputTokens: { total: 10_500, noCache: 1_000, cacheRead: 9_000, cacheWrite: 500 },
      outputTokens: { total: 200, text: 200, reasoning: undefined },
    });
    // 1,000 x 3 + 9,000 x 0.3 + 500 x 3.75 = 7,575 per 1M; 200 x 15 = 3,000 per 1M.
    expect(cost).toEqual({
      input: 0.007575,
      output: 0.003,
      total: 0.010575,
      unit: 'credits',
      cacheRead: 0.0027,
      cacheWrite: 0.001875,
    });
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
