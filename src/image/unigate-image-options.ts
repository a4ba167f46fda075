import { z } from 'zod/v4';
import {
  type FieldChecks,
  isString,
  lazy,
  listOf,
  nullable,
  optional,
  readUnigateMetadata,
  shape,
  type UnigateMetadataSource,
} from '../checks/values';
import type { Limit } from '../checks/validate-argument';
import { isUnigateCost } from '../pricing/compute-cost';
import type { UnigateCost } from '../pricing/unigate-pricing-types';

/** The image limits (docs/endpoints.md#images). */
export const IMAGE_LIMITS = {
  /** Characters of `prompt`; the prompt is required. */
  prompt: { min: 1, max: 1000 },
  /** Images per request. */
  n: { min: 1, max: 10 },
} as const satisfies Record<string, Limit>;

/** The sizes the gateway makes; every one is square. */
export const IMAGE_SIZES = ['256x256', '512x512', '1024x1024'] as const;

/** The size `aspectRatio: '1:1'` maps to when no `size` is given (the gateway's default size). */
export const DEFAULT_SQUARE_SIZE = '1024x1024';

/** Largest image the provider downloads in `responseFormat: 'url'` mode: 20 MiB. */
export const IMAGE_DOWNLOAD_MAX_BYTES = 20 * 1024 * 1024;

// Types only; limits are checked afterwards with validate-argument so errors name limit and value.
export const unigateImageProviderOptionsSchema = lazy(() =>
  z.object({
    user: z.string().optional(),
    responseFormat: z.enum(['b64_json', 'url']).optional(),
  }),
);

/**
 * Options of the image model, passed as `providerOptions.unigate`.
 *
 * @example
 * ```ts
 * await generateImage({
 *   model: gw.image('dall-e-3'),
 *   prompt: 'A lighthouse at dusk',
 *   providerOptions: { unigate: { user: 'user-42', responseFormat: 'url' } },
 * });
 * ```
 */
export interface UnigateImageProviderOptions {
  /** End-user id for the gateway's abuse monitoring, sent as `user`. */
  user?: string;
  /**
   * How the gateway returns the images, sent as `response_format`. Default `b64_json`: the images come
   * inside the answer. With `url` the gateway answers with links and the provider downloads each one
   * itself (at most 20 MiB each); the links are also in `providerMetadata.unigate.images[i].url`.
   * The key and custom headers go only to the gateway's own origins, never to another host.
   */
  responseFormat?: 'b64_json' | 'url';
}

/** What `providerMetadata.unigate.images` lists: one entry per image, in order. (A type, so it is JSON.) */
export type UnigateImageMetadata = {
  /** The prompt the gateway actually used, when it revised yours; `null` when it did not. */
  revisedPrompt: string | null;
  /** Where the gateway served the image (`responseFormat: 'url'` only). */
  url?: string;
  /**
   * This image's cost, with a price table's `perImage`. It rides in the `images` array because that is
   * the part of the metadata `generateImage` keeps in both majors (ai@6 drops the request's `cost`).
   */
  cost?: UnigateCost;
};

/** What the image model puts in `providerMetadata.unigate`: always an `images` array. */
export interface UnigateImageProviderMetadata {
  images: UnigateImageMetadata[];
  /**
   * What the request cost: `perImage` of a price table x the images returned (the catalog has no per-image
   * price). ai@7 shows it per request in `result.calls[i].providerMetadata`; both majors keep only
   * `images` in the merged `result.providerMetadata`, so each entry of `images` carries its own `cost` too.
   */
  cost?: UnigateCost;
}

const IMAGE_FIELDS: FieldChecks<UnigateImageMetadata> = {
  revisedPrompt: nullable(isString),
  url: optional(isString),
  cost: optional(isUnigateCost),
};

const IMAGE_RESULT_FIELDS: FieldChecks<UnigateImageProviderMetadata> = {
  images: listOf(shape(IMAGE_FIELDS)),
  cost: optional(isUnigateCost),
};

/**
 * The image model's `providerMetadata.unigate`, typed: `images`, one entry per image in order
 * (`revisedPrompt`, `url` with `responseFormat: 'url'`, `cost` when priced). `undefined` when the result
 * has none (another provider's model) or it is not of that shape. Takes the result of `generateImage`
 * of either major, or one of ai@7's `result.calls`.
 *
 * @example
 * ```ts
 * const result = await generateImage({ model: gw.image('dall-e-3'), prompt: 'A lighthouse' });
 * unigateImageMetadata(result)?.images[0]?.revisedPrompt; // the prompt the gateway used, or null
 * ```
 */
export function unigateImageMetadata(
  result: UnigateMetadataSource | undefined,
): UnigateImageProviderMetadata | undefined {
  return readUnigateMetadata(result, IMAGE_RESULT_FIELDS);
}
