import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { catalogRequests, failingCatalogFetch, PRICED_MODELS, pricedGateway } from './pricing-fixtures';

describe('gw.estimateCost', () => {
  it('prices tokens, characters and minutes before a call', async () => {
    const { gw } = pricedGateway();
    const tokens = await gw.estimateCost({ model: 'priced-chat', inputTokens: 1000, outputTokens: 500 });
    // 1000 * 2.5 / 1e6 and 500 * 10 / 1e6, rounded to pico-credits: exact figures, no float noise.
    expect(tokens).toEqual({ input: 0.0025, output: 0.005, total: 0.0075, unit: 'credits' });
    expect(await gw.estimateCost({ model: 'tts-1', characters: 2_000_000 })).toEqual({
      input: 7.5,
      output: 0,
      total: 7.5,
      unit: 'credits',
    });
    expect((await gw.estimateCost({ model: 'whisper-1', minutes: 10 }))?.total).toBe(0.03);
    // 3 * 60 / 60 * 0.003 is 0.009000000000000001 unrounded.
    expect(await gw.estimateCost({ model: 'whisper-1', minutes: 3 })).toEqual({
      input: 0.009,
      output: 0,
      total: 0.009,
      unit: 'credits',
    });
    expect((await gw.estimateCost({ model: 'text-embedding-3-small', inputTokens: 1_000_000 }))?.total).toBe(0.01);
  });

  it('prices images and videos from a table, and gives undefined where nothing prices the model', async () => {
    const { gw } = pricedGateway({ pricing: { 'draw-1': { perImage: 0.04 }, 'film-1': { perVideo: 0.5 } } });
    expect((await gw.estimateCost({ model: 'draw-1', images: 3 }))?.total).toBe(0.12);
    expect(await gw.estimateCost({ model: 'film-1', videos: 2 })).toEqual({
      input: 1,
      output: 0,
      total: 1,
      unit: 'credits',
    });
    expect(await gw.estimateCost({ model: 'draw-1', videos: 1 })).toBeUndefined();
    expect(await gw.estimateCost({ model: 'priced-chat', characters: 10 })).toBeUndefined();
    expect(await gw.estimateCost({ model: 'no-such-model', inputTokens: 10 })).toBeUndefined();
  });

  it('works whatever the pricing setting: an explicit estimate loads the catalog when it needs it', async () => {
    const { gw, emulator } = pricedGateway({ pricing: false });
    expect((await gw.estimateCost({ model: 'tts-1', characters: 1_000_000 }))?.total).toBe(3.75);
    expect(catalogRequests(emulator)).toBe(0);
    expect((await gw.estimateCost({ model: 'priced-chat', inputTokens: 1_000_000 }))?.total).toBe(2.5);
    expect(catalogRequests(emulator)).toBe(1);
  });

  it('rejects when it needs the catalog and the catalog cannot be loaded', async () => {
    const emulator = createUnigateEmulator({ models: PRICED_MODELS });
    const gw = createUnigate({ ...emulator.settings, fetch: failingCatalogFetch(emulator), pricing: 'catalog' });
    await expect(gw.estimateCost({ model: 'priced-chat', inputTokens: 1 })).rejects.toThrow(
      'catalog database unavailable',
    );
  });
});

describe('gw.catalog.get', () => {
  it('returns one normalised entry from the cached catalog, loading it once whatever the pricing setting', async () => {
    const { gw, emulator } = pricedGateway({ pricing: false });
    const [entry, missing] = await Promise.all([gw.catalog.get('priced-chat'), gw.catalog.get('no-such-model')]);
    expect(entry).toEqual({
      id: 'priced-chat',
      provider: 'Test',
      type: 'chat',
      contextWindow: 128000,
      inputPrice: 2.5, // sent as the string "2.5"
      outputPrice: 10,
      isNew: false,
    });
    expect(missing).toBeUndefined();
    expect(await gw.catalog.get('tiny-chat')).toMatchObject({ contextWindow: 4 });
    expect(catalogRequests(emulator)).toBe(1);
  });

  it('shares its cache with pricing: a priced call after get fetches nothing more', async () => {
    const { gw, emulator } = pricedGateway();
    await gw.catalog.get('priced-chat');
    expect(await gw.estimateCost({ model: 'priced-chat', inputTokens: 0, outputTokens: 0 })).toEqual({
      input: 0,
      output: 0,
      total: 0,
      unit: 'credits',
    });
    expect(catalogRequests(emulator)).toBe(1);
  });
});
