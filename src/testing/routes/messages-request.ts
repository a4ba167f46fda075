// Parses and validates a messages request the way the gateway does, so that a provider bug (a missing
// max_tokens, a tool sent with `parameters`, a dropped thinking signature) fails here as it would there.

import { isEmulatorRedactedData, thinkingSignature } from './messages-digest';

/** A 4xx answer of the messages endpoint, in its `{type:'error', error:{type, message}}` shape. */
export class MessagesRequestError extends Error {
  constructor(
    readonly status: number,
    readonly errorType: string,
    message: string,
  ) {
    super(message);
    this.name = 'MessagesRequestError';
  }
}

/** One content block of a request turn, normalized (string content becomes one text block). */
export type RequestBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string } }
  | { type: 'tool_result'; tool_use_id: string; text: string; is_error: boolean }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string };

/** One turn of `messages`, its content normalized to blocks. */
export interface RequestTurn {
  role: 'user' | 'assistant';
  blocks: RequestBlock[];
}

/** A tool as the messages format defines it. */
export interface ToolDefinition {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
}

/** The validated `tool_choice`. */
export interface ToolChoice {
  type: 'auto' | 'any' | 'none' | 'tool';
  name?: string;
  disableParallelToolUse: boolean;
}

/** A validated messages request. */
export interface MessagesRequest {
  model: string;
  maxTokens: number;
  stream: boolean;
  system: string;
  turns: RequestTurn[];
  stopSequences: string[];
  tools: ToolDefinition[];
  toolChoice?: ToolChoice;
  /** Set when `thinking: {type:'enabled'}`. */
  thinkingBudget?: number;
  /** The text of a final assistant turn of text blocks only (possibly ''): the answer continues it. */
  prefill?: string;
  /** The request minus `stream`: streamed and non-streamed twins get the same message id. */
  identity: string;
}

const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const VERSION_DATE = /^\d{4}-\d{2}-\d{2}$/;
// Fields of the vendor's schema; anything else (e.g. chat-completions `stop`, `n`, `response_format`) is rejected.
const TOP_LEVEL_FIELDS = new Set([
  'model',
  'messages',
  'max_tokens',
  'system',
  'stream',
  'temperature',
  'top_p',
  'top_k',
  'stop_sequences',
  'tools',
  'tool_choice',
  'metadata',
  'thinking',
  'service_tier',
]);
const USER_BLOCKS = ['text', 'image', 'tool_result'];
const ASSISTANT_BLOCKS = ['text', 'tool_use', 'thinking', 'redacted_thinking'];

function invalid(message: string): never {
  throw new MessagesRequestError(400, 'invalid_request_error', message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(value: unknown, path: string): string {
  if (value === undefined) invalid(`${path}: Field required`);
  if (typeof value !== 'string') invalid(`${path}: Input should be a valid string`);
  return value;
}

function optionalNumberInRange(value: unknown, path: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) invalid(`${path}: Input should be a valid number`);
  if (value < min) invalid(`${path}: Input should be greater than or equal to ${min}`);
  if (value > max) invalid(`${path}: Input should be less than or equal to ${max}`);
  return value;
}

function integerAtLeast(value: unknown, path: string, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) invalid(`${path}: Input should be a valid integer`);
  if (value < min) invalid(`${path}: Input should be greater than or equal to ${min}`);
  return value;
}

/** What is wrong with the headers the messages endpoint requires besides the key, or undefined. */
export function messagesHeaderProblem(request: Request): string | undefined {
  const version = request.headers.get('anthropic-version');
  if (version === null || version.trim() === '') {
    return 'anthropic-version: header is required';
  }
  if (!VERSION_DATE.test(version.trim())) {
    return `anthropic-version: '${version}' is not a version date such as 2023-06-01`;
  }
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('application/json')) {
    return `content-type: must be application/json, got '${contentType}'`;
  }
  return undefined;
}

/**
 * Validates a parsed body against the messages schema. The router has already parsed the JSON and checked
 * the model against the catalog (exists, chat type, key access).
 */
