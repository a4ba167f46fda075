import type { LanguageModelV3FinishReason } from '@ai-sdk/provider';

/**
 * `stop_reason` -> the AI SDK's finish reason. The raw value is always kept. `jsonResponseTool` turns a
 * `tool_use` stop into `stop` when the only tool used was the JSON-answer tool.
 */
export function mapMessagesStopReason(
  stopReason: string | null | undefined,
  jsonResponseTool = false,
): LanguageModelV3FinishReason {
  const raw = stopReason ?? undefined;
  switch (stopReason) {
    case 'end_turn':
    case 'stop_sequence':
      return { unified: 'stop', raw };
    case 'max_tokens':
      return { unified: 'length', raw };
    case 'tool_use':
      return { unified: jsonResponseTool ? 'stop' : 'tool-calls', raw };
    case 'refusal':
      return { unified: 'content-filter', raw };
    default:
      return { unified: 'other', raw };
  }
}
