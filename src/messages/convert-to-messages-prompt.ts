import {
  InvalidPromptError,
  UnsupportedFunctionalityError,
  type LanguageModelV3Prompt,
  type LanguageModelV3ToolResultPart,
  type SharedV3ProviderOptions,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import {
  type CacheBreakpointLabels,
  type FilePartData,
  readCacheControl,
  readFilePartData,
  referenceFileError,
  toolResultUrl,
  unknownPartError,
  unsupportedFileAdvice,
  warnUnsentAssistantPart,
  toolResultOutput,
  type ToolResultItem,
} from '../prompt/call-options';
import { detectImageMediaType, isImageMediaType, isOpenImageType } from '../prompt/image-media-type';
import { isObjectRecord, isOneOf } from '../checks/values';
import type {
  MessagesAssistantBlock,
  MessagesCacheable,
  MessagesCacheControl,
  MessagesImageBlock,
  MessagesImageMediaType,
  MessagesTextBlock,
  MessagesToolResultBlock,
  MessagesToolUseBlock,
  MessagesTurn,
  MessagesUserBlock,
} from './messages-api-types';

/** The image media types the messages format accepts (docs/endpoints.md#messages-content-blocks). */
const MESSAGES_IMAGE_MEDIA_TYPES: readonly MessagesImageMediaType[] = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
];

function unsupported(mediaType: string, where: string): never {
  throw new UnsupportedFunctionalityError({
    functionality: `file of media type "${mediaType}" in ${where}`,
    message:
      `The messages format accepts images only (${MESSAGES_IMAGE_MEDIA_TYPES.join(', ')}), as does the chat-completions ` +
      `format; received a file of media type "${mediaType}" in ${where}. ${unsupportedFileAdvice(mediaType)}`,
  });
}

function checkedMediaType(mediaType: string, base64: string, where: string): MessagesImageMediaType {
  const essence = mediaType.split(';')[0].trim().toLowerCase();
  const normalized = essence === 'image/jpg' ? 'image/jpeg' : essence;
  if (isOneOf(MESSAGES_IMAGE_MEDIA_TYPES, normalized)) return normalized;
  if (isOpenImageType(normalized)) {
    const detected = detectImageMediaType(base64);
    if (detected) return detected;
  }
  return unsupported(mediaType, where);
}

/**
 * An image as a messages `image` block: base64 data (read from bytes, base64 strings or ai@7's tagged
 * forms by `readFilePartData`) becomes a `base64` source, `http(s)` URLs become `url` sources, `data:`
 * URLs are unpacked. Anything but jpeg/png/gif/webp is rejected here, before a request is sent; an open
 * type (`image`, `image/*`) is read from the bytes, and a URL's is left to the gateway.
 */
function convertToMessagesImage(
  file: Exclude<FilePartData, { type: 'text' }>,
  mediaType: string,
  where: string,
): MessagesImageBlock {
  if (!isImageMediaType(mediaType)) unsupported(mediaType, where);
  if (file.type === 'url') {
    const data = file.url;
    if (data.protocol === 'data:') {
      const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(data.href);
      if (!match?.[2]) {
        throw new UnsupportedFunctionalityError({
          functionality: `non-base64 data URL in ${where}`,
          message: `Images given as data URLs must be base64-encoded (data:<type>;base64,...) in ${where}.`,
        });
      }
      const base64 = match[3];
      return {
        type: 'image',
        source: { type: 'base64', media_type: checkedMediaType(match[1] || mediaType, base64, where), data: base64 },
      };
    }
    if (data.protocol !== 'http:' && data.protocol !== 'https:') {
      throw new UnsupportedFunctionalityError({
        functionality: `${data.protocol} image URL in ${where}`,
        message: `Image URLs must use http or https; received a ${data.protocol} URL in ${where}.`,
      });
    }
    if (!isOpenImageType(mediaType)) checkedMediaType(mediaType, '', where);
    return { type: 'image', source: { type: 'url', url: data.href } };
  }
  return {
    type: 'image',
    source: { type: 'base64', media_type: checkedMediaType(mediaType, file.base64, where), data: file.base64 },
  };
}

