import { generateText, streamText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createUnigate, type UnigateProviderSettings } from '../../src';
import { createUnigateEmulator, SAMPLE_MODELS } from '../../src/testing';
import { slowCatalog } from '../helpers/catalog-timing';

// How long a catalog load lives once calls stop waiting for it: it goes on in the background for later
// calls, within its own time limit; an abort stops it only when no call wants it any more.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const PAGES = Math.ceil(SAMPLE_MODELS.length / 50);
// gpt-4o-mini: 0.075 in, 0.3 out per 1M tokens; 'Hello there' is 2 tokens in, 'You said: Hello there' 5 out.
const COST = { input: 0.00000015, output: 0.0000015, total: 0.00000165, unit: 'credits' };

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A gateway whose catalog answers only once told to; its streams pause `streamDelayMs` between events. */
function heldCatalog(settings: UnigateProviderSettings = {}, streamDelayMs = 0) {
  const emulator = createUnigateEmulator({ streamDelayMs });
  const slow = slowCatalog(emulator.fetch);
  cleanups.push(slow.answer);
  const gw = createUnigate({ ...emulator.settings, fetch: slow.fetch, pricing: 'catalog', ...settings });
  const chat = (abortSignal?: AbortSignal) =>
    generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there', abortSignal });
  /** A stream under way: its response has started, its finish has not come yet. */
  const openStream = async (abortSignal?: AbortSignal) => {
    const result = streamText({ model: gw('gpt-4o-mini'), prompt: 'Hello there', abortSignal });
    const parts = result.fullStream[Symbol.asyncIterator]();
    let part;
    do part = (await parts.next()).value;
    while (part?.type !== 'start-step');
    return {
      startWarnings: part.warnings,
      result,
      /** Reads the rest: a stream aborted meanwhile ends early, with its abort reason. */
      drain: async () => {
        try {
          while (!(await parts.next()).done);
        } catch (error) {
          if (!abortSignal?.aborted || error !== abortSignal.reason) throw error;
        }
      },
    };
  };
  /** Lets the catalog answer, waits for the load under way (no new one), then a later call has its cost. */
  const laterCallIsPriced = async (catalogRequests: number) => {
    slow.answer();
    await gw.catalog.get('gpt-4o-mini');
    const later = await chat();
    expect(later.providerMetadata).toEqual({ unigate: { cost: COST } });
    expect(later.warnings).toEqual([]);
    expect(slow.catalogRequests()).toBe(catalogRequests);
  };
  return { gw, slow, chat, openStream, laterCallIsPriced };
}

describe('a catalog load outlives the call that started it', () => {
  it('goes on in the background: once the catalog answers, a later call has its cost, from the same load', async () => {
    const { slow, chat, laterCallIsPriced } = heldCatalog();
    const first = await chat();
    expect(first.providerMetadata).toBeUndefined();
    expect(first.warnings).toHaveLength(1);

    await laterCallIsPriced(PAGES);
    expect(slow.catalogSignals.some(signal => signal.aborted)).toBe(false);
  });

  it('the starting call aborting after its result has come does not stop the load (no poisoned cache)', async () => {
    const { slow, chat, laterCallIsPriced } = heldCatalog();
    const controller = new AbortController();
    await chat(controller.signal);
    controller.abort(new Error('the first caller cleans up'));
    expect(slow.catalogSignals[0].aborted).toBe(false);

    await laterCallIsPriced(PAGES);
  });

  it('the starting call aborted mid-stream does not stop a load another call has left to the background', async () => {
    const { slow, chat, openStream, laterCallIsPriced } = heldCatalog({}, 200);
    const controller = new AbortController();
    const stream = await openStream(controller.signal);
    await chat(); // joins the load and, done first, leaves it to the background
    controller.abort(new Error('the stream is no longer wanted'));
    await stream.drain();
    expect(slow.catalogSignals[0].aborted).toBe(false);

    await laterCallIsPriced(PAGES);
  });

  it('a call aborted while it alone waits stops the load; nothing is kept, and the next call loads afresh', async () => {
    const { slow, chat, openStream, laterCallIsPriced } = heldCatalog({}, 200);
    const controller = new AbortController();
    const stream = await openStream(controller.signal);
    const reason = new Error('the only caller gave up');
    controller.abort(reason);
    await stream.drain();
    expect(slow.catalogSignals[0].aborted).toBe(true);
    expect(slow.catalogSignals[0].reason).toBe(reason);

    // No rejected load is cached: the next call starts its own, which later calls use once it has loaded.
    const next = await chat();
    expect(next.providerMetadata).toBeUndefined();
    expect(slow.catalogRequests()).toBe(2);
    await laterCallIsPriced(1 + PAGES);
  });
});

describe('a stream takes the price the moment it finishes', () => {
  it('a price that settles while the stream runs is on its finish part', async () => {
    const { gw, slow, openStream } = heldCatalog({}, 30);
    const stream = await openStream();
    expect(stream.startWarnings).toEqual([]); // not known when the stream started
    slow.answer();
    await gw.catalog.get('gpt-4o-mini');
    await stream.drain();
    expect(await stream.result.providerMetadata).toEqual({ unigate: { cost: COST } });
    expect(await stream.result.text).toBe('You said: Hello there');
  });
});

describe('the catalog load has its own time limit (catalogTimeoutMs)', () => {
  it('a stream that outlives the limit finishes with costUnavailable naming it; the next call gets the failure during the back-off', async () => {
    // 30 ms between events: the stream runs well past the 50 ms limit.
    const { gw, slow } = heldCatalog({ catalogTimeoutMs: 50 }, 30);
    const result = streamText({ model: gw('gpt-4o-mini'), prompt: 'Hello there' });
    await result.consumeStream();
    expect(await result.providerMetadata).toEqual({
      unigate: {
        costUnavailable:
          'The Unigate catalog could not be loaded, so this call has no catalog price and no catalog checks: ' +
          'the catalog did not load within 50 ms (the catalogTimeoutMs setting)',
      },
    });
    expect(slow.catalogSignals[0].aborted).toBe(true);
    expect(slow.catalogSignals[0].reason).toMatchObject({ name: 'TimeoutError' });

    // Within the 1 s back-off, gw.catalog.get gets the time-out at once, without a second load.
    await expect(gw.catalog.get('gpt-4o-mini')).rejects.toThrow(
      'the catalog did not load within 50 ms (the catalogTimeoutMs setting)',
    );
    expect(slow.catalogRequests()).toBe(1);
  });
});
