import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import { generateImage } from 'ai7';
import { describe, expect, it } from 'vitest';
import { imageCallOptions } from '../helpers/call-options';
import { failure } from '../helpers/test-kit';
import { PNG_BYTES } from '../helpers/v4-prompt-parts';
import { pngSize } from '../image/png-header';
import { DATE_HEADER, NOW, v4Gateway } from './v4-kit';

// The /v4 entry's image models against the emulator. The image endpoint takes a prompt only: the model
// says so (supportsFileInputs / supportsMaskInputs false) and refuses input images and masks.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const base64Bytes = (base64: string) => Uint8Array.from(atob(base64), c => c.charCodeAt(0));

describe('image models of the /v4 entry', () => {
  it('are V4 models that take no input files or masks', () => {
    const { gw } = v4Gateway();
    for (const model of [gw.image('gpt-image-1'), gw.imageModel('gpt-image-1')]) {
      expect([
        model.specificationVersion,
        model.provider,
        model.modelId,
        model.maxImagesPerCall,
        model.supportsFileInputs,
        model.supportsMaskInputs,
      ]).toEqual(['v4', 'unigate.image', 'gpt-image-1', 10, false, false]);
    }
  });

  it('doGenerate: the exact result, one 1024x1024 PNG', async () => {
    const { gw } = v4Gateway();
    const result = await gw.image('gpt-image-1').doGenerate(imageCallOptions({ prompt: 'A lighthouse' }));
    expect(result).toEqual({
      images: [expect.any(String)],
      warnings: [],
      providerMetadata: { unigate: { images: [{ revisedPrompt: 'A detailed illustration of A lighthouse.' }] } },
      response: {
        timestamp: new Date(NOW),
        modelId: 'gpt-image-1',
        headers: { 'content-type': 'application/json', date: DATE_HEADER },
      },
    });
    expect(pngSize(base64Bytes(result.images[0] as string))).toEqual({ width: 1024, height: 1024 });
  });

  it("ai@7's generateImage: the images asked for; input images and masks are refused before any request", async () => {
    const { gw, emulator } = v4Gateway();
    const { images } = await generateImage({ model: gw.image('gpt-image-1'), prompt: 'A lighthouse', n: 2 });
    expect(images.map(image => [image.mediaType, pngSize(image.uint8Array)])).toEqual([
      ['image/png', { width: 1024, height: 1024 }],
      ['image/png', { width: 1024, height: 1024 }],
    ]);
    const sent = emulator.requests.length;
    for (const prompt of [
      { text: 'Edit it', images: [PNG_BYTES] },
      { text: 'Edit it', images: [PNG_BYTES], mask: PNG_BYTES },
    ]) {
      const error = await failure(generateImage({ model: gw.image('gpt-image-1'), prompt }));
      expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
      expect(error.message).toBe(
        'The Unigate image endpoint generates images from a text prompt only (POST /images/generations); ' +
          'input images and masks are not supported.',
      );
    }
    expect(emulator.requests).toHaveLength(sent);
  });
});
