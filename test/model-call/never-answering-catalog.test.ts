import type { LanguageModelV3 } from '@ai-sdk/provider';
import * as ai from 'ai';
import aiPackage from 'ai/package.json';
import { afterEach, describe, expect, it } from 'vitest';
import { createUnigate, type UnigateProvider } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { slowCatalog } from '../helpers/catalog-timing';
import { synthesizeWav } from '../transcription/transcription-fixtures';

// A catalog endpoint that never answers (until the test lets it, to clean up) on every kind that prices:
// a call the catalog could price waits PRICE_WAIT_MS (the priceWaitMs setting) after its API response,
// then returns without a catalog price and with a warning that says why; a fixed price, or a kind the
// catalog never prices, returns at once. Wall-clock guards, not a benchmark: the catalog's own time limit
// is the default 10 s, so a call that waited for it would miss the guard by seconds, and the margin is
// 500 ms, over 5 times the most a loaded machine was measured to add (46 ms).
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const PRICE_WAIT_MS = 100;
const MARGIN_MS = 500;
const major = Number(aiPackage.version.split('.')[0]);
type Loose = (options: Record<string, unknown>) => Promise<any>;
const sdk = ai as unknown as Record<string, Loose>;
const generateSpeech = major >= 7 ? sdk.generateSpeech : sdk.experimental_generateSpeech;
const transcribe = major >= 7 ? sdk.transcribe : sdk.experimental_transcribe;
const generateVideo = sdk.experimental_generateVideo;

const NOT_LOADED = expect.stringMatching(
  /^The Unigate catalog had not loaded 100 ms after the response was complete \(the priceWaitMs setting\), so this call has no catalog price and no catalog checks; .*at most 10000 ms, the catalogTimeoutMs setting/,
);
const credits = (total: number) => ({
  input: expect.closeTo(total, 15),
  output: 0,
  total: expect.closeTo(total, 15),
  unit: 'credits',
});

