import {
  type APICallError,
  InvalidArgumentError,
  InvalidResponseDataError,
  type JSONObject,
  type LanguageModelV3CallOptions,
  type LanguageModelV3Content,
  type LanguageModelV3FinishReason,
  type LanguageModelV3GenerateResult,
  type LanguageModelV3Usage,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import { generateId } from '@ai-sdk/provider-utils';
import { builtOnce, isObjectRecord, numberOrUndefined as count } from '../checks/values';
import { checkInteger, checkMaxItems, checkRange } from '../checks/validate-argument';
import { createInBandError } from '../errors/gateway-error';
import type { ChatModelConfig, UnigateModelContext } from '../model-call/model-context';
import {
  cachingAsked,
  languageModelCall,
  languageResult,
  type PricedCall,
  sendPricedRequest,
} from '../model-call/send-priced-request';
import {
  callResume,
  checkCacheControls,
  functionTools,
  parseUnigateOptions,
  readCallReasoning,
  type ReasoningLevel,
} from '../prompt/call-options';
import { checkModelKind, deprecatedWarning } from '../settings/model-kind';
import type { UnigateChatModelId } from '../settings/unigate-model-ids';
import { notA } from '../streams/stream-errors';
import { createJsonHandler } from '../transport/gateway-request';
import {
  chatResponseSchema,
  isChatCompletion,
  type ChatCompletion,
  type ChatFunctionTool,
  type ChatRequestBody,
  type ChatResponseFormat,
  type ChatToolChoice,
} from './chat-api-types';
import { chatTakesPrefill, whenPrepared } from '../resume/stream-resume';
import { convertToChatMessages } from './convert-to-chat-messages';
import {
  CHAT_LIMITS,
  type CHAT_REASONING_EFFORTS,
  RESERVED_CHAT_BODY_FIELDS,
  unigateChatProviderOptionsSchema,
} from './unigate-chat-options';

// What a chat model's calls run, loaded by its first call (import() in unigate-chat-language-model.ts):
// prepare (every argument checked, the body built), send, and map the completion, with the small mappers
// the stream shares (finish reason, usage, content parts). The stream's own handling is chat-stream.ts.

/** The model a call is made for. */
export interface ChatCallTarget {
  readonly modelId: UnigateChatModelId;
  readonly context: UnigateModelContext;
  readonly config: ChatModelConfig;
}

/** Maps the wire `finish_reason` to the V3 finish reason, keeping the raw value. */
export function mapChatFinishReason(finishReason: string | null | undefined): LanguageModelV3FinishReason {
  const raw = finishReason ?? undefined;
  switch (finishReason) {
    case 'stop':
      return { unified: 'stop', raw };
    case 'length':
      return { unified: 'length', raw };
    case 'tool_calls':
      return { unified: 'tool-calls', raw };
    case 'content_filter':
      return { unified: 'content-filter', raw };
    default:
      return { unified: 'other', raw };
  }
}

function detail(object: unknown, key: string): number | undefined {
  return isObjectRecord(object) ? count(object[key]) : undefined;
}

/**
 * Maps the wire `usage` to the V3 shape. Read by shape (typeof checks) because the stream passes the raw
 * chunk's object; cache read, cache write and reasoning token details are used when the gateway sends them.
 */
export function convertChatUsage(usage: unknown): LanguageModelV3Usage {
  if (!isObjectRecord(usage)) {
    return {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
    };
  }
  const wire = usage;
  const input = count(wire.prompt_tokens);
  const output = count(wire.completion_tokens);
  const cached = detail(wire.prompt_tokens_details, 'cached_tokens');
  // OpenAI (GPT-5.6 on) and OpenRouter report cache writes here; most upstreams do not.
  const written = detail(wire.prompt_tokens_details, 'cache_write_tokens');
  const reasoning = detail(wire.completion_tokens_details, 'reasoning_tokens');
  return {
    inputTokens: {
      total: input,
      noCache: input === undefined ? undefined : input - (cached ?? 0) - (written ?? 0),
      cacheRead: cached,
      cacheWrite: written,
    },
    outputTokens: {
      total: output,
      text: output === undefined ? undefined : output - (reasoning ?? 0),
      reasoning,
    },
    raw: usage as JSONObject,
  };
}

/** Makes the error for a malformed part from the problem (`<path> is <kind>, not <expected>`). */
type ContentPartFailure = (problem: string) => Error;

/** A piece of a content array that this package maps: answer text, or reasoning. */
interface ChatContentPiece {
  kind: 'text' | 'reasoning';
  text: string;
}

/** A `thinking` part's text: its `thinking` is a list of text parts (Mistral), or, leniently, one string. */
function thinkingText(thinking: unknown, path: string, fail: ContentPartFailure): string {
  if (typeof thinking === 'string') return thinking;
  if (!Array.isArray(thinking)) throw fail(notA(`${path}.thinking`, thinking, 'an array'));
  let text = '';
  for (let i = 0; i < thinking.length; i++) {
    const inner: unknown = thinking[i];
    if (!isObjectRecord(inner)) throw fail(notA(`${path}.thinking[${i}]`, inner, 'an object'));
    if (inner.type !== 'text') continue;
    if (typeof inner.text !== 'string') throw fail(notA(`${path}.thinking[${i}].text`, inner.text, 'a string'));
    text += inner.text;
  }
  return text;
}

/**
 * A `content` sent as a list of parts instead of a string, as Mistral's reasoning models do in answers
 * and deltas (docs/endpoints.md#chat-completions-response): `text` parts are answer text, `thinking` parts
 * reasoning, in the order sent. Other kinds (`image_url`, `reference`, ...) carry nothing a text answer
 * holds and are skipped; empty texts too. A known kind whose text is not a string throws `fail`'s error,
 * naming the part (`path` is where the list sits, e.g. `choices[0].delta.content`).
 */
export function readContentParts(
  parts: readonly unknown[],
  path: string,
  fail: ContentPartFailure,
): ChatContentPiece[] {
  const pieces: ChatContentPiece[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part: unknown = parts[i];
    const at = `${path}[${i}]`;
    if (!isObjectRecord(part)) throw fail(notA(at, part, 'an object'));
    let piece: ChatContentPiece | undefined;
    if (part.type === 'text') {
      if (typeof part.text !== 'string') throw fail(notA(`${at}.text`, part.text, 'a string'));
      piece = { kind: 'text', text: part.text };
    } else if (part.type === 'thinking') {
      piece = { kind: 'reasoning', text: thinkingText(part.thinking, at, fail) };
    }
    if (piece !== undefined && piece.text !== '') pieces.push(piece);
  }
  return pieces;
}

/** The answer text of a `content` that is a string, a list of parts, or absent. */
export function contentText(content: unknown, path: string, fail: ContentPartFailure): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const piece of readContentParts(content, path, fail)) if (piece.kind === 'text') text += piece.text;
  return text;
}

