import { InvalidArgumentError, type SharedV3Warning } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import type { EmbeddingList } from '../../src/embedding/embedding-api-types';
import {
  decodeBase64Embedding,
  embeddingSizeWarning,
  readEmbeddingList,
  resolveEmbeddingDimensions,
} from '../../src/embedding/embedding-model-calls';
import { thrown } from '../helpers/test-kit';
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

describe('decodeBase64Embedding', () => {
  it('gives back every float32 value bit for bit, special values included', () => {
    const values = [
      1,
      -2.5,
      0,
      -0,
      Infinity,
      -Infinity,
      3.4028234663852886e38,
      1.401298464324817e-45,
      Math.fround(0.1),
    ];
    const decoded = decodeBase64Embedding(toBase64(values))!;
    expect(decoded).toHaveLength(values.length);
    values.forEach((value, i) => expect(Object.is(decoded[i], value)).toBe(true));
    expect(Array.isArray(decoded)).toBe(true);
  });

  it('reads the bytes as little-endian float32, matching DataView getFloat32(..., true) on any host', () => {
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) & 0xff);
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    const decoded = decodeBase64Embedding(btoa(binary))!;
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < 1024; i++) expect(Object.is(decoded[i], view.getFloat32(i * 4, true))).toBe(true);
  });

  it('rejects text that is not base64, and bytes that are not whole float32 values', () => {
    expect(decodeBase64Embedding('not base64!')).toBeUndefined();
    expect(decodeBase64Embedding(btoa('abcde'))).toBeUndefined();
  });

  it('decodes an empty string to an empty vector (the list reader rejects it)', () => {
    expect(decodeBase64Embedding('')).toEqual([]);
  });
});

const resolve = (modelId: string, callOption: unknown, providerOption?: number) => {
  const warnings: SharedV3Warning[] = [];
  return { value: resolveEmbeddingDimensions({ modelId, callOption, providerOption, warnings }), warnings };
};

describe('resolveEmbeddingDimensions', () => {
  it('takes the call option (ai@7) or providerOptions.unigate.dimensions; none is undefined', () => {
    expect(resolve('text-embedding-3-small', 256)).toEqual({ value: 256, warnings: [] });
    expect(resolve('text-embedding-3-small', undefined, 512)).toEqual({ value: 512, warnings: [] });
    expect(resolve('text-embedding-3-small', undefined)).toEqual({ value: undefined, warnings: [] });
  });

  it('the call option wins over a different provider option, with a warning', () => {
    expect(resolve('text-embedding-3-large', 256, 512)).toEqual({
      value: 256,
      warnings: [
        {
          type: 'other',
          message: 'dimensions (256) and providerOptions.unigate.dimensions (512) differ; dimensions was sent.',
        },
      ],
    });
    expect(resolve('text-embedding-3-large', 256, 256).warnings).toEqual([]);
  });

  it('accepts 1 up to the model size: 1536 for small, 3072 for large', () => {
    expect(resolve('text-embedding-3-small', 1).value).toBe(1);
    expect(resolve('text-embedding-3-small', 1536).value).toBe(1536);
    expect(resolve('text-embedding-3-large', 3072).value).toBe(3072);
  });

  it.each([
    [
      'text-embedding-3-small',
      0,
      'dimensions',
      'Invalid argument dimensions: the gateway accepts an integer, 1 to 1536; received 0.',
    ],
    [
      'text-embedding-3-small',
      1537,
      'dimensions',
      'Invalid argument dimensions: the gateway accepts an integer, 1 to 1536; received 1537.',
    ],
    [
      'text-embedding-3-large',
      3073,
      'dimensions',
      'Invalid argument dimensions: the gateway accepts an integer, 1 to 3072; received 3073.',
    ],
    [
      'text-embedding-3-small',
      2.5,
      'dimensions',
      'Invalid argument dimensions: the gateway accepts an integer, 1 to 1536; received 2.5.',
    ],
    [
      'text-embedding-3-small',
      '256',
      'dimensions',
      'Invalid argument dimensions: the gateway accepts an integer; received "256".',
    ],
    [
      'text-embedding-ada-002',
      256,
      'dimensions',
      'Invalid argument dimensions: the gateway accepts dimensions only for text-embedding-3-* models, not "text-embedding-ada-002"; received 256.',
    ],
  ])(
    '%s with dimensions %j fails naming the parameter, the limit and the value',
    (modelId, value, argument, message) => {
      const error = thrown(() => resolve(modelId, value));
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(error.argument).toBe(argument);
      expect(error.message).toBe(message);
    },
  );

  it('names providerOptions.unigate.dimensions when the value came from there', () => {
    const error = thrown(() => resolve('text-embedding-ada-002', undefined, 256));
    expect(error.argument).toBe('providerOptions.unigate.dimensions');
  });

  it('an unknown text-embedding-3-* model gets the lower bound only', () => {
    expect(resolve('text-embedding-3-huge', 10_000).value).toBe(10_000);
  });
});
