import type { SharedV3Warning } from '@ai-sdk/provider';
import type { EmbeddingList } from './embedding-api-types';
import { decodeBase64Embedding } from './decode-base64-embedding';

/** The vector length a response should have, and why (for the warning). */
export interface ExpectedSize {
  size: number;
  /** e.g. `the dimensions asked for`, `the size of text-embedding-3-small`. */
  reason: string;
}

/** One vector of the list as numbers: base64 decoded, a float array checked element by element. */
function vectorOf(embedding: string | unknown[], at: string, fail: (detail: string) => never): number[] {
  if (typeof embedding === 'string') {
    return decodeBase64Embedding(embedding) ?? fail(`${at} is not base64 of float32 values`);
  }
  if (isNumbers(embedding)) return embedding;
  const i = embedding.findIndex(value => typeof value !== 'number');
  return fail(`${at}[${i}]: expected a number, received ${JSON.stringify(embedding[i])}`);
}

function isNumbers(values: unknown[]): values is number[] {
  return values.every(value => typeof value === 'number');
}

/**
 * The vectors of an embedding list in input order (by `index`, whatever order `data` came in). One
 * vector per input, each index once, every vector of one length: anything else calls `fail`, because a
 * missing, doubled or odd-sized vector would silently pair the wrong text with a vector.
 */
export function readEmbeddingList(list: EmbeddingList, inputs: number, fail: (detail: string) => never): number[][] {
  const { data } = list;
  if (data.length !== inputs) fail(`data has ${data.length} embeddings for ${inputs} inputs`);
  const vectors = new Array<number[]>(inputs);
  let size: number | undefined;
  for (let position = 0; position < data.length; position++) {
    const { index, embedding } = data[position]!;
    if (index < 0 || index >= inputs) fail(`data.${position}.index is ${index}; the request had ${inputs} inputs`);
    if (vectors[index] !== undefined) fail(`data.${position}.index ${index} appears twice`);
    const vector = vectorOf(embedding, `data.${position}.embedding`, fail);
    if (vector.length === 0) fail(`data.${position}.embedding is empty`);
    size ??= vector.length;
    if (vector.length !== size)
      fail(`data.${position}.embedding has ${vector.length} values; data.0.embedding has ${size}`);
    vectors[index] = vector;
  }
  return vectors;
}

/**
 * A warning when the vectors' length is not the one expected. Not an error: the gateway may route a
 * model to another upstream, so neither the documented sizes nor the `dimensions` asked for bind it,
 * and the vectors are returned as they came.
 */
export function embeddingSizeWarning(
  vectors: number[][],
  expected: ExpectedSize | undefined,
): SharedV3Warning | undefined {
  const received = vectors[0]?.length;
  if (expected === undefined || received === undefined || received === expected.size) return undefined;
  return {
    type: 'other',
    message:
      `Unigate returned vectors of ${received} values; expected ${expected.size} (${expected.reason}). ` +
      'The gateway may have answered from another upstream model; the vectors are returned as received.',
  };
}
