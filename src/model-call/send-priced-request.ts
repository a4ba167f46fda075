import type { LanguageModelV3CallOptions, LanguageModelV3Usage, SharedV3Warning } from '@ai-sdk/provider';
import { sendGatewayRequest, type GatewayRequest } from '../transport/gateway-request';
import { promptCharacters } from '../pricing/language-model-cost';
import type { PricedKind, PriceLookup, UnigateModelPrice } from '../pricing/unigate-pricing-types';
import type { UnigateModelContext } from './model-context';

/** The call a price is looked up for, and the caller's per-call request options. */
export interface PricedCall {
  modelId: string;
  kind: PricedKind;
  /** Ends the request, and the catalog load too when no other call waits for it. */
  abortSignal?: AbortSignal;
  /** Per-call headers for the request (the AI SDK's `headers` call option). */
  headers?: Record<string, string | undefined>;
  /** Language models: the prompt's characters, for the context-window check. */
  promptCharacters?: () => number;
  /**
   * Messages: how many of a usage's cache writes had a 1-hour TTL, for their price. Without it, every
   * write is priced at the 1-hour price (a cost never under-counts).
   */
  oneHourCacheWrites?: (usage: LanguageModelV3Usage) => number;
}

/** The gateway request of a priced call; the call supplies its abort signal and headers. */
export type PricedRequest<T> = Pick<GatewayRequest<T>, 'auth' | 'url' | 'body' | 'successfulResponseHandler'>;

/** What pricing knew when the response was complete. */
export interface PricingAtResponse {
  /** `undefined`: pricing off, no price for the model, or the catalog had not loaded yet. */
  price?: UnigateModelPrice;
  /** The catalog checks' warnings, or why the catalog took no part (not loaded yet, or failed). */
  pricingWarnings: SharedV3Warning[];
}

/** The priced call of a language model: its prompt is measured only if a context window is there to check. */
export function languageModelCall(
  modelId: string,
  kind: 'chat' | 'messages',
  options: LanguageModelV3CallOptions,
): PricedCall {
  return {
    modelId,
    kind,
    abortSignal: options.abortSignal,
    headers: options.headers,
    promptCharacters: () => promptCharacters(options.prompt),
  };
}

/** Starts the call's price lookup; the request is sent right after, so the catalog loads while it is in flight. */
export function startPriceLookup(context: UnigateModelContext, call: PricedCall): PriceLookup {
  return context.pricing.priceAndCheck(call.modelId, call.kind, {
    abortSignal: call.abortSignal,
    promptCharacters: call.promptCharacters,
  });
}

/**
 * Runs a call's requests (`send`) while its price is looked up. Once `send` has returned, a price still
 * loading is waited for, at most `priceWaitMs` (or until the call's abort); then the call returns with what
 * pricing knows. Pricing never fails the call: a price not known by then gives a warning instead, and the
 * catalog goes on loading in the background for later calls.
 */
export async function runPricedCall<R extends object>(
  context: UnigateModelContext,
  call: PricedCall,
  send: () => Promise<R>,
): Promise<R & PricingAtResponse> {
  const lookup = startPriceLookup(context, call);
  try {
    const response = await send();
    const { price, warnings } = await lookup.afterResponse(call.abortSignal);
    return { ...response, price, pricingWarnings: warnings };
  } finally {
    lookup.release();
  }
}

/** `runPricedCall` over one gateway request: the model kinds whose response is one request's answer. */
export function sendPricedRequest<T>(context: UnigateModelContext, call: PricedCall, request: PricedRequest<T>) {
  return runPricedCall(context, call, () =>
    sendGatewayRequest({
      config: context.connection,
      ...request,
      abortSignal: call.abortSignal,
      headers: call.headers,
    }),
  );
}
