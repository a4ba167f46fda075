import { InvalidArgumentError } from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { createModelContext } from '../../src/provider/unigate-provider';
import { slowCatalog } from '../helpers/catalog-timing';
import { setup, SITE_URL } from '../helpers/test-kit';
import { catalogRequests, failingCatalogFetch, PRICED_MODELS } from './pricing-fixtures';

function pricingOn(settings: Parameters<typeof createModelContext>[0] = {}) {
  const emulator = createUnigateEmulator({ models: PRICED_MODELS });
  const config = createModelContext({ ...emulator.settings, ...settings });
  // The lookup's answer, once settled: what a call gets when its response takes longer than the catalog.
  const priceAndCheck = (...args: Parameters<typeof config.pricing.priceAndCheck>) =>
    config.pricing.priceAndCheck(...args).settled;
  return { emulator, priceAndCheck };
}

describe('pricing.priceAndCheck', () => {
  it('with pricing off (the default) prices nothing, not even built-ins, and fetches nothing', async () => {
    const { emulator, priceAndCheck } = pricingOn();
    expect(await priceAndCheck('tts-1', 'speech')).toEqual({ warnings: [] });
    expect(await priceAndCheck('priced-chat', 'chat', { promptCharacters: () => 1_000_000 })).toEqual({ warnings: [] });
    expect(emulator.requests).toEqual([]);
  });

  it("with 'catalog', prices chat from the catalog and the documented audio and embedding prices from the built-ins", async () => {
    const { priceAndCheck } = pricingOn({ pricing: 'catalog' });
    // A family without published cache ratios pays the input price for cached tokens.
    expect(await priceAndCheck('priced-chat', 'chat')).toEqual({
      price: {
        inputPerMillionTokens: 2.5,
        outputPerMillionTokens: 10,
        cacheReadPerMillionTokens: 2.5,
        cacheWritePerMillionTokens: 2.5,
        cacheWrite1hPerMillionTokens: 2.5,
      },
      warnings: [],
    });
    expect((await priceAndCheck('tts-1', 'speech')).price).toEqual({ perMillionCharacters: 3.75 });
    expect((await priceAndCheck('tts-1-hd', 'speech')).price).toEqual({ perMillionCharacters: 7.5 });
    expect((await priceAndCheck('whisper-1', 'transcription')).price).toEqual({ perMinute: 0.003 });
    expect((await priceAndCheck('text-embedding-3-large', 'embedding')).price).toEqual({
      inputPerMillionTokens: 0.065,
    });
    expect((await priceAndCheck('text-embedding-ada-002', 'embedding')).price).toEqual({ inputPerMillionTokens: 0.05 });
    // The catalog has no per-image or per-video basis; unknown models have no price.
    expect((await priceAndCheck('draw-1', 'image')).price).toBeUndefined();
    expect((await priceAndCheck('no-such-model', 'chat')).price).toBeUndefined();
  });

  it('reads prices sent as numeric strings', async () => {
    const { gw, requests } = setup([
      http.get(`${SITE_URL}/api/public/models`, () =>
        HttpResponse.json({
          success: true,
          data: [
            {
              id: 'str-model',
              provider: 'X',
              type: 'chat',
              contextWindow: '4096',
              inputPrice: '2.5',
              outputPrice: '0.75',
              isNew: false,
            },
          ],
          pagination: { total: 1 },
        }),
      ),
    ]);
    expect(await gw.estimateCost({ model: 'str-model', inputTokens: 1_000_000, outputTokens: 2_000_000 })).toEqual({
      input: 2.5,
      output: 1.5,
      total: 4,
      unit: 'credits',
    });
    expect(await gw.catalog.get('str-model')).toEqual({
      id: 'str-model',
      provider: 'X',
      type: 'chat',
      contextWindow: 4096,
      inputPrice: 2.5,
      outputPrice: 0.75,
      isNew: false,
    });
    expect(requests.map(request => new URL(request.url).pathname)).toEqual(['/api/public/models']);
  });

  it('a user table takes precedence over the catalog and the built-ins, entry by entry', async () => {
    const { emulator, priceAndCheck } = pricingOn({
      pricing: {
        'priced-chat': { inputPerMillionTokens: 1, outputPerMillionTokens: 2 },
        'tts-1': { perMillionCharacters: 1 },
      },
    });
    expect((await priceAndCheck('priced-chat', 'chat')).price).toEqual({
      inputPerMillionTokens: 1,
      outputPerMillionTokens: 2,
      cacheReadPerMillionTokens: 1,
      cacheWritePerMillionTokens: 1,
      cacheWrite1hPerMillionTokens: 1,
    });
    expect((await priceAndCheck('tts-1', 'speech')).price).toEqual({ perMillionCharacters: 1 });
    // Listed models need no catalog...
    expect(catalogRequests(emulator)).toBe(0);
    // ...others fall back to the built-ins, then the catalog.
    expect((await priceAndCheck('tts-1-hd', 'speech')).price).toEqual({ perMillionCharacters: 7.5 });
    expect(catalogRequests(emulator)).toBe(0);
    expect((await priceAndCheck('tiny-chat', 'chat')).price).toEqual({
      inputPerMillionTokens: 1,
      outputPerMillionTokens: 2,
      cacheReadPerMillionTokens: 1,
      cacheWritePerMillionTokens: 1,
      cacheWrite1hPerMillionTokens: 1,
    });
    expect(catalogRequests(emulator)).toBe(1);
  });

  it('a table prices images and videos; a key like "constructor" is not taken from the prototype', async () => {
    const { priceAndCheck } = pricingOn({ pricing: { 'draw-1': { perImage: 0.04 }, 'film-1': { perVideo: 0.5 } } });
    expect((await priceAndCheck('draw-1', 'image')).price).toEqual({ perImage: 0.04 });
    expect((await priceAndCheck('film-1', 'video')).price).toEqual({ perVideo: 0.5 });
    expect((await priceAndCheck('constructor', 'chat')).price).toBeUndefined();
  });

  it('a catalog that cannot be loaded never rejects: no catalog price, a warning that says why, built-ins still apply', async () => {
    const emulator = createUnigateEmulator({ models: PRICED_MODELS });
    const config = createModelContext({
      ...emulator.settings,
      fetch: failingCatalogFetch(emulator),
      pricing: 'catalog',
    });
    const result = await config.pricing.priceAndCheck('priced-chat', 'chat').settled;
    expect(result.price).toBeUndefined();
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatchObject({ type: 'other' });
    const message = (result.warnings[0] as { message: string }).message;
    expect(message).toContain('The Unigate catalog could not be loaded');
    expect(message).toContain('catalog database unavailable');
    expect((await config.pricing.priceAndCheck('tts-1', 'speech').settled).price).toEqual({
      perMillionCharacters: 3.75,
    });
  });
});

