import { type FieldChecks, isString, listOf, nullable, optional, shape } from '../internal/field-checks';
import { readUnigateMetadata, type UnigateMetadataSource } from '../internal/read-unigate-metadata';
import { isUnigateCost } from '../pricing/is-unigate-cost';
import type { UnigateImageMetadata, UnigateImageProviderMetadata } from './unigate-image-options';

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
