import type { EmulatorModel, EmulatorRoute } from '../emulator-context';
import { contextOverflow } from '../emulator-context-window';
import {
  cutInHalf,
  DeltaCounter,
  type EmulatorMarkers,
  readMarkers,
  type StreamEvent,
  stripMarkers,
  withDrops,
  withStreamFault,
} from '../emulator-faults';
import { errorResponse, jsonTextResponse, sseEvent, sseResponse } from '../emulator-responses';
import {
  countTokens,
  heldByPrefill,
  cutAtStop,
  digestHex,
  fixedPieces,
  type InputTokenCounting,
  lastUserText,
  lastUserTurn,
  plural,
  truncateToTokens,
  wordPieces,
} from '../emulator-text';
import { generateJsonValue } from '../json-schema-value';
import { chatCachePrefixes, messagePromptTokens, missingReasoningContent } from './chat-cache';
import { ChatRequestError, readChatRequest, type ChatRequest } from './chat-completions-request';

interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

interface Choice {
  index: number;
  content: string | null;
  reasoning?: string;
  toolCalls: ToolCall[];
  finishReason: 'stop' | 'length' | 'tool_calls';
}

interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** Only when part of the prompt was read from the cache. */
  prompt_tokens_details?: { cached_tokens: number };
  completion_tokens_details?: { reasoning_tokens: number };
}

/** The text answer: acknowledges images, echoes the prompt, or reports the tool results it was given. */
function textReply(request: ChatRequest, prompt: string, images: number): string {
  const { messages } = request;
  const results: string[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]!.role === 'tool'; i--) {
    const result = messages[i]!;
    const call = messages.flatMap(m => m.toolCalls).find(c => c.id === result.toolCallId);
    results.unshift(`The ${call?.name ?? 'tool'} tool returned: ${result.text}`);
  }
  if (results.length > 0) return results.join('\n');
  const parts: string[] = [];
  if (images > 0) parts.push(`I see ${plural(images, 'image')}.`);
  parts.push(prompt === '' ? 'You sent no text.' : `You said: ${prompt}`);
  return parts.join(' ');
}

/** Which tools this turn calls, if any (see the route's TSDoc for the rules). */
function toolsToCall(request: ChatRequest, parallel: boolean): ChatRequest['tools'] {
  const { tools, toolChoice, messages } = request;
  if (tools.length === 0 || toolChoice === 'none') return [];
  if (typeof toolChoice === 'object') return tools.filter(tool => tool.name === toolChoice.name);
  if (toolChoice === 'auto' && messages[messages.length - 1]!.role !== 'user') return [];
  return parallel && request.parallelToolCalls ? tools : tools.slice(0, 1);
}

function buildChoices(request: ChatRequest, model: EmulatorModel, markers: EmulatorMarkers): Choice[] {
  const user = lastUserTurn(request.messages);
  const prompt = stripMarkers(user?.text ?? '');
  const tools = toolsToCall(request, markers.parallelTools);
  // Ids continue the conversation's count, so a multi-step tool loop never repeats one.
  const previousCalls = request.messages.reduce((sum, m) => sum + m.toolCalls.length, 0);
  const reasoning = model.reasoning
    ? `Let me think. The request has ${plural(countTokens(prompt), 'token')}, so I will answer it directly.`
    : undefined;

  return Array.from({ length: request.n }, (_, index): Choice => {
    if (tools.length > 0) {
      const toolCalls = tools.map((tool, k) => ({
        id: `call_${previousCalls + index * tools.length + k + 1}`,
        name: tool.name,
        arguments: JSON.stringify(generateJsonValue(tool.parameters ?? { type: 'object', properties: {} }, prompt)),
      }));
      return { index, content: null, reasoning, toolCalls, finishReason: 'tool_calls' };
    }
    const text = textReply(request, prompt, user?.images ?? 0);
    const format = request.responseFormat;
    let content =
      format.type === 'json_schema'
        ? JSON.stringify(generateJsonValue(format.schema, prompt))
        : format.type === 'json_object'
          ? JSON.stringify({ reply: text })
          : index === 0
            ? text
            : `Alternative ${index + 1}: ${text}`;
    // A stop string ends the answer where it starts; max_tokens then cuts what is still too long.
    content = cutAtStop(content, request.stop).text;
    const limited =
      request.maxTokens === undefined
        ? { text: content, truncated: false }
        : truncateToTokens(content, request.maxTokens);
    return {
      index,
      content: limited.text,
      reasoning,
      toolCalls: [],
      finishReason: limited.truncated ? 'length' : 'stop',
    };
  });
}

