import type { JSONObject, LanguageModelV3Usage } from '@ai-sdk/provider';
import type { MessagesUsage } from './messages-api-types';

function count(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/**
 * Wire usage -> the V3 usage shape. `input_tokens` counts only uncached input; cache reads and writes
 * come on top of it, so the total input is their sum. Output is not split into text and thinking on the
 * wire, so those two stay undefined.
 */
export function convertMessagesUsage(usage: MessagesUsage | null | undefined): LanguageModelV3Usage {
  const input = count(usage?.input_tokens);
  const cacheRead = count(usage?.cache_read_input_tokens);
  const cacheWrite = count(usage?.cache_creation_input_tokens);
  const output = count(usage?.output_tokens);
  return {
    inputTokens: {
      total: input === undefined ? undefined : input + (cacheRead ?? 0) + (cacheWrite ?? 0),
      noCache: input,
      cacheRead,
      cacheWrite,
    },
    outputTokens: { total: output, text: undefined, reasoning: undefined },
    ...(usage != null && { raw: usage as JSONObject }),
  };
}