type ChatReasoningEffort = (typeof CHAT_REASONING_EFFORTS)[number];

/**
 * The `reasoning_effort` to send. `providerOptions.unigate.reasoningEffort` wins without a warning, as the
 * AI SDK's own providers let their provider option win. Otherwise ai@7's `reasoning` is sent as it is
 * (`'none'` turns reasoning off), except `'max'`: the format's highest effort is `'xhigh'`, which is sent
 * with a `compatibility` warning.
 */
function mapChatReasoning({
  reasoning,
  providerEffort,
  warnings,
}: {
  reasoning: ReasoningLevel | 'none' | undefined;
  providerEffort: ChatReasoningEffort | undefined;
  warnings: SharedV3Warning[];
}): ChatReasoningEffort | undefined {
  if (providerEffort !== undefined) return providerEffort;
  if (reasoning !== 'max') return reasoning;
  warnings.push({
    type: 'compatibility',
    feature: 'reasoning',
    details:
      'The chat-completions format has no "max" reasoning effort; reasoning_effort "xhigh", its highest, was sent.',
  });
  return 'xhigh';
}

/**
 * Maps V3 tools and tool choice to the wire. Provider tools (type `provider`) and tool input examples
 * have no place in the chat-completions format: they become `unsupported` warnings.
 */
function prepareChatTools({ tools, toolChoice }: Pick<LanguageModelV3CallOptions, 'tools' | 'toolChoice'>): {
  tools: ChatFunctionTool[] | undefined;
  toolChoice: ChatToolChoice | undefined;
  warnings: SharedV3Warning[];
} {
  const warnings: SharedV3Warning[] = [];
  const chatTools = functionTools(
    tools,
    'chat-completions',
    name => `The chat-completions endpoint runs no provider tools; "${name}" was not sent.`,
    warnings,
  ).map(
    ([, tool]): ChatFunctionTool => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description !== undefined && { description: tool.description }),
        parameters: tool.inputSchema,
        ...(tool.strict !== undefined && { strict: tool.strict }),
      },
    }),
  );

  // Without tools a tool choice means nothing, and upstreams reject one sent alone.
  if (chatTools.length === 0) return { tools: undefined, toolChoice: undefined, warnings };

  let chatToolChoice: ChatToolChoice | undefined;
  switch (toolChoice?.type) {
    case 'auto':
    case 'none':
    case 'required':
      chatToolChoice = toolChoice.type;
      break;
    case 'tool':
      chatToolChoice = { type: 'function', function: { name: toolChoice.toolName } };
      break;
  }
  return { tools: chatTools, toolChoice: chatToolChoice, warnings };
}

