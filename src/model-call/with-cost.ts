import type { LanguageModelV3Usage, SharedV3ProviderMetadata } from '@ai-sdk/provider';
import { isObjectRecord } from '../checks/values';
import { sumCosts } from '../pricing/compute-cost';
import type { UnigateCost } from '../pricing/unigate-pricing-types';

/**
 * The one way a cost reaches a result: `metadata` with `unigate.cost` (a copy) next to what it already
 * holds. Without a cost, `costUnavailable` (when given) says why instead; without either, `metadata` is
 * returned unchanged. Never mutates `metadata`. The result keeps the metadata's own type: `unigate` only
 * gains a key.
 *
 * It also writes the cost (and a language call's cache token counts, from `usage`) on the span of the
 * model call, when OpenTelemetry records one (`modelCallSpan`, below): a call that is not a stream runs this
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

// The OpenTelemetry API keeps its registered globals here (one key per API major, shared by every copy of
// `@opentelemetry/api` in the app), and the active span under this context key. Reading them needs no import,
// so an app without OpenTelemetry loads nothing and pays one property read per call.
const OTEL_GLOBAL = Symbol.for('opentelemetry.js.api.1');
const SPAN_KEY = Symbol.for('OpenTelemetry Context Key SPAN');

// ai@6 names its model-call spans `ai.<function>.doGenerate` / `.doStream` / `.doEmbed`; ai@7's
// `@ai-sdk/otel` marks its inference span with the GenAI operation name `chat`.
const AI6_MODEL_CALL_SPAN = /^ai\.\w+\.do(Generate|Stream|Embed)$/;

/** The part of an OpenTelemetry span the cost is written through. */
export interface CostSpan {
  setAttribute(key: string, value: string | number): unknown;
}

function isCostSpan(value: unknown): value is CostSpan & { name?: unknown; attributes?: unknown } {
  return isObjectRecord(value) && typeof value.setAttribute === 'function';
}

/**
 * The span of the model call now running: the active span when it is one the AI SDK made around the
 * provider's call (read from the span's `name` and `attributes`, which the OpenTelemetry SDK's spans
 * expose). `undefined` without OpenTelemetry, without an active span, or when the active span is another
 * one (the app's own, or the AI SDK's operation span): a cost written there would be mis-attributed, or
 * overwritten by the next call of the operation.
 */
export function modelCallSpan(): CostSpan | undefined {
  const api: unknown = Reflect.get(globalThis, OTEL_GLOBAL);
  if (!isObjectRecord(api) || !isObjectRecord(api.context) || typeof api.context.active !== 'function') {
    return undefined;
  }
  const active: unknown = api.context.active();
  if (!isObjectRecord(active) || typeof active.getValue !== 'function') return undefined;
  const span: unknown = active.getValue(SPAN_KEY);
  if (!isCostSpan(span)) return undefined;
  const operation = isObjectRecord(span.attributes) ? span.attributes['gen_ai.operation.name'] : undefined;
  const isModelCall = (typeof span.name === 'string' && AI6_MODEL_CALL_SPAN.test(span.name)) || operation === 'chat';
  return isModelCall ? span : undefined;
}

/**
 * Writes a call's cost on its span with the GenAI conventions' proposed cost attributes (`source`
 * `local`: computed here from the gateway's prices), and a language call's cache token counts, which
 * ai@6 does not set. Nothing without a span; no cost attributes without a cost. (The SDK's
 * `setAttribute` does not throw: an ended span or a bad value is a diagnostic log.)
 */
export function putCostOnSpan(
  span: CostSpan | undefined,
  cost: UnigateCost | undefined,
  usage?: LanguageModelV3Usage,
): void {
  if (span === undefined) return;
  if (cost !== undefined) {
    span.setAttribute('gen_ai.usage.cost.amount', cost.total);
    span.setAttribute('gen_ai.usage.cost.currency', cost.unit);
    span.setAttribute('gen_ai.usage.cost.source', 'local');
  }
  const { cacheRead, cacheWrite } = usage?.inputTokens ?? {};
  if (cacheRead !== undefined) span.setAttribute('gen_ai.usage.cache_read.input_tokens', cacheRead);
  if (cacheWrite !== undefined) span.setAttribute('gen_ai.usage.cache_creation.input_tokens', cacheWrite);
}

/** The charges written on each span so far (a fallback chain's members share their caller's span). */
const spanCharges = new WeakMap<CostSpan, UnigateCost>();

/**
 * Writes a charge (a budget's or `onCharge`'s, charge-events.ts) on the model call's span: the sum of the
 * charges on that span, so a span several members of a fallback chain charged carries what they all cost,
 * the same figure as their `onCharge` events. It replaces the call's own cost written before it.
 */
export function addChargeToSpan(span: CostSpan | undefined, cost: UnigateCost | undefined): void {
  if (span === undefined || cost === undefined) return;
  const earlier = spanCharges.get(span);
  const total = earlier === undefined ? cost : sumCosts([earlier, cost]);
  spanCharges.set(span, total);
  putCostOnSpan(span, total);
}

// A call a wrapper makes later, outside the model call's span (a fallback chain's hand-over, opened from the
// stream's reader), carries the span on its options under this key, so its charge lands on the same span.
const CALL_SPAN = Symbol('unigate.modelCallSpan');

/** `options` carrying the model call's span active now, for the calls a wrapper makes for it later. */
export function withModelCallSpan<O extends object>(options: O): O {
  const span = modelCallSpan();
  return span === undefined ? options : { ...options, [CALL_SPAN]: span };
}

/** The span of the model call `options` belong to: the one they carry, else the active one. */
export function callSpanOf(options: object): CostSpan | undefined {
  const carried: unknown = Reflect.get(options, CALL_SPAN);
  return isCostSpan(carried) ? carried : modelCallSpan();
}
