import type { LanguageModelV3Usage, SharedV3ProviderMetadata } from '@ai-sdk/provider';
import type { UnigateCost } from '../pricing/unigate-pricing-types';
import { modelCallSpan, putCostOnSpan } from './cost-on-span';

/**
 * The one way a cost reaches a result: `metadata` with `unigate.cost` (a copy) next to what it already
 * holds. Without a cost, `costUnavailable` (when given) says why instead; without either, `metadata` is
 * returned unchanged. Never mutates `metadata`. The result keeps the metadata's own type: `unigate` only
 * gains a key.
 *
 * It also writes the cost (and a language call's cache token counts, from `usage`) on the span of the
 * model call, when OpenTelemetry records one (`cost-on-span.ts`): a call that is not a stream runs this
 * inside the call, while that span is the active one. A stream's `finish` runs later, so streams use
 * `metadataWithCost` and write on the span they captured at the start.
 */
export function withCost<M extends SharedV3ProviderMetadata>(
  metadata: M,
  cost: UnigateCost | undefined,
  costUnavailable?: string,
  usage?: LanguageModelV3Usage,
): M;
export function withCost(
  metadata: SharedV3ProviderMetadata | undefined,
  cost: UnigateCost | undefined,
  costUnavailable?: string,
  usage?: LanguageModelV3Usage,
): SharedV3ProviderMetadata | undefined;
export function withCost(
  metadata: SharedV3ProviderMetadata | undefined,
  cost: UnigateCost | undefined,
  costUnavailable?: string,
  usage?: LanguageModelV3Usage,
): SharedV3ProviderMetadata | undefined {
  putCostOnSpan(modelCallSpan(), cost, usage);
  return metadataWithCost(metadata, cost, costUnavailable);
}

/** `withCost`'s metadata alone, touching no span: for a stream's `finish`, which writes on its own span. */
export function metadataWithCost(
  metadata: SharedV3ProviderMetadata | undefined,
  cost: UnigateCost | undefined,
  costUnavailable?: string,
): SharedV3ProviderMetadata | undefined {
  if (cost !== undefined) return { ...metadata, unigate: { ...metadata?.unigate, cost: { ...cost } } };
  if (costUnavailable !== undefined) return { ...metadata, unigate: { ...metadata?.unigate, costUnavailable } };
  return metadata;
}
