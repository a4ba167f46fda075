import { InvalidArgumentError, type SharedV3Warning } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { resolveEmbeddingDimensions } from '../../src/embedding/resolve-embedding-dimensions';
import { thrown } from '../helpers/test-kit';

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
