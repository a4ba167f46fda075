import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createJsonHandler } from '../../src/transport/gateway-request';
import { runPricedCall, sendPricedRequest } from '../../src/model-call/send-priced-request';
import { createUnigateEmulator } from '../../src/testing';
import { createModelContext } from '../../src/provider/unigate-provider';
import { slowCatalog } from '../helpers/catalog-timing';
import { PRICED_MODELS } from '../pricing/pricing-fixtures';

// The catalog's price; a family without published cache ratios pays the input price for cached tokens.
const PRICE = {
  inputPerMillionTokens: 2.5,
  outputPerMillionTokens: 10,
  cacheReadPerMillionTokens: 2.5,
  cacheWritePerMillionTokens: 2.5,
  cacheWrite1hPerMillionTokens: 2.5,
};

function heldCatalog() {
  const emulator = createUnigateEmulator({ models: PRICED_MODELS });
  const slow = slowCatalog(emulator.fetch);
  const config = createModelContext({ ...emulator.settings, fetch: slow.fetch, pricing: 'catalog' });
  return { emulator, slow, config };
}

describe('runPricedCall', () => {
  it("returns send's answer with what pricing knows then: the price once the catalog is cached", async () => {
    const { slow, config } = heldCatalog();
    const early = await runPricedCall(config, { modelId: 'priced-chat', kind: 'chat' }, async () => ({
      value: 'early',
    }));
    expect(early).toEqual({
      value: 'early',
      price: undefined,
      pricingWarnings: [expect.objectContaining({ type: 'other' })],
    });

    slow.answer();
    await config.pricing.idle();
    const later = await runPricedCall(config, { modelId: 'priced-chat', kind: 'chat' }, async () => ({
      value: 'later',
    }));
    expect(later).toEqual({ value: 'later', price: PRICE, pricingWarnings: [] });
    expect(slow.catalogRequests()).toBe(1);
  });

  it("a failed request fails with its own error; the load it started goes on, the caller's later abort aside", async () => {
    const { slow, config } = heldCatalog();
    const controller = new AbortController();
    const failure = new Error('the upstream fell over');
    const call = { modelId: 'priced-chat', kind: 'chat' as const, abortSignal: controller.signal };
    await expect(runPricedCall(config, call, () => Promise.reject(failure))).rejects.toBe(failure);
    controller.abort(new Error('the caller cleans up'));
    await slow.firstRequest;
    expect(slow.catalogSignals[0].aborted).toBe(false);

    slow.answer();
    await config.pricing.idle();
    expect(config.pricing.priceAndCheck('priced-chat', 'chat').settledNow()).toEqual({ price: PRICE, warnings: [] });
  });
});

describe('sendPricedRequest', () => {
  it("sends the request with the call's headers and abort signal, and prices it", async () => {
    const emulator = createUnigateEmulator({ models: PRICED_MODELS });
    const sent: Request[] = [];
    const config = createModelContext({
      ...emulator.settings,
      fetch: (input, init) => {
        sent.push(new Request(input, init));
        return emulator.fetch(input, init);
      },
      pricing: 'catalog',
    });
    await config.catalog.get('priced-chat');
    const controller = new AbortController();
    const { value, price, pricingWarnings } = await sendPricedRequest(
      config,
      { modelId: 'priced-chat', kind: 'chat', headers: { 'x-trace': 'abc' }, abortSignal: controller.signal },
      {
        config: config.connection,
        auth: 'bearer',
        url: config.connection.url('base', '/models'),
        successfulResponseHandler: createJsonHandler(z.object({ data: z.array(z.object({ id: z.string() })) })),
      },
    );
    expect(value.data.map(model => model.id)).toContain('priced-chat');
    expect([price, pricingWarnings]).toEqual([PRICE, []]);
    const request = sent.find(request => new URL(request.url).pathname === '/v1/models')!;
    expect(request.headers.get('x-trace')).toBe('abc');
    controller.abort();
    expect(request.signal.aborted).toBe(true);
  });
});