export interface MessagesPrompt {
  /**
   * All system messages: one string, joined by a blank line, or one text block each when one of them
   * carries an explicit cache breakpoint; `undefined` when there are none.
   */
  system: string | MessagesTextBlock[] | undefined;
  /** Alternating turns, starting with `user`. */
  messages: MessagesTurn[];
  warnings: SharedV3Warning[];
}

function readUnigateOption(providerOptions: unknown, key: 'signature' | 'redactedData'): string | undefined {
  const unigate = isObjectRecord(providerOptions) ? providerOptions.unigate : undefined;
  const value = isObjectRecord(unigate) ? unigate[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * A file as a block: an inline text file (ai@7's `{type: 'text'}` data) as a text block (the format has
 * no document block), anything else as an image. `at` names the part, `where` says where it is for image
 * errors.
 */
function fileBlock(
  data: unknown,
  mediaType: string,
  at: string,
  where: string,
  prompt: unknown,
): MessagesTextBlock | MessagesImageBlock {
  const file = readFilePartData(data, mediaType, at, prompt);
  return file.type === 'text' ? { type: 'text', text: file.text } : convertToMessagesImage(file, mediaType, where);
}

/** One item of a tool's content output; `at` names it (`prompt[3].content[0].output.value[1]`). */
function toolResultItem(
  item: ToolResultItem,
  at: string,
  toolName: string,
  prompt: unknown,
): MessagesTextBlock | MessagesImageBlock {
  const where = `the result of tool "${toolName}"`;
  switch (item.type) {
    case 'text':
      return { type: 'text', text: item.text };
    case 'image-data':
    case 'file-data':
      return fileBlock(item.data, item.mediaType, at, where, prompt);
    case 'image-url':
      return convertToMessagesImage({ type: 'url', url: toolResultUrl(item.url, at, prompt) }, 'image/*', where);
    case 'file-url':
      // ai@7 passes a URL file without its media type, and only one it took for an image: it downloads
      // the others, whose bytes arrive as file-data.
      return convertToMessagesImage(
        { type: 'url', url: toolResultUrl(item.url, at, prompt) },
        item.mediaType ?? 'image/*',
        where,
      );
    case 'file-id':
    case 'image-file-id':
      // Provider file references; ai@7 turns a `reference` file in a tool result into a file-id item.
      throw referenceFileError(
        at,
        item.fileId,
        item.type === 'file-id'
          ? 'a file-id item, the form ai@7 gives `reference` file data in tool results'
          : 'an image-file-id item',
      );
    default: {
      // ai@7 hands a V4 `{type: 'file'}` item with `{type: 'text'}` data through unconverted.
      const file: Record<string, unknown> = item;
      if (file.type === 'file') return fileBlock(file.data, file.mediaType as string, at, where, prompt);
      throw new UnsupportedFunctionalityError({
        functionality: `tool result content of type "${item.type}"`,
        message: `The messages format carries text and images in tool results; ${where} holds a "${item.type}" item (${at}).`,
      });
    }
  }
}

function convertToolResult(
  part: LanguageModelV3ToolResultPart,
  at: string,
  prompt: unknown,
  warnings: SharedV3Warning[],
): MessagesToolResultBlock {
  const block = (item: ToolResultItem, where: string) => toolResultItem(item, where, part.toolName, prompt);
  const content = toolResultOutput(part, at, 'messages', 'The user denied running this tool.', block, warnings);
  const result: MessagesToolResultBlock = { type: 'tool_result', tool_use_id: part.toolCallId, content };
  if (part.output.type === 'error-text' || part.output.type === 'error-json') result.is_error = true;
  return result;
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

const isThinking = (block: { type: string }) => block.type === 'thinking' || block.type === 'redacted_thinking';

/** The conversion's running state: the breakpoints written so far and those that had no place. */
class Breakpoints {
  readonly unplaced: string[] = [];
  constructor(readonly labels: CacheBreakpointLabels) {}

  /** Writes `control` on `target` (if both exist), remembering where it came from. */
  mark(target: MessagesCacheable | undefined, control: MessagesCacheControl | undefined, label: string): void {
    if (control === undefined) return;
    if (target === undefined) {
      this.unplaced.push(label);
      return;
    }
    target.cache_control = control;
    this.labels.set(target, label);
  }

  /** A part's own marker, on the block made from it (`undefined`: a thinking block, which takes none). */
  markPart(
    target: MessagesCacheable | undefined,
    options: SharedV3ProviderOptions | undefined,
    at: number,
    index: number,
  ) {
    const where = `prompt[${at}].content[${index}]`;
    this.mark(target, readCacheControl(options, where), where);
  }

  /** A message's own marker goes on its last block that can carry one, unless a part marked that block. */
  markMessage(
    blocks: ReadonlyArray<MessagesUserBlock | MessagesAssistantBlock>,
    options: SharedV3ProviderOptions | undefined,
    at: number,
  ) {
    const where = `prompt[${at}]`;
    const control = readCacheControl(options, where);
    if (control === undefined) return;
    let last: MessagesCacheable | undefined;
    for (let i = blocks.length - 1; i >= 0 && last === undefined; i--) {
      const block = blocks[i];
      if (block.type !== 'thinking' && block.type !== 'redacted_thinking') last = block;
    }
    if (last?.cache_control === undefined) this.mark(last, control, where);
  }
}

function userBlock(
  part: Extract<LanguageModelV3Prompt[number], { role: 'user' }>['content'][number],
  position: number,
  index: number,
  prompt: LanguageModelV3Prompt,
): MessagesUserBlock {
  const at = `prompt[${position}].content[${index}]`;
  if (part.type === 'text') return { type: 'text', text: part.text };
  if (part.type === 'file') return fileBlock(part.data, part.mediaType, at, `user message ${position}`, prompt);
  throw unknownPartError('a user', part, at, prompt);
}

function convertUser(
  message: Extract<LanguageModelV3Prompt[number], { role: 'user' }>,
  position: number,
  breakpoints: Breakpoints,
  prompt: LanguageModelV3Prompt,
): MessagesUserBlock[] {
  const blocks = message.content.map((part, index): MessagesUserBlock => {
    const block = userBlock(part, position, index, prompt);
    breakpoints.markPart(block, part.providerOptions, position, index);
    return block;
  });
  breakpoints.markMessage(blocks, message.providerOptions, position);
  return blocks;
}

function convertTool(
  message: Extract<LanguageModelV3Prompt[number], { role: 'tool' }>,
  position: number,
  breakpoints: Breakpoints,
  prompt: LanguageModelV3Prompt,
  warnings: SharedV3Warning[],
): MessagesUserBlock[] {
  const blocks: MessagesUserBlock[] = [];
  for (const [index, part] of message.content.entries()) {
    // Approval responses concern provider-executed tools, which this format has none of.
    if (part.type !== 'tool-result') continue;
    const block = convertToolResult(part, `prompt[${position}].content[${index}]`, prompt, warnings);
    breakpoints.markPart(block, part.providerOptions, position, index);
    blocks.push(block);
  }
  breakpoints.markMessage(blocks, message.providerOptions, position);
  return blocks;
}

/**
 * The assistant's blocks; returns how many reasoning parts had no signature to send back with. ai@7's
 * `reasoning-file` and `custom` parts, which the format has no place for, go into `warnings`.
 */
function convertAssistant(
  message: Extract<LanguageModelV3Prompt[number], { role: 'assistant' }>,
  position: number,
  breakpoints: Breakpoints,
  prompt: LanguageModelV3Prompt,
  warnings: SharedV3Warning[],
): { blocks: MessagesAssistantBlock[]; droppedReasoning: number } {
  const blocks: MessagesAssistantBlock[] = [];
  let droppedReasoning = 0;
  for (const [index, part] of message.content.entries()) {
    let block: MessagesTextBlock | MessagesToolUseBlock | undefined;
    switch (part.type) {
      case 'text':
        // Empty text blocks are rejected upstream; a step with only tool calls can leave one behind.
        if (part.text !== '') block = { type: 'text', text: part.text };
        break;
      case 'reasoning': {
        const signature = readUnigateOption(part.providerOptions, 'signature');
        const redactedData = readUnigateOption(part.providerOptions, 'redactedData');
        if (signature !== undefined) blocks.push({ type: 'thinking', thinking: part.text, signature });
        else if (redactedData !== undefined) blocks.push({ type: 'redacted_thinking', data: redactedData });
        else droppedReasoning++;
        // Upstream refuses a breakpoint on a thinking block.
        breakpoints.markPart(undefined, part.providerOptions, position, index);
        break;
      }
      case 'tool-call':
        block = { type: 'tool_use', id: part.toolCallId, name: part.toolName, input: part.input };
        break;
      case 'file':
      case 'tool-result':
        throw new UnsupportedFunctionalityError({
          functionality: `assistant ${part.type} part`,
          message: `The messages format cannot carry a ${part.type} part in an assistant message (message ${position}).`,
        });
      default:
        warnUnsentAssistantPart(part, `prompt[${position}].content[${index}]`, 'messages', prompt, warnings);
    }
    if (block !== undefined) {
      breakpoints.markPart(block, part.providerOptions, position, index);
      blocks.push(block);
    }
  }
  breakpoints.markMessage(blocks, message.providerOptions, position);
  return { blocks, droppedReasoning };
}

/** One string when no system message carries a breakpoint, else one text block per system message. */
function systemPrompt(system: MessagesTextBlock[]): MessagesPrompt['system'] {
  if (system.length === 0) return undefined;
  if (system.some(block => block.cache_control !== undefined)) return system;
  return system.map(block => block.text).join('\n\n');
}

/**
 * Converts the AI SDK prompt to the messages format: system messages are hoisted to the top-level
 * `system`; tool messages become user turns of `tool_result` blocks; adjacent same-role messages merge
 * so turns alternate. Explicit cache breakpoints (`providerOptions.unigate.cacheControl`, or
 * `providerOptions.anthropic.cacheControl`) are written on the blocks they mark and recorded in
 * `labels`. Throws before any request when the prompt cannot be expressed.
 */
export function convertToMessagesPrompt(
  prompt: LanguageModelV3Prompt,
  labels: CacheBreakpointLabels = new Map(),
): MessagesPrompt {
  const system: MessagesTextBlock[] = [];
  const messages: MessagesTurn[] = [];
  const warnings: SharedV3Warning[] = [];
  const breakpoints = new Breakpoints(labels);
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
      case 'system': {
        if (messages.length > 0 || position > system.length) {
          throw new InvalidPromptError({
            prompt,
            message:
              `The messages format has one top-level system prompt: system messages must come before the ` +
              `first user or assistant message, but message ${position} is a system message after the conversation started.`,
          });
        }
        const block: MessagesTextBlock = { type: 'text', text: message.content };
        const where = `prompt[${position}]`;
        breakpoints.mark(block, readCacheControl(message.providerOptions, where), where);
        system.push(block);
        break;
      }
      case 'user':
        push({ role: 'user', content: convertUser(message, position, breakpoints, prompt) });
        break;
      case 'tool':
        push({ role: 'user', content: convertTool(message, position, breakpoints, prompt, warnings) });
        break;
      case 'assistant': {
        const converted = convertAssistant(message, position, breakpoints, prompt, warnings);
        droppedReasoning += converted.droppedReasoning;
        push({ role: 'assistant', content: converted.blocks });
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
    else turn.content = frontFirst(turn.content, isThinking);
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
  if (breakpoints.unplaced.length > 0) {
    warnings.push({
      type: 'unsupported',
      feature: 'cacheControl on reasoning',
      details:
        `The messages format takes no cache breakpoint on a thinking block; the cacheControl of ` +
        `${breakpoints.unplaced.join(', ')} was not sent. Mark the text or tool call that follows it instead.`,
    });
  }

  return { system: systemPrompt(system), messages, warnings };
}