export function parseMessagesRequest(body: unknown): MessagesRequest {
  if (!isRecord(body)) invalid('The request body must be a JSON object');
  const model = requireString(body.model, 'model');

  for (const key of Object.keys(body)) {
    if (!TOP_LEVEL_FIELDS.has(key)) invalid(`${key}: Extra inputs are not permitted`);
  }

  if (body.max_tokens === undefined) invalid('max_tokens: Field required');
  const maxTokens = integerAtLeast(body.max_tokens, 'max_tokens', 1);

  const turns = parseTurns(body.messages);
  const system = parseSystem(body.system);

  const temperature = optionalNumberInRange(body.temperature, 'temperature', 0, 1);
  const topP = optionalNumberInRange(body.top_p, 'top_p', 0, 1);
  const topK = body.top_k === undefined ? undefined : integerAtLeast(body.top_k, 'top_k', 1);
  const stopSequences = parseStopSequences(body.stop_sequences);
  if (body.stream !== undefined && typeof body.stream !== 'boolean') invalid('stream: Input should be a valid boolean');
  parseMetadata(body.metadata);
  if (body.service_tier !== undefined && body.service_tier !== 'auto' && body.service_tier !== 'standard_only') {
    invalid(`service_tier: Input should be 'auto' or 'standard_only'`);
  }

  const tools = parseTools(body.tools);
  const toolChoice = parseToolChoice(body.tool_choice, tools);

  const thinkingBudget = parseThinking(body.thinking, maxTokens);
  if (thinkingBudget !== undefined) {
    if (temperature !== undefined && temperature !== 1) {
      invalid('temperature: may only be set to 1 when thinking is enabled');
    }
    if (topK !== undefined) invalid('top_k: must not be set when thinking is enabled');
    if (topP !== undefined && topP < 0.95) invalid('top_p: must be between 0.95 and 1 when thinking is enabled');
  }

  checkToolResults(turns);
  checkThinkingBlocks(turns, thinkingBudget !== undefined);
  const prefill = readPrefill(turns, thinkingBudget !== undefined);

  const { stream: _stream, ...rest } = body;
  return {
    model,
    maxTokens,
    stream: body.stream === true,
    system,
    turns,
    stopSequences,
    tools,
    toolChoice,
    thinkingBudget,
    prefill,
    identity: JSON.stringify(rest),
  };
}

function parseTurns(messages: unknown): RequestTurn[] {
  if (messages === undefined) invalid('messages: Field required');
  if (!Array.isArray(messages)) invalid('messages: Input should be a valid list');
  if (messages.length === 0) invalid('messages: at least one message is required');
  const turns: RequestTurn[] = [];
  messages.forEach((message: unknown, i) => {
    const path = `messages.${i}`;
    if (!isRecord(message)) invalid(`${path}: Input should be a valid dictionary`);
    const role = message.role;
    if (role !== 'user' && role !== 'assistant') invalid(`${path}.role: Input should be 'user' or 'assistant'`);
    if (i === 0 && role !== 'user') invalid(`messages.0.role: the first message must use the "user" role`);
    if (i > 0 && turns[i - 1]!.role === role) {
      invalid(
        `messages: roles must alternate between "user" and "assistant", but messages.${i - 1} and messages.${i} are both "${role}"`,
      );
    }
    const isFinalAssistant = role === 'assistant' && i === messages.length - 1;
    const blocks = parseContent(message.content, path, role);
    if (blocks.length === 0 && !isFinalAssistant) {
      invalid(`${path}: all messages must have non-empty content except for the optional final assistant message`);
    }
    turns.push({ role, blocks });
  });
  return turns;
}

function parseContent(content: unknown, path: string, role: 'user' | 'assistant'): RequestBlock[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (content === undefined) invalid(`${path}.content: Field required`);
  if (!Array.isArray(content)) invalid(`${path}.content: Input should be a valid string or a list of content blocks`);
  return content.map((block: unknown, j) => parseBlock(block, `${path}.content.${j}`, role));
}

