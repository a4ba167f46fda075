/**
 * The price wait: a fresh provider's first `generateText` against the emulator, its catalog pages
 * answering after a network-like delay, with the catalog not loaded (the call waits for its price, at
 * most priceWaitMs) and already loaded (nothing to wait for). The difference is what a cold start pays
 * for a priced first call.
 */
import { generateText } from 'ai';
import { createUnigate, unigateCost } from '../src/index';
import { createUnigateEmulator } from '../src/testing/index';
import { interleave, type Series } from './interleave';

/** Each catalog page answers after this long, as a gateway across a network would. */
export const CATALOG_PAGE_DELAY_MS = 50;
export const FRESH = 'fresh provider, catalog not loaded';
export const LOADED = 'fresh provider, catalog loaded first';

function delayedCatalog() {
  const emulator = createUnigateEmulator();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/api/public/models') await new Promise(resolve => setTimeout(resolve, CATALOG_PAGE_DELAY_MS));
    return emulator.fetch(input, init);
  };
  return { ...emulator.settings, fetch };
}

/** Milliseconds of one first call; throws when it comes without a cost. */
async function firstCall(preload: boolean): Promise<number> {
  const gw = createUnigate({ ...delayedCatalog(), pricing: 'catalog' });
  if (preload) await gw.catalog.get('gpt-4o-mini');
  const start = performance.now();
  const result = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there', maxRetries: 0 });
  const elapsed = performance.now() - start;
  if (unigateCost(result) === undefined) throw new Error('the first call came without a cost');
  return elapsed;
}

export function measurePriceWait(reps: number): Promise<Record<string, Series>> {
  return interleave(
    [
      { name: FRESH, run: () => firstCall(false) },
      { name: LOADED, run: () => firstCall(true) },
    ],
    { reps, warmups: 2 },
  );
}
