import type { EmbeddingModelV3, EmbeddingModelV3CallOptions, EmbeddingModelV3Result } from '@ai-sdk/provider';
import { EXPERIMENTAL_EMBEDDING_MODEL_MAX_INPUT_BYTES_PER_CALL } from '@ai-sdk/provider-utils';
import type { UnigateModelContext } from '../model-call/model-context';
import type { UnigateEmbeddingModelId } from '../settings/unigate-model-ids';
import type { EmbeddingCallTarget } from './embedding-model-calls';
import { EMBEDDING_LIMITS } from './unigate-embedding-options';
import { loadOnce } from '../checks/values';

// The calls load with the first one and are kept (docs/architecture.md#code-loaded-on-first-use).
const calls = loadOnce(() => import('./embedding-model-calls'));

/**
 * An embedding model over `POST {base_url}/embeddings`. Created by `gw.embedding(id)`,
 * `gw.embeddingModel(id)` or `gw.textEmbeddingModel(id)`. Vectors travel as base64 by default.
 * What its calls run (`embedding-model-calls.ts`) is loaded by the first one.
 */
export class UnigateEmbeddingModel implements EmbeddingModelV3 {
  readonly specificationVersion = 'v3';
  readonly modelId: UnigateEmbeddingModelId;
  /** `unigate.embedding`. */
  readonly provider: string;
  /** 2048 inputs per request: `embedMany` splits larger batches. */
  readonly maxEmbeddingsPerCall: number = EMBEDDING_LIMITS.valuesPerCall.max;
  /** 300,000 UTF-8 bytes per request (see EMBEDDING_LIMITS): `embedMany` splits by size too. */
  readonly [EXPERIMENTAL_EMBEDDING_MODEL_MAX_INPUT_BYTES_PER_CALL]: number = EMBEDDING_LIMITS.inputBytesPerCall.max;
  readonly supportsParallelCalls = true;
  private readonly target: EmbeddingCallTarget;

  constructor(modelId: UnigateEmbeddingModelId, context: UnigateModelContext) {
    this.modelId = modelId;
    this.provider = `${context.connection.provider}.embedding`;
    this.target = { modelId, provider: this.provider, context };
  }

  /**
   * `providerMetadata.unigate.cost` is this request's cost, marked `costScope: 'request'` next to the
   * price it came from: `embedMany` merges its requests' metadata key by key, so a batch split over several
   * requests shows the last one's cost, and `unigateCost(result)` prices the summed `usage.tokens` instead.
   */
  async doEmbed(options: EmbeddingModelV3CallOptions): Promise<EmbeddingModelV3Result> {
    return (await calls()).embedValues(this.target, options);
  }
}
