import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { unigateChatMetadata, unigateCost } from '../../src';
import { emulatorGateway } from '../helpers/emulator-gateway';

// unigateChatMetadata on real results of the AI SDK (ai@6 here, ai@7 in the ai7 lane), generated and
// streamed, and on metadata of the wrong shape. Results of other providers:
// test/checks/values.test.ts.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const CHOICES = [
  { index: 0, text: 'You said: Name a colour', finishReason: 'stop' },
  { index: 1, text: 'Alternative 2: You said: Name a colour', finishReason: 'stop' },
];
// 'Hello there': 2 input tokens x 2.5 per 1M, 5 output tokens x 10 per 1M.
const COST = { input: 0.000005, output: 0.00005, total: 0.000055, unit: 'credits' };
const PRICES = { 'gpt-4o-mini': { inputPerMillionTokens: 2.5, outputPerMillionTokens: 10 } };

const emulatorProvider = (pricing?: typeof PRICES) => emulatorGateway({}, { pricing }).gw;

describe('unigateChatMetadata', () => {
  it("reads a generateText result's metadata: every choice with n: 2, exactly", async () => {
    const result = await generateText({
      model: emulatorProvider()('gpt-4o-mini'),
      prompt: 'Name a colour',
      providerOptions: { unigate: { n: 2 } },
    });
    expect(unigateChatMetadata(result)).toEqual({ choices: CHOICES });
  });

  it('with a price table: the cost, the same on the result and its step', async () => {
    const result = await generateText({ model: emulatorProvider(PRICES)('gpt-4o-mini'), prompt: 'Hello there' });
    expect(unigateChatMetadata(result)).toEqual({ cost: COST });
    expect(unigateChatMetadata(result.steps[0])).toEqual({ cost: COST });
    expect(unigateCost(result)).toEqual(COST);
  });

  it('without n or pricing the chat model writes no metadata: undefined', async () => {
    const result = await generateText({ model: emulatorProvider()('gpt-4o-mini'), prompt: 'Hello there' });
    expect(result.providerMetadata?.unigate).toBeUndefined();
    expect(unigateChatMetadata(result)).toBeUndefined();
  });

  it("streamText: a promise of the finished stream's metadata; the finish event reads at once", async () => {
    let fromEvent: unknown;
    const result = streamText({
      model: emulatorProvider(PRICES)('gpt-4o-mini'),
      prompt: 'Hello there',
      onFinish: event => {
        fromEvent = unigateChatMetadata(event);
      },
    });
    const read = unigateChatMetadata(result);
    expect(read).toBeInstanceOf(Promise);
    await result.consumeStream();
    expect(await read).toEqual({ cost: COST });
    expect(fromEvent).toEqual({ cost: COST });
  });

  it("streamText that failed: rejects with the stream's own error, as result.providerMetadata does", async () => {
    const result = streamText({
      model: emulatorProvider()('gpt-4o-mini'),
      prompt: 'Hello [[emulator:status:400]]',
      maxRetries: 0,
      onError: () => {},
    });
    await result.consumeStream();
    const error = await Promise.resolve(result.providerMetadata).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    await expect(unigateChatMetadata(result)).rejects.toBe(error);
  });

  it.each([
    ['choices that are not an array', { choices: 'red' }],
    ['a choice without its index', { choices: [{ text: 'red', finishReason: 'stop' }] }],
    ['a choice whose finishReason is a number', { choices: [{ index: 0, text: 'red', finishReason: 0 }] }],
    ['a choice whose text is undefined', { choices: [{ index: 0, text: undefined, finishReason: null }] }],
    ['a cost that is a number', { cost: 0.000055 }],
    ['a costUnavailable that is not a string', { costUnavailable: true }],
  ])('metadata with %s: undefined', (_case, unigate) => {
    expect(unigateChatMetadata({ providerMetadata: { unigate } })).toBeUndefined();
  });
});
