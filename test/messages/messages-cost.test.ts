import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
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
