import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, unigateMessagesMetadata } from '../../src';
import { createUnigateEmulator } from '../../src/testing';

// unigateMessagesMetadata on real results of the AI SDK (ai@6 here, ai@7 in the ai7 lane), generated and
// streamed, on reasoning parts, and on metadata of the wrong shape. Results of other providers:
// test/checks/values.test.ts.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const gw = () => createUnigate(createUnigateEmulator().settings);

describe('unigateMessagesMetadata', () => {
  it("reads a generateText result's metadata: the stop sequence that ended it", async () => {
    const result = await generateText({
      model: gw().messages('claude-sonnet-4-5'),
      prompt: 'Count 1 2 3',
      stopSequences: ['3'],
    });
    expect(unigateMessagesMetadata(result)).toEqual({ stopSequence: '3' });
  });

  it('a reasoning part: the signature its thinking block is sent back with', async () => {
    const result = await generateText({
      model: gw().messages('claude-sonnet-4-5'),
      prompt: 'Is 7 prime?',
      providerOptions: { unigate: { thinking: { type: 'enabled', budgetTokens: 1024 } } },
    });
    expect(result.reasoning).toHaveLength(1);
    expect(unigateMessagesMetadata(result.reasoning[0])).toEqual({
      signature: 'EmuSigtL+ZNkOkyHP4gR63iAaYnZEn+bs9VewmCN4yZYkv7N0=',
    });
  });

  it("streamText: a promise of the finished stream's metadata", async () => {
    const result = streamText({
      model: gw().messages('claude-sonnet-4-5'),
      prompt: 'Count 1 2 3',
      stopSequences: ['3'],
    });
    const read = unigateMessagesMetadata(result);
    expect(read).toBeInstanceOf(Promise);
    await result.consumeStream();
    expect(await read).toEqual({ stopSequence: '3' });
  });

  it('a redacted thinking block and a stop sequence of null are read as they are', () => {
    const unigate = { stopSequence: null, redactedData: 'EmuRedacted', costUnavailable: 'the catalog had not loaded' };
    expect(unigateMessagesMetadata({ providerMetadata: { unigate } })).toEqual(unigate);
  });

  it.each([
    ['a stopSequence that is a number', { stopSequence: 3 }],
    ['a signature that is not a string', { signature: { value: 'sig' } }],
    ['redactedData that is not a string', { redactedData: 1 }],
    ['a cost with a negative-infinite input', { cost: { input: -Infinity, output: 0, total: 0, unit: 'credits' } }],
    [
      'a cost whose cacheRead is a string',
      { cost: { input: 1, output: 0, total: 1, unit: 'credits', cacheRead: '1' } },
    ],
    ['a costUnavailable that is null', { costUnavailable: null }],
  ])('metadata with %s: undefined', (_case, unigate) => {
    expect(unigateMessagesMetadata({ providerMetadata: { unigate } })).toBeUndefined();
  });
});
