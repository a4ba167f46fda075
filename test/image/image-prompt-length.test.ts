import { InvalidArgumentError, type ImageModelV3CallOptions } from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { failure, SITE_URL, setup } from '../helpers/test-kit';

// The prompt limit counts characters as the gateway does, in code points: an emoji is one character,
// although it is two UTF-16 units (two in `string.length`).

const images = http.post(`${SITE_URL}/v1/images/generations`, () =>
  HttpResponse.json({ created: 1, data: [{ b64_json: 'AAAA' }] }),
);

function call(prompt: string): ImageModelV3CallOptions {
  return {
    prompt,
    n: 1,
    size: undefined,
    aspectRatio: undefined,
    seed: undefined,
    files: undefined,
    mask: undefined,
    providerOptions: {},
  };
}

describe('image prompt length in code points', () => {
  it('sends 600 emoji (1200 UTF-16 units) and 1000 emoji, the limit', async () => {
    const { gw, requests } = setup([images]);
    for (const prompt of ['😀'.repeat(600), '👍'.repeat(1000)]) {
      await gw.image('dall-e-3').doGenerate(call(prompt));
    }
    expect(requests.map(request => (request.body as { prompt: string }).prompt)).toEqual([
      '😀'.repeat(600),
      '👍'.repeat(1000),
    ]);
  });

  it('refuses 1001 emoji as 1001 characters, before any request', async () => {
    const { gw, requests } = setup([images]);
    const error = await failure(gw.image('dall-e-3').doGenerate(call('😀'.repeat(1001))));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Invalid argument prompt: the gateway accepts at most 1000 characters; received a string of 1001 characters.',
    );
    expect(requests).toHaveLength(0);
  });

  it('refuses a prompt that is not a string by its value, not with a TypeError', async () => {
    const { gw, requests } = setup([images]);
    const error = await failure(gw.image('dall-e-3').doGenerate(call(42 as never)));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Invalid argument prompt: the gateway requires a prompt of 1 to 1000 characters; received 42.',
    );
    expect(requests).toHaveLength(0);
  });
});
