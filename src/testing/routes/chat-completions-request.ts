// Validation of a chat-completions request body against docs/endpoints.md#chat-completions-request
// and docs/endpoints.md#chat-completions-extras (tools, tool_choice, response_format, content parts).
// Every failure names the parameter, the rule and the value it got.

/** Upper bound the emulator sets for `n` (the spec gives none). */
export const MAX_CHOICES = 8;

/** A message reduced to what the emulator's answers depend on. */
export interface ChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  /** The text parts joined by newlines (the string content as is). */
  text: string;
  /** Number of `image_url` parts. */
  images: number;
  /** Assistant turns: the tool calls it made. */
  toolCalls: Array<{ id: string; name: string; arguments: string }>;
  /** Tool turns: the call they answer. */
  toolCallId?: string;
  /** Assistant turns: the `reasoning_content` sent back with it, when there is one. */
  reasoningContent?: string;
  /** `prefix: true` (DeepSeek, Mistral) or `partial: true` (Moonshot): the answer continues this message. */
  continues?: 'prefix' | 'partial';
}

/** A function tool offered to the model. */
export interface ChatTool {
  name: string;
  parameters?: unknown;
}

/** A validated chat-completions request. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  n: number;
  maxTokens?: number;
  stop: string[];
  stream: boolean;
  includeUsage: boolean;
  tools: ChatTool[];
  toolChoice: 'auto' | 'none' | 'required' | { name: string };
  /** `parallel_tool_calls` (default true). */
  parallelToolCalls: boolean;
  responseFormat: { type: 'text' } | { type: 'json_object' } | { type: 'json_schema'; schema: unknown };
  /**
   * Message fields outside the public chat-completions schema of their role, as paths
   * (`messages[1].reasoning_content`), in order. The route decides, by model, whether they are refused.
   */
  unknownMessageFields: string[];
}

/** A 400 answer: `message` names the parameter. */
export class ChatRequestError extends Error {}

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool'] as const;

/** The fields each role's message has in the public chat-completions schema. */
const MESSAGE_FIELDS: Record<ChatMessage['role'], readonly string[]> = {
  system: ['role', 'content', 'name'],
  developer: ['role', 'content', 'name'],
  user: ['role', 'content', 'name'],
  assistant: ['role', 'content', 'name', 'tool_calls', 'refusal', 'audio', 'function_call'],
  tool: ['role', 'content', 'tool_call_id'],
};

/** The paths of the fields of valid `messages` that their role's schema does not have. */
function unknownMessageFields(messages: unknown[]): string[] {
  return messages.flatMap((raw, index) => {
    const message = raw as Record<string, unknown>;
    const known = MESSAGE_FIELDS[message.role as ChatMessage['role']];
    return Object.keys(message)
      .filter(key => !known.includes(key))
      .map(key => `messages[${index}].${key}`);
  });
}

