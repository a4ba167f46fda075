import {
  InvalidPromptError,
  UnsupportedFunctionalityError,
  type LanguageModelV3Prompt,
  type LanguageModelV3ToolResultPart,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import { isObjectRecord } from '../internal/narrow';
import type {
  MessagesAssistantBlock,
  MessagesImageBlock,
  MessagesTextBlock,
  MessagesToolResultBlock,
  MessagesTurn,
  MessagesUserBlock,
} from './messages-api-types';
import { convertToMessagesImage } from './convert-to-messages-image';

export interface MessagesPrompt {
  /** All system messages, joined by a blank line; `undefined` when there are none. */
  system: string | undefined;
  /** Alternating turns, starting with `user`. */
  messages: MessagesTurn[];
  warnings: SharedV3Warning[];
}

function readUnigateOption(providerOptions: unknown, key: 'signature' | 'redactedData'): string | undefined {
  const unigate = isObjectRecord(providerOptions) ? providerOptions.unigate : undefined;
  const value = isObjectRecord(unigate) ? unigate[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

function convertToolResult(part: LanguageModelV3ToolResultPart): MessagesToolResultBlock {
  const block: MessagesToolResultBlock = { type: 'tool_result', tool_use_id: part.toolCallId, content: '' };
  const output = part.output;
  switch (output.type) {
    case 'text':
      block.content = output.value;
      break;
    case 'json':
      block.content = JSON.stringify(output.value);
      break;
    case 'error-text':
      block.content = output.value;
      block.is_error = true;
      break;
    case 'error-json':
      block.content = JSON.stringify(output.value);
      block.is_error = true;
      break;
    case 'execution-denied':
      block.content = output.reason ?? 'The user denied running this tool.';
      break;
    case 'content': {
      const where = `the result of tool "${part.toolName}"`;
      block.content = output.value.map((item): MessagesTextBlock | MessagesImageBlock => {
        switch (item.type) {
          case 'text':
            return { type: 'text', text: item.text };
          case 'image-data':
          case 'file-data':
            return convertToMessagesImage(item.data, item.mediaType, where);
          case 'image-url':
            return convertToMessagesImage(new URL(item.url), 'image/*', where);
          case 'file-url':
            return convertToMessagesImage(new URL(item.url), item.mediaType ?? 'image/*', where);
          default:
            throw new UnsupportedFunctionalityError({
              functionality: `tool result content of type "${item.type}"`,
              message: `The messages format carries text and images in tool results; ${where} holds a "${item.type}" item.`,
            });
        }
      });
      break;
    }
  }
  return block;
}

// The format wants tool_result blocks first in a user turn and thinking blocks first in an assistant
// turn. Merging adjacent messages can break that; a stable partition restores it.
function frontFirst<T extends { type: string }>(blocks: T[], front: (block: T) => boolean): T[] {
  let sorted = true;
  let seenOther = false;
  for (const block of blocks) {
    if (!front(block)) seenOther = true;
    else if (seenOther) sorted = false;
  }
  return sorted ? blocks : [...blocks.filter(front), ...blocks.filter(block => !front(block))];
}

/**
 * Converts the AI SDK prompt to the messages format: system messages are hoisted to the top-level
 * `system`; tool messages become user turns of `tool_result` blocks; adjacent same-role messages merge
 * so turns alternate. Throws before any request when the prompt cannot be expressed.
 */
export function convertToMessagesPrompt(prompt: LanguageModelV3Prompt): MessagesPrompt {
  const system: string[] = [];
  const messages: MessagesTurn[] = [];
  const warnings: SharedV3Warning[] = [];
  let droppedReasoning = 0;

  // Adjacent same-role turns merge, so turns alternate.
  const push = (turn: MessagesTurn) => {
    if (turn.content.length === 0) return;
    const last = messages[messages.length - 1];
    if (last?.role === 'user' && turn.role === 'user') last.content.push(...turn.content);
    else if (last?.role === 'assistant' && turn.role === 'assistant') last.content.push(...turn.content);
    else messages.push(turn);
  };

  for (const [position, message] of prompt.entries()) {
    switch (message.role) {
      case 'system':
        if (messages.length > 0 || position > system.length) {
          throw new InvalidPromptError({
            prompt,
            message:
              `The messages format has one top-level system prompt: system messages must come before the ` +
              `first user or assistant message, but message ${position} is a system message after the conversation started.`,
          });
        }
        system.push(message.content);
        break;

      case 'user': {
        const blocks: MessagesUserBlock[] = message.content.map(part =>
          part.type === 'text'
            ? { type: 'text', text: part.text }
            : convertToMessagesImage(part.data, part.mediaType, `user message ${position}`),
        );
        push({ role: 'user', content: blocks });
        break;
      }

      case 'tool': {
        const blocks: MessagesUserBlock[] = [];
        for (const part of message.content) {
          // Approval responses concern provider-executed tools, which this format has none of.
          if (part.type === 'tool-result') blocks.push(convertToolResult(part));
        }
        push({ role: 'user', content: blocks });
        break;
      }

      case 'assistant': {
        const blocks: MessagesAssistantBlock[] = [];
        for (const part of message.content) {
          switch (part.type) {
            case 'text':
              // Empty text blocks are rejected upstream; a step with only tool calls can leave one behind.
              if (part.text !== '') blocks.push({ type: 'text', text: part.text });
              break;
            case 'reasoning': {
              const signature = readUnigateOption(part.providerOptions, 'signature');
              const redactedData = readUnigateOption(part.providerOptions, 'redactedData');
              if (signature !== undefined) blocks.push({ type: 'thinking', thinking: part.text, signature });
              else if (redactedData !== undefined) blocks.push({ type: 'redacted_thinking', data: redactedData });
              else droppedReasoning++;
              break;
            }
            case 'tool-call':
              blocks.push({ type: 'tool_use', id: part.toolCallId, name: part.toolName, input: part.input });
              break;
            default:
              throw new UnsupportedFunctionalityError({
                functionality: `assistant ${part.type} part`,
                message: `The messages format cannot carry a ${part.type} part in an assistant message (message ${position}).`,
              });
          }
        }
        push({ role: 'assistant', content: blocks });
        break;
      }
    }
  }

  if (messages.length === 0 || messages[0].role !== 'user') {
    throw new InvalidPromptError({
      prompt,
      message:
        messages.length === 0
          ? 'The messages format needs at least one user message besides the system prompt.'
          : 'The messages format requires the conversation to start with a user message, but it starts with an assistant message.',
    });
  }

  for (const turn of messages) {
    if (turn.role === 'user') turn.content = frontFirst(turn.content, block => block.type === 'tool_result');
    else
      turn.content = frontFirst(turn.content, block => block.type === 'thinking' || block.type === 'redacted_thinking');
  }

  if (droppedReasoning > 0) {
    warnings.push({
      type: 'other',
      message:
        `Dropped ${droppedReasoning} reasoning part${droppedReasoning === 1 ? '' : 's'} without ` +
        'providerOptions.unigate.signature or redactedData: the messages format only accepts thinking blocks ' +
        'sent back exactly as the model produced them.',
    });
  }

  return { system: system.length > 0 ? system.join('\n\n') : undefined, messages, warnings };
}
