import type { JSONObject, LanguageModelV3Usage } from '@ai-sdk/provider';
import { isObjectRecord } from '../checks/narrow';

function count(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function detail(object: unknown, key: string): number | undefined {
  return isObjectRecord(object) ? count(object[key]) : undefined;
}

/**
 * Maps the wire `usage` to the V3 shape. Read by shape (typeof checks) because the stream passes the raw
 * chunk's object; cached and reasoning token details are used when the gateway sends them.
 */
export function convertChatUsage(usage: unknown): LanguageModelV3Usage {
  if (!isObjectRecord(usage)) {
    return {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
    };
  }
  const wire = usage;
  const input = count(wire.prompt_tokens);
  const output = count(wire.completion_tokens);
  const cached = detail(wire.prompt_tokens_details, 'cached_tokens');
  const reasoning = detail(wire.completion_tokens_details, 'reasoning_tokens');
  return {
    inputTokens: {
      total: input,
      noCache: input === undefined ? undefined : input - (cached ?? 0),
      cacheRead: cached,
      cacheWrite: undefined,
    },
    outputTokens: {
      total: output,
      text: output === undefined ? undefined : output - (reasoning ?? 0),
      reasoning,
    },
    raw: usage as JSONObject,
  };
}
