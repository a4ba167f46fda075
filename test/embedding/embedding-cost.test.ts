import * as ai from 'ai';
import aiPackage from 'ai/package.json';
import { describe, expect, it } from 'vitest';
import { createUnigate, unigateCost } from '../../src';
import { failure } from '../helpers/test-kit';
import { staleCatalog } from '../helpers/stale-catalog';
import { pricedEmulatorGateway } from '../helpers/emulator-gateway';

// providerMetadata.unigate.cost of embeddings: usage.tokens times the per-1M-token input price, per
// request. Through the real `ai` package: ai@6 here, ai@7 in the ai7 lane. The emulator counts a word
// or a punctuation mark as one token.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const major = Number(aiPackage.version.split('.')[0]);
const { embed, embedMany } = ai;

// Exact: costs are rounded to pico-credits.
const credits = (total: number) => ({ input: total, output: 0, total, unit: 'credits' });

describe(`embedding cost with ai@${major}`, () => {
  it("embed, pricing: 'catalog': text-embedding-3-large, 6 tokens x 0.065 per 1M = 0.00000039", async () => {
    const { gw } = pricedEmulatorGateway('catalog');
    const result = await embed({ model: gw.embedding('text-embedding-3-large'), value: 'the cat sat on the mat' });
    expect(result.usage.tokens).toBe(6);
    expect(result.providerMetadata?.unigate?.cost).toEqual(credits(0.00000039));
    expect(result.warnings ?? []).toEqual([]);
  });

  it('embedMany in one request: 3 texts, 9 tokens x 0.01 per 1M (text-embedding-3-small) = 0.00000009', async () => {
    const { gw, paths } = pricedEmulatorGateway('catalog');
    const result = await embedMany({
      model: gw.embedding('text-embedding-3-small'),
      values: ['the quick brown fox', 'a dog', 'rates rose!'],
    });
    expect(result.usage.tokens).toBe(9);
    expect(result.providerMetadata?.unigate?.cost).toEqual(credits(0.00000009));
    expect(paths().filter(p => p === '/v1/embeddings')).toHaveLength(1);
  });

  it('a price table overrides the built-in price: 6 tokens x 2 per 1M = 0.000012', async () => {
    const { gw } = pricedEmulatorGateway({ 'text-embedding-3-small': { inputPerMillionTokens: 2 } });
    const result = await embed({ model: gw.embedding('text-embedding-3-small'), value: 'the cat sat on the mat' });
    expect(result.providerMetadata?.unigate?.cost).toEqual(credits(0.000012));
  });

  it('pricing: false (the default) gives no cost field (no provider metadata at all) and reads no catalog', async () => {
    for (const pricing of [false, undefined] as const) {
      const { gw, paths } = pricedEmulatorGateway(pricing);
      const result = await embed({ model: gw.embedding('text-embedding-3-small'), value: 'the cat sat on the mat' });
      expect(result.providerMetadata?.unigate).toBeUndefined();
      expect(paths()).toEqual(['/v1/embeddings']);
    }
  });

  it(
    "embedMany over several requests: the AI SDK merges metadata key by key, so cost is the LAST request's, " +
      "marked costScope 'request'; unigateCost(result) is the whole batch's, from usage.tokens (the sum)",
    async () => {
      const { gw, paths } = pricedEmulatorGateway('catalog');
      // 2049 one-token inputs: the model takes 2048 per request, so embedMany sends 2048 + 1.
      const values = Array.from({ length: 2049 }, (_, i) => `w${i}`);
      const result = await embedMany({
        model: gw.embedding('text-embedding-3-small'),
        values,
        providerOptions: { unigate: { dimensions: 8 } },
      });
      expect(paths().filter(p => p === '/v1/embeddings')).toHaveLength(2);
      expect(result.usage.tokens).toBe(2049);
      // 1 token x 0.01 / 1M: the second request's cost, not the batch's (2049 x 0.01 / 1M).
      expect(result.providerMetadata?.unigate?.cost).toEqual(credits(0.00000001));
      expect(result.providerMetadata?.unigate?.costScope).toBe('request');
      // 2049 x 0.01 / 1M: the batch.
      expect(unigateCost(result)).toEqual(credits(0.00002049));
    },
  );

  it('inputs that fail their check send nothing, not even the catalog request', async () => {
    const { gw, emulator } = pricedEmulatorGateway('catalog');
    const error = await failure(
      embed({
        model: gw.embedding('text-embedding-3-small'),
        value: 'x',
        providerOptions: { unigate: { dimensions: 0 } },
      }),
    );
    expect(error.message).toContain('dimensions');
    expect(emulator.requests).toEqual([]);
  });

  it('a model the catalog lists as another kind is still sent, with a warning naming the right accessor', async () => {
    const gateway = staleCatalog('whisper-1', 'embedding');
    const gw = createUnigate({ ...gateway.settings, pricing: 'catalog' });
    // The checks read the catalog once it is loaded: a kind it cannot price never waits for it.
    await gw.catalog.get('whisper-1');
    const result = await embed({ model: gw.embedding('whisper-1'), value: 'the cat sat on the mat' });
    expect(result.warnings).toEqual([
      expect.objectContaining({
        type: 'other',
        message: expect.stringContaining("use transcription('whisper-1') on the provider."),
      }),
    ]);
    // whisper-1 has a per-minute price, no per-token one: no cost field.
    expect(result.providerMetadata?.unigate).toBeUndefined();
  });
});