/** `responseFormat` on the wire: `json_object`, or `json_schema` (strict unless the caller says not). */
function chatResponseFormat(
  responseFormat: LanguageModelV3CallOptions['responseFormat'],
  strictJsonSchema: boolean | undefined,
): ChatResponseFormat | undefined {
  if (responseFormat?.type !== 'json') return undefined;
  if (responseFormat.schema === undefined) return { type: 'json_object' };
  return {
    type: 'json_schema',
    json_schema: {
      name: responseFormat.name ?? 'response',
      ...(responseFormat.description !== undefined && { description: responseFormat.description }),
      schema: responseFormat.schema,
      strict: strictJsonSchema ?? true,
    },
  };
}

/** Validates every setting against the gateway's limits and builds the body: nothing here touches the network. */
export function prepareChatRequest(target: ChatCallTarget, options: LanguageModelV3CallOptions) {
  const {
    prompt,
    maxOutputTokens,
    temperature,
    topP,
    topK,
    frequencyPenalty,
    presencePenalty,
    stopSequences,
    seed,
    responseFormat,
    tools,
    toolChoice,
    providerOptions,
  } = options;
  const { modelId } = target;
  checkModelKind(modelId, 'language');
  const { options: unigate, warnings } = parseUnigateOptions(
    providerOptions,
    unigateChatProviderOptionsSchema(),
    'chat-completions',
  );

  checkInteger('maxOutputTokens', maxOutputTokens, CHAT_LIMITS.maxOutputTokens);
  checkRange('temperature', temperature, CHAT_LIMITS.temperature);
  checkRange('topP', topP, CHAT_LIMITS.topP);
  checkRange('frequencyPenalty', frequencyPenalty, CHAT_LIMITS.penalty);
  checkRange('presencePenalty', presencePenalty, CHAT_LIMITS.penalty);
  checkMaxItems('stopSequences', stopSequences, CHAT_LIMITS.stopSequences.max);
  checkInteger('seed', seed, CHAT_LIMITS.seed);
  checkInteger('providerOptions.unigate.n', unigate.n, CHAT_LIMITS.n);
  if (unigate.reasoningEffort !== undefined && target.context.spec === 'v4') {
    warnings.push(
      deprecatedWarning(
        'providerOptions.unigate.reasoningEffort',
        "use the call's reasoning option (generateText({ reasoning: 'low' })), which every provider reads; " +
          'reasoningEffort is still sent, and wins when both are set.',
      ),
    );
  }
  const reasoningEffort = mapChatReasoning({
    reasoning: readCallReasoning(options),
    providerEffort: unigate.reasoningEffort,
    warnings,
  });
  for (const field of RESERVED_CHAT_BODY_FIELDS) {
    if (unigate.extraBody !== undefined && field in unigate.extraBody) {
      throw new InvalidArgumentError({
        argument: 'providerOptions.unigate.extraBody',
        message:
          `Invalid argument providerOptions.unigate.extraBody: it may not set ${RESERVED_CHAT_BODY_FIELDS.join(', ')} ` +
          `(the model sets them itself); received "${field}".`,
      });
    }
  }

  if (topK !== undefined) {
    warnings.push({
      type: 'unsupported',
      feature: 'topK',
      details: 'The chat-completions endpoint has no top_k parameter; topK was not sent.',
    });
  }
  if (temperature !== undefined && topP !== undefined) {
    warnings.push({
      type: 'other',
      message: 'temperature and topP are both set; the gateway advises setting one or the other. Both were sent.',
    });
  }

  checkCacheControls({ prompt, tools });
  const prepared = prepareChatTools({ tools, toolChoice });
  warnings.push(...prepared.warnings);

  const body: ChatRequestBody = {
    model: modelId,
    messages: convertToChatMessages(prompt, { reasoningRoundTrip: unigate.reasoningRoundTrip, modelId }, warnings),
    max_tokens: maxOutputTokens,
    temperature,
    top_p: topP,
    frequency_penalty: frequencyPenalty,
    presence_penalty: presencePenalty,
    stop: stopSequences !== undefined && stopSequences.length > 0 ? stopSequences : undefined,
    seed,
    reasoning_effort: reasoningEffort,
    n: unigate.n,
    user: unigate.user,
    response_format: chatResponseFormat(responseFormat, unigate.strictJsonSchema),
    tools: prepared.tools,
    tool_choice: prepared.toolChoice,
    ...unigate.extraBody,
  };
  const collectChoices = unigate.n !== undefined && unigate.n > 1;
  const resume = callResume(unigate, target.config.resume);
  return { body, warnings, collectChoices, resume };
}

/**
 * Whether a stream of this call can continue a final assistant message (a fallback chain's hand-over):
 * the policy in src/resume/stream-resume.ts, over the call as prepared.
 */
