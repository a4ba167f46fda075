// The emulator's chat completions cache prompt prefixes by themselves, as those upstreams do: every
// prefix that ends at a message boundary and is long enough is cached for a while, and a request that
// repeats one reports it as `usage.prompt_tokens_details.cached_tokens` (prompt-cache.ts keeps them).

import { countTokens, digestHex, type InputTokenCounting } from '../emulator-text';
import { type CachePrefix, DEFAULT_CACHE_TTL_MS } from '../prompt-cache';
import type { ChatMessage, ChatRequest } from './chat-completions-request';

/** Prompt tokens an image part counts for (a fixed figure, like a low-detail image). */
export const IMAGE_PROMPT_TOKENS = 85;

/** One message's prompt tokens, as `usage.prompt_tokens` counts them. */
export function messagePromptTokens(message: ChatMessage, counting?: InputTokenCounting): number {
  const count = counting?.text ?? countTokens;
  let tokens = count(message.text) + message.images * (counting?.image ?? IMAGE_PROMPT_TOKENS);
  for (const call of message.toolCalls) tokens += count(call.name) + count(call.arguments);
  return tokens;
}

/**
 * The request's prefix at each message boundary: its tokens, and an identity chained message by message
 * (model, tools, then each message as sent), so the work stays linear in the prompt's length.
 */
export function chatCachePrefixes(request: ChatRequest): CachePrefix[] {
  let identity = digestHex(JSON.stringify([request.model, request.tools]));
  let tokens = 0;
  return request.messages.map(message => {
    identity = digestHex(`${identity}\u0000${JSON.stringify(message)}`);
    tokens += messagePromptTokens(message);
    return { identity, tokens, ttlMs: DEFAULT_CACHE_TTL_MS };
  });
}

/** DeepSeek's 400 for a thinking-mode request whose tool-call turn lacks its reasoning, else `undefined`. */
export function missingReasoningContent(request: ChatRequest): string | undefined {
  const index = request.messages.findIndex(
    message => message.role === 'assistant' && message.toolCalls.length > 0 && message.reasoningContent === undefined,
  );
  if (index === -1) return undefined;
  return (
    `Missing \`reasoning_content\` field in the assistant message at message index ${index}. ` +
    'For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls'
  );
}
