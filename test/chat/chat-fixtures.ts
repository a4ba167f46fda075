import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { SITE_URL, wireFormat } from '../helpers/test-kit';

// The chat-completions wire format: its URL, model, bodies and chunks, over the shared test kit.

export const CHAT_URL = `${SITE_URL}/v1/chat/completions`;
export const MODEL = 'gpt-4o-mini';

export const { setup, answering, streaming } = wireFormat(CHAT_URL, gw => gw(MODEL));

export const prompt: LanguageModelV3Prompt = [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }];

/** A completion as the gateway documents it, with overrides. */
export function completion(message: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'gpt-4o-mini-2024-07-18',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 },
    ...extra,
  };
}

/** One SSE event carrying a JSON payload. */
export const event = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;

/** One chat.completion.chunk event with a delta for choice 0. */
export function chunk(
  delta: Record<string, unknown>,
  finishReason: string | null = null,
  extra: Record<string, unknown> = {},
) {
  return event({
    id: 'chatcmpl-s1',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'gpt-4o-mini-2024-07-18',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...extra,
  });
}

export const usageChunk = (usage: Record<string, unknown>) =>
  event({
    id: 'chatcmpl-s1',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'gpt-4o-mini-2024-07-18',
    choices: [],
    usage,
  });

export const DONE = 'data: [DONE]\n\n';

/** A chunk of completion `id` with a delta for choice 0 (the resume tests tell requests apart by id). */
export const deltaOf = (id: string, fields: Record<string, unknown>, finishReason: string | null = null) =>
  event({
    id,
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'm',
    choices: [{ index: 0, delta: fields, finish_reason: finishReason }],
  });

/** The usage chunk of completion `id`. */
export const usageOf = (id: string, prompt_tokens: number, completion_tokens: number) =>
  event({
    id,
    choices: [],
    usage: { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens },
  });

export const metadataPart = {
  type: 'response-metadata',
  id: 'chatcmpl-s1',
  modelId: 'gpt-4o-mini-2024-07-18',
  timestamp: new Date(1_700_000_000_000),
} as const;

export const noUsage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};
