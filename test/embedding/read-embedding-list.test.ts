import { describe, expect, it } from 'vitest';
import type { EmbeddingList } from '../../src/embedding/embedding-api-types';
import { readEmbeddingList } from '../../src/embedding/read-embedding-list';
import { toBase64 } from './embedding-fixtures';

const fail = (detail: string): never => {
  throw new Error(detail);
};
const list = (data: EmbeddingList['data']): EmbeddingList => ({ data });
const expected = { size: 2, reason: 'the dimensions asked for' };

describe('readEmbeddingList', () => {
  it('orders vectors by index, whatever order data came in, base64 and float alike', () => {
    const vectors = readEmbeddingList(
      list([
        { index: 2, embedding: [5, 6] },
        { index: 0, embedding: toBase64([1, 2]) },
        { index: 1, embedding: [3, 4] },
      ]),
      3,
      expected,
      fail,
    );
    expect(vectors).toEqual([[1, 2], [3, 4], [5, 6]]);
  });

  it('fails on a count that is not one vector per input', () => {
    expect(() => readEmbeddingList(list([{ index: 0, embedding: [1, 2] }]), 2, expected, fail)).toThrow(
      'data has 1 embeddings for 2 inputs',
    );
  });

  it('fails on a repeated or out-of-range index', () => {
    const twice = list([
      { index: 0, embedding: [1, 2] },
      { index: 0, embedding: [3, 4] },
    ]);
    expect(() => readEmbeddingList(twice, 2, expected, fail)).toThrow('data.1.index 0 appears twice');
    const outside = list([
      { index: 0, embedding: [1, 2] },
      { index: 2, embedding: [3, 4] },
    ]);
    expect(() => readEmbeddingList(outside, 2, expected, fail)).toThrow('data.1.index is 2; the request had 2 inputs');
  });

  it('fails on a vector of another length than expected, naming the reason', () => {
    expect(() => readEmbeddingList(list([{ index: 0, embedding: toBase64([1]) }]), 1, expected, fail)).toThrow(
      'data.0.embedding has 1 values; expected 2 (the dimensions asked for)',
    );
  });

  it('without an expected size, takes any length but not an empty vector', () => {
    expect(readEmbeddingList(list([{ index: 0, embedding: [1, 2, 3] }]), 1, undefined, fail)).toEqual([[1, 2, 3]]);
    expect(() => readEmbeddingList(list([{ index: 0, embedding: [] }]), 1, undefined, fail)).toThrow(
      'data.0.embedding is empty',
    );
  });

  it('fails on a float element that is not a number, and on text that is not base64', () => {
    expect(() => readEmbeddingList(list([{ index: 0, embedding: [1, '2'] }]), 1, expected, fail)).toThrow(
      'data.0.embedding[1]: expected a number, received "2"',
    );
    expect(() => readEmbeddingList(list([{ index: 0, embedding: '%%%' }]), 1, expected, fail)).toThrow(
      'data.0.embedding is not base64 of float32 values',
    );
  });
});