function parseBlock(block: unknown, path: string, role: 'user' | 'assistant'): RequestBlock {
  if (!isRecord(block)) invalid(`${path}: Input should be a valid dictionary`);
  const type = block.type;
  const accepted = role === 'user' ? USER_BLOCKS : ASSISTANT_BLOCKS;
  if (typeof type !== 'string' || !accepted.includes(type)) {
    invalid(
      `${path}.type: '${String(type)}' blocks are not accepted in ${role} turns (accepted: ${accepted.join(', ')})`,
    );
  }
  switch (type) {
    case 'text':
      return { type: 'text', text: parseText(block.text, `${path}.text`) };
    case 'image':
      return parseImage(block, path);
    case 'tool_result':
      return parseToolResult(block, path);
    case 'tool_use': {
      const id = requireString(block.id, `${path}.id`);
      const name = requireString(block.name, `${path}.name`);
      if (!isRecord(block.input)) invalid(`${path}.input: Input should be a valid dictionary`);
      return { type: 'tool_use', id, name, input: block.input };
    }
    case 'thinking':
      return {
        type: 'thinking',
        thinking: requireString(block.thinking, `${path}.thinking`),
        signature: requireString(block.signature, `${path}.signature`),
      };
    default:
      return { type: 'redacted_thinking', data: requireString(block.data, `${path}.data`) };
  }
}

function parseText(value: unknown, path: string): string {
  const text = requireString(value, path);
  if (text.trim() === '') invalid(`${path}: text content blocks must contain non-whitespace text`);
  return text;
}

function parseImage(block: Record<string, unknown>, path: string): RequestBlock {
  const source = block.source;
  if (!isRecord(source)) invalid(`${path}.source: Field required`);
  if (source.type === 'base64') {
    const mediaType = source.media_type;
    if (typeof mediaType !== 'string' || !IMAGE_MEDIA_TYPES.includes(mediaType)) {
      invalid(
        `${path}.source.media_type: Input should be ${IMAGE_MEDIA_TYPES.map(t => `'${t}'`).join(', ')}, got '${String(mediaType)}'`,
      );
    }
    const data = requireString(source.data, `${path}.source.data`);
    if (!BASE64.test(data)) invalid(`${path}.source.data: must be a base64 string (without a data: URL prefix)`);
    return { type: 'image', source: { type: 'base64', media_type: mediaType, data } };
  }
  if (source.type === 'url') {
    const url = requireString(source.url, `${path}.source.url`);
    if (!/^https?:\/\/[^\s]+$/i.test(url)) invalid(`${path}.source.url: must be an http(s) URL, got '${url}'`);
    return { type: 'image', source: { type: 'url', url } };
  }
  invalid(`${path}.source.type: Input should be 'base64' or 'url'`);
}

function parseToolResult(block: Record<string, unknown>, path: string): RequestBlock {
  const toolUseId = requireString(block.tool_use_id, `${path}.tool_use_id`);
  if (block.is_error !== undefined && typeof block.is_error !== 'boolean') {
    invalid(`${path}.is_error: Input should be a valid boolean`);
  }
  let text = '';
  const content = block.content;
  if (typeof content === 'string') {
    text = content;
  } else if (Array.isArray(content)) {
    const texts: string[] = [];
    content.forEach((part: unknown, k) => {
      const partPath = `${path}.content.${k}`;
      if (!isRecord(part)) invalid(`${partPath}: Input should be a valid dictionary`);
      if (part.type === 'text') texts.push(parseText(part.text, `${partPath}.text`));
      else if (part.type === 'image') parseImage(part, partPath);
      else invalid(`${partPath}.type: Input should be 'text' or 'image'`);
    });
    text = texts.join('\n');
  } else if (content !== undefined) {
    invalid(`${path}.content: Input should be a valid string or a list of text and image blocks`);
  }
  return { type: 'tool_result', tool_use_id: toolUseId, text, is_error: block.is_error === true };
}

function parseSystem(system: unknown): string {
  if (system === undefined) return '';
  if (typeof system === 'string') return system;
  if (!Array.isArray(system)) invalid('system: Input should be a valid string or a list of text blocks');
  return system
    .map((block: unknown, i) => {
      if (!isRecord(block) || block.type !== 'text') invalid(`system.${i}.type: Input should be 'text'`);
      return parseText(block.text, `system.${i}.text`);
    })
    .join('\n');
}

