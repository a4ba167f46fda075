import type { UnigateChatProviderOptions } from './unigate-chat-options';

// Which requests send an assistant message's reasoning back as `reasoning_content`. The families and
// their sources: docs/reasoning-round-trip.md#families-that-take-it-back; an upstream outside them may
// refuse the field (400).

/**
 * The model families whose vendors document taking `reasoning_content` back, matched against the bare
 * model id (see `bareModelId`).
 */
const ROUND_TRIP_FAMILIES: readonly RegExp[] = [
  // DeepSeek's thinking mode: `deepseek-reasoner`, `deepseek-chat` with thinking on, V3.1 and later.
  // Not R1 (`deepseek-r1*`): its API answered 400 to the field.
  /^deepseek-(reasoner|chat|v3\.[1-9]|v[4-9])/,
  // Moonshot's thinking models.
  /^kimi-k2(-thinking|\.5)/,
  // Zhipu's GLM-4.5 and later (interleaved thinking).
  /^glm-(4\.[5-9]|[5-9])/,
];

/**
 * A model id without what gateways put around the model's name: lower case, without a vendor path
 * (`deepseek/deepseek-reasoner`, `moonshotai/Kimi-K2-Thinking`) and without a variant suffix
 * (`deepseek-v3.1:free`).
 */
function bareModelId(modelId: string): string {
  const name = modelId.toLowerCase().slice(modelId.lastIndexOf('/') + 1);
  const variant = name.indexOf(':');
  return variant === -1 ? name : name.slice(0, variant);
}

/** Whether `modelId` belongs to a family that takes an assistant message's reasoning back. */
export function takesReasoningBack(modelId: string): boolean {
  const bare = bareModelId(modelId);
  return ROUND_TRIP_FAMILIES.some(family => family.test(bare));
}

/** `providerOptions.unigate.reasoningRoundTrip` and the model the request is for. */
export interface ReasoningRoundTripTarget {
  reasoningRoundTrip?: UnigateChatProviderOptions['reasoningRoundTrip'];
  /** The model the request is built for; `'auto'` without one sends no reasoning. */
  modelId?: string;
}

/**
 * Whether an assistant message with `reasoning` sends it back: `'always'` whenever it has some, `'never'`
 * never, `'auto'` (the default) on a message with tool calls to a model of a round-trip family. History
 * dropped under `'auto'` gets no warning: it is not the caller's option.
 */
export function keepsReasoning(target: ReasoningRoundTripTarget, reasoning: string, hasToolCalls: boolean): boolean {
  if (reasoning === '') return false;
  switch (target.reasoningRoundTrip ?? 'auto') {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'auto':
      return hasToolCalls && target.modelId !== undefined && takesReasoningBack(target.modelId);
  }
}
