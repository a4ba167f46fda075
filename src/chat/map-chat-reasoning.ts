import type { SharedV3Warning } from '@ai-sdk/provider';
import type { ReasoningLevel } from '../prompt/provider-options';
import type { CHAT_REASONING_EFFORTS } from './unigate-chat-options';

type ChatReasoningEffort = (typeof CHAT_REASONING_EFFORTS)[number];

/**
 * The `reasoning_effort` to send. `providerOptions.unigate.reasoningEffort` wins without a warning, as the
 * AI SDK's own providers let their provider option win. Otherwise ai@7's `reasoning` is sent as it is
 * (`'none'` turns reasoning off), except `'max'`: the format's highest effort is `'xhigh'`, which is sent
 * with a `compatibility` warning.
 */
export function mapChatReasoning({
  reasoning,
  providerEffort,
  warnings,
}: {
  reasoning: ReasoningLevel | 'none' | undefined;
  providerEffort: ChatReasoningEffort | undefined;
  warnings: SharedV3Warning[];
}): ChatReasoningEffort | undefined {
  if (providerEffort !== undefined) return providerEffort;
  if (reasoning !== 'max') return reasoning;
  warnings.push({
    type: 'compatibility',
    feature: 'reasoning',
    details:
      'The chat-completions format has no "max" reasoning effort; reasoning_effort "xhigh", its highest, was sent.',
  });
  return 'xhigh';
}
