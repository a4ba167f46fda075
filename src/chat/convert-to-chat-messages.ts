import {
  UnsupportedFunctionalityError,
  type LanguageModelV3FilePart,
  type LanguageModelV3Prompt,
  type LanguageModelV3ToolResultOutput,
} from '@ai-sdk/provider';
import { convertToBase64 } from '@ai-sdk/provider-utils';
import { detectImageMediaType, isImageMediaType, isOpenImageType } from '../internal/image-media-type';
import { unsupportedFileAdvice } from '../internal/unsupported-file-advice';
import type { ChatImageContentPart, ChatMessage, ChatTextContentPart, ChatToolCall } from './chat-api-types';
import type { UnigateChatProviderOptions } from './unigate-chat-options';

function imagePart(part: LanguageModelV3FilePart): ChatImageContentPart {
  if (part.data instanceof URL) return { type: 'image_url', image_url: { url: part.data.toString() } };
  const base64 = convertToBase64(part.data);
  // An open type (`image`, `image/*`) cannot label a data URL: read it from the bytes, else JPEG, which
  // is what upstreams assume for unlabelled images.
  const mediaType = isOpenImageType(part.mediaType) ? (detectImageMediaType(base64) ?? 'image/jpeg') : part.mediaType;
  return { type: 'image_url', image_url: { url: `data:${mediaType};base64,${base64}` } };
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

/** The text a tool message carries for each V3 tool output kind. */
function toolResultContent(output: LanguageModelV3ToolResultOutput, toolName: string): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return output.reason ?? 'The tool execution was denied.';
    case 'content': {
      const texts: string[] = [];
      for (const item of output.value) {
        if (item.type !== 'text') {
          throw new UnsupportedFunctionalityError({
            functionality: `tool result content of type ${item.type}`,
            message: `The chat-completions format carries only text in tool results; the result of tool "${toolName}" holds a ${item.type} part.`,
          });
        }
        texts.push(item.text);
      }
      return texts.join('\n');
    }
  }
}

/**
 * Converts a V3 prompt to chat-completions messages. Throws `UnsupportedFunctionalityError` for content
 * the format cannot carry (non-image files, files in assistant turns, non-text tool output) rather than
 * dropping it. An assistant message's reasoning goes back as `reasoning_content` as `reasoningRoundTrip`
 * says (`'auto'`: on messages that carry tool calls; see `UnigateChatProviderOptions`).
 */
export function convertToChatMessages(
  prompt: LanguageModelV3Prompt,
  reasoningRoundTrip: UnigateChatProviderOptions['reasoningRoundTrip'] = 'auto',
): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const message of prompt) {
    switch (message.role) {
      case 'system':
        messages.push({ role: 'system', content: message.content });
        break;

      case 'user': {
        const [first] = message.content;
        if (message.content.length === 1 && first.type === 'text') {
          messages.push({ role: 'user', content: first.text });
          break;
        }
        const parts: Array<ChatTextContentPart | ChatImageContentPart> = [];
        for (const part of message.content) {
          if (part.type === 'text') parts.push({ type: 'text', text: part.text });
          else if (isImageMediaType(part.mediaType)) parts.push(imagePart(part));
          else throw unsupportedFile(part, 'a user message');
        }
        messages.push({ role: 'user', content: parts });
        break;
      }

      case 'assistant': {
        let text = '';
        let reasoning = '';
        const toolCalls: ChatToolCall[] = [];
        // Calls the provider ran itself (and their results) come from other providers' histories:
        // this endpoint cannot run or replay them, so they are left out of the turn.
        const providerExecuted = new Set<string>();
        for (const part of message.content) {
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
          }
        }
        const keepReasoning =
          reasoning !== '' &&
          (reasoningRoundTrip === 'always' || (reasoningRoundTrip === 'auto' && toolCalls.length > 0));
        messages.push({
          role: 'assistant',
          content: toolCalls.length > 0 && text === '' ? null : text,
          ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
          ...(keepReasoning && { reasoning_content: reasoning }),
        });
        break;
      }

      case 'tool':
        for (const part of message.content) {
          // Approval responses belong to provider-executed tools, which this endpoint does not offer.
          if (part.type !== 'tool-result') continue;
          messages.push({
            role: 'tool',
            tool_call_id: part.toolCallId,
            content: toolResultContent(part.output, part.toolName),
          });
        }
        break;
    }
  }
  return messages;
}
