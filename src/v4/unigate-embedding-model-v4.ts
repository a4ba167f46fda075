import { PipelineView } from './pipeline-view';
import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import type { EmbeddingModelV4, EmbeddingModelV4CallOptions, EmbeddingModelV4Result } from '@ai-sdk/provider-v4';
import { EXPERIMENTAL_EMBEDDING_MODEL_MAX_INPUT_BYTES_PER_CALL as MAX_INPUT_BYTES } from '@ai-sdk/provider-utils';
import { deprecatedWarning } from '../settings/spec-version';
import { embeddingCall, embeddingResult } from './spec-view';

/**
 * An embedding model of the `/v4` entry, a front over the pipeline's (which reads V4's `dimensions`).
 * `deprecatedAs`: the accessor it was made with is deprecated (`textEmbeddingModel`); every result says so.
 */
export class UnigateEmbeddingModelV4 extends PipelineView<EmbeddingModelV3> implements EmbeddingModelV4 {
  private readonly deprecatedAs: string | undefined;

  constructor(model: EmbeddingModelV3, deprecatedAs?: string) {
    super(model);
    this.deprecatedAs = deprecatedAs;
  }

  get maxEmbeddingsPerCall(): EmbeddingModelV4['maxEmbeddingsPerCall'] {
    return this.model.maxEmbeddingsPerCall;
  }

  /** The pipeline's bytes per request, which ai@7's `embedMany` reads to split a batch by size too. */
  get [MAX_INPUT_BYTES](): unknown {
    return Reflect.get(this.model, MAX_INPUT_BYTES);
  }

  get supportsParallelCalls(): EmbeddingModelV4['supportsParallelCalls'] {
    return this.model.supportsParallelCalls;
  }

  async doEmbed(options: EmbeddingModelV4CallOptions): Promise<EmbeddingModelV4Result> {
    const result = await this.model.doEmbed(embeddingCall(options));
    if (this.deprecatedAs === undefined) return embeddingResult(result);
    const warning = deprecatedWarning(
      this.deprecatedAs,
      'use embeddingModel(id) or embedding(id), which make the same model.',
    );
    return embeddingResult({ ...result, warnings: [...result.warnings, warning] });
  }
}
