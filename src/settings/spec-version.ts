import type { LanguageModelV3, LanguageModelV3FinishReason, SharedV3Warning } from '@ai-sdk/provider';

/**
 * The AI SDK specification an entry speaks: `v3` at the root (ai@6, and ai@7 through its adapter), `v4`
 * at `unigate-ai-provider/v4` (ai@7). The models share one pipeline, typed in the shapes both specs have
 * in common; the few values only V4 has are made here, and only for a `v4` entry.
 */
export type SpecVersion = 'v3' | 'v4';

/**
 * The finish reason of a stream that ended without its completion signal. V4 calls it `interrupted`;
 * V3 has no such value, so a V3 stream keeps `fallback` (what the format reported without it). The V4
 * value travels through the V3-typed pipeline unchanged: only a `v4` entry's fronts hand it on.
 */
export function interruptedFinishReason(
  spec: SpecVersion | undefined,
  fallback: LanguageModelV3FinishReason,
): LanguageModelV3FinishReason {
  if (spec !== 'v4') return fallback;
  const interrupted: { unified: 'interrupted'; raw: string | undefined } = {
    unified: 'interrupted',
    raw: fallback.raw,
  };
  return interrupted as unknown as LanguageModelV3FinishReason;
}

/**
 * V4's `deprecated` warning, for a setting that still works but that a V4 call option replaces (V3 has
 * no such type, and there the setting has no replacement, so V3 models do not warn).
 */
export function deprecatedWarning(setting: string, message: string): SharedV3Warning {
  const deprecated: { type: 'deprecated'; setting: string; message: string } = { type: 'deprecated', setting, message };
  return deprecated as unknown as SharedV3Warning;
}

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

/**
 * A V4 value of a shape V3 shares field for field, as V3. The two specs differ there only in V4 typing
 * its JSON values (provider options and metadata, tool inputs) read-only, which nothing that reads a
 * language model's options or results writes to. The spec adapters' one cast; `V3` names the shape at each use.
 */
export function sharedShape<V3>(value: object): V3 {
  return value as V3;
}
