import type { LanguageModelV3CallOptions, LanguageModelV3Usage, SharedV3Warning } from '@ai-sdk/provider';
import { sendGatewayRequest, type GatewayRequest } from '../transport/gateway-request';
import { sumCosts } from '../pricing/credit-units';
import { languageModelCost, promptCharacters } from '../pricing/language-model-cost';
import type { PricedKind, PriceLookup, UnigateCost, UnigateModelPrice } from '../pricing/unigate-pricing-types';
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
  /**
   * Messages: the passes another model ran for the call (an advisor's), which the call's own usage leaves
   * out and which are billed at that model's price.
   */
  otherModelPasses?: (usage: LanguageModelV3Usage) => readonly OtherModelPass[];
}

/** A pass another model ran for a call: its model (when the usage names it), usage and 1-hour cache writes. */
export interface OtherModelPass {
  modelId: string | undefined;
  usage: LanguageModelV3Usage;
  oneHourCacheWrites: number;
}

/**
 * Chat usage reports no cache writes (`prompt_tokens_details` has only `cached_tokens`). Where the model
 * bills them (its write price is above its input price: OpenAI from GPT-5.6), the input not read from the
 * cache may have been written, so it is priced as written: a cost never under-counts.
 */
function unreportedWrites(
  kind: PricedKind,
  price: UnigateModelPrice | undefined,
  usage: LanguageModelV3Usage,
): UnigateModelPrice | undefined {
  if (kind !== 'chat' || usage.inputTokens.cacheWrite !== undefined) return price;
  const write = price?.cacheWritePerMillionTokens;
  const input = price?.inputPerMillionTokens;
  return write !== undefined && input !== undefined && write > input
    ? { ...price, inputPerMillionTokens: write }
    : price;
}

/**
 * A language-model call's cost: its own usage at `price`, plus each pass another model ran at that model's
 * price as known now. A pass whose model has no price (or is not named) leaves the cost unavailable, with
 * the reason, rather than priced below the truth: an advisor is usually the dearer model.
 */
export function callCost(
  context: UnigateModelContext,
  call: PricedCall,
  price: UnigateModelPrice | undefined,
  usage: LanguageModelV3Usage,
): { cost?: UnigateCost; costUnavailable?: string } {
  const own = languageModelCost(unreportedWrites(call.kind, price, usage), usage, call.oneHourCacheWrites?.(usage));
  const passes = own === undefined ? [] : (call.otherModelPasses?.(usage) ?? []);
  if (own === undefined || passes.length === 0) return { cost: own };
  const costs = [own];
  for (const pass of passes) {
    const passPrice = pass.modelId === undefined ? undefined : context.pricing.priceNow(pass.modelId, call.kind);
    const cost = languageModelCost(passPrice, pass.usage, pass.oneHourCacheWrites);
    if (cost === undefined) {
      const model = pass.modelId === undefined ? 'a model the usage does not name' : pass.modelId;
      return {
        costUnavailable:
          `This call has no cost: a pass of ${model} (an advisor) ran for it, and no price is known for that ` +
          'model (add it to the pricing table, or let the catalog load), so the call is not priced below the truth.',
      };
    }
    costs.push(cost);
  }
  return { cost: sumCosts(costs) };
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
