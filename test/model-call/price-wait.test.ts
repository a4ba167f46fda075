import { generateText, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { costExceeds, createUnigate, unigateCost } from '../../src';
import { createUnigateEmulator } from '../../src/testing';

// A fresh process, as a serverless cold start is: nothing cached. The catalog's pages load concurrently
// after the first, and a finished call waits for its price, at most priceWaitMs.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const PAGE_DELAY_MS = 60;

/** The emulator, its catalog pages answering after PAGE_DELAY_MS each, with the time each page started and ended. */
function slowPages() {
  const emulator = createUnigateEmulator();
  const pages: Array<{ page: number; startedAt: number; endedAt?: number }> = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== '/api/public/models') return emulator.fetch(input, init);
    const entry: { page: number; startedAt: number; endedAt?: number } = {
      page: Number(url.searchParams.get('page')),
      startedAt: performance.now(),
    };
    pages.push(entry);
    await new Promise(resolve => setTimeout(resolve, PAGE_DELAY_MS));
    const response = await emulator.fetch(input, init);
    entry.endedAt = performance.now();
    return response;
  };
  return { emulator, pages, fetch };
}

describe('a fresh process prices its first calls', () => {
  it('loads page 1, then the other four pages at once: two round trips, not five', async () => {
    const { emulator, pages, fetch } = slowPages();
    const gw = createUnigate({ ...emulator.settings, fetch, pricing: 'catalog' });
    const result = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there' });
    expect(unigateCost(result)).toBeDefined();
    expect(pages.map(page => page.page)).toEqual([1, 2, 3, 4, 5]);
    const first = pages[0];
    // Every later page started after page 1 ended and before any later page ended.
    const laterEnds = pages.slice(1).map(page => page.endedAt!);
    for (const page of pages.slice(1)) {
      expect(page.startedAt).toBeGreaterThanOrEqual(first.endedAt!);
      expect(page.startedAt).toBeLessThan(Math.min(...laterEnds));
    }
  });

  it('prices the first generateText and 10 concurrent first calls, waiting for the catalog after their responses', async () => {
    const { emulator, fetch } = slowPages();
    const gw = createUnigate({ ...emulator.settings, fetch, pricing: 'catalog' });
    const first = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there' });
    expect(first.warnings).toEqual([]);
    expect(unigateCost(first)?.total).toBeGreaterThan(0);

    const fresh = createUnigate({ ...emulator.settings, fetch, pricing: 'catalog' });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        generateText({ model: fresh(index % 2 === 0 ? 'gpt-4o-mini' : 'claude-3-5-haiku'), prompt: `Call ${index}` }),
      ),
    );
    expect(results.map(result => unigateCost(result) !== undefined)).toEqual(Array(10).fill(true));
    expect(results.flatMap(result => result.warnings)).toEqual([]);
  });

  it('prices a fresh stream: the deltas go out at once, only the finish part waits for the price', async () => {
    const { emulator, pages, fetch } = slowPages();
    const gw = createUnigate({ ...emulator.settings, fetch, pricing: 'catalog' });
    for (const model of [gw('gpt-4o-mini'), gw.messages('claude-3-5-haiku')]) {
      const result = streamText({ model, prompt: 'Hello there' });
      const seen: Array<{ type: string; at: number }> = [];
      for await (const part of result.fullStream) seen.push({ type: part.type, at: performance.now() });
      expect((await result.providerMetadata)?.unigate?.cost).toMatchObject({ unit: 'credits' });
      if (model.provider === 'unigate.chat') {
        // The first stream: its text arrived before the catalog's last page, its finish after it.
        const catalogLoaded = Math.max(...pages.map(page => page.endedAt!));
        expect(seen.find(part => part.type === 'text-delta')!.at).toBeLessThan(catalogLoaded);
        expect(seen.find(part => part.type === 'finish')!.at).toBeGreaterThanOrEqual(catalogLoaded);
      }
    }
  });

  it('priceWaitMs: 0 never waits: the first call comes without a cost, saying why', async () => {
    const { emulator, fetch } = slowPages();
    const gw = createUnigate({ ...emulator.settings, fetch, pricing: 'catalog', priceWaitMs: 0 });
    const result = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there' });
    expect(unigateCost(result)).toBeUndefined();
    expect(result.warnings).toEqual([
      {
        type: 'other',
        message: expect.stringMatching(
          /^The Unigate catalog had not loaded 0 ms after the response was complete \(the priceWaitMs setting\)/,
        ),
      },
    ]);
  });

  it('a fixed price needs no catalog: the first embed has its cost and no warning', async () => {
    const { emulator, fetch } = slowPages();
    const { embed } = await import('ai');
    const gw = createUnigate({ ...emulator.settings, fetch, pricing: 'catalog', priceWaitMs: 0 });
    const result = await embed({ model: gw.embedding('text-embedding-3-small'), value: 'the cat sat' });
    expect(result.warnings).toEqual([]);
    expect(unigateCost(result)).toEqual({ input: 0.00000003, output: 0, total: 0.00000003, unit: 'credits' });
  });

  it('a fresh costExceeds loop stops as soon as a preloaded one does', async () => {
    const weather = tool({
      description: 'Weather',
      inputSchema: z.object({ city: z.string() }),
      execute: async () => 'sunny',
    });
    const loop = async (preload: boolean) => {
      const { emulator, fetch } = slowPages();
      const gw = createUnigate({ ...emulator.settings, fetch, pricing: 'catalog' });
      if (preload) await gw.catalog.get('gpt-4o-mini');
      const result = await generateText({
        model: gw('gpt-4o-mini'),
        tools: { weather },
        toolChoice: 'required',
        prompt: 'Weather in Paris?',
        stopWhen: [stepCountIs(12), costExceeds(0.00001)],
      });
      return result.steps.map(step => unigateCost(step)?.total);
    };
    const fresh = await loop(false);
    const preloaded = await loop(true);
    expect(fresh).toEqual(preloaded);
    expect(fresh.length).toBeLessThan(12);
    expect(fresh.every(total => total !== undefined)).toBe(true);
  });

  it.each([
    [Number.NaN, 'NaN'],
    [-1, '-1'],
    ['100', '"100"'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
  ])(
    'refuses priceWaitMs %s when the provider is created, naming the setting, the limit and the value',
    (value, shown) => {
      expect(() => createUnigate({ priceWaitMs: value as number })).toThrow(
        `Invalid argument priceWaitMs: a number of milliseconds from 0 to 2147483647; received ${shown}.`,
      );
    },
  );
});
