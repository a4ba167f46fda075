import { PipelineView } from './pipeline-view';
import type { ImageModelV3 } from '@ai-sdk/provider';
import type { ImageModelV4, ImageModelV4CallOptions, ImageModelV4Result } from '@ai-sdk/provider-v4';
import { imageCall, imageResult } from './spec-view';

/**
 * An image model of the `/v4` entry, a front over the pipeline's. The gateway's image endpoint takes a
 * prompt only: `supportsFileInputs` and `supportsMaskInputs` are `false`. ai@7's generateImage does not
 * read them (7.0.173 calls the model anyway): the pipeline refuses input images and masks before any
 * request, on both entries.
 */
export class UnigateImageModelV4 extends PipelineView<ImageModelV3> implements ImageModelV4 {
  readonly supportsFileInputs = false;
  readonly supportsMaskInputs = false;

  get maxImagesPerCall(): ImageModelV4['maxImagesPerCall'] {
    return this.model.maxImagesPerCall;
  }

  async doGenerate(options: ImageModelV4CallOptions): Promise<ImageModelV4Result> {
    return imageResult(await this.model.doGenerate(imageCall(options)));
  }
}
