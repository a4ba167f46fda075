import { z } from 'zod/v4';
import { lazy } from '../checks/values';
import { numberOption } from '../prompt/call-options';
import type { Limit } from '../checks/validate-argument';

/**
 * Vector sizes the gateway documents for its embedding models (docs/endpoints.md#embedding-dimensions). Not a
 * contract: the gateway may route a model to another upstream, so vectors of another size are returned with a
 * warning giving both sizes. Ids not listed here have no known size: no warning unless `dimensions` was asked for.
 */
export const EMBEDDING_MODEL_DIMENSIONS: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

/** `dimensions` is accepted only by these models (docs/endpoints.md#embeddings). */
export const DIMENSIONS_MODEL_PREFIX = 'text-embedding-3-';

/**
 * The embeddings limits. The gateway states no batch limits ("Limits": not shown), so the batch figures
 * are the upstream's documented ones: at most 2048 inputs and 300,000 tokens per request. A token is at
 * least one UTF-8 byte, so 300,000 input bytes per call keeps every batch under the token cap.
 */
export const EMBEDDING_LIMITS = {
  /** The lower bound of `dimensions`; the upper bound is the model's size. */
  dimensions: { min: 1 },
  valuesPerCall: { min: 1, max: 2048 },
  inputBytesPerCall: { min: 1, max: 300_000 },
} as const satisfies Record<string, Limit>;

/** The wire encodings of `encoding_format`. */
export const EMBEDDING_ENCODINGS = ['base64', 'float'] as const;

// Types only; ranges are checked afterwards with validate-argument so errors name limit and value.
export const unigateEmbeddingProviderOptionsSchema = lazy(() =>
  z.object({
    dimensions: numberOption().optional(),
    encodingFormat: z.enum(EMBEDDING_ENCODINGS).optional(),
    user: z.string().optional(),
  }),
);

/**
 * Options of the embedding model, passed as `providerOptions.unigate`.
 *
 * @example
 * ```ts
 * await embed({
 *   model: gw.embedding('text-embedding-3-small'),
 *   value: 'sunny day at the beach',
 *   providerOptions: { unigate: { dimensions: 512, user: 'user-42' } },
 * });
 * ```
 */
export interface UnigateEmbeddingProviderOptions {
  /**
   * Size of the returned vectors, sent as `dimensions`: a positive integer, at most the model's size
   * (1536 for `text-embedding-3-small`, 3072 for `text-embedding-3-large`). Only `text-embedding-3-*`
   * models accept it. Under ai@7, `embed({ dimensions })` sets it too and wins over this option.
   * Vectors of another size are returned as they come, with a warning giving both sizes.
   */
  dimensions?: number;
  /**
   * How vectors travel, sent as `encoding_format`. Default `'base64'`: little-endian float32, about a
   * quarter of the bytes of `'float'` (JSON numbers), decoded to the same numbers bit for bit.
   */
  encodingFormat?: 'base64' | 'float';
  /** End-user id for the gateway's abuse monitoring, sent as `user`. */
  user?: string;
}
