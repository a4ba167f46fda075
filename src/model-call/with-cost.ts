import type { SharedV3ProviderMetadata } from '@ai-sdk/provider';
import type { UnigateCost } from '../pricing/unigate-pricing-types';

/**
 * The one way a cost reaches a result: `metadata` with `unigate.cost` (a copy) next to what it already
 * holds. Without a cost, `costUnavailable` (when given) says why instead; without either, `metadata` is
 * returned unchanged. Never mutates `metadata`. The result keeps the metadata's own type: `unigate` only
 * gains a key.
 */
export function withCost<M extends SharedV3ProviderMetadata>(
  metadata: M,
  cost: UnigateCost | undefined,
  costUnavailable?: string,
): M;
export function withCost(
  metadata: SharedV3ProviderMetadata | undefined,
  cost: UnigateCost | undefined,
  costUnavailable?: string,
): SharedV3ProviderMetadata | undefined;
export function withCost(
  metadata: SharedV3ProviderMetadata | undefined,
  cost: UnigateCost | undefined,
  costUnavailable?: string,
): SharedV3ProviderMetadata | undefined {
  if (cost !== undefined) return { ...metadata, unigate: { ...metadata?.unigate, cost: { ...cost } } };
  if (costUnavailable !== undefined) return { ...metadata, unigate: { ...metadata?.unigate, costUnavailable } };
  return metadata;
}
