import { AISDKError } from '@ai-sdk/provider';
import { bareModelId } from '../checks/validate-argument';

// Which upstreams take a prefill (docs/resume.md#what-each-upstream-allows), for a model's own resume and
// for a fallback chain's hand-over (`continuesPrefill` on the models), and the prefill turn each format sends.

/** How a chat model's upstream continues a final assistant message. */
export interface ChatContinuation {
  /** The flag that marks the message as the answer's start. */
  flag: 'prefix' | 'partial';
}

/**
 * Model families whose upstream documents continuing a final assistant message: DeepSeek's prefix
 * completion and Mistral's `prefix`; Moonshot's Partial Mode and Qwen's `partial` (its commercial models,
 * Qwen3-Max, Qwen3-Coder and the Qwen2.5 open models; not the thinking ones). None documents that its
 * answer repeats the prefix, so no continuation's text is cut.
 */
const CONTINUATION_FAMILIES: ReadonlyArray<readonly [RegExp, ChatContinuation]> = [
  [/^deepseek-/, { flag: 'prefix' }],
  [/^(mistral-|codestral-|magistral-|ministral-|devstral-|pixtral-|open-mistral)/, { flag: 'prefix' }],
  [/^(kimi-|moonshot-)/, { flag: 'partial' }],
  [/^(qwen-(max|plus|turbo)|qwen3-(max|coder)|qwen2\.5-(\d+b|coder|math))/, { flag: 'partial' }],
];

/** How `modelId`'s upstream continues a partial assistant message, or undefined where it documents none. */
export function chatContinuation(modelId: string): ChatContinuation | undefined {
  const bare = bareModelId(modelId);
  return CONTINUATION_FAMILIES.find(([family]) => family.test(bare))?.[1];
}

/**
 * Claude 4.6 and later answer a prefill with a 400 (Anthropic's migration guide, "Prefill removal";
 * docs/resume.md#what-is-not-resumed): `claude-<family>-<major>[-<minor>]`, a date is no minor.
 */
export function refusesPrefill(modelId: string): boolean {
  const version = /claude-[a-z]+-(\d+)(?:[-.](\d{1,2})(?!\d))?/.exec(modelId);
  if (version === null) return false;
  const major = Number(version[1]);
  return major > 4 || (major === 4 && Number(version[2] ?? 0) >= 6);
}

/** What a chat call sends that decides whether its stream can continue a prefill. */
export interface ChatPrefillFacts {
  modelId: string;
  /** `n` > 1: a prefill holds one choice. */
  collectChoices: boolean;
  responseFormat: unknown;
  reasoningEffort: unknown;
  /** The prompt ends with an assistant message (a hand-over's prefill). */
  endsWithAssistant: boolean;
}

/**
 * Whether a chat stream can continue a final assistant message: only where the model's upstream documents
 * a continuation, with one choice, no response format (Moonshot warns against mixing Partial Mode with it)
 * and no reasoning (Qwen lists its non-thinking mode only). A prompt without a final assistant message (a
 * cut tool call asked for again) any chat model takes.
 */
export function chatTakesPrefill(facts: ChatPrefillFacts): boolean {
  if (!facts.endsWithAssistant) return true;
  const thinking = /reasoner|thinking/.test(facts.modelId) || facts.reasoningEffort !== undefined;
  const single = !facts.collectChoices && facts.responseFormat === undefined;
  return chatContinuation(facts.modelId) !== undefined && single && !thinking;
}

/** Whether a messages stream can continue a final assistant turn: not with extended thinking, the JSON-answer tool, or Claude 4.6 and later. */
export function messagesTakesPrefill(modelId: string, thinking: boolean, jsonResponseTool: boolean): boolean {
  return !refusesPrefill(modelId) && !thinking && !jsonResponseTool;
}

/**
 * `decide(prepare())`, or false when the model refuses the call's arguments (an AI SDK error: invalid
 * argument, prompt or unsupported functionality): a call the model refuses is not handed to it, and the
 * chain's failure stays the caller's. Any other throw is a bug and goes on.
 */
export function whenPrepared<PREPARED>(prepare: () => PREPARED, decide: (prepared: PREPARED) => boolean): boolean {
  let prepared: PREPARED;
  try {
    prepared = prepare();
  } catch (error) {
    if (AISDKError.isInstance(error)) return false;
    throw error;
  }
  return decide(prepared);
}

/** A chat prefill: the final assistant message with its upstream's flag (none for an empty prefill). */
export function chatPrefillMessages(prefill: string, flag: ChatContinuation['flag']) {
  if (prefill === '') return [];
  const flagged = flag === 'prefix' ? { prefix: true as const } : { partial: true as const };
  return [{ role: 'assistant' as const, content: prefill, ...flagged }];
}

/**
 * A messages prefill: a final assistant turn. An empty prefill (only a tool call was cut) is an empty turn,
 * which the API allows as the last message only, and which marks the request as the same answer's
 * continuation; a text block must not be empty.
 */
export function messagesPrefillTurn(prefill: string) {
  const content = prefill === '' ? [] : [{ type: 'text' as const, text: prefill }];
  return { role: 'assistant' as const, content };
}
