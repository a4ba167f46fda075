import { InvalidArgumentError } from '@ai-sdk/provider';
import * as ai from 'ai';
import aiPackage from 'ai/package.json';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { failure } from '../helpers/test-kit';

// End to end through the real `ai` package against the emulator: ai@6 here, ai@7 in the ai7 lane.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const major = Number(aiPackage.version.split('.')[0]);
const { embed, embedMany, cosineSimilarity } = ai;
/** ai@7's `embed({ dimensions })`; ai@6's embed has no such option (its types say so). */
const embedWithDimensions = embed as (
  options: Parameters<typeof embed>[0] & { dimensions?: number },
) => ReturnType<typeof embed>;

/** An emulator behind a fetch that counts requests in flight, to see how embedMany runs them. */
function gateway() {
  const emulator = createUnigateEmulator();
  const flight = { now: 0, max: 0 };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    flight.max = Math.max(flight.max, ++flight.now);
    try {
      await new Promise(resolve => setTimeout(resolve, 0));
      return await emulator.fetch(input, init);
    } finally {
      flight.now--;
    }
  };
  const gw = createUnigate({ ...emulator.settings, fetch });
  const embeddingCalls = () => emulator.requests.filter(r => r.path === '/v1/embeddings');
  return { emulator, gw, flight, embeddingCalls };
}

describe(`embeddings with ai@${major}`, () => {
  it('base64 (the default) and float give the same numbers bit for bit', async () => {
    const { gw, embeddingCalls } = gateway();
    const values = ['the cat sat on the mat', 'stock prices fell', 'ünïcödé ✓ text'];
    const model = gw.embedding('text-embedding-3-large');
    const base64 = await embedMany({ model, values });
    const float = await embedMany({ model, values, providerOptions: { unigate: { encodingFormat: 'float' } } });
    expect(embeddingCalls()).toHaveLength(2);
    expect(base64.embeddings.map(v => v.length)).toEqual([3072, 3072, 3072]);
    base64.embeddings.forEach((vector, i) =>
      vector.forEach((value, j) => {
        if (!Object.is(value, float.embeddings[i]![j])) throw new Error(`vector ${i} differs at ${j}`);
      }),
    );
    expect(base64.usage).toEqual(float.usage);
  });

  it('texts sharing words are nearer than texts sharing none', async () => {
    const { gw } = gateway();
    const { embeddings } = await embedMany({
      model: gw.embedding('text-embedding-3-small'),
      values: ['the quick brown fox', 'a quick brown dog', 'interest rates rose'],
    });
    expect(cosineSimilarity(embeddings[0]!, embeddings[1]!)).toBeGreaterThan(
      cosineSimilarity(embeddings[0]!, embeddings[2]!),
    );
    expect(cosineSimilarity(embeddings[0]!, embeddings[0]!)).toBeCloseTo(1, 6);
  });

  it('embed returns one vector with usage', async () => {
    const { gw } = gateway();
    const result = await embed({ model: gw.embedding('text-embedding-3-small'), value: 'Hello there' });
    expect(result.embedding).toHaveLength(1536);
    expect(result.usage).toEqual({ tokens: 2 });
  });

  it('providerOptions.unigate.dimensions works on both majors', async () => {
    const { gw } = gateway();
    const result = await embed({
      model: gw.embedding('text-embedding-3-small'),
      value: 'Hello',
      providerOptions: { unigate: { dimensions: 256 } },
    });
    expect(result.embedding).toHaveLength(256);
  });

  it('embed({ dimensions }) reaches the model on ai@7; ai@6 has no such option and sends none', async () => {
    const { gw } = gateway();
    const result = await embedWithDimensions({
      model: gw.embedding('text-embedding-3-small'),
      value: 'Hello',
      dimensions: 64,
    });
    expect(result.embedding).toHaveLength(major >= 7 ? 64 : 1536);
  });

  it('dimensions out of range fail before any request: the ai@7 call option, ai@6 providerOptions', async () => {
    const { gw, embeddingCalls } = gateway();
    const model = gw.embedding('text-embedding-3-small');
    const error = await failure(
      major >= 7
        ? embedWithDimensions({ model, value: 'Hello', dimensions: 2000, maxRetries: 0 })
        : embed({ model, value: 'Hello', providerOptions: { unigate: { dimensions: 2000 } }, maxRetries: 0 }),
    );
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    const argument = major >= 7 ? 'dimensions' : 'providerOptions.unigate.dimensions';
    expect(error.message).toBe(
      `Invalid argument ${argument}: the gateway accepts an integer, 1 to 1536; received 2000.`,
    );
    expect(embeddingCalls()).toHaveLength(0);
  });

  it('dimensions on ada-002 fail before any request', async () => {
    const { gw, embeddingCalls } = gateway();
    const error = await failure(
      embed({
        model: gw.embedding('text-embedding-ada-002'),
        value: 'Hello',
        providerOptions: { unigate: { dimensions: 256 } },
        maxRetries: 0,
      }),
    );
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(embeddingCalls()).toHaveLength(0);
  });

  it('embedMany of 10,000 values makes 5 requests of at most 2048, in parallel, in input order', async () => {
    const { gw, flight, embeddingCalls } = gateway();
    const model = gw.embedding('text-embedding-3-small');
    const values = Array.from({ length: 10_000 }, (_, i) => `text number ${i}`);
    const providerOptions = { unigate: { dimensions: 8 } };
    const result = await embedMany({ model, values, providerOptions });
    expect(embeddingCalls()).toHaveLength(5);
    expect(flight.max).toBe(5);
    expect(result.embeddings).toHaveLength(10_000);
    expect(result.responses).toHaveLength(5);
    const last = await embed({ model, value: values[9999]!, providerOptions });
    expect(result.embeddings[9999]).toEqual(last.embedding);
    const first = await embed({ model, value: values[0]!, providerOptions });
    expect(result.embeddings[0]).toEqual(first.embedding);
  });

  it('maxParallelCalls: 2 still makes 5 requests, never more than 2 at once, same vectors', async () => {
    const { gw, flight, embeddingCalls } = gateway();
    const model = gw.embedding('text-embedding-3-small');
    const values = Array.from({ length: 10_000 }, (_, i) => `text number ${i}`);
    const providerOptions = { unigate: { dimensions: 8 } };
    const result = await embedMany({ model, values, providerOptions, maxParallelCalls: 2 });
    expect(embeddingCalls()).toHaveLength(5);
    expect(flight.max).toBe(2);
    const check = await embed({ model, value: values[4100]!, providerOptions });
    expect(result.embeddings[4100]).toEqual(check.embedding);
  });

  it('embedMany splits by input bytes too: 300,000 UTF-8 bytes per request', async () => {
    const { gw, embeddingCalls } = gateway();
    const values = Array.from({ length: 4 }, (_, i) => `${'é'.repeat(50_000)} ${i}`); // ~100 KB each
    const result = await embedMany({
      model: gw.embedding('text-embedding-3-small'),
      values,
      providerOptions: { unigate: { dimensions: 4 } },
    });
    expect(embeddingCalls()).toHaveLength(2);
    expect(result.embeddings).toHaveLength(4);
  });
});
