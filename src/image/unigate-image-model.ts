import type { ImageModelV3, ImageModelV3CallOptions } from '@ai-sdk/provider';
import type { UnigateModelContext } from '../model-call/model-context';
import type { UnigateImageModelId } from '../settings/unigate-model-ids';
import type { ImageCallTarget } from './image-model-calls';
import { IMAGE_LIMITS } from './unigate-image-options';
import { loadOnce } from '../checks/values';

// The calls load with the first one and are kept (docs/architecture.md#code-loaded-on-first-use).
const calls = loadOnce(() => import('./image-model-calls'));

/**
 * An image model over `POST {alt_base_url}/images/generations`. Created by `gw.image(id)` or
 * `gw.imageModel(id)`. At most 10 images per request: the AI SDK splits a larger `n` into several.
 * What its calls run (`image-model-calls.ts`) is loaded by the first one.
 */
export class UnigateImageModel implements ImageModelV3 {
  readonly specificationVersion = 'v3';
  readonly modelId: UnigateImageModelId;
  /** `unigate.image`. */
  readonly provider: string;
  /** The gateway's `n` limit: `generateImage` sends `n: 12` as 10 + 2. */
  readonly maxImagesPerCall = IMAGE_LIMITS.n.max;
  private readonly target: ImageCallTarget;

  constructor(modelId: UnigateImageModelId, context: UnigateModelContext) {
    this.modelId = modelId;
    this.provider = `${context.connection.provider}.image`;
    this.target = { modelId, context };
  }

  async doGenerate(options: ImageModelV3CallOptions): Promise<Awaited<ReturnType<ImageModelV3['doGenerate']>>> {
    return (await calls()).generateImages(this.target, options);
  }
}
