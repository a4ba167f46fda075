import { InvalidArgumentError, type SharedV3Warning } from '@ai-sdk/provider';
import type { ReasoningLevel } from '../prompt/provider-options';
import { checkInteger } from '../checks/validate-argument';
import type { MessagesRequestBody } from './messages-api-types';
import { MESSAGES_LIMITS, type UnigateMessagesProviderOptions } from './unigate-messages-options';

/**
 * The thinking budget of each ai@7 `reasoning` level on the messages format: about the AI SDK's own shares
 * (2, 10, 30, 60, 90, 100 %) of 27,648 tokens, rounded to 1024s and at least the format's minimum of 1024.
 * 27,648 plus the 4096 tokens left for the answer (`DEFAULT_MESSAGES_MAX_TOKENS`) stays under 32,000, the
 * smallest output limit among the upstream thinking models, so the default `max_tokens` fits every one.
 */
export const MESSAGES_REASONING_BUDGETS: Readonly<Record<ReasoningLevel, number>> = {
  minimal: 1024,
  low: 3072,
  medium: 8192,
  high: 16384,
  xhigh: 24576,
  max: 27648,
};

/** The thinking to send, in wire form: a budget, or an explicit off. */
type MessagesThinking = NonNullable<MessagesRequestBody['thinking']>;

/** The provider option's thinking, checked: a budget of at least 1024 and below `maxOutputTokens`. */
function optionThinking(
  thinking: NonNullable<UnigateMessagesProviderOptions['thinking']>,
  maxOutputTokens: number | undefined,
): MessagesThinking | undefined {
  // Off is the format's default: today's body for `{ type: 'disabled' }` has no thinking field.
  if (thinking.type !== 'enabled') return undefined;
  checkInteger(
    'providerOptions.unigate.thinking.budgetTokens',
    thinking.budgetTokens,
    MESSAGES_LIMITS.thinkingBudgetTokens,
  );
  if (maxOutputTokens !== undefined && maxOutputTokens <= thinking.budgetTokens) {
    throw new InvalidArgumentError({
      argument: 'maxOutputTokens',
      message:
        `Invalid argument maxOutputTokens: with thinking enabled it must be greater than ` +
        `providerOptions.unigate.thinking.budgetTokens (${thinking.budgetTokens}), because thinking counts ` +
        `toward max_tokens; received ${maxOutputTokens}.`,
    });
  }
  return { type: 'enabled', budget_tokens: thinking.budgetTokens };
}

/**
 * A level's budget. The caller chose no number, so a `maxOutputTokens` too small for it adjusts the budget
 * instead of failing: it is capped at half of `maxOutputTokens` (never below 1024), with a warning. Below
 * 1025 tokens no budget fits, and thinking is not enabled (an `unsupported` warning).
 */
function levelThinking(
  level: ReasoningLevel,
  maxOutputTokens: number | undefined,
  warnings: SharedV3Warning[],
): MessagesThinking | undefined {
  const budget = MESSAGES_REASONING_BUDGETS[level];
  if (maxOutputTokens === undefined) return { type: 'enabled', budget_tokens: budget };
  const { min } = MESSAGES_LIMITS.thinkingBudgetTokens;
  if (maxOutputTokens <= min) {
    warnings.push({
      type: 'unsupported',
      feature: 'reasoning',
      details:
        `Thinking needs max_tokens above its minimum budget of ${min} tokens; with maxOutputTokens ` +
        `${maxOutputTokens}, reasoning "${level}" was not sent.`,
    });
    return undefined;
  }
  const fitted = Math.max(min, Math.min(budget, Math.floor(maxOutputTokens / 2)));
  if (fitted !== budget) {
    warnings.push({
      type: 'compatibility',
      feature: 'reasoning',
      details:
        `reasoning "${level}" is a thinking budget of ${budget} tokens; with maxOutputTokens ${maxOutputTokens} ` +
        `the budget sent is ${fitted} (at most half of max_tokens, at least ${min}), so the answer keeps room.`,
    });
  }
  return { type: 'enabled', budget_tokens: fitted };
}

/**
 * The `thinking` of a messages call. `providerOptions.unigate.thinking` wins over ai@7's `reasoning`
 * without a warning, as the AI SDK's own providers let their provider option win. `reasoning: 'none'`
 * sends `{ type: 'disabled' }`; a level sends its budget from `MESSAGES_REASONING_BUDGETS`.
 */
export function resolveMessagesThinking({
  option,
  reasoning,
  maxOutputTokens,
  warnings,
}: {
  option: UnigateMessagesProviderOptions['thinking'];
  reasoning: ReasoningLevel | 'none' | undefined;
  maxOutputTokens: number | undefined;
  warnings: SharedV3Warning[];
}): MessagesThinking | undefined {
  if (option !== undefined) return optionThinking(option, maxOutputTokens);
  if (reasoning === undefined) return undefined;
  if (reasoning === 'none') return { type: 'disabled' };
  return levelThinking(reasoning, maxOutputTokens, warnings);
}
