import { describe, expect, it } from 'vitest';
import type { UnigateCostEstimateRequest } from '../../src';
import { expectInvalidArgument } from '../helpers/invalid-argument';
import { setup } from '../helpers/test-kit';

// An amount that has no cost (negative, NaN, infinite, the wrong type) is refused before any price
// lookup, so an estimate is never a negative or NaN figure.

const PRICES = { 'say-1': { perMillionCharacters: 15 }, 'draw-1': { perImage: 0.04 } };

async function rejected(request: unknown, argument: string, message: string) {
  const { gw, requests } = setup([], { pricing: PRICES });
  await expectInvalidArgument(gw.estimateCost(request as UnigateCostEstimateRequest), argument, message);
  // Not even the catalog is loaded.
  expect(requests).toHaveLength(0);
}

describe('gw.estimateCost amounts', () => {
  it('refuses a negative amount of every basis', async () => {
    await rejected(
      { model: 'say-1', characters: -5 },
      'characters',
      'Invalid argument characters: expected a finite number of at least 0; received -5.',
    );
    await rejected(
      { model: 'gpt-4o-mini', inputTokens: -1 },
      'inputTokens',
      'Invalid argument inputTokens: expected a finite number of at least 0; received -1.',
    );
    await rejected(
      { model: 'gpt-4o-mini', inputTokens: 10, outputTokens: -1 },
      'outputTokens',
      'Invalid argument outputTokens: expected a finite number of at least 0; received -1.',
    );
    await rejected(
      { model: 'whisper-1', minutes: -0.5 },
      'minutes',
      'Invalid argument minutes: expected a finite number of at least 0; received -0.5.',
    );
    await rejected(
      { model: 'draw-1', images: -2 },
      'images',
      'Invalid argument images: expected a whole number of at least 0; received -2.',
    );
    await rejected(
      { model: 'film-1', videos: -1 },
      'videos',
      'Invalid argument videos: expected a whole number of at least 0; received -1.',
    );
  });

  it('refuses NaN and the infinities, printed as given', async () => {
    await rejected(
      { model: 'say-1', characters: Number.NaN },
      'characters',
      'Invalid argument characters: expected a finite number of at least 0; received NaN.',
    );
    await rejected(
      { model: 'gpt-4o-mini', inputTokens: Infinity },
      'inputTokens',
      'Invalid argument inputTokens: expected a finite number of at least 0; received Infinity.',
    );
    await rejected(
      { model: 'whisper-1', minutes: -Infinity },
      'minutes',
      'Invalid argument minutes: expected a finite number of at least 0; received -Infinity.',
    );
    await rejected(
      { model: 'draw-1', images: Number.NaN },
      'images',
      'Invalid argument images: expected a whole number of at least 0; received NaN.',
    );
  });

  it('refuses a fraction of an image or video, and an amount that is not a number', async () => {
    await rejected(
      { model: 'draw-1', images: 1.5 },
      'images',
      'Invalid argument images: expected a whole number of at least 0; received 1.5.',
    );
    await rejected(
      { model: 'say-1', characters: '100' },
      'characters',
      'Invalid argument characters: expected a finite number of at least 0; received "100".',
    );
  });

  it('refuses a request without exactly one basis, or without a model', async () => {
    const rule = 'expected exactly one of inputTokens, characters, minutes, images, videos';
    await rejected({ model: 'say-1' }, 'request', `Invalid argument request: ${rule}; received none.`);
    await rejected(
      { model: 'say-1', characters: 5, images: 1 },
      'request',
      `Invalid argument request: ${rule}; received characters and images.`,
    );
    await rejected(
      { characters: 5 },
      'model',
      'Invalid argument model: expected a model id (a non-empty string); received undefined.',
    );
    await rejected(undefined, 'request', 'Invalid argument request: expected an object; received undefined.');
  });

  it('still prices zero, fractional tokens and a basis next to keys left undefined', async () => {
    const { gw } = setup([], {
      pricing: { ...PRICES, 'chat-1': { inputPerMillionTokens: 2, outputPerMillionTokens: 4 } },
    });
    expect(await gw.estimateCost({ model: 'say-1', characters: 0 })).toEqual({
      input: 0,
      output: 0,
      total: 0,
      unit: 'credits',
    });
    expect((await gw.estimateCost({ model: 'chat-1', inputTokens: 1500.5 }))?.input).toBeCloseTo(0.003001, 12);
    const spread = { model: 'draw-1', images: 2, characters: undefined } as unknown as UnigateCostEstimateRequest;
    expect((await gw.estimateCost(spread))?.total).toBeCloseTo(0.08, 12);
  });
});
