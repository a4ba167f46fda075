import type { LanguageModelV3FinishReason } from '@ai-sdk/provider';

/** Maps the wire `finish_reason` to the V3 finish reason, keeping the raw value. */
export function mapChatFinishReason(finishReason: string | null | undefined): LanguageModelV3FinishReason {
  const raw = finishReason ?? undefined;
  switch (finishReason) {
    case 'stop':
      return { unified: 'stop', raw };
    case 'length':
      return { unified: 'length', raw };
    case 'tool_calls':
      return { unified: 'tool-calls', raw };
    case 'content_filter':
      return { unified: 'content-filter', raw };
    default:
      return { unified: 'other', raw };
  }
}
