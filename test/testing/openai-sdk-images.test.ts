// The official `openai` client must read the emulator's image answers and errors: it keeps the
// emulator honest about the wire format.

import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { openaiClient } from './openai-client';
import { pngSize } from '../image/png-header';

const client = () => openaiClient({ now: () => 1_736_000_000_000 }, { base: 'alt' });

describe('openai SDK images against the emulator', () => {
  it('reads b64_json images and the revised prompt', async () => {
    const { openai } = client();
    const result = await openai.images.generate({
      model: 'dall-e-3',
      prompt: 'a fox',
      n: 2,
      size: '256x256',
      response_format: 'b64_json',
    });
    expect(result.created).toBe(1_736_000_000);
    expect(result.data).toHaveLength(2);
    for (const image of result.data!) {
      expect(image.revised_prompt).toBe('A detailed illustration of a fox.');
      expect(pngSize(Buffer.from(image.b64_json!, 'base64'))).toEqual({ width: 256, height: 256 });
    }
  });

  it('reads url images whose links serve the PNG', async () => {
    const { openai, emulator } = client();
    const result = await openai.images.generate({
      model: 'dall-e-2',
      prompt: 'a fox in deep snow',
      size: '512x512',
      response_format: 'url',
    });
    const url = result.data![0]!.url!;
    expect(result.data![0]!.revised_prompt).toBeUndefined();
    const file = await emulator.fetch(url);
    expect(pngSize(new Uint8Array(await file.arrayBuffer()))).toEqual({ width: 512, height: 512 });
  });

  it('surfaces an image error as the matching error class with the gateway message', async () => {
    const { openai } = client();
    const error = await openai.images.generate({ model: 'dall-e-3', prompt: 'a fox', n: 11 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).error).toEqual({
      type: 'invalid_request_error',
      message: 'Invalid n: 11 is not an integer from 1 to 10',
    });
    const missing = await openai.images.generate({ model: 'no-such-model', prompt: 'a fox' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
  });
});
