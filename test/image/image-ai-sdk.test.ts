import * as ai from 'ai';
import aiPackage from 'ai/package.json';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigateImageProviderMetadata } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { failure } from '../helpers/test-kit';
import { pngSize } from './png-header';

// End to end through the real `ai` package against the emulator: ai@6 here, ai@7 in the ai7 lane.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const major = Number(aiPackage.version.split('.')[0]);
const exported = ai as unknown as {
  generateImage?: typeof ai.generateImage;
  experimental_generateImage?: typeof ai.generateImage;
};
const generateImage = exported.generateImage!;

function imageSetup() {
  const emulator = createUnigateEmulator({ now: () => Date.UTC(2025, 0, 2, 3, 4, 5) });
  return { emulator, gw: createUnigate(emulator.settings) };
}

const generations = (emulator: ReturnType<typeof createUnigateEmulator>) =>
  emulator.requests.filter(r => r.path === '/alt/v1/images/generations');

describe(`images with ai@${major}`, () => {
  it('uses the name this major exports: generateImage on both, experimental_generateImage only on ai@6', () => {
    expect([6, 7]).toContain(major);
    expect(typeof exported.generateImage).toBe('function');
    if (major >= 7) expect(exported.experimental_generateImage).toBeUndefined();
    else expect(typeof exported.experimental_generateImage).toBe('function');
  });

  it('generates real PNGs of the requested size, with revisedPrompt in metadata', async () => {
    const { emulator, gw } = imageSetup();
    const result = await generateImage({ model: gw.image('dall-e-3'), prompt: 'a red fox', n: 2, size: '256x256' });
    expect(result.images).toHaveLength(2);
    for (const image of result.images) {
      expect(image.mediaType).toBe('image/png');
      expect(pngSize(image.uint8Array)).toEqual({ width: 256, height: 256 });
    }
    expect(result.images[0]!.base64).not.toBe(result.images[1]!.base64);
    const metadata = result.providerMetadata.unigate as unknown as UnigateImageProviderMetadata;
    expect(metadata.images).toEqual([
      { revisedPrompt: 'A detailed illustration of a red fox.' },
      { revisedPrompt: 'A detailed illustration of a red fox.' },
    ]);
    expect(result.warnings).toEqual([]);
    expect(result.responses[0]!.timestamp).toEqual(new Date(Date.UTC(2025, 0, 2, 3, 4, 5)));
    expect(generations(emulator)).toHaveLength(1);
  });

  it('the same prompt gives the same bytes; another prompt, others', async () => {
    const { gw } = imageSetup();
    const model = gw.imageModel('gpt-image-1');
    const first = await generateImage({ model, prompt: 'same prompt here please', size: '256x256' });
    const again = await generateImage({ model, prompt: 'same prompt here please', size: '256x256' });
    const other = await generateImage({ model, prompt: 'a different prompt entirely', size: '256x256' });
    expect(again.image.base64).toBe(first.image.base64);
    expect(other.image.base64).not.toBe(first.image.base64);
  });

  it('n: 12 is split into 10 + 2 requests and gives 12 images with 12 metadata entries', async () => {
    const { emulator, gw } = imageSetup();
    const result = await generateImage({
      model: gw.image('dall-e-2'),
      prompt: 'twelve small tiles of colour',
      n: 12,
      size: '256x256',
    });
    expect(result.images).toHaveLength(12);
    expect(generations(emulator)).toHaveLength(2);
    const metadata = result.providerMetadata.unigate as unknown as UnigateImageProviderMetadata;
    // A prompt of four words or more is not revised: the entries are there all the same.
    expect(metadata.images).toEqual(Array.from({ length: 12 }, () => ({ revisedPrompt: null })));
  });

  it('responseFormat url: downloads the emulator-served files and lists their URLs', async () => {
    const { emulator, gw } = imageSetup();
    const result = await generateImage({
      model: gw.image('dall-e-3'),
      prompt: 'a lighthouse on a cliff at dusk',
      n: 2,
      size: '512x512',
      providerOptions: { unigate: { responseFormat: 'url' } },
    });
    for (const image of result.images) expect(pngSize(image.uint8Array)).toEqual({ width: 512, height: 512 });
    const metadata = result.providerMetadata.unigate as unknown as UnigateImageProviderMetadata;
    expect(metadata.images).toHaveLength(2);
    for (const [i, entry] of metadata.images.entries()) {
      expect(entry.revisedPrompt).toBeNull();
      expect(entry.url).toMatch(new RegExp(`^http://unigate\\.emulator/files/images/[0-9a-f]{32}-${i}-512\\.png$`));
    }
    expect(emulator.requests.map(r => `${r.method} ${r.path.replace(/[0-9a-f]{32}/, '<digest>')}`)).toEqual([
      'POST /alt/v1/images/generations',
      'GET /files/images/<digest>-0-512.png',
      'GET /files/images/<digest>-1-512.png',
    ]);
    // The same picture either way.
    const inline = await generateImage({
      model: gw.image('dall-e-3'),
      prompt: 'a lighthouse on a cliff at dusk',
      n: 2,
      size: '512x512',
    });
    expect(inline.images.map(image => image.base64)).toEqual(result.images.map(image => image.base64));
  });

  it('aspectRatio 1:1 gives 1024x1024; 16:9 is a warning', async () => {
    const { gw } = imageSetup();
    const square = await generateImage({
      model: gw.image('dall-e-3'),
      prompt: 'a square picture of a cat',
      aspectRatio: '1:1',
    });
    expect(pngSize(square.image.uint8Array)).toEqual({ width: 1024, height: 1024 });
    const wide = await generateImage({
      model: gw.image('dall-e-3'),
      prompt: 'a wide picture of a cat',
      aspectRatio: '16:9',
      size: '256x256',
    });
    expect(pngSize(wide.image.uint8Array)).toEqual({ width: 256, height: 256 });
    expect(wide.warnings).toEqual([expect.objectContaining({ type: 'unsupported', feature: 'aspectRatio' })]);
  });

  it('every option the endpoint cannot take comes back as a warning naming it', async () => {
    const { emulator, gw } = imageSetup();
    const result = await generateImage({
      model: gw.image('dall-e-3'),
      prompt: 'a wide picture of a cat',
      size: '512x512',
      aspectRatio: '16:9',
      seed: 3,
      providerOptions: { unigate: { quality: 'hd' } },
    });
    const squareOnly =
      'The gateway makes square images only (256x256, 512x512, 1024x1024); aspectRatio 16:9 was not sent and the image is 512x512.';
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.unigate.quality',
        details: 'The image model does not read this option.',
      },
      { type: 'unsupported', feature: 'aspectRatio', details: squareOnly },
      { type: 'unsupported', feature: 'seed', details: 'The image endpoint has no seed parameter; seed was not sent.' },
    ]);
    expect(pngSize(result.image.uint8Array)).toEqual({ width: 512, height: 512 });
    expect(generations(emulator)).toHaveLength(1);
  });

  it('checks run before any request: a long prompt and a wrong size send nothing', async () => {
    const { emulator, gw } = imageSetup();
    const long = await failure(generateImage({ model: gw.image('dall-e-3'), prompt: 'x'.repeat(1001) }));
    expect(long.message).toContain('Invalid argument prompt');
    const size = await failure(generateImage({ model: gw.image('dall-e-3'), prompt: 'a cat', size: '1024x1792' }));
    expect(size.message).toContain('Invalid argument size');
    expect(emulator.requests).toHaveLength(0);
  });

  it('an unknown model is a not-found APICallError from the gateway', async () => {
    const { gw } = imageSetup();
    const error = await failure(
      generateImage({ model: gw.image('no-such-image-model'), prompt: 'a cat', maxRetries: 0 }),
    );
    expect(ai.APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(404);
    expect(error.data).toMatchObject({ kind: 'not-found', type: 'not_found_error' });
  });
});
