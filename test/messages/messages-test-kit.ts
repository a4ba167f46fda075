import type { LanguageModelV3CallOptions, LanguageModelV3Prompt } from '@ai-sdk/provider';
import { SITE_URL, wireFormat } from '../helpers/test-kit';

// The messages wire format: its URL, model, bodies and events, over the shared test kit.

export const MESSAGES_URL = `${SITE_URL}/api/v1/messages`;
export const MODEL = 'claude-sonnet-4-5';

export const { setup, answering, answeringWith, streaming } = wireFormat(MESSAGES_URL, gw => gw.messages(MODEL));

/** One SSE event in the wire form: `event:` line, `data:` line, blank line. */
export function sse(data: { type: string } & Record<string, unknown>): string {
  return `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function message(overrides: Record<string, unknown> = {}) {
  return {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: MODEL,
    content: [{ type: 'text', text: 'Hello!' }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 5 },
    ...overrides,
  };
}

export const messageStart = (usage: Record<string, number> = { input_tokens: 12, output_tokens: 1 }) =>
  sse({
    type: 'message_start',
    message: {
      id: 'msg_01',
      type: 'message',
      role: 'assistant',
      content: [],
      model: MODEL,
      stop_reason: null,
      stop_sequence: null,
      usage,
    },
  });
/** A `message_start` of message `id` with `input` input tokens (the resume tests tell requests apart by id). */
export const startOf = (id: string, input: number, model: string = MODEL) =>
  sse({
    type: 'message_start',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      content: [],
      model,
      usage: { input_tokens: input, output_tokens: 1 },
    },
  });

export const textStart = (index: number) =>
  sse({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
export const textDelta = (index: number, text: string) =>
  sse({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
export const blockStop = (index: number) => sse({ type: 'content_block_stop', index });
export const toolStart = (index: number, id: string, name: string) =>
  sse({ type: 'content_block_start', index, content_block: { type: 'tool_use', id, name, input: {} } });
export const jsonDelta = (index: number, partial_json: string) =>
  sse({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
export const messageDelta = (stop_reason: string, output_tokens: number, stop_sequence: string | null = null) =>
  sse({ type: 'message_delta', delta: { stop_reason, stop_sequence }, usage: { output_tokens } });
export const ping = sse({ type: 'ping' });
export const messageStop = sse({ type: 'message_stop' });

export const userText = (text: string): LanguageModelV3Prompt[number] => ({
  role: 'user',
  content: [{ type: 'text', text }],
});

export function call(
  prompt: LanguageModelV3Prompt,
  options: Partial<LanguageModelV3CallOptions> = {},
): LanguageModelV3CallOptions {
  return { prompt, ...options };
}

/** The V3 usage the converter builds for plain input/output counts. */
export function usage(input: number, output: number) {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: undefined, reasoning: undefined },
    raw: { input_tokens: input, output_tokens: output },
  };
}
