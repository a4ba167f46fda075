import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3Usage,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import { sendGatewayRequest, type GatewayRequest } from '../transport/gateway-request';
import { languageModelCost, promptCharacters, sumCosts } from '../pricing/compute-cost';
import { writesCacheUnasked } from '../pricing/cache-rates';
import type { PricedKind, PriceLookup, UnigateCost, UnigateModelPrice } from '../pricing/unigate-pricing-types';
import type { FinishCost, PriceWait } from '../streams/stream-state';
import type { UnigateModelContext } from './model-context';
import { metadataWithCost, modelCallSpan, withCost } from './with-cost';

// The one way a model call sends its request and has its price looked up at the same time: a call whose
// answer is one response (`runPricedCall`, `sendPricedRequest`), and a language stream, which returns at
// the response headers and prices its `finish` (`sendPricedStreamRequest`); with the priced call's cost.

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
  /** Chat: the body as sent asks for caching (a `cache_control` anywhere in it, through `extraBody`). */
  cacheWritesAsked?: boolean;
}

/** A pass another model ran for a call: its model (when the usage names it), usage and 1-hour cache writes. */
export interface OtherModelPass {
  modelId: string | undefined;
  usage: LanguageModelV3Usage;
  oneHourCacheWrites: number;
}

/**
 * The price of a chat call's input when its usage reports no cache writes (most chat upstreams send only
 * `cached_tokens`): writes happen only where the request asked for caching or the model writes unasked
 * (`writesCacheUnasked`), and there, when they cost more than fresh input, the input not read from the
 * cache is priced as written, the most it can have cost (`estimated`). Anywhere else nothing was written:
 * a Claude model through chat with no `cache_control` pays its input price.
 */
function unreportedWrites(
  call: PricedCall,
  price: UnigateModelPrice | undefined,
  usage: LanguageModelV3Usage,
): { price: UnigateModelPrice | undefined; estimated: boolean } {
  const write = price?.cacheWritePerMillionTokens;
  const input = price?.inputPerMillionTokens;
  const estimated =
    call.kind === 'chat' &&
    usage.inputTokens.cacheWrite === undefined &&
    write !== undefined &&
    input !== undefined &&
    write > input &&
    (call.cacheWritesAsked === true || writesCacheUnasked(call.modelId));
  return estimated ? { price: { ...price, inputPerMillionTokens: write }, estimated } : { price, estimated };
}

/**
 * What the body as sent asks of the prompt cache: `asked`, a `cache_control` key anywhere in it; `oneHour`,
 * a 1-hour TTL anywhere.
 */
export function cachingAsked(body: unknown): { asked: boolean; oneHour: boolean } {
  const json = JSON.stringify(body);
  return { asked: json.includes('"cache_control"'), oneHour: json.includes('"ttl":"1h"') };
}

/**
 * A language-model call's cost: its own usage at `price`, plus each pass another model ran at that model's
 * price as known now. A pass whose model has no price (or is not named) leaves the cost unavailable, with
 * the reason, rather than priced below the truth: an advisor is usually the dearer model.
 */
function callCost(
  context: UnigateModelContext,
  call: PricedCall,
  price: UnigateModelPrice | undefined,
  usage: LanguageModelV3Usage,
): { cost?: UnigateCost; costUnavailable?: string } {
  const unreported = unreportedWrites(call, price, usage);
  const priced = languageModelCost(unreported.price, usage, call.oneHourCacheWrites?.(usage));
  const own = priced !== undefined && unreported.estimated ? { ...priced, estimated: true as const } : priced;
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

/**
 * One request of a priced call. `config` is the model's one transport handle (the chat and messages
 * configs are connections with their own fields; the other kinds send through the context's connection):
 * the URL, the redaction secret and the send all come from it.
 */
export type PricedRequest<T> = Pick<
  GatewayRequest<T>,
  'config' | 'auth' | 'url' | 'body' | 'successfulResponseHandler'
>;

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
function startPriceLookup(context: UnigateModelContext, call: PricedCall): PriceLookup {
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
      ...request,
      abortSignal: call.abortSignal,
      headers: call.headers,
    }),
  );
}

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

/** What a language call's answer gives its result, read from the wire by its format. */
export interface LanguageAnswer {
  content: LanguageModelV3Content[];
  finishReason: LanguageModelV3FinishReason;
  usage: LanguageModelV3Usage;
  /** The format's own `unigate` metadata; the cost is added to it. */
  metadata: SharedV3ProviderMetadata | undefined;
  id?: string | null;
  modelId?: string | null;
  timestamp?: Date;
}

/**
 * A chat or messages `doGenerate`'s result: the answer, priced (the pricing warnings added; a call whose
 * cost is unavailable, an unpriced advisor's, says why in a warning), with the body as sent and the
 * response as received.
 */
export function languageResult(
  context: UnigateModelContext,
  call: PricedCall,
  sent: PricingAtResponse & { rawValue?: unknown; responseHeaders?: Record<string, string> },
  answer: LanguageAnswer,
  body: unknown,
  warnings: SharedV3Warning[],
): LanguageModelV3GenerateResult {
  const { usage } = answer;
  warnings.push(...sent.pricingWarnings);
  const { cost, costUnavailable } = callCost(context, call, sent.price, usage);
  if (costUnavailable !== undefined) warnings.push({ type: 'other', message: costUnavailable });
  const providerMetadata = withCost(answer.metadata, cost, costUnavailable, usage);
  return {
    content: answer.content,
    finishReason: answer.finishReason,
    usage,
    ...(providerMetadata !== undefined && { providerMetadata }),
    request: { body },
    response: {
      id: answer.id ?? undefined,
      modelId: answer.modelId ?? undefined,
      timestamp: answer.timestamp,
      headers: sent.responseHeaders,
      body: sent.rawValue,
    },
    warnings,
  };
}