describe('capability checks (only with the catalog loaded)', () => {
  it('warns when a model is used through the wrong accessor, naming the right one', async () => {
    const { priceAndCheck } = pricingOn({ pricing: 'catalog' });
    // A model the catalog prices waits for it; fixed prices and kinds it never prices check only once it is loaded.
    expect((await priceAndCheck('priced-chat', 'chat')).warnings).toEqual([]);
    expect((await priceAndCheck('text-embedding-3-small', 'chat')).warnings).toEqual([
      {
        type: 'other',
        message:
          `Model "text-embedding-3-small" is listed in the catalog as type 'embedding', but it is used as a chat ` +
          `language model (chat(id)); use embedding('text-embedding-3-small') on the provider.`,
      },
    ]);
    expect((await priceAndCheck('film-1', 'image')).warnings).toEqual([
      {
        type: 'other',
        message: `Model "film-1" is listed in the catalog as type 'video', but it is used as an image model (image(id)); use video('film-1') on the provider.`,
      },
    ]);
    expect((await priceAndCheck('priced-chat', 'speech')).warnings[0]).toMatchObject({
      message: expect.stringContaining("use chat('priced-chat') or messages('priced-chat') on the provider."),
    });
    expect((await priceAndCheck('tts-1', 'embedding')).warnings[0]).toMatchObject({
      message: expect.stringContaining("use speech('tts-1') on the provider."),
    });
    expect((await priceAndCheck('tts-1', 'transcription')).warnings).toEqual([]);
    expect((await priceAndCheck('priced-chat', 'messages')).warnings).toEqual([]);
  });

  it('warns when the estimated prompt tokens exceed the context window, with both numbers', async () => {
    const { priceAndCheck } = pricingOn({ pricing: 'catalog' });
    expect((await priceAndCheck('tiny-chat', 'chat', { promptCharacters: () => 16 })).warnings).toEqual([]);
    expect((await priceAndCheck('tiny-chat', 'chat', { promptCharacters: () => 17 })).warnings).toEqual([
      {
        type: 'other',
        message:
          'The prompt is about 5 tokens (estimated as 17 characters / 4, rounded up), more than the 4-token context ' +
          'window the catalog lists for "tiny-chat".',
      },
    ]);
  });

  it('runs no checks when the catalog is not loaded (a table that prices the model fetches nothing)', async () => {
    const { emulator, priceAndCheck } = pricingOn({
      pricing: { 'text-embedding-3-small': { inputPerMillionTokens: 1 } },
    });
    expect(await priceAndCheck('text-embedding-3-small', 'chat', { promptCharacters: () => 10 ** 9 })).toEqual({
      price: {
        inputPerMillionTokens: 1,
        cacheReadPerMillionTokens: 1,
        cacheWritePerMillionTokens: 1,
        cacheWrite1hPerMillionTokens: 1,
      },
      warnings: [],
    });
    expect(emulator.requests).toEqual([]);
  });
});

