import type { LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { createUnigate, type UnigateProviderSettings } from '../../src';
import { createMockFetch, sseResponse } from '../helpers/mock-fetch';

export const API_KEY = 'sk-unigate-test-key-0123456789';
export const SITE_URL = 'https://gw.test';
export const CHAT_URL = 'https://gw.test/v1/chat/completions';

/** A provider over msw handlers, with the recorded requests. */
export function setup(handlers: RequestHandler[], settings: UnigateProviderSettings = {}) {
  const { fetch, requests } = createMockFetch(...handlers);
  const gw = createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, fetch, ...settings });
  return { gw, model: gw('gpt-4o-mini'), requests };
}

/** A gateway that answers every chat call with this completion JSON. */
export function answering(json: unknown, init?: ResponseInit) {
  return setup([http.post(CHAT_URL, () => HttpResponse.json(json as Record<string, unknown>, init))]);
}

/** A gateway that streams these raw SSE chunks, boundaries exactly as given. */
export function streaming(chunks: Array<string | Uint8Array>, init?: ResponseInit) {
  return setup([http.post(CHAT_URL, () => sseResponse(chunks, init))]);
}

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
export function chunk(delta: Record<string, unknown>, finishReason: string | null = null, extra: Record<string, unknown> = {}) {
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
  event({ id: 'chatcmpl-s1', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'gpt-4o-mini-2024-07-18', choices: [], usage });

export const DONE = 'data: [DONE]\n\n';

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

/** Reads a stream to the end. */
export async function readAll(stream: ReadableStream<LanguageModelV3StreamPart>): Promise<LanguageModelV3StreamPart[]> {
  const parts: LanguageModelV3StreamPart[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

/** The error a call fails with; fails the test when the call succeeds. */
export async function failure(call: PromiseLike<unknown>): Promise<any> {
  return Promise.resolve(call).then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}