function usageOf(
  request: ChatRequest,
  choices: Choice[],
  model: EmulatorModel,
  cached: number,
  counting: InputTokenCounting | undefined,
  rawTools: unknown,
): Usage {
  let prompt = 0;
  for (const message of request.messages) prompt += messagePromptTokens(message, counting);
  // The tools as sent (descriptions too: the parsed request keeps only names and parameters).
  if (counting?.chatTools && request.tools.length > 0) prompt += counting.text(JSON.stringify(rawTools));
  let completion = 0;
  let reasoning = 0;
  for (const choice of choices) {
    const reasoningTokens = countTokens(choice.reasoning ?? '');
    reasoning += reasoningTokens;
    completion += countTokens(choice.content ?? '') + reasoningTokens;
    for (const call of choice.toolCalls) completion += countTokens(call.name) + countTokens(call.arguments);
  }
  const usage: Usage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  if (cached > 0) usage.prompt_tokens_details = { cached_tokens: cached };
  if (model.reasoning) usage.completion_tokens_details = { reasoning_tokens: reasoning };
  return usage;
}

/** Text deltas: word by word, long words (e.g. compact JSON) in 16-character pieces. */
function textPieces(text: string): string[] {
  return wordPieces(text).flatMap(piece => (piece.length > 24 ? fixedPieces(piece, 16) : [piece]));
}

/** The part of `content` a prefill holds (`heldByPrefill`: from this model or another). */
function prefilledPart(content: string | null, prefill: string | undefined): string | undefined {
  if (prefill === undefined) return undefined;
  return heldByPrefill(content ?? '', prefill);
}

/** `choices` less what the prefill holds, as the upstreams send only the continuation. */
function continueAfterPrefill(choices: Choice[], prefill: string | undefined): Choice[] {
  return choices.map(choice => {
    const held = prefilledPart(choice.content, prefill) ?? '';
    return held === '' ? choice : { ...choice, content: choice.content!.slice(held.length) };
  });
}

function streamEvents(
  head: { id: string; object: string; created: number; model: string },
  choices: Choice[],
  usage: Usage,
  includeUsage: boolean,
  prefill: string | undefined,
): StreamEvent[] {
  // With include_usage every chunk carries `usage: null` until the last one, as the public API does.
  const chunk = (choice: Record<string, unknown>) =>
    sseEvent(JSON.stringify({ ...head, choices: [choice], ...(includeUsage ? { usage: null } : {}) }));
  const events: StreamEvent[] = [];
  const counter = new DeltaCounter(undefined);
  for (const choice of choices) {
    const { index } = choice;
    const delta = (fields: Record<string, unknown>) => chunk({ index, delta: fields, finish_reason: null });
    counter.restart(prefilledPart(choice.content, prefill));
    events.push({ text: delta({ role: 'assistant', content: choice.toolCalls.length > 0 ? null : '' }) });
    for (const piece of textPieces(choice.reasoning ?? '')) events.push({ text: delta({ reasoning_content: piece }) });
    for (const piece of textPieces(choice.content ?? '')) {
      const part = counter.text(piece);
      if (part.sent !== '')
        events.push({ text: delta({ content: part.sent }), delta: part.delta, beyond: part.beyond });
    }
    choice.toolCalls.forEach((call, callIndex) => {
      const start = { index: callIndex, id: call.id, type: 'function', function: { name: call.name, arguments: '' } };
      events.push({ text: delta({ tool_calls: [start] }) });
      for (const piece of fixedPieces(call.arguments, 12)) {
        const text = delta({ tool_calls: [{ index: callIndex, function: { arguments: piece } }] });
        events.push({ text, ...counter.tool(piece) });
      }
    });
    events.push({ text: chunk({ index, delta: {}, finish_reason: choice.finishReason }) });
  }
  if (includeUsage) events.push({ text: sseEvent(JSON.stringify({ ...head, choices: [], usage })) });
  events.push({ text: sseEvent('[DONE]') });
  return events;
}

/** Model ids whose upstream documents continuing a flagged final assistant message (docs/resume.md). */
const CONTINUATION_FAMILIES: Record<'prefix' | 'partial', RegExp> = {
  prefix: /^(deepseek-|mistral-|codestral-|magistral-|ministral-|devstral-|pixtral-|open-mistral)/,
  // Moonshot's Partial Mode, and Qwen's (not its thinking models).
  partial: /^(kimi-|moonshot-|qwen-(max|plus|turbo)|qwen3-(max|coder)|qwen2\.5-(\d+b|coder|math))/,
};

/**
 * The 400 message for a flagged final assistant message with no text: none of these upstreams takes an
 * assistant message with neither content nor tool calls, each with its own words (docs/resume.md).
 */
