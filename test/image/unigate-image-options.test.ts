import { generateImage } from 'ai';
import aiPackage from 'ai/package.json';
import { describe, expect, it } from 'vitest';
import { createUnigate, unigateCost, unigateImageMetadata } from '../../src';
import { createUnigateEmulator } from '../../src/testing';

// unigateImageMetadata on real results of the AI SDK (ai@6 here, ai@7 in the ai7 lane) and on metadata
// of the wrong shape. Results of other providers: test/checks/values.test.ts.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const major = Number(aiPackage.version.split('.')[0]);
const REVISED = 'A detailed illustration of A fox.';
const COST = { input: 0.04, output: 0, total: 0.04, unit: 'credits' };

describe('unigateImageMetadata', () => {
  it("reads a generateImage result's metadata: one entry per image, the revised prompt of each", async () => {
    const gw = createUnigate(createUnigateEmulator().settings);
    const result = await generateImage({ model: gw.image('dall-e-3'), prompt: 'A fox', n: 2, size: '256x256' });
    expect(unigateImageMetadata(result)).toEqual({
      images: [{ revisedPrompt: REVISED }, { revisedPrompt: REVISED }],
    });
  });

  it("with responseFormat 'url' and a price table: each image's url and cost", async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate({ ...emulator.settings, pricing: { 'dall-e-3': { perImage: 0.04 } } });
    const result = await generateImage({
      model: gw.image('dall-e-3'),
      prompt: 'A fox',
      size: '256x256',
      providerOptions: { unigate: { responseFormat: 'url' } },
    });
    const metadata = unigateImageMetadata(result);
    expect(metadata?.images).toEqual([
      {
        revisedPrompt: REVISED,
        url: 'http://unigate.emulator/files/images/b0b13d1fc769f5ff3d253b61c76fa558-0-256.png',
        cost: COST,
      },
    ]);
    expect(unigateCost(result)).toEqual(COST);
    // ai@7 also keeps each request's own metadata, with the request's cost; ai@6 has no calls.
    const calls: unknown = Reflect.get(result, 'calls');
    const firstCall = Array.isArray(calls) ? calls[0] : undefined;
    if (major >= 7) expect(unigateImageMetadata(firstCall)).toEqual({ images: metadata?.images, cost: COST });
    else expect(calls).toBeUndefined();
  });

  it('a revised prompt of null (the gateway kept the prompt) is read as null', () => {
    const unigate = { images: [{ revisedPrompt: null }] };
    expect(unigateImageMetadata({ providerMetadata: { unigate } })).toEqual(unigate);
  });

  it.each([
    ['no images', {}],
    ['images that is not an array', { images: { revisedPrompt: null } }],
    ['an image without revisedPrompt', { images: [{ revisedPrompt: null }, {}] }],
    ['a revisedPrompt that is a number', { images: [{ revisedPrompt: 1 }] }],
    ['a url that is not a string', { images: [{ revisedPrompt: null, url: new URL('http://x.test/a.png') }] }],
    [
      "an image's cost without total",
      { images: [{ revisedPrompt: null, cost: { input: 0.04, output: 0, unit: 'credits' } }] },
    ],
    ['a request cost that is NaN', { images: [], cost: { ...COST, total: Number.NaN } }],
  ])('metadata with %s: undefined', (_case, unigate) => {
    expect(unigateImageMetadata({ providerMetadata: { unigate } })).toBeUndefined();
  });
});
