import type { LanguageModelV3Usage, SharedV3ProviderMetadata, SharedV3Warning } from '@ai-sdk/provider';
import { sendGatewayRequest } from '../transport/gateway-request';
import type { FinishCost, PriceWait } from '../streams/stream-state';
import type { UnigateModelContext } from './model-context';
import { callCost, startPriceLookup, type PricedCall, type PricedRequest } from './send-priced-request';
import { metadataWithCost, modelCallSpan } from './with-cost';

/**
 * Sends a streaming language-model request while its price is looked up, and returns at the response
 * headers. `pricingWarnings` are the lookup's, when it has settled by then (they go in `stream-start`).
 * `priceWait` is what the `finish` part waits for (bounded by `priceWaitMs`) when the price is still
 * loading then. `finishCost` gives the clean `finish` part its metadata: the cost when the price is known by then;
 * otherwise, when the catalog is the reason, `unigate.costUnavailable` saying why (a warning cannot
 * reach the caller any more once `stream-start` has gone). `span` is the model call's span, active only
 * now: the stream's ending writes its charged cost there (stream-ending.ts). Nothing runs per delta.
 */
export async function sendPricedStreamRequest<T>(
  context: UnigateModelContext,
  call: PricedCall,
  request: PricedRequest<T>,
) {
  // The model call's span is the active one only now, at the start; the ending runs in the reader's context.
  const span = modelCallSpan();
  const lookup = startPriceLookup(context, call);
  let response: Awaited<ReturnType<typeof sendGatewayRequest<T>>>;
  try {
    response = await sendGatewayRequest({
      ...request,
      abortSignal: call.abortSignal,
      headers: call.headers,
    });
  } catch (error) {
    lookup.release();
    throw error;
  }
  const pricingWarnings: SharedV3Warning[] = lookup.settledNow()?.warnings ?? [];
  // The finish part waits for a price still loading, at most priceWaitMs; no part before it waits.
  const priceWait: PriceWait = () => lookup.waitAfterResponse(call.abortSignal);
  const finishCost: FinishCost = (metadata: SharedV3ProviderMetadata | undefined, usage: LanguageModelV3Usage) => {
    const { price, catalogUnavailable } = lookup.atResponse();
    lookup.release();
    const { cost, costUnavailable } = callCost(context, call, price, usage);
    return metadataWithCost(metadata, cost, cost === undefined ? (costUnavailable ?? catalogUnavailable) : undefined);
  };
  return { ...response, pricingWarnings, finishCost, priceWait, span };
}