function emptyPrefillRefusal(modelId: string): string {
  if (modelId.startsWith('deepseek-')) return 'Invalid assistant message: content or tool_calls must be set';
  if (/^(kimi-|moonshot-)/.test(modelId)) return 'text content is empty';
  return 'Assistant message must have either content or tool_calls, but not none.';
}

/**
 * The 400 message for a `prefix`/`partial` flag the model's upstream does not document, or one on a message
 * other than the final assistant message; `undefined` when every flag is honoured.
 */
function continuationRefused(chat: ChatRequest, model: EmulatorModel): string | undefined {
  const last = chat.messages.length - 1;
  for (const [i, message] of chat.messages.entries()) {
    const flag = message.continues;
    if (flag === undefined) continue;
    if (i !== last || message.role !== 'assistant') {
      return `Invalid messages[${i}].${flag}: only the last message, of role assistant, may set ${flag}: true`;
    }
    if (!CONTINUATION_FAMILIES[flag].test(model.id)) {
      return `Invalid messages[${i}].${flag}: ${model.id} does not continue a partial assistant message (${flag}: true is for ${flag === 'prefix' ? 'DeepSeek and Mistral' : 'Moonshot and Qwen'} models)`;
    }
    if (message.text === '') return emptyPrefillRefusal(model.id);
  }
  return undefined;
}

/**
 * The 400 message for the first unknown message field, for a model that neither reasons nor takes
 * reasoning back (strict upstreams refuse such fields: Cerebras answers "property
 * 'messages.2.assistant.reasoning_content' is unsupported"); `undefined` when none is refused.
 */
function unknownFieldRefused(chat: ChatRequest, model: EmulatorModel): string | undefined {
  // An honoured continuation flag is part of its upstream's schema.
  const flag = chat.messages[chat.messages.length - 1]!.continues;
  const honoured = `messages[${chat.messages.length - 1}].${flag}`;
  const [field] = chat.unknownMessageFields.filter(f => f !== honoured);
  if (field === undefined || model.reasoning || model.takesReasoningBack) return undefined;
  return `Invalid ${field}: ${model.id} takes no such message field (unknown message fields are refused)`;
}

/**
 * `POST {base_url}/chat/completions` (also on `{alt_base_url}`): the chat-completions wire format.
 *
 * Answers are deterministic, derived from the request:
 * - text: `You said: <last user text>`, preceded by `I see <k> image(s).` when the last user turn has
 *   image parts; choice `i > 0` is prefixed `Alternative <i+1>: `. After tool results it answers
 *   `The <tool> tool returned: <content>` (one line per trailing tool message).
 * - `stop` cuts before the first match (finish `stop`); `max_tokens` (or `max_completion_tokens`) keeps
 *   that many tokens (finish `length`). Tokens are the emulator's one counter (countTokens in
 *   emulator-text.ts: words, numbers, punctuation marks), for usage, limits and the reasoning text;
 *   an image part counts 85 prompt tokens.
 * - tools: `tool_choice` `required` calls the first tool, a named function calls that one, `auto` (or
 *   absent) calls the first tool when the last message is a user turn and answers in text otherwise,
 *   `none` never calls. Arguments are generated from the tool's JSON schema (strings from the prompt);
 *   ids are `call_<k>`, numbered on from the calls already in the conversation. The marker
 *   `[[emulator:parallel-tools]]` makes a non-named call use every offered tool at once, unless
 *   `parallel_tool_calls` is false.
 * - `response_format` `json_schema` answers a JSON value valid against the schema; `json_object`
 *   answers `{"reply": <text>}`.
 * - a model that neither reasons nor takes reasoning back (`gpt-4o`) answers 400 to a message field
 *   outside the public schema of its role (e.g. `reasoning_content` on an assistant message), as strict
 *   upstreams do; the others accept such fields as before.
 * - models flagged `reasoning` (e.g. `deepseek-reasoner`) add `reasoning_content` and report
 *   `completion_tokens_details.reasoning_tokens`. Those flagged `reasoningContentRequired`
 *   (`deepseek-reasoner`) answer 400 with DeepSeek's message when an assistant message with tool calls
 *   comes without its `reasoning_content`.
 * - prompt caching (chat-cache.ts): every prefix ending at a message boundary of 1,024 tokens or more is
 *   cached for 5 minutes; a later request that repeats one reports it in
 *   `usage.prompt_tokens_details.cached_tokens` (sent only when above 0).
 * - fault markers in the last user message (see EmulatorFault in emulator-faults.ts):
 *   `[[emulator:status:<code>]]`, `[[emulator:stream-error]]`, `[[emulator:truncate]]`, `[[emulator:cut]]`,
 *   and `[[emulator:drop:<k>:<how>]]` (EmulatorDrop: the stream fails after the k-th content delta).
 * - `[[emulator:prompt-tokens:<n>]]`: a prompt of n tokens over the model's `contextWindow` gets OpenAI's
 *   context-length 400 (emulator-context-window.ts).
 * - a final assistant message flagged `prefix: true` (DeepSeek and Mistral ids) or `partial: true` (Moonshot
 *   `kimi-`/`moonshot-` ids) is a prefill: the answer is the one without it, less the part the prefill stands
 *   for (`heldByPrefill`: its text, or, written by another model, up to its last words found); a flag on another
 *   model, on another message than the last, or on an empty message answers 400 (docs/resume.md#what-each-upstream-allows). An
 *   unflagged final assistant message is history, as before.
 */
