import * as ai from 'ai';
import aiPackage from 'ai/package.json';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { unigateCost } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { synthesizeWav } from '../transcription/transcription-fixtures';
import { pricedGateway } from './pricing-fixtures';
import { pricedEmulatorGateway } from '../helpers/emulator-gateway';

// unigateCost(result) on every kind's result, through the real `ai` package: ai@6 here, ai@7 in the ai7
// lane. Figures are exact: costs are rounded to pico-credits, so toEqual needs no closeTo.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const major = Number(aiPackage.version.split('.')[0]);
const { embed, embedMany, generateImage, generateText, stepCountIs, streamText, tool } = ai;
type Loose = (options: Record<string, unknown>) => Promise<any>;
const sdk = ai as unknown as Record<string, Loose | undefined>;
const generateSpeech = (sdk.generateSpeech ?? sdk.experimental_generateSpeech)!;
const transcribe = (sdk.transcribe ?? sdk.experimental_transcribe)!;
const generateVideo = sdk.experimental_generateVideo!;

const credits = (input: number, output = 0) => ({ input, output, total: input + output, unit: 'credits' });

const weather = tool({
  description: 'The weather',
  inputSchema: z.object({ city: z.string() }),
  execute: async () => 'sunny',
});

describe(`unigateCost with ai@${major}`, () => {
  it('generateText: the cost of one step, typed, equal to providerMetadata.unigate.cost', async () => {
    const { gw } = pricedGateway();
    const result = await generateText({ model: gw('priced-chat'), prompt: 'Hello there' });
    // 2 input tokens x 2.5 / 1M, 5 output tokens x 10 / 1M.
    expect(unigateCost(result)).toEqual({ input: 0.000005, output: 0.00005, total: 0.000055, unit: 'credits' });
    expect(unigateCost(result)).toEqual(result.providerMetadata?.unigate?.cost);
  });

  it('generateText with a tool loop: the sum of every step, where providerMetadata holds only the last', async () => {
    const { gw } = pricedGateway();
    const result = await generateText({
      model: gw('priced-chat'),
      prompt: 'Weather in Paris?',
      tools: { weather },
      toolChoice: 'auto',
      stopWhen: stepCountIs(3),
    });
    expect(result.steps.length).toBe(2);
    const stepCosts = result.steps.map(step => unigateCost(step)!);
    expect(stepCosts.every(cost => cost.total > 0)).toBe(true);
    const summed = stepCosts.reduce((sum, cost) => sum + Math.round(cost.total * 1e12), 0) / 1e12;
    expect(unigateCost(result)?.total).toBe(summed);
    expect(unigateCost(result)?.total).toBeGreaterThan(stepCosts[1]!.total);
    expect(result.providerMetadata?.unigate?.cost).toEqual(stepCosts[1]);
  });

  it("streamText: resolves with the finished stream's cost, summed over its steps", async () => {
    const { gw } = pricedGateway();
    const result = streamText({ model: gw('priced-chat'), prompt: 'Hello there' });
    await result.consumeStream();
    const cost = unigateCost(result);
    expect(cost).toBeInstanceOf(Promise);
    expect(await cost).toEqual({ input: 0.000005, output: 0.00005, total: 0.000055, unit: 'credits' });
  });

  it('streamText: the onFinish event is a source too', async () => {
    const { gw } = pricedGateway();
    let fromEvent: unknown;
    const result = streamText({
      model: gw.messages('priced-chat'),
      prompt: 'Hello there',
      onFinish: event => {
        fromEvent = unigateCost(event);
      },
    });
    await result.consumeStream();
    expect(fromEvent).toEqual(await unigateCost(result));
    expect(fromEvent).toEqual(expect.objectContaining({ unit: 'credits' }));
  });

  it('embed: one request, 6 tokens x 0.065 per 1M = 0.00000039', async () => {
    const { gw } = pricedEmulatorGateway('catalog');
    const result = await embed({ model: gw.embedding('text-embedding-3-large'), value: 'the cat sat on the mat' });
    expect(unigateCost(result)).toEqual(credits(0.00000039));
    expect(result.providerMetadata?.unigate).toEqual({
      costScope: 'request',
      inputPerMillionTokens: 0.065,
      cost: credits(0.00000039),
    });
  });

  it('embedMany split over 3 requests (maxEmbeddingsPerCall 2048): the whole batch, 4097 x 0.01 per 1M', async () => {
    const { gw, paths } = pricedEmulatorGateway('catalog');
    const values = Array.from({ length: 4097 }, (_, i) => `w${i}`);
    const result = await embedMany({
      model: gw.embedding('text-embedding-3-small'),
      values,
      providerOptions: { unigate: { dimensions: 4 } },
    });
    expect(paths().filter(p => p === '/v1/embeddings')).toHaveLength(3);
    expect(result.usage.tokens).toBe(4097);
    // The merged metadata is the last request's (1 token), marked as such; unigateCost prices the batch.
    expect(result.providerMetadata?.unigate).toEqual({
      costScope: 'request',
      inputPerMillionTokens: 0.01,
      cost: credits(0.00000001),
    });
    expect(unigateCost(result)).toEqual(credits(0.00004097));
  });

  it('speech: 20 characters on tts-1 = 0.000075', async () => {
    const { gw } = pricedEmulatorGateway('catalog');
    const result = await generateSpeech({ model: gw.speech('tts-1'), text: 'Twenty characters ok' });
    expect(unigateCost(result)).toEqual(credits(0.000075));
  });

  it('transcription: 3 minutes of whisper-1 = 0.009 exactly (0.009000000000000001 unrounded)', async () => {
    const { gw } = pricedEmulatorGateway('catalog');
    const result = await transcribe({ model: gw.transcription('whisper-1'), audio: synthesizeWav(180, 2_000) });
    expect(result.durationInSeconds).toBe(180);
    expect(unigateCost(result)).toEqual(credits(0.009));
    expect(String(unigateCost(result)?.total)).toBe('0.009');
  });

  it("generateImage split over 2 requests (10 + 2 images at 0.04): 0.48, not the last request's 0.08", async () => {
    const { gw, paths } = pricedEmulatorGateway({ 'dall-e-3': { perImage: 0.04 } });
    const result = await generateImage({ model: gw.image('dall-e-3'), prompt: 'a red fox', n: 12, size: '256x256' });
    expect(paths().filter(p => p === '/alt/v1/images/generations')).toHaveLength(2);
    expect(unigateCost(result)).toEqual(credits(0.48));
  });

  it("experimental_generateVideo with n 2 (one video per request): 2 x 0.5 = 1, not the last request's 0.5", async () => {
    const emulator = createUnigateEmulator({ videoJob: { pollsToComplete: 1 } });
    const { gw } = pricedEmulatorGateway({ 'veo-3': { perVideo: 0.5 } }, emulator);
    const download = async ({ url }: { url: URL }) => ({
      data: new Uint8Array(await (await emulator.fetch(url)).arrayBuffer()),
      mediaType: 'video/mp4',
    });
    const result = await generateVideo({
      model: gw.video('veo-3'),
      prompt: 'A boat',
      n: 2,
      providerOptions: { unigate: { pollIntervalMs: 1 } },
      download,
    });
    expect(result.videos).toHaveLength(2);
    expect(result.providerMetadata.unigate.cost).toEqual(credits(0.5));
    expect(unigateCost(result)).toEqual(credits(1));
  });

  it('no cost when pricing is off, and none when any step or request lacks one (never a part as the whole)', async () => {
    const { gw } = pricedEmulatorGateway(false);
    expect(unigateCost(await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hi' }))).toBeUndefined();
    expect(unigateCost(await embed({ model: gw.embedding('text-embedding-3-small'), value: 'Hi' }))).toBeUndefined();
    expect(unigateCost(undefined)).toBeUndefined();
    const priced = { providerMetadata: { unigate: { cost: credits(0.1) } } };
    expect(unigateCost({ steps: [priced, priced] })).toEqual(credits(0.2));
    expect(unigateCost({ steps: [priced, { providerMetadata: undefined }] })).toBeUndefined();
    // An embedMany whose usage could not be summed (a request without usage gives NaN).
    const split = { costScope: 'request', inputPerMillionTokens: 0.01, cost: credits(0.00000001) };
    expect(unigateCost({ providerMetadata: { unigate: split }, usage: { tokens: Number.NaN } })).toBeUndefined();
    expect(unigateCost({ providerMetadata: { unigate: { images: [{ cost: credits(0.04) }, {}] } } })).toBeUndefined();
  });
});
