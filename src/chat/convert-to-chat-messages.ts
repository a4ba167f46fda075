import {
  UnsupportedFunctionalityError,
  type LanguageModelV3FilePart,
  type LanguageModelV3Prompt,
  type LanguageModelV3ToolResultPart,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import {
  readFilePartData,
  unsupportedFileAdvice,
  unknownPartError,
  warnUnsentAssistantPart,
  toolResultOutput,
  type ToolResultItem,
} from '../prompt/call-options';
import { detectImageMediaType, isImageMediaType, isOpenImageType } from '../prompt/image-media-type';
import { isObjectRecord } from '../checks/values';
import { bareModelId } from '../checks/validate-argument';
import type { ChatImageContentPart, ChatMessage, ChatTextContentPart, ChatToolCall } from './chat-api-types';
import type { UnigateChatProviderOptions } from './unigate-chat-options';

// The reasoning round trip: which requests send an assistant message's reasoning back as `reasoning_content`. The families and
// their sources: docs/reasoning-round-trip.md#families-that-take-it-back; an upstream outside them may
// refuse the field (400).

/**
 * The model families whose vendors document taking `reasoning_content` back, matched against the bare
 * model id (see `bareModelId`).
 */
const ROUND_TRIP_FAMILIES: readonly RegExp[] = [
  // DeepSeek's thinking mode: `deepseek-reasoner`, `deepseek-chat` with thinking on, V3.1 and later.
  // Not R1 (`deepseek-r1*`): its API answered 400 to the field.
  /^deepseek-(reasoner|chat|v3\.[1-9]|v[4-9])/,
  // Moonshot's thinking models.
  /^kimi-k2(-thinking|\.5)/,
  // Zhipu's GLM-4.5 and later (interleaved thinking).
  /^glm-(4\.[5-9]|[5-9])/,
];

/** Whether `modelId` belongs to a family that takes an assistant message's reasoning back. */
function takesReasoningBack(modelId: string): boolean {
  const bare = bareModelId(modelId);
  return ROUND_TRIP_FAMILIES.some(family => family.test(bare));
}

/** `providerOptions.unigate.reasoningRoundTrip` and the model the request is for. */
export interface ReasoningRoundTripTarget {
  reasoningRoundTrip?: UnigateChatProviderOptions['reasoningRoundTrip'];
  /** The model the request is built for; `'auto'` without one sends no reasoning. */
  modelId?: string;
}

/**
 * Whether an assistant message with `reasoning` sends it back: `'always'` whenever it has some, `'never'`
 * never, `'auto'` (the default) on a message with tool calls to a model of a round-trip family. History
 * dropped under `'auto'` gets no warning: it is not the caller's option.
 */
function keepsReasoning(target: ReasoningRoundTripTarget, reasoning: string, hasToolCalls: boolean): boolean {
  if (reasoning === '') return false;
  switch (target.reasoningRoundTrip ?? 'auto') {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'auto':
      return hasToolCalls && target.modelId !== undefined && takesReasoningBack(target.modelId);
  }
}

/** A user message's file part: an image, or the text of an inline text file (ai@7's `{type: 'text'}`). */
function userFilePart(
  part: LanguageModelV3FilePart,
  where: string,
  prompt: unknown,
): ChatTextContentPart | ChatImageContentPart {
  const data = readFilePartData(part.data, part.mediaType, where, prompt);
  if (data.type === 'text') return { type: 'text', text: data.text };
  if (!isImageMediaType(part.mediaType)) throw unsupportedFile(part, 'a user message');
  if (data.type === 'url') return { type: 'image_url', image_url: { url: data.url.toString() } };
  // An open type (`image`, `image/*`) cannot label a data URL: read it from the bytes, else JPEG, which
  // is what upstreams assume for unlabelled images.
  const mediaType = isOpenImageType(part.mediaType)
    ? (detectImageMediaType(data.base64) ?? 'image/jpeg')
    : part.mediaType;
  return { type: 'image_url', image_url: { url: `data:${mediaType};base64,${data.base64}` } };
}

function unsupportedFile(part: LanguageModelV3FilePart, where: string): UnsupportedFunctionalityError {
  // An image is refused only for where it is: it can go in a user message.
  const advice =
    where !== 'a user message' && isImageMediaType(part.mediaType)
      ? 'Send it in a user message.'
      : unsupportedFileAdvice(part.mediaType);
  return new UnsupportedFunctionalityError({
    functionality: `file part with media type ${part.mediaType} in ${where}`,
    message:
      `The gateway takes images only as files, in user messages, on the chat-completions and the messages format alike; ` +
      `a file of media type "${part.mediaType}" in ${where} cannot be sent. ${advice}`,
  });
}

/**
 * A tool result item as text: a text item, or an inline text file (ai@7 hands a V4 `{type: 'file'}` item
 * with `{type: 'text'}` data through unconverted). Anything else has no place in a tool message.
 */
function toolResultText(item: ToolResultItem, where: string, toolName: string, prompt: unknown): string {
  if (item.type === 'text') return item.text;
  const file: Record<string, unknown> = item;
  if (file.type === 'file' && isObjectRecord(file.data) && file.data.type === 'text') {
    const data = readFilePartData(file.data, file.mediaType as string, where, prompt);
    if (data.type === 'text') return data.text;
  }
  throw new UnsupportedFunctionalityError({
    functionality: `tool result content of type ${item.type}`,
    message: `The chat-completions format carries only text in tool results; the result of tool "${toolName}" holds a ${item.type} item (${where}).`,
  });
}

/**
 * The text a tool message carries for each V3 tool output kind; `where` names the tool result part. A
 * `custom` content item is left out with a warning.
 */
function toolResultContent(
  part: LanguageModelV3ToolResultPart,
  where: string,
  prompt: unknown,
  warnings: SharedV3Warning[],
): string {
  const text = (item: ToolResultItem, at: string) => toolResultText(item, at, part.toolName, prompt);
  const content = toolResultOutput(part, where, 'chat-completions', 'The tool execution was denied.', text, warnings);
  return typeof content === 'string' ? content : content.join('\n');
}

type AssistantMessage = Extract<LanguageModelV3Prompt[number], { role: 'assistant' }>;

function assistantMessage(
  message: AssistantMessage,
  at: number,
  prompt: LanguageModelV3Prompt,
  reasoningTarget: ReasoningRoundTripTarget,
  warnings: SharedV3Warning[],
): ChatMessage {
  let text = '';
  let reasoning = '';
  const toolCalls: ChatToolCall[] = [];
  // Calls the provider ran itself (and their results) come from other providers' histories:
  // this endpoint cannot run or replay them, so they are left out of the turn.
  const providerExecuted = new Set<string>();
  for (const [index, part] of message.content.entries()) {
    switch (part.type) {
      case 'text':
        text += part.text;
        break;
      case 'reasoning':
        reasoning += part.text;
        break;
      case 'file':
        throw unsupportedFile(part, 'an assistant message');
      case 'tool-call':
        if (part.providerExecuted) {
          providerExecuted.add(part.toolCallId);
          break;
        }
        toolCalls.push({
          id: part.toolCallId,
          type: 'function',
          function: { name: part.toolName, arguments: JSON.stringify(part.input) },
        });
        break;
      case 'tool-result':
        if (!providerExecuted.has(part.toolCallId)) {
          throw new UnsupportedFunctionalityError({
            functionality: 'tool results in assistant messages',
            message: `The chat-completions format carries tool results only in tool messages (tool call "${part.toolCallId}").`,
          });
        }
        break;
      default:
        // ai@7's `reasoning-file` and `custom` parts: warned about, not sent.
        warnUnsentAssistantPart(part, `prompt[${at}].content[${index}]`, 'chat-completions', prompt, warnings);
    }
  }
  const keepReasoning = keepsReasoning(reasoningTarget, reasoning, toolCalls.length > 0);
  return {
    role: 'assistant',
    content: toolCalls.length > 0 && text === '' ? null : text,
    ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
    ...(keepReasoning && { reasoning_content: reasoning }),
  };
}

function userMessage(
  message: Extract<LanguageModelV3Prompt[number], { role: 'user' }>,
  at: number,
  prompt: LanguageModelV3Prompt,
): ChatMessage {
  const [first] = message.content;
  if (message.content.length === 1 && first.type === 'text') return { role: 'user', content: first.text };
  const parts = message.content.map((part, index): ChatTextContentPart | ChatImageContentPart => {
    const where = `prompt[${at}].content[${index}]`;
    if (part.type === 'text') return { type: 'text', text: part.text };
    if (part.type === 'file') return userFilePart(part, where, prompt);
    throw unknownPartError('a user', part, where, prompt);
  });
  return { role: 'user', content: parts };
}

/**
 * Converts a V3 prompt to chat-completions messages. Throws `UnsupportedFunctionalityError` for content
 * the format cannot carry (non-image files, files in assistant turns, non-text tool output, provider file
 * references) rather than dropping it; an inline text file (ai@7's `{type: 'text'}` data) goes as text.
 * ai@7's assistant `reasoning-file` and `custom` parts are left out with a warning in `warnings`. An
 * assistant message's reasoning goes back as `reasoning_content` as `reasoningTarget` says (`'auto'`:
 * on messages that carry tool calls, to a model that takes it back; see `keepsReasoning`).
 */
export function convertToChatMessages(
  prompt: LanguageModelV3Prompt,
  reasoningTarget: ReasoningRoundTripTarget = {},
  warnings: SharedV3Warning[] = [],
): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const [at, message] of prompt.entries()) {
    switch (message.role) {
      case 'system':
        messages.push({ role: 'system', content: message.content });
        break;
      case 'user':
        messages.push(userMessage(message, at, prompt));
        break;
      case 'assistant':
        messages.push(assistantMessage(message, at, prompt, reasoningTarget, warnings));
        break;
      case 'tool':
        for (const [index, part] of message.content.entries()) {
          // Approval responses belong to provider-executed tools, which this endpoint does not offer.
          if (part.type !== 'tool-result') continue;
          messages.push({
            role: 'tool',
            tool_call_id: part.toolCallId,
            content: toolResultContent(part, `prompt[${at}].content[${index}]`, prompt, warnings),
          });
        }
        break;
    }
  }
  return messages;
}