export const chatCompletionsRoute: EmulatorRoute = async (_request, context) => {
  let chat: ChatRequest;
  try {
    chat = readChatRequest(context.body);
  } catch (error) {
    if (error instanceof ChatRequestError) return errorResponse('chat', 400, error.message);
    throw error;
  }
  // The router checked the model the body names (catalog, type, access); a valid body names one.
  const model = context.model!;
  const continuation = continuationRefused(chat, model);
  if (continuation !== undefined) return errorResponse('chat', 400, continuation, 'invalid_request_error');
  const unknownField = unknownFieldRefused(chat, model);
  if (unknownField !== undefined) return errorResponse('chat', 400, unknownField, 'invalid_request_error');
  const missingReasoning = model.reasoningContentRequired ? missingReasoningContent(chat) : undefined;
  if (missingReasoning !== undefined) return errorResponse('chat', 400, missingReasoning, 'invalid_request_error');

  const userText = lastUserText(chat.messages, message => message.text);
  const markers = readMarkers(userText, model.id);
  const { fault } = markers;
  if (fault?.kind === 'status') {
    return errorResponse('chat', fault.status, `Emulated HTTP ${fault.status} ([[emulator:status:${fault.status}]])`);
  }
  const overflow = contextOverflow('chat', model, userText);
  if (overflow !== undefined) return overflow;

  // A flagged final assistant message is a prefill: the answer is the one without it, less its text.
  const prefill = chat.messages[chat.messages.length - 1]!.continues
    ? chat.messages[chat.messages.length - 1]!.text
    : undefined;
  const full = buildChoices(
    prefill === undefined ? chat : { ...chat, messages: chat.messages.slice(0, -1) },
    model,
    markers,
  );
  const choices = continueAfterPrefill(full, prefill);
  // Only an answered request reads or writes the cache.
  const usage = usageOf(
    chat,
    choices,
    model,
    context.promptCache.split(chatCachePrefixes(chat)).read,
    context.inputCounting,
    typeof context.body === 'object' && context.body !== null && 'tools' in context.body ? context.body.tools : [],
  );
  const id = `chatcmpl-${digestHex(JSON.stringify(context.body), 1)}`;
  const created = Math.floor(context.now() / 1000);

  if (!chat.stream) {
    const body = JSON.stringify({
      id,
      object: 'chat.completion',
      created,
      model: chat.model,
      choices: choices.map(choice => ({
        index: choice.index,
        message: {
          role: 'assistant',
          content: choice.content,
          ...(choice.reasoning !== undefined ? { reasoning_content: choice.reasoning } : {}),
          ...(choice.toolCalls.length > 0
            ? {
                tool_calls: choice.toolCalls.map(c => ({
                  id: c.id,
                  type: 'function',
                  function: { name: c.name, arguments: c.arguments },
                })),
              }
            : {}),
        },
        finish_reason: choice.finishReason,
      })),
      usage,
    });
    return jsonTextResponse(fault?.kind === 'truncate' ? cutInHalf(body) : body);
  }

  const events = streamEvents(
    { id, object: 'chat.completion.chunk', created, model: chat.model },
    full,
    usage,
    chat.includeUsage,
    prefill,
  );
  if (fault === undefined && markers.drops.length > 0) {
    const overloaded = { error: { type: 'server_error', message: 'Overloaded', code: 503 } };
    const dropped = withDrops(events, markers.drops, sseEvent(JSON.stringify(overloaded)));
    return sseResponse(dropped.events, context.streamDelayMs, {}, dropped.ending);
  }
  // A stream fault strikes after half of the answer.
  const faulted = withStreamFault(
    events.map(e => e.text),
    Math.max(1, Math.floor((events.length - 1) / 2)),
    fault,
    sseEvent(
      JSON.stringify({
        error: { type: 'server_error', message: 'Emulated stream error ([[emulator:stream-error]])', code: 500 },
      }),
    ),
  );
  return sseResponse(faulted, context.streamDelayMs);
};
