/**
 * embedMany of 2,048 inputs x 1,536 dimensions (wall time per call), against a raw floor that asks for
 * base64 and decodes it. Each contender gets the encoding it requests (the peers ask for float).
 */
import { embedMany } from 'ai';
import { isUnavailable, type EmbeddingContender } from './contenders';
import { interleave, type Runnable, type Series } from './interleave';
import { settle } from './measure';
import { floorEmbed } from './raw-floor';
import { FLOOR } from './stream-cpu';
import { EMBEDDING_DIMENSIONS } from './wire-fixtures';

export const EMBED_INPUTS = 2048;
const WARMUP_INPUTS = 16;

export async function measureEmbedMany(
  upstream: string,
  contenders: EmbeddingContender[],
  { reps, warmups }: { reps: number; warmups: number },
): Promise<Record<string, Series>> {
  const values = Array.from({ length: EMBED_INPUTS }, (_, i) => `input number ${i}`);
  const warmValues = values.slice(0, WARMUP_INPUTS);
  const check = (embeddings: ArrayLike<ArrayLike<number>>, count = EMBED_INPUTS) => {
    if (embeddings.length !== count) throw new Error(`got ${embeddings.length} embeddings`);
    const last = embeddings[count - 1];
    if (last.length !== EMBEDDING_DIMENSIONS) throw new Error(`got ${last.length} dimensions`);
    if (typeof last[0] !== 'number' || !Number.isFinite(last[0])) throw new Error('not a number');
  };
  const wall = async (run: () => Promise<void>) => {
    settle();
    const start = performance.now();
    await run();
    return performance.now() - start;
  };
  const runnables: Runnable[] = [
    {
      name: FLOOR,
      run: () => wall(async () => check(await floorEmbed(upstream, values, AbortSignal.timeout(60_000)))),
      warmup: async () => check(await floorEmbed(upstream, warmValues, AbortSignal.timeout(60_000)), WARMUP_INPUTS),
    },
  ];
  for (const contender of contenders) {
    const model = contender.model('text-embedding-3-small');
    if (isUnavailable(model)) {
      runnables.push({ name: contender.name, unavailable: model.unavailable, run: async () => Number.NaN });
      continue;
    }
    runnables.push({
      name: contender.name,
      run: () =>
        wall(async () => {
          const result = await embedMany({ model, values, abortSignal: AbortSignal.timeout(60_000), maxRetries: 0 });
          check(result.embeddings);
        }),
      warmup: async () => {
        const result = await embedMany({
          model,
          values: warmValues,
          abortSignal: AbortSignal.timeout(60_000),
          maxRetries: 0,
        });
        check(result.embeddings, WARMUP_INPUTS);
      },
    });
  }
  await primeBodies(upstream, values);
  return interleave(runnables, { reps, warmups });
}

/** Has the upstream build (and cache) both full-size bodies before any clock runs: building them takes seconds. */
async function primeBodies(upstream: string, values: string[]): Promise<void> {
  for (const encoding of ['float', 'base64']) {
    const response = await fetch(`${upstream}/v1/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'text-embedding-3-small', input: values, encoding_format: encoding }),
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer();
  }
}
