import type { SharedV3Warning } from '@ai-sdk/provider';
import { checkOneOf } from '../internal/validate-argument';
import { DEFAULT_SQUARE_SIZE, IMAGE_SIZES } from './unigate-image-options';

/** True for a square ratio such as `1:1` (or `2:2`): the only shape the gateway makes. */
function isSquare(aspectRatio: string): boolean {
  const [width, height] = aspectRatio.split(':').map(Number);
  return width !== undefined && width > 0 && width === height;
}

/**
 * The `size` to send for the AI SDK's `size` and `aspectRatio`. A size outside the gateway's three
 * fails before the request. Every size is square, so a square ratio picks 1024x1024 when no size is
 * given (and agrees with any size that is); any other ratio cannot be honoured and is a warning.
 */
export function mapImageSize(
  size: string | undefined,
  aspectRatio: string | undefined,
): { size: string | undefined; warnings: SharedV3Warning[] } {
  checkOneOf('size', size, IMAGE_SIZES);
  if (aspectRatio === undefined) return { size, warnings: [] };
  if (isSquare(aspectRatio)) return { size: size ?? DEFAULT_SQUARE_SIZE, warnings: [] };
  return {
    size,
    warnings: [
      {
        type: 'unsupported',
        feature: 'aspectRatio',
        details:
          `The gateway makes square images only (${IMAGE_SIZES.join(', ')}); aspectRatio ${aspectRatio} was not sent` +
          ` and the image is ${size ?? `${DEFAULT_SQUARE_SIZE} (the gateway's default)`}.`,
      },
    ],
  };
}