describe('a lookup never holds a call back', () => {
  const NOT_LOADED =
    'The Unigate catalog had not loaded 2000 ms after the response was complete (the priceWaitMs setting), so this ' +
    'call has no catalog price and no catalog checks; the load goes on in the background (at most 10000 ms, the ' +
    'catalogTimeoutMs setting) for later calls.';

  it('while the catalog loads, a complete response gets a warning, a fixed price its price at once; then the answer', async () => {
    const emulator = createUnigateEmulator({ models: PRICED_MODELS });
    const slow = slowCatalog(emulator.fetch);
    const config = createModelContext({ ...emulator.settings, fetch: slow.fetch, pricing: 'catalog' });

    const chat = config.pricing.priceAndCheck('priced-chat', 'chat');
    expect(chat.settledNow()).toBeUndefined();
    expect(chat.atResponse()).toEqual({
      price: undefined,
      warnings: [{ type: 'other', message: NOT_LOADED }],
      catalogUnavailable: NOT_LOADED,
    });
    // A fixed price needs no catalog: answered at once, without a warning about it.
    const speech = config.pricing.priceAndCheck('tts-1', 'speech');
    expect(speech.settledNow()).toEqual({ price: { perMillionCharacters: 3.75 }, warnings: [] });
    await slow.firstRequest;
    expect(slow.catalogRequests()).toBe(1);

    slow.answer();
    const answer = {
      price: {
        inputPerMillionTokens: 2.5,
        outputPerMillionTokens: 10,
        cacheReadPerMillionTokens: 2.5,
        cacheWritePerMillionTokens: 2.5,
        cacheWrite1hPerMillionTokens: 2.5,
      },
      warnings: [],
    };
    expect(await chat.settled).toEqual(answer);
    expect(chat.settledNow()).toEqual(answer);
    expect(chat.atResponse()).toEqual(answer);
    // From the cache, the answer is there at once: no await between the lookup and the response.
    expect(config.pricing.priceAndCheck('priced-chat', 'chat').settledNow()).toEqual(answer);
  });

  it('pricing off and a table that prices the model answer at once, without the catalog', () => {
    const emulator = createUnigateEmulator({ models: PRICED_MODELS });
    const off = createModelContext(emulator.settings);
    expect(off.pricing.priceAndCheck('priced-chat', 'chat').settledNow()).toEqual({ warnings: [] });
    const table = createModelContext({ ...emulator.settings, pricing: { 'draw-1': { perImage: 0.04 } } });
    expect(table.pricing.priceAndCheck('draw-1', 'image').settledNow()).toEqual({
      price: { perImage: 0.04 },
      warnings: [],
    });
    expect(emulator.requests).toEqual([]);
  });
});

describe('the catalogTimeoutMs setting', () => {
  it('takes a number of milliseconds from 1 to 2147483647', () => {
    for (const catalogTimeoutMs of [undefined, 1, 2_500.5, 10_000, 2_147_483_647]) {
      expect(() => createUnigate({ pricing: 'catalog', catalogTimeoutMs })).not.toThrow();
    }
  });

  it('fails when the provider is created, naming the setting, the limit and the value as given', () => {
    const values: Array<[unknown, string]> = [
      [0, '0'],
      [-1, '-1'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      [2_147_483_648, '2147483648'],
      ['5000', '"5000"'],
      [null, 'null'],
    ];
    for (const [value, shown] of values) {
      let error: unknown;
      try {
        createUnigate({ pricing: 'catalog', catalogTimeoutMs: value as number });
      } catch (caught) {
        error = caught;
      }
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        argument: 'catalogTimeoutMs',
        message:
          `Invalid argument catalogTimeoutMs: the catalog load's time limit must be a number of milliseconds from 1 ` +
          `to 2147483647; received ${shown}.`,
      });
    }
  });
});

describe('pricing.priceNow', () => {
  it('answers from the table, then the catalog as loaded, never loading it; nothing with pricing off', async () => {
    const table = { 'my-model': { inputPerMillionTokens: 4, outputPerMillionTokens: 8 } };
    const emulator = createUnigateEmulator({ models: PRICED_MODELS });
    const { pricing } = createModelContext({ ...emulator.settings, pricing: table });
    expect(pricing.priceNow('my-model', 'messages')?.inputPerMillionTokens).toBe(4);
    expect(pricing.priceNow('priced-chat', 'chat')).toBeUndefined();
    expect(catalogRequests(emulator)).toBe(0);
    await pricing.priceFor('priced-chat', 'chat');
    expect(pricing.priceNow('priced-chat', 'chat')?.inputPerMillionTokens).toBe(2.5);
    const off = createModelContext({ ...emulator.settings, pricing: false }).pricing;
    expect(off.priceNow('tts-1', 'speech')).toBeUndefined();
  });
});