function parseStopSequences(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) invalid('stop_sequences: Input should be a valid list of strings');
  return value.map((sequence: unknown, i) => {
    if (typeof sequence !== 'string') invalid(`stop_sequences.${i}: Input should be a valid string`);
    if (sequence.trim() === '') invalid(`stop_sequences.${i}: each stop sequence must contain non-whitespace`);
    return sequence;
  });
}

function parseMetadata(value: unknown): void {
  if (value === undefined) return;
  if (!isRecord(value)) invalid('metadata: Input should be a valid dictionary');
  for (const key of Object.keys(value)) {
    if (key !== 'user_id') invalid(`metadata.${key}: Extra inputs are not permitted`);
  }
  if (value.user_id !== undefined && value.user_id !== null && typeof value.user_id !== 'string') {
    invalid('metadata.user_id: Input should be a valid string');
  }
}

function parseTools(value: unknown): ToolDefinition[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) invalid('tools: Input should be a valid list');
  const names = new Set<string>();
  return value.map((tool: unknown, i) => {
    const path = `tools.${i}`;
    if (!isRecord(tool)) invalid(`${path}: Input should be a valid dictionary`);
    if (tool.type !== undefined && tool.type !== 'custom') {
      invalid(
        `${path}.type: Input should be 'custom', got '${String(tool.type)}' (the messages format takes tools as {name, description, input_schema})`,
      );
    }
    const name = requireString(tool.name, `${path}.name`);
    if (!TOOL_NAME.test(name)) invalid(`${path}.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`);
    if (names.has(name)) invalid(`tools: tool names must be unique, '${name}' appears twice`);
    names.add(name);
    if (tool.description !== undefined && typeof tool.description !== 'string') {
      invalid(`${path}.description: Input should be a valid string`);
    }
    if (tool.input_schema === undefined) {
      invalid(
        'parameters' in tool
          ? `${path}.input_schema: Field required (tool '${name}' has \`parameters\`; the messages format names the JSON schema \`input_schema\`)`
          : `${path}.input_schema: Field required`,
      );
    }
    if (!isRecord(tool.input_schema)) invalid(`${path}.input_schema: Input should be a valid dictionary`);
    if (tool.input_schema.type !== 'object') invalid(`${path}.input_schema.type: Input should be 'object'`);
    return {
      name,
      description: tool.description as string | undefined,
      input_schema: tool.input_schema,
    };
  });
}

function parseToolChoice(value: unknown, tools: ToolDefinition[]): ToolChoice | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) invalid(`tool_choice: Input should be an object such as {"type": "auto"}`);
  const type = value.type;
  if (type !== 'auto' && type !== 'any' && type !== 'none' && type !== 'tool') {
    invalid(`tool_choice.type: Input should be 'auto', 'any', 'none' or 'tool'`);
  }
  if (value.disable_parallel_tool_use !== undefined && typeof value.disable_parallel_tool_use !== 'boolean') {
    invalid('tool_choice.disable_parallel_tool_use: Input should be a valid boolean');
  }
  if ((type === 'any' || type === 'tool') && tools.length === 0) {
    invalid(`tool_choice: type '${type}' may only be specified while providing tools`);
  }
  let name: string | undefined;
  if (type === 'tool') {
    name = requireString(value.name, 'tool_choice.name');
    if (!tools.some(tool => tool.name === name)) invalid(`tool_choice.name: no tool named '${name}' in tools`);
  }
  return { type, name, disableParallelToolUse: value.disable_parallel_tool_use === true };
}

function parseThinking(value: unknown, maxTokens: number): number | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) invalid('thinking: Input should be a valid dictionary');
  if (value.type === 'disabled') return undefined;
  if (value.type !== 'enabled') invalid(`thinking.type: Input should be 'enabled' or 'disabled'`);
  if (value.budget_tokens === undefined) invalid('thinking.budget_tokens: Field required');
  const budget = integerAtLeast(value.budget_tokens, 'thinking.budget_tokens', 1024);
  if (budget >= maxTokens) {
    invalid(
      `max_tokens: must be greater than thinking.budget_tokens (max_tokens ${maxTokens}, budget_tokens ${budget})`,
    );
  }
  return budget;
}

