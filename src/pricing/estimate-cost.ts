import { characterCost, minuteCost, tokenCost, unitCost } from './compute-cost';
import type { UnigatePricingService } from './create-pricing';
import type { UnigateCost } from './unigate-pricing-types';

/** What `gw.estimateCost` prices: a model and the amount of the one thing its kind is billed for. */
export type UnigateCostEstimateRequest = { model: string; abortSignal?: AbortSignal } & (
  | { inputTokens: number; outputTokens?: number }
  | { characters: number }
  | { minutes: number }
  | { images: number }
  | { videos: number }
);

/**
 * The cost of a call before making it. Prices come from the price table, the built-in prices, then the
 * catalog (loaded if needed, whatever the `pricing` setting; a catalog that cannot be loaded rejects).
 * `undefined` when nothing prices the model for that basis.
 */
export async function estimateCost(
  pricing: UnigatePricingService,
  request: UnigateCostEstimateRequest,
): Promise<UnigateCost | undefined> {
  const { model, abortSignal } = request;
  if ('inputTokens' in request) {
    const price = await pricing.priceFor(model, 'chat', abortSignal);
    return tokenCost(price, { inputTokens: request.inputTokens, outputTokens: request.outputTokens });
  }
  if ('characters' in request) return characterCost(await pricing.priceFor(model, 'speech', abortSignal), request.characters);
  if ('minutes' in request) {
    return minuteCost(await pricing.priceFor(model, 'transcription', abortSignal), request.minutes * 60);
  }
  if ('images' in request) return unitCost(await pricing.priceFor(model, 'image', abortSignal), 'image', request.images);
  return unitCost(await pricing.priceFor(model, 'video', abortSignal), 'video', request.videos);
}
