import * as ai from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, unigateError } from '../../src';
import { API_KEY, SITE_URL } from '../helpers/test-kit';

// A connection that fails is the same error on every kind: the one request helper turns the runtime's
// failure (here fetch's own `TypeError: fetch failed`, as undici rejects) into an APICallError of kind
// `network`, retryable, whose cause is the runtime's error.

type Loose = (options: Record<string, unknown>) => Promise<unknown>;
const exported = ai as unknown as Record<string, Loose | undefined>;
const call = (...names: string[]) => names.map(name => exported[name]).find(fn => fn !== undefined)!;

const failed = new TypeError('fetch failed');
const gw = createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, fetch: () => Promise.reject(failed) });
const once = { maxRetries: 0 };

describe('a refused connection, every kind', () => {
  it.each([
    ['chat', () => ai.generateText({ model: gw('gpt-4o'), prompt: 'Hi', ...once })],
    ['messages', () => ai.generateText({ model: gw.messages('claude-sonnet-4-5'), prompt: 'Hi', ...once })],
    ['embedding', () => ai.embed({ model: gw.embedding('text-embedding-3-small'), value: 'x', ...once })],
    ['image', () => ai.generateImage({ model: gw.image('gpt-image-1'), prompt: 'x', ...once })],
    [
      'speech',
      () => call('generateSpeech', 'experimental_generateSpeech')({ model: gw.speech('tts-1'), text: 'x', ...once }),
    ],
    [
      'transcription',
      () =>
        call(
          'transcribe',
          'experimental_transcribe',
        )({
          model: gw.transcription('whisper-1'),
          audio: new Uint8Array(64),
          ...once,
        }),
    ],
    [
      'video',
      () => call('experimental_generateVideo', 'generateVideo')({ model: gw.video('sora-2'), prompt: 'x', ...once }),
    ],
  ])('%s: an APICallError of kind network, retryable, the runtime error its cause', async (_kind, run) => {
    const error = await run().catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({
      name: 'AI_APICallError',
      message: 'Unigate request failed: the connection to the gateway failed before the answer was whole: fetch failed',
      isRetryable: true,
      cause: failed,
    });
    expect(unigateError(error)).toEqual({ kind: 'network', dailyLimit: false });
  });

  it("an abort stays the caller's: never a network error", async () => {
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    const abortingGw = createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, fetch: () => Promise.reject(aborted) });
    const error = await ai
      .generateText({ model: abortingGw('gpt-4o'), prompt: 'Hi', ...once })
      .catch((e: unknown) => e);
    expect(error).toBe(aborted);
  });
});