function fail(param: string, rule: string, value: unknown): never {
  throw new ChatRequestError(`Invalid ${param}: ${rule}, got ${JSON.stringify(value) ?? String(value)}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `null` counts as absent, as on the public chat-completions APIs. */
function optional(body: Record<string, unknown>, key: string): unknown {
  return body[key] ?? undefined;
}

function readRange(body: Record<string, unknown>, key: string, min: number, max: number): void {
  const value = optional(body, key);
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    fail(key, `must be a number from ${min} to ${max}`, value);
  }
}

function readPositiveInteger(body: Record<string, unknown>, key: string, max = Infinity): number | undefined {
  const value = optional(body, key);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    fail(key, max === Infinity ? 'must be a positive integer' : `must be an integer from 1 to ${max}`, value);
  }
  return value;
}

function readContent(content: unknown, path: string, role: string): { text: string; images: number } {
  if (typeof content === 'string') return { text: content, images: 0 };
  if (!Array.isArray(content)) fail(path, 'must be a string or an array of content parts', content);
  const texts: string[] = [];
  let images = 0;
  content.forEach((part, index) => {
    const partPath = `${path}[${index}]`;
    if (!isObject(part)) fail(partPath, 'must be a content part object', part);
    if (part.type === 'text') {
      if (typeof part.text !== 'string') fail(`${partPath}.text`, 'must be a string', part.text);
      texts.push(part.text);
    } else if (part.type === 'image_url' && role === 'user') {
      const url = isObject(part.image_url) ? part.image_url.url : undefined;
      if (typeof url !== 'string' || !/^(https?:\/\/\S+|data:image\/[\w.+-]+;base64,[A-Za-z0-9+/=]+)$/.test(url)) {
        fail(`${partPath}.image_url.url`, 'must be an http(s) URL or a data:image/...;base64 URL', url);
      }
      images++;
    } else {
      fail(`${partPath}.type`, `must be 'text'${role === 'user' ? " or 'image_url'" : ''}`, part.type);
    }
  });
  return { text: texts.join('\n'), images };
}

function readMessage(raw: unknown, index: number): ChatMessage {
  const path = `messages[${index}]`;
  if (!isObject(raw)) fail(path, 'must be a message object', raw);
  const role = raw.role as ChatMessage['role'];
  if (!ROLES.includes(role)) fail(`${path}.role`, `must be one of ${ROLES.join(', ')}`, raw.role);
  const message: ChatMessage = { role, text: '', images: 0, toolCalls: [] };

  if (role === 'assistant' && raw.tool_calls != null) {
    if (!Array.isArray(raw.tool_calls)) fail(`${path}.tool_calls`, 'must be an array', raw.tool_calls);
    raw.tool_calls.forEach((call, callIndex) => {
      const callPath = `${path}.tool_calls[${callIndex}]`;
      const fn = isObject(call) ? call.function : undefined;
      if (!isObject(call) || typeof call.id !== 'string' || call.type !== 'function' || !isObject(fn)) {
        fail(callPath, "must be {id, type:'function', function:{name, arguments}}", call);
      }
      if (typeof fn.name !== 'string') fail(`${callPath}.function.name`, 'must be a string', fn.name);
      if (typeof fn.arguments !== 'string')
        fail(`${callPath}.function.arguments`, 'must be a JSON string', fn.arguments);
      message.toolCalls.push({ id: call.id, name: fn.name, arguments: fn.arguments });
    });
  }
  if (role === 'assistant' && raw.reasoning_content != null) {
    if (typeof raw.reasoning_content !== 'string') {
      fail(`${path}.reasoning_content`, 'must be a string', raw.reasoning_content);
    }
    message.reasoningContent = raw.reasoning_content;
  }
  if (raw.prefix === true) message.continues = 'prefix';
  else if (raw.partial === true) message.continues = 'partial';
  if (role === 'tool') {
    if (typeof raw.tool_call_id !== 'string') fail(`${path}.tool_call_id`, 'must be a string', raw.tool_call_id);
    message.toolCallId = raw.tool_call_id;
  }
  if (raw.content == null && role === 'assistant' && message.toolCalls.length > 0) return message;
  Object.assign(message, readContent(raw.content, `${path}.content`, role));
  return message;
}

function readTools(body: Record<string, unknown>): ChatTool[] {
  const tools = optional(body, 'tools');
  if (tools === undefined) return [];
  if (!Array.isArray(tools)) fail('tools', 'must be an array of function tools', tools);
  return tools.map((tool, index) => {
    const fn = isObject(tool) ? tool.function : undefined;
    if (!isObject(tool) || tool.type !== 'function' || !isObject(fn)) {
      fail(`tools[${index}]`, "must be {type:'function', function:{name, parameters}}", tool);
    }
    if (typeof fn.name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(fn.name)) {
      fail(`tools[${index}].function.name`, 'must be 1-64 letters, digits, _ or -', fn.name);
    }
    if (fn.parameters !== undefined && !isObject(fn.parameters)) {
      fail(`tools[${index}].function.parameters`, 'must be a JSON schema object', fn.parameters);
    }
    return { name: fn.name, parameters: fn.parameters };
  });
}

function readToolChoice(body: Record<string, unknown>, tools: ChatTool[]): ChatRequest['toolChoice'] {
  const choice = optional(body, 'tool_choice');
  if (choice === undefined || choice === 'auto' || choice === 'none') return choice ?? 'auto';
  if (choice === 'required') {
    if (tools.length === 0) fail('tool_choice', "'required' needs at least one tool in tools", choice);
    return choice;
  }
  const name =
    isObject(choice) && choice.type === 'function' && isObject(choice.function) ? choice.function.name : undefined;
  if (typeof name !== 'string') {
    fail('tool_choice', "must be 'auto', 'none', 'required' or {type:'function', function:{name}}", choice);
  }
  if (!tools.some(tool => tool.name === name)) fail('tool_choice.function.name', 'must name a tool in tools', name);
  return { name };
}

function readResponseFormat(body: Record<string, unknown>): ChatRequest['responseFormat'] {
  const format = optional(body, 'response_format');
  if (format === undefined) return { type: 'text' };
  if (!isObject(format)) fail('response_format', 'must be an object', format);
  if (format.type === 'text' || format.type === 'json_object') return { type: format.type };
  if (format.type !== 'json_schema') {
    fail('response_format.type', "must be 'text', 'json_object' or 'json_schema'", format.type);
  }
  const spec = format.json_schema;
  if (!isObject(spec) || typeof spec.name !== 'string') {
    fail('response_format.json_schema', 'must be {name, schema, strict?}', spec);
  }
  if (spec.schema !== undefined && !isObject(spec.schema)) {
    fail('response_format.json_schema.schema', 'must be a JSON schema object', spec.schema);
  }
  return { type: 'json_schema', schema: spec.schema ?? {} };
}

/** The model id of a body, or a ChatRequestError when it is missing. */
export function readModelId(body: unknown): string {
  if (!isObject(body)) fail('body', 'must be a JSON object', body);
  if (typeof body.model !== 'string' || body.model === '')
    fail('model', 'is required and must be a model id', body.model);
  return body.model;
}

/** Validates everything but the model's existence (the route checks that against the catalog). */
export function readChatRequest(body: unknown): ChatRequest {
  const model = readModelId(body);
  const input = body as Record<string, unknown>;

  if (!Array.isArray(input.messages) || input.messages.length === 0) {
    fail('messages', 'is required and must be a non-empty array', input.messages);
  }
  const messages = input.messages.map(readMessage);

  readRange(input, 'temperature', 0, 2);
  readRange(input, 'top_p', 0, 1);
  readRange(input, 'frequency_penalty', -2, 2);
  readRange(input, 'presence_penalty', -2, 2);
  const n = readPositiveInteger(input, 'n', MAX_CHOICES) ?? 1;
  const maxTokens = readPositiveInteger(input, 'max_tokens') ?? readPositiveInteger(input, 'max_completion_tokens');

  const rawStop = optional(input, 'stop');
  const stop = rawStop === undefined ? [] : typeof rawStop === 'string' ? [rawStop] : rawStop;
  if (!Array.isArray(stop) || stop.length > 4 || stop.some(s => typeof s !== 'string')) {
    fail('stop', 'must be a string or an array of up to 4 strings', rawStop);
  }

  const stream = optional(input, 'stream') ?? false;
  if (typeof stream !== 'boolean') fail('stream', 'must be a boolean', stream);
  const streamOptions = optional(input, 'stream_options');
  if (streamOptions !== undefined && !isObject(streamOptions))
    fail('stream_options', 'must be an object', streamOptions);
  const user = optional(input, 'user');
  if (user !== undefined && typeof user !== 'string') fail('user', 'must be a string', user);

  const tools = readTools(input);
  const parallelToolCalls = optional(input, 'parallel_tool_calls') ?? true;
  if (typeof parallelToolCalls !== 'boolean') fail('parallel_tool_calls', 'must be a boolean', parallelToolCalls);
  return {
    model,
    messages,
    n,
    maxTokens,
    stop,
    stream,
    includeUsage: streamOptions?.include_usage === true,
    tools,
    toolChoice: readToolChoice(input, tools),
    parallelToolCalls,
    responseFormat: readResponseFormat(input),
    unknownMessageFields: unknownMessageFields(input.messages),
  };
}
