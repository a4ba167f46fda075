import type { LanguageModelV3 } from '@ai-sdk/provider';

/**
 * Where a V4 front keeps the pipeline model it shows as V4, so `gw.fallback` on either entry can take
 * the model itself (and its stream extras) instead of adapting the front. `Symbol.for`: the root and
 * `/v4` builds are separate bundles, and a model of one may be handed to the other.
 */
export const pipelineModel: unique symbol = Symbol.for('unigate-ai-provider.pipelineModel');

/** A V4 front of this package: its pipeline model under `pipelineModel`. */
export interface PipelineFront {
  readonly [pipelineModel]: LanguageModelV3;
}
