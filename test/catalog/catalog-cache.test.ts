import { describe, expect, it, vi } from 'vitest';
import { createUnigateEmulator, SAMPLE_MODELS } from '../../src/testing';
import { createCatalogCache, type CatalogById } from '../../src/catalog/catalog-cache';
import { createModelContext } from '../../src/provider/unigate-provider';
import { catalogRequests, PRICED_MODELS } from '../pricing/pricing-fixtures';

const entries = (id: string): CatalogById => new Map([[id, { id, provider: 'Test', type: 'chat', isNew: false }]]);

/** A load the test settles by hand. */
function manualLoads() {
  const pending: Array<{
    resolve: (value: CatalogById) => void;
    reject: (error: unknown) => void;
    signal: AbortSignal;
  }> = [];
  const load = (signal: AbortSignal) =>
    new Promise<CatalogById>((resolve, reject) => {
      pending.push({ resolve, reject, signal });
    });
  return { pending, load };
}

describe('the catalog cache over the catalog client', () => {
  it('loads every page once for 20 concurrent calls (single flight)', async () => {
    const emulator = createUnigateEmulator();
    const config = createModelContext({ ...emulator.settings, pricing: 'catalog' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => config.pricing.priceAndCheck('gpt-4o-mini', 'chat').settled),
    );
    const pages = Math.ceil(SAMPLE_MODELS.length / 50);
    expect(pages).toBeGreaterThan(1);
    expect(catalogRequests(emulator)).toBe(pages);
    expect(results.every(result => result.price?.inputPerMillionTokens === 0.075 && result.warnings.length === 0)).toBe(
      true,
    );
    // Later calls are served from the cache.
    await config.pricing.priceAndCheck('gpt-4o', 'chat').settled;
    expect(catalogRequests(emulator)).toBe(pages);
  });

  it('refreshes after the TTL: stale prices are served at once while one refresh runs', async () => {
    let now = 1_000;
    const models = PRICED_MODELS.map(model => ({ ...model }));
    const emulator = createUnigateEmulator({ models });
    const config = createModelContext(
      { ...emulator.settings, pricing: 'catalog', catalogCacheTtlMs: 60_000 },
      {
        now: () => now,
      },
    );
    expect((await config.pricing.priceAndCheck('priced-chat', 'chat').settled).price).toEqual({
      inputPerMillionTokens: 2.5,
      outputPerMillionTokens: 10,
      cacheReadPerMillionTokens: 2.5,
      cacheWritePerMillionTokens: 2.5,
      cacheWrite1hPerMillionTokens: 2.5,
    });
    expect(catalogRequests(emulator)).toBe(1);

    now += 59_999;
    await config.pricing.priceAndCheck('priced-chat', 'chat').settled;
    expect(catalogRequests(emulator)).toBe(1);

    // The gateway changes a price; once the TTL has passed, the next call still gets the old price at once...
    (emulator.models.get('priced-chat') as { inputPrice: number | string }).inputPrice = 3;
    now += 1;
    const stale = await Promise.all([
      config.pricing.priceAndCheck('priced-chat', 'chat').settled,
      config.pricing.priceAndCheck('priced-chat', 'chat').settled,
    ]);
    expect(stale.map(result => result.price?.inputPerMillionTokens)).toEqual([2.5, 2.5]);
    // ...and exactly one refresh was started; after it, the new price.
    await config.pricing.idle();
    expect(catalogRequests(emulator)).toBe(1 + 1);
    expect((await config.pricing.priceAndCheck('priced-chat', 'chat').settled).price?.inputPerMillionTokens).toBe(3);
    expect(catalogRequests(emulator)).toBe(2);
  });

  it('keeps serving the old catalog when a refresh fails, and tries again a minute later', async () => {
    let now = 0;
    const { pending, load } = manualLoads();
    const cache = createCatalogCache({ load, ttlMs: 10_000, timeoutMs: 60_000, now: () => now });
    const first = cache.get();
    pending[0].resolve(entries('old'));
    expect((await first).has('old')).toBe(true);

    now = 10_000;
    expect((await cache.get()).has('old')).toBe(true);
    expect(pending).toHaveLength(2);
    pending[1].reject(new Error('refresh failed'));
    await cache.idle();

    now = 19_999; // within the retry pause (the TTL, 10 s, being shorter than a minute)
    expect((await cache.get()).has('old')).toBe(true);
    expect(pending).toHaveLength(2);

    now = 20_000;
    expect((await cache.get()).has('old')).toBe(true);
    expect(pending).toHaveLength(3);
    pending[2].resolve(entries('new'));
    await cache.idle();
    expect((await cache.get()).has('new')).toBe(true);
  });

  it('backs off after a failed first load: calls meanwhile get its error at once, then one call loads again', async () => {
    let now = 0;
    const { pending, load } = manualLoads();
    const cache = createCatalogCache({ load, ttlMs: 10_000, timeoutMs: 60_000, now: () => now });
    const first = cache.get();
    pending[0].reject(new Error('down'));
    await expect(first).rejects.toThrow('down');
    // 1 s of back-off: no call starts a load, each gets the failure.
    now = 999;
    await expect(cache.get()).rejects.toThrow('down');
    await expect(cache.get()).rejects.toThrow('down');
    expect(pending).toHaveLength(1);
    now = 1_000;
    const second = cache.get();
    expect(pending).toHaveLength(2);
    // A second failure doubles the pause: 2 s from now.
    pending[1].reject(new Error('still down'));
    await expect(second).rejects.toThrow('still down');
    now = 2_999;
    await expect(cache.get()).rejects.toThrow('still down');
    expect(pending).toHaveLength(2);
    now = 3_000;
    const third = cache.get();
    expect(pending).toHaveLength(3);
    pending[2].resolve(entries('m'));
    expect((await third).has('m')).toBe(true);
  });

  it('the back-off doubles up to a minute, and a success clears it', async () => {
    let now = 0;
    const { pending, load } = manualLoads();
    const cache = createCatalogCache({ load, ttlMs: 10_000, timeoutMs: 60_000, now: () => now });
    let wait = cache.get();
    for (const pause of [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]) {
      const failedAt = now;
      pending[pending.length - 1].reject(new Error('down'));
      await expect(wait).rejects.toThrow('down');
      now = failedAt + pause - 1;
      const loads = pending.length;
      await expect(cache.get()).rejects.toThrow('down');
      expect(pending).toHaveLength(loads);
      now = failedAt + pause;
      wait = cache.get();
      expect(pending).toHaveLength(loads + 1);
    }
    pending[pending.length - 1].resolve(entries('m'));
    expect((await wait).has('m')).toBe(true);
    // Cleared: a later failure (of a refresh, once stale) backs off the refresh's way, the old catalog kept.
    expect(cache.current()?.has('m')).toBe(true);
  });

  it('an abort stops only the aborted caller while others still wait, and never poisons the cache', async () => {
    const { pending, load } = manualLoads();
    const cache = createCatalogCache({ load, ttlMs: 10_000, timeoutMs: 60_000 });
    const a = new AbortController();
    const b = new AbortController();
    const waitA = cache.get(a.signal);
    const waitB = cache.get(b.signal);
    expect(pending).toHaveLength(1);

    a.abort(new Error('caller A gave up'));
    await expect(waitA).rejects.toThrow('caller A gave up');
    expect(pending[0].signal.aborted).toBe(false); // B still waits for the shared load

    b.abort(new Error('caller B gave up'));
    await expect(waitB).rejects.toThrow('caller B gave up');
    expect(pending[0].signal.aborted).toBe(true); // nobody waits: the load is stopped
    pending[0].resolve(entries('late')); // a load that finishes after its abort is not kept

    const next = cache.get();
    expect(pending).toHaveLength(2);
    expect(cache.current()).toBeUndefined();
    pending[1].resolve(entries('fresh'));
    expect([...(await next).keys()]).toEqual(['fresh']);
  });

  it('a caller whose signal is already aborted does not start a load that nobody wants', async () => {
    const { pending, load } = manualLoads();
    const cache = createCatalogCache({ load, ttlMs: 10_000, timeoutMs: 60_000 });
    await expect(cache.get(AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
    expect(pending[0].signal.aborted).toBe(true);
    const next = cache.get();
    expect(pending).toHaveLength(2);
    pending[1].resolve(entries('x'));
    expect((await next).has('x')).toBe(true);
  });

  it('a load ends at its time limit even when the fetch ignores the abort; a late answer is not kept', async () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const { pending, load } = manualLoads();
      const cache = createCatalogCache({ load, ttlMs: 10_000, timeoutMs: 5_000, now: () => now });
      const rejected = expect(cache.get()).rejects.toThrow(
        'the catalog did not load within 5000 ms (the catalogTimeoutMs setting)',
      );
      await vi.advanceTimersByTimeAsync(4_999);
      expect(pending[0].signal.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await rejected;
      expect(pending[0].signal.reason).toMatchObject({ name: 'TimeoutError' });

      pending[0].resolve(entries('late'));
      await cache.idle();
      expect(cache.current()).toBeUndefined();
      // A time-out backs off like a failure, then the next call loads again.
      await expect(cache.get()).rejects.toThrow('the catalog did not load within 5000 ms');
      expect(pending).toHaveLength(1);
      now = 1_000;
      const next = cache.get();
      expect(pending).toHaveLength(2);
      pending[1].resolve(entries('fresh'));
      expect([...(await next).keys()]).toEqual(['fresh']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refresh has the same limit: the old catalog stays, and the refresh is tried again after the pause', async () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const { pending, load } = manualLoads();
      const cache = createCatalogCache({ load, ttlMs: 10_000, timeoutMs: 5_000, now: () => now });
      const first = cache.get();
      pending[0].resolve(entries('old'));
      await first;
      now = 10_000;
      expect(cache.cached()?.has('old')).toBe(true);
      expect(pending).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(pending[1].signal.aborted).toBe(true);
      await cache.idle();
      now = 19_999;
      expect(cache.cached()?.has('old')).toBe(true);
      expect(pending).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a caller that leaves hands the load to the background: no abort stops it any more, and it is cached', async () => {
    const { pending, load } = manualLoads();
    const cache = createCatalogCache({ load, ttlMs: 10_000, timeoutMs: 60_000 });
    const a = new AbortController();
    const b = new AbortController();
    const first = cache.join(a.signal);
    const second = cache.join(b.signal);
    first.leave(); // A's call is complete without the catalog
    a.abort(new Error('A cleans up after its call'));
    b.abort(new Error('B gave up'));
    await expect(second.promise).rejects.toThrow('B gave up');
    expect(pending[0].signal.aborted).toBe(false);

    pending[0].resolve(entries('kept'));
    expect((await first.promise).has('kept')).toBe(true);
    await cache.idle();
    expect(cache.current()?.has('kept')).toBe(true);
    expect(pending).toHaveLength(1);
  });
});