const cleanups: Array<() => void> = [];
afterEach(() => {
  // Lets the held catalog loads finish, so no load or timer outlives its test.
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function neverAnsweringCatalog() {
  const emulator = createUnigateEmulator({ videoJob: { pollsToComplete: 1 } });
  const slow = slowCatalog(emulator.fetch);
  cleanups.push(slow.answer);
  const gw = createUnigate({ ...emulator.settings, fetch: slow.fetch, pricing: 'catalog', priceWaitMs: PRICE_WAIT_MS });
  return { gw, slow };
}

/**
 * Runs one call and checks when it returned after the API's response, the catalog still unanswered: at
 * once (`waits` false), or after the price wait, within its margin.
 */
async function guarded<T>(slow: ReturnType<typeof slowCatalog>, waits: boolean, call: () => Promise<T>): Promise<T> {
  const result = await call();
  const returnedAt = performance.now();
  expect(slow.apiAnsweredAt()).toBeDefined();
  const after = returnedAt - slow.apiAnsweredAt()!;
  // A timer may fire up to a millisecond early as performance.now() rounds.
  if (waits) expect(after).toBeGreaterThanOrEqual(PRICE_WAIT_MS - 1);
  expect(after).toBeLessThan((waits ? PRICE_WAIT_MS : 0) + MARGIN_MS);
  expect(slow.catalogRequests()).toBe(1);
  expect(slow.catalogSignals[0].aborted).toBe(false);
  return result;
}

const cases: Array<{
  kind: string;
  call: (gw: UnigateProvider, fetch: typeof globalThis.fetch) => Promise<any>;
  /** A documented fixed price needs no catalog: the cost is there anyway, at once. */
  cost?: ReturnType<typeof credits>;
  /** The catalog prices chat, messages and embeddings only: the other kinds never wait for it. */
  catalogPriced?: boolean;
}> = [
  {
    kind: 'chat: generateText',
    call: gw => ai.generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there' }),
    catalogPriced: true,
  },
  {
    kind: 'messages: generateText',
    call: gw => ai.generateText({ model: gw.messages('claude-3-5-haiku'), prompt: 'Hello there' }),
    catalogPriced: true,
  },
  {
    kind: 'embedding: embed',
    // text-embedding-3-small: 0.01 per 1M tokens, a fixed price; 'the cat sat' is 3 tokens.
    call: gw => ai.embed({ model: gw.embedding('text-embedding-3-small'), value: 'the cat sat' }),
    cost: credits(0.00000003),
  },
  {
    kind: 'speech: generateSpeech',
    // tts-1: 3.75 per 1M characters, a fixed price; 'Hello' is 5 characters.
    call: gw => generateSpeech({ model: gw.speech('tts-1'), text: 'Hello' }),
    cost: credits(0.00001875),
  },
  {
    kind: 'transcription: transcribe',
    // whisper-1: 0.003 per minute, a fixed price; 6 s of audio.
    call: gw => transcribe({ model: gw.transcription('whisper-1'), audio: synthesizeWav(6, 8_000) }),
    cost: credits(0.0003),
  },
  { kind: 'image: generateImage', call: gw => ai.generateImage({ model: gw.image('dall-e-3'), prompt: 'a red fox' }) },
  {
    kind: 'video: generateVideo',
    call: (gw, fetch) =>
      generateVideo({
        model: gw.video('veo-3'),
        prompt: 'A boat',
        providerOptions: { unigate: { pollIntervalMs: 1 } },
        // The video file comes from the gateway too: its download is part of the API's response.
        download: async ({ url }: { url: URL }) => {
          const response = await fetch(url);
          return {
            data: new Uint8Array(await response.arrayBuffer()),
            mediaType: response.headers.get('content-type') ?? undefined,
          };
        },
      }),
  },
];

describe(`a catalog that never answers, ai@${major}`, () => {
  for (const { kind, call, cost, catalogPriced = false } of cases) {
    const title = catalogPriced
      ? `${kind} waits priceWaitMs after the API's response, then returns with a warning saying why it has no catalog price`
      : `${kind} returns at once: ${cost ? 'its fixed price' : 'the catalog never prices it'} needs no catalog and no warning`;
    it(title, async () => {
      const { gw, slow } = neverAnsweringCatalog();
      const result = await guarded(slow, catalogPriced, () => call(gw, slow.fetch));
      expect(result.warnings).toEqual(catalogPriced ? [{ type: 'other', message: NOT_LOADED }] : []);
      expect(result.providerMetadata?.unigate?.cost).toEqual(cost);
    });
  }

  const streamed: Array<[string, (gw: UnigateProvider) => LanguageModelV3, Record<string, unknown>]> = [
    ['chat', gw => gw('gpt-4o-mini'), {}],
    ['messages', gw => gw.messages('claude-3-5-haiku'), { stopSequence: null }],
  ];
  for (const [kind, model, metadata] of streamed) {
    it(`${kind}: streamText's finish part waits priceWaitMs, then costUnavailable says why it has no cost`, async () => {
      const { gw, slow } = neverAnsweringCatalog();
      const result = ai.streamText({ model: model(gw), prompt: 'Hello there' });
      const parts = await guarded(slow, true, async () => {
        const parts: Array<{ type: string; warnings?: unknown; providerMetadata?: unknown }> = [];
        for await (const part of result.fullStream) parts.push(part);
        return parts;
      });
      expect(parts.map(part => part.type).slice(-2)).toEqual(['finish-step', 'finish']);
      // The lookup had not settled when the stream started: stream-start has no pricing warning...
      expect(parts.find(part => part.type === 'start-step')?.warnings).toEqual([]);
      // ...and the finish part says why there is no cost.
      const expected = { unigate: { ...metadata, costUnavailable: NOT_LOADED } };
      expect(parts.find(part => part.type === 'finish-step')?.providerMetadata).toEqual(expected);
      expect(await result.providerMetadata).toEqual(expected);
      expect(await result.text).toMatch(/Hello there/);
    });
  }

  for (const [kind, model] of streamed) {
    it(`${kind}: a stream that fails does not wait for a price (only a clean finish is priced)`, async () => {
      const emulator = createUnigateEmulator();
      const slow = slowCatalog(emulator.fetch);
      cleanups.push(slow.answer);
      // A wait far beyond the guard: a failed stream that waited for it would miss the guard by seconds.
      const gw = createUnigate({ ...emulator.settings, fetch: slow.fetch, pricing: 'catalog', priceWaitMs: 10_000 });
      const result = ai.streamText({
        model: model(gw),
        prompt: 'Hello there [[emulator:stream-error]]',
        onError: () => {},
      });
      const parts = await guarded(slow, false, async () => {
        const parts: Array<{ type: string; finishReason?: unknown }> = [];
        for await (const part of result.fullStream) parts.push(part);
        return parts;
      });
      expect(parts.some(part => part.type === 'error')).toBe(true);
      expect(parts.find(part => part.type === 'finish')?.finishReason).toBe('error');
    });
  }
});
