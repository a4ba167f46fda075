import type { EmulatorModel } from './emulator-context';
import { type ErrorFamily, errorResponse, jsonResponse } from './emulator-responses';

// `[[emulator:prompt-tokens:<n>]]` in the last user message: the prompt counts n input tokens (the emulator
// does not tokenize), so a test or demo can send a prompt over a model's window without sending megabytes.
const PROMPT_TOKENS = /\[\[emulator:prompt-tokens:(\d+)\]\]/i;

/**
 * The 400 an upstream answers a prompt over the model's catalog `contextWindow`, in its own words: OpenAI's
 * body (`code: 'context_length_exceeded'`, "This model's maximum context length is M tokens...") on chat
 * completions, Anthropic's ("prompt is too long: N tokens > M maximum") on messages. `undefined` when the
 * prompt fits, states no size, or the model lists no window.
 */
export function contextOverflow(
  family: Exclude<ErrorFamily, 'image-video'>,
  model: EmulatorModel | undefined,
  lastUserText: string,
): Response | undefined {
  const declared = PROMPT_TOKENS.exec(lastUserText)?.[1];
  const window = Number(model?.contextWindow);
  if (declared === undefined || !Number.isFinite(window) || Number(declared) <= window) return undefined;
  if (family === 'messages') {
    return errorResponse('messages', 400, `prompt is too long: ${declared} tokens > ${window} maximum`);
  }
  const message =
    `This model's maximum context length is ${window} tokens. However, your messages resulted in ${declared} ` +
    'tokens. Please reduce the length of the messages.';
  return jsonResponse(
    { error: { message, type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' } },
    400,
  );
}
