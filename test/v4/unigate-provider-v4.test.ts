import { APICallError } from '@ai-sdk/provider';
import { embed, experimental_generateVideo, generateImage, generateSpeech, generateText, streamText } from 'ai7';
import { describe, expect, it } from 'vitest';
import { memoryBudgetStore } from '../../src/budget/budget-stores';
import { createUnigate, unigate, unigateCost } from '../../src/v4';
import { imageCallOptions, videoCallOptions } from '../helpers/call-options';
import { failure, thrown } from '../helpers/test-kit';
import { v4Gateway } from './v4-kit';

// The /v4 provider: V4 models from every accessor, and budgets and costs, which work as at the root.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

// One credit per token and per character, so each cost below is a count.
const PRICES = {
  'gpt-4o-mini': { inputPerMillionTokens: 1e6, outputPerMillionTokens: 1e6 },
  'claude-sonnet-4-5': { inputPerMillionTokens: 1e6, outputPerMillionTokens: 1e6 },
  'text-embedding-3-small': { inputPerMillionTokens: 1e6 },
  'tts-1': { perMillionCharacters: 1e6 },
  'gpt-image-1': { perImage: 0.5 },
  'veo-3': { perVideo: 3 },
};
const credits = (input: number, output = 0) => ({ input, output, total: input + output, unit: 'credits' });

describe('the /v4 provider', () => {
  it('is a V4 provider whose every accessor makes a V4 model', () => {
    const { gw } = v4Gateway();
    expect(gw.specificationVersion).toBe('v4');
    expect(unigate.specificationVersion).toBe('v4');
    const models = [
      gw('gpt-4o-mini'),
      gw.languageModel('gpt-4o-mini'),
      gw.chat('gpt-4o-mini'),
      gw.messages('claude-sonnet-4-5'),
      gw.embeddingModel('text-embedding-3-small'),
      gw.imageModel('gpt-image-1'),
      gw.speechModel('tts-1'),
      gw.transcriptionModel('whisper-1'),
      gw.videoModel('veo-3'),
    ];
    expect(models.map(model => model.specificationVersion)).toEqual(Array(models.length).fill('v4'));
  });

  it('is called, not constructed', () => {
    const gw = createUnigate({ apiKey: 'sk-test' });
    const error = thrown(() => Reflect.construct(gw, ['gpt-4o-mini']));
    expect(error.message).toBe(
      'The Unigate provider is a function: call it with a model id, provider(modelId), without `new`.',
    );
  });
});

describe('unigateCost on /v4 results, through ai@7', () => {
  it('reads the cost of generateText, streamText, embed, generateSpeech, generateImage (split) and generateVideo', async () => {
    const { gw, emulator } = v4Gateway({ pricing: PRICES });
    // "Hello there": 2 input and 5 output tokens on chat completions, 5 and 8 on the messages format.
    expect(unigateCost(await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there' }))).toEqual(credits(2, 5));
    const streamed = streamText({ model: gw('claude-sonnet-4-5'), prompt: 'Hello there' });
    expect(await unigateCost(streamed)).toEqual(credits(5, 8));
    expect(unigateCost(await embed({ model: gw.embedding('text-embedding-3-small'), value: 'the cat' }))).toEqual(
      credits(2),
    );
    expect(unigateCost(await generateSpeech({ model: gw.speech('tts-1'), text: 'Hello' }))).toEqual(credits(5));
    // Three images at most two per call: ai@7 makes two requests, listed in its result's `calls`.
    const images = await generateImage({
      model: gw.image('gpt-image-1'),
      prompt: 'A lighthouse',
      n: 3,
      maxImagesPerCall: 2,
    });
    expect([images.images.length, unigateCost(images)]).toEqual([3, credits(1.5)]);
    const video = await experimental_generateVideo({
      model: gw.video('veo-3'),
      prompt: 'A paper boat on a river',
      download: emulator.download,
    });
    expect(unigateCost(video)).toEqual(credits(3));
  });
});

describe('budgets on /v4 models', () => {
  function budgeted(maxCredits: number) {
    const store = memoryBudgetStore();
    // 'one-call': admitted while anything is left, so calls without maxOutputTokens (reserving their
    // context window's worth of output) go while the spend is below the limit.
    const { gw, emulator } = v4Gateway({
      pricing: PRICES,
      budget: { maxCredits, period: 'total', store, overshoot: 'one-call' },
    });
    return { gw, emulator, store };
  }
  const refusal = (spent: number, limit: number) =>
    `Budget reached (budget: period 'total'): ${spent} of ${limit} credits spent or reserved by calls in flight ` +
    "this period; nothing is left. The call was not sent (the 'total' period never resets).";

  it('admit chat calls while the spend is under the limit, then refuse without sending', async () => {
    const { gw, emulator, store } = budgeted(10);
    const ask = () => generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there', maxRetries: 0 });
    await ask();
    await ask();
    expect(await store.spent('total::')).toBe(14);
    const error = await failure(ask());
    expect(APICallError.isInstance(error)).toBe(true);
    expect([error.message, error.data, error.isRetryable]).toEqual([
      refusal(14, 10),
      { kind: 'budget', message: refusal(14, 10) },
      false,
    ]);
    expect(emulator.requests.map(r => r.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
  });

  it('refuse every other kind once the limit is spent, before any request', async () => {
    const { gw, emulator, store } = budgeted(1);
    await store.add('total::', 1);
    const calls = [
      gw.embedding('text-embedding-3-small').doEmbed({ values: ['the cat'] }),
      gw.image('gpt-image-1').doGenerate(imageCallOptions()),
      gw.speech('tts-1').doGenerate({ text: 'Hello', providerOptions: {} }),
      gw.video('veo-3').doStart(videoCallOptions()),
    ];
    for (const call of calls) {
      const error = await failure(call);
      expect([APICallError.isInstance(error), error.data.kind]).toEqual([true, 'budget']);
    }
    expect(emulator.requests).toHaveLength(0);
  });
});