export function continuesPrefill(target: ChatCallTarget, options: LanguageModelV3CallOptions): boolean {
  return whenPrepared(
    () => prepareChatRequest(target, options),
    ({ body, collectChoices }) =>
      chatTakesPrefill({
        modelId: target.modelId,
        collectChoices,
        responseFormat: body.response_format,
        reasoningEffort: body.reasoning_effort,
        endsWithAssistant: options.prompt.at(-1)?.role === 'assistant',
      }),
  );
}

/**
 * A chat call as priced: whether `body`, as sent, asks for caching decides if cache writes are priced, and
 * at the 1-hour price only where it asks for that TTL (a chat usage does not split writes by TTL).
 */
export function pricedChatCall(target: ChatCallTarget, options: LanguageModelV3CallOptions, body: unknown): PricedCall {
  const { asked, oneHour } = cachingAsked(body);
  return {
    ...languageModelCall(target.modelId, 'chat', options),
    cacheWritesAsked: asked,
    ...(!oneHour && { oneHourCacheWrites: () => 0 }),
  };
}

/** `POST {chat base}/chat/completions`. */
export function chatUrl(target: ChatCallTarget): string {
  return target.config.url(target.config.chatBase, '/chat/completions');
}

/** The error for a malformed content part of a completion: it names the part. */
function contentFailure(rawValue: unknown) {
  return (problem: string) =>
    new InvalidResponseDataError({ data: rawValue, message: `Unigate chat completion: ${problem}.` });
}

/** An error object the gateway sent with HTTP 200 instead of a completion. */
function inBandError(
  target: ChatCallTarget,
  errorObject: unknown,
  rawBody: string,
  url: string,
  body: unknown,
): APICallError {
  return createInBandError({
    what: 'Unigate chat completion failed',
    errorObject,
    url,
    requestBodyValues: body,
    responseBody: rawBody,
    secret: target.config.optionalApiKey(),
  });
}

/**
 * The first choice's message as content parts: reasoning, text (or its parts, in order), tool calls. A
 * choice without a message (Azure's content filter emptied it) has none: its finish reason says why.
 */
function choiceContent(
  message: ChatCompletion['choices'][number]['message'],
  rawValue: unknown,
): LanguageModelV3Content[] {
  const content: LanguageModelV3Content[] = [];
  if (message == null) return content;
  const reasoning = message.reasoning_content ?? message.reasoning;
  if (reasoning) content.push({ type: 'reasoning', text: reasoning });
  if (Array.isArray(message.content)) {
    // Text and thinking parts (Mistral's reasoning models), one content part each, in the order sent.
    for (const piece of readContentParts(message.content, 'choices[0].message.content', contentFailure(rawValue)))
      content.push({ type: piece.kind, text: piece.text });
  } else if (message.content) content.push({ type: 'text', text: message.content });
  for (const call of message.tool_calls ?? []) {
    content.push({
      type: 'tool-call',
      toolCallId: call.id ?? generateId(),
      toolName: call.function.name,
      // As sent, valid JSON or not: the AI SDK's repair hook decides.
      input: call.function.arguments ?? '',
    });
  }
  return content;
}

/** The request a budget reserves from (`requests.wireBody`), sent as built by the call with the same options. */
export const requests = builtOnce(prepareChatRequest);

/** `doGenerate`: one completion, priced; its first choice is the result, every choice's text when `n > 1`. */
export async function generate(
  target: ChatCallTarget,
  options: LanguageModelV3CallOptions,
): Promise<LanguageModelV3GenerateResult> {
  const { body, warnings, collectChoices } = requests.built(target, options);
  const url = chatUrl(target);
  const call = pricedChatCall(target, options, body);
  const sent = await sendPricedRequest(target.context, call, {
    config: target.config,
    auth: 'bearer',
    url,
    body,
    successfulResponseHandler: createJsonHandler(chatResponseSchema()),
  });
  const { value, rawValue } = sent;
  if (!isChatCompletion(value)) throw inBandError(target, value, JSON.stringify(rawValue), url, body);
  const completion = value;
  const choice = completion.choices.find(c => (c.index ?? 0) === 0) ?? completion.choices[0];
  const content = choice === undefined ? [] : choiceContent(choice.message, rawValue);
  const choices =
    collectChoices || completion.choices.length > 1
      ? completion.choices.map((c, position) => ({
          index: c.index ?? position,
          text: contentText(c.message?.content, `choices[${position}].message.content`, contentFailure(rawValue)),
          finishReason: c.finish_reason ?? null,
        }))
      : undefined;
  const answer = {
    content,
    finishReason: mapChatFinishReason(choice?.finish_reason),
    usage: convertChatUsage(completion.usage),
    metadata: choices && { unigate: { choices } },
    id: completion.id,
    modelId: completion.model,
    timestamp: typeof completion.created === 'number' ? new Date(completion.created * 1000) : undefined,
  };
  return languageResult(target.context, call, sent, answer, body, warnings);
}
