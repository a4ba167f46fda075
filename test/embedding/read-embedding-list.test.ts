import { describe, expect, it } from 'vitest';
import type { EmbeddingList } from '../../src/embedding/embedding-api-types';
import { embeddingSizeWarning, readEmbeddingList } from '../../src/embedding/read-embedding-list';
import { toBase64 } from './embedding-fixtures';

const fail = (detail: string): never => {
  throw new Error(detail);
};
const list = (data: EmbeddingList['data']): EmbeddingList => ({ data });

describe('readEmbeddingList', () => {
  it('orders vectors by index, whatever order data came in, base64 and float alike', () => {
    const vectors = readEmbeddingList(
      list([
        { index: 2, embedding: [5, 6] },
        { index: 0, embedding: toBase64([1, 2]) },
        { index: 1, embedding: [3, 4] },
      ]),
      3,
      fail,
    );
    expect(vectors).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it('fails on a count that is not one vector per input', () => {
    expect(() => readEmbeddingList(list([{ index: 0, embedding: [1, 2] }]), 2, fail)).toThrow(
      'data has 1 embeddings for 2 inputs',
    );
  });

  it('fails on a repeated or out-of-range index', () => {
    const twice = list([
      { index: 0, embedding: [1, 2] },
      { index: 0, embedding: [3, 4] },
    ]);
    expect(() => readEmbeddingList(twice, 2, fail)).toThrow('data.1.index 0 appears twice');
    const outside = list([
      { index: 0, embedding: [1, 2] },
      { index: 2, embedding: [3, 4] },
    ]);
    expect(() => readEmbeddingList(outside, 2, fail)).toThrow('data.1.index is 2; the request had 2 inputs');
  });

  it('takes vectors of any one length, but fails when the lengths differ within the response', () => {
    expect(readEmbeddingList(list([{ index: 0, embedding: [1, 2, 3] }]), 1, fail)).toEqual([[1, 2, 3]]);
    const mixed = list([
      { index: 0, embedding: [1, 2] },
      { index: 1, embedding: toBase64([3, 4, 5]) },
    ]);
    expect(() => readEmbeddingList(mixed, 2, fail)).toThrow('data.1.embedding has 3 values; data.0.embedding has 2');
  });

  it('fails on an empty vector', () => {
    expect(() => readEmbeddingList(list([{ index: 0, embedding: [] }]), 1, fail)).toThrow('data.0.embedding is empty');
  });

  it('fails on a float element that is not a number, and on text that is not base64', () => {
    expect(() => readEmbeddingList(list([{ index: 0, embedding: [1, '2'] }]), 1, fail)).toThrow(
      'data.0.embedding[1]: expected a number, received "2"',
    );
    expect(() => readEmbeddingList(list([{ index: 0, embedding: '%%%' }]), 1, fail)).toThrow(
      'data.0.embedding is not base64 of float32 values',
    );
  });
});

describe('embeddingSizeWarning', () => {
  const expected = { size: 2, reason: 'the dimensions asked for' };

  it('gives nothing when the vectors have the expected size, or when no size is expected', () => {
    expect(embeddingSizeWarning([[1, 2]], expected)).toBeUndefined();
    expect(embeddingSizeWarning([[1, 2, 3]], undefined)).toBeUndefined();
  });

  it('names both sizes and the reason when they differ', () => {
    expect(embeddingSizeWarning([[1], [2]], expected)).toEqual({
      type: 'other',
      message:
        'Unigate returned vectors of 1 values; expected 2 (the dimensions asked for). ' +
        'The gateway may have answered from another upstream model; the vectors are returned as received.',
    });
  });
});