/** Every tool_result answers a tool_use of the turn before it, and every tool_use gets its result. */
function checkToolResults(turns: RequestTurn[]): void {
  turns.forEach((turn, i) => {
    if (turn.role !== 'user') return;
    const previous = i > 0 ? turns[i - 1]! : undefined;
    const ids = new Set(previous?.blocks.flatMap(b => (b.type === 'tool_use' ? [b.id] : [])) ?? []);
    turn.blocks.forEach((block, j) => {
      if (block.type === 'tool_result' && !ids.has(block.tool_use_id)) {
        invalid(
          `messages.${i}.content.${j}: unexpected \`tool_use_id\` in a \`tool_result\` block: ${block.tool_use_id}. Each \`tool_result\` must answer a \`tool_use\` block of the previous assistant message.`,
        );
      }
    });
  });
  // Unexpected results are reported before missing ones: the more specific mistake first.
  turns.forEach((turn, i) => {
    const next = turns[i + 1];
    if (turn.role !== 'assistant' || !next) return;
    const answered = new Set(next.blocks.flatMap(b => (b.type === 'tool_result' ? [b.tool_use_id] : [])));
    const missing = turn.blocks.flatMap(b => (b.type === 'tool_use' && !answered.has(b.id) ? [b.id] : []));
    if (missing.length > 0) {
      invalid(
        `messages.${i + 1}: \`tool_use\` ids without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block needs a \`tool_result\` block in the next message.`,
      );
    }
  });
}

/** Thinking blocks must come back exactly as the emulator sent them (their signature proves it). */
function checkThinkingBlocks(turns: RequestTurn[], thinkingEnabled: boolean): void {
  turns.forEach((turn, i) => {
    turn.blocks.forEach((block, j) => {
      if (block.type === 'thinking' && block.signature !== thinkingSignature(block.thinking)) {
        invalid(
          block.signature === ''
            ? `messages.${i}.content.${j}.signature: the signature of a \`thinking\` block is missing`
            : `messages.${i}.content.${j}: Invalid \`signature\` in \`thinking\` block (thinking blocks must be sent back unchanged)`,
        );
      }
      if (block.type === 'redacted_thinking' && !isEmulatorRedactedData(block.data)) {
        invalid(`messages.${i}.content.${j}: Invalid \`data\` in \`redacted_thinking\` block (send it back unchanged)`);
      }
    });
  });
  if (!thinkingEnabled) return;
  // In an ongoing tool loop the assistant turn that called the tools must still start with its thinking.
  const last = turns[turns.length - 1]!;
  const assistant = turns[turns.length - 2];
  if (last.role !== 'user' || !assistant || !last.blocks.some(b => b.type === 'tool_result')) return;
  if (!assistant.blocks.some(b => b.type === 'tool_use')) return;
  const first = assistant.blocks[0];
  if (first?.type !== 'thinking' && first?.type !== 'redacted_thinking') {
    invalid(
      `messages.${turns.length - 2}.content.0.type: expected \`thinking\` or \`redacted_thinking\`, but found \`${first?.type ?? 'nothing'}\`. With thinking enabled, the assistant message that made the pending tool calls must start with its thinking block, sent back unchanged with its signature.`,
    );
  }
}

/**
 * The prefill of a request, refused as the vendor refuses it: text ending in whitespace, or any prefill with
 * thinking enabled (a final assistant turn must then start with its thinking block). Sources: docs/resume.md.
 */
function readPrefill(turns: RequestTurn[], thinkingEnabled: boolean): string | undefined {
  const last = turns[turns.length - 1]!;
  if (last.role !== 'assistant' || last.blocks.some(b => b.type !== 'text')) return undefined;
  const text = last.blocks.map(b => (b.type === 'text' ? b.text : '')).join('');
  if (thinkingEnabled) {
    invalid(
      `messages.${turns.length - 1}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${last.blocks.length > 0 ? 'text' : 'nothing'}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block. To avoid this requirement, disable \`thinking\`.`,
    );
  }
  if (/\s$/.test(text)) invalid('messages: final assistant content cannot end with trailing whitespace');
  return text;
}
