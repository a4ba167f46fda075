import {
  APICallError,
  InvalidArgumentError,
  type JSONObject,
  type LanguageModelV3CallOptions,
  type LanguageModelV3Content,
  type LanguageModelV3FinishReason,
  type LanguageModelV3GenerateResult,
  type LanguageModelV3Usage,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import { builtOnce, isObjectRecord, numberOrUndefined as count } from '../checks/values';
import { checkInteger, checkRange } from '../checks/validate-argument';
import {
  languageModelCall,
  languageResult,
  type OtherModelPass,
  type PricedCall,
  sendPricedRequest,
} from '../model-call/send-priced-request';
import type { MessagesModelConfig, PromptCachingState, UnigateModelContext } from '../model-call/model-context';
import {
  type CacheBreakpointLabels,
  callResume,
  functionTools,
  parseUnigateOptions,
  readCacheControl,
  readCallReasoning,
  type ReasoningLevel,
} from '../prompt/call-options';
import type { ResumeSettings } from '../settings/unigate-provider-settings';
import { checkModelKind } from '../settings/model-kind';
import type { UnigateMessagesModelId } from '../settings/unigate-model-ids';
import { createJsonHandler } from '../transport/gateway-request';
import { convertToMessagesPrompt } from './convert-to-messages-prompt';
import {
  messagesResponseSchema,
  type MessagesRequestBody,
  type MessagesTool,
  type MessagesToolChoice,
  type MessagesUsage,
} from './messages-api-types';
import {
  hasCacheBreakpoints,
  longestCacheTtl,
  placeCacheBreakpoints,
  withoutCacheBreakpoints,
} from './place-cache-breakpoints';
import {
  DEFAULT_MESSAGES_MAX_TOKENS,
  MESSAGES_LIMITS,
  type UnigateMessagesProviderOptions,
  unigateMessagesProviderOptionsSchema,
} from './unigate-messages-options';
import { messagesTakesPrefill, whenPrepared } from '../resume/stream-resume';

// What a messages model's calls run, loaded by its first call (import() in unigate-messages-language-model.ts):
// prepare (the options checked, thinking, tools, the prompt, cache breakpoints, the body), send (with the
// retry without cache breakpoints), and the non-streamed answer mapped, with the stop reason and usage
// mappers the stream (messages-stream.ts) shares.

/** The model a call is made for. */
export interface MessagesCallTarget {
  readonly modelId: UnigateMessagesModelId;
  readonly context: UnigateModelContext;
  readonly config: MessagesModelConfig;
}

/** A call's request, ready to send. */
export interface PreparedMessagesCall {
  /** `POST {site_url}/api/v1/messages`. */
  url: string;
  body: MessagesRequestBody;
  warnings: SharedV3Warning[];
  jsonResponseTool: boolean;
  /** The call's `resume` and `maxResumes`, over the provider's. */
  resume: ResumeSettings;
}

// Thinking: the provider option or ai@7's `reasoning`, as the wire's `thinking`.

/**
 * The thinking budget of each ai@7 `reasoning` level on the messages format: about the AI SDK's own shares
 * (2, 10, 30, 60, 90, 100 %) of 27,648 tokens, rounded to 1024s and at least the format's minimum of 1024.
 * 27,648 plus the 4096 tokens left for the answer (`DEFAULT_MESSAGES_MAX_TOKENS`) stays under 32,000, the
 * smallest output limit among the upstream thinking models, so the default `max_tokens` fits every one.
 */
export const MESSAGES_REASONING_BUDGETS: Readonly<Record<ReasoningLevel, number>> = {
  minimal: 1024,
  low: 3072,
  medium: 8192,
  high: 16384,
  xhigh: 24576,
  max: 27648,
};

/** The thinking to send, in wire form: a budget, or an explicit off. */
type MessagesThinking = NonNullable<MessagesRequestBody['thinking']>;

/** The provider option's thinking, checked: a budget of at least 1024 and below `maxOutputTokens`. */
function optionThinking(
  thinking: NonNullable<UnigateMessagesProviderOptions['thinking']>,
  maxOutputTokens: number | undefined,
): MessagesThinking | undefined {
  // Off is the format's default: today's body for `{ type: 'disabled' }` has no thinking field.
  if (thinking.type !== 'enabled') return undefined;
  checkInteger(
    'providerOptions.unigate.thinking.budgetTokens',
    thinking.budgetTokens,
    MESSAGES_LIMITS.thinkingBudgetTokens,
  );
  if (maxOutputTokens !== undefined && maxOutputTokens <= thinking.budgetTokens) {
    throw new InvalidArgumentError({
      argument: 'maxOutputTokens',
      message:
        `Invalid argument maxOutputTokens: with thinking enabled it must be greater than ` +
        `providerOptions.unigate.thinking.budgetTokens (${thinking.budgetTokens}), because thinking counts ` +
        `toward max_tokens; received ${maxOutputTokens}.`,
    });
  }
  return { type: 'enabled', budget_tokens: thinking.budgetTokens };
}

/**
 * A level's budget. The caller chose no number, so a `maxOutputTokens` too small for it adjusts the budget
 * instead of failing: it is capped at half of `maxOutputTokens` (never below 1024), with a warning. Below
 * 1025 tokens no budget fits, and thinking is not enabled (an `unsupported` warning).
 */
function levelThinking(
  level: ReasoningLevel,
  maxOutputTokens: number | undefined,
  warnings: SharedV3Warning[],
): MessagesThinking | undefined {
  const budget = MESSAGES_REASONING_BUDGETS[level];
  if (maxOutputTokens === undefined) return { type: 'enabled', budget_tokens: budget };
  const { min } = MESSAGES_LIMITS.thinkingBudgetTokens;
  if (maxOutputTokens <= min) {
    warnings.push({
      type: 'unsupported',
      feature: 'reasoning',
      details:
        `Thinking needs max_tokens above its minimum budget of ${min} tokens; with maxOutputTokens ` +
        `${maxOutputTokens}, reasoning "${level}" was not sent.`,
    });
    return undefined;
  }
  const fitted = Math.max(min, Math.min(budget, Math.floor(maxOutputTokens / 2)));
  if (fitted !== budget) {
    warnings.push({
      type: 'compatibility',
      feature: 'reasoning',
      details:
        `reasoning "${level}" is a thinking budget of ${budget} tokens; with maxOutputTokens ${maxOutputTokens} ` +
        `the budget sent is ${fitted} (at most half of max_tokens, at least ${min}), so the answer keeps room.`,
    });
  }
  return { type: 'enabled', budget_tokens: fitted };
}

/**
 * The `thinking` of a messages call. `providerOptions.unigate.thinking` wins over ai@7's `reasoning`
 * without a warning, as the AI SDK's own providers let their provider option win. `reasoning: 'none'`
 * sends `{ type: 'disabled' }`; a level sends its budget from `MESSAGES_REASONING_BUDGETS`.
 */
function resolveMessagesThinking({
  option,
  reasoning,
  maxOutputTokens,
  warnings,
}: {
  option: UnigateMessagesProviderOptions['thinking'];
  reasoning: ReasoningLevel | 'none' | undefined;
  maxOutputTokens: number | undefined;
  warnings: SharedV3Warning[];
}): MessagesThinking | undefined {
  if (option !== undefined) return optionThinking(option, maxOutputTokens);
  if (reasoning === undefined) return undefined;
  if (reasoning === 'none') return { type: 'disabled' };
  return levelThinking(reasoning, maxOutputTokens, warnings);
}

// Tools and the JSON-answer tool.

/**
 * Name of the tool that carries a JSON answer. The messages format has no JSON mode, so
 * `responseFormat: {type:'json', schema}` is emulated: a tool with that schema as `input_schema` is offered
 * and chosen, and its input comes back as the text answer.
 */
export const JSON_RESPONSE_TOOL_NAME = 'json';

interface PreparedMessagesTools {
  tools: MessagesTool[] | undefined;
  toolChoice: MessagesToolChoice | undefined;
  /** True when a `json` tool_use block is the answer text, not a tool call. */
  jsonResponseTool: boolean;
  warnings: SharedV3Warning[];
}

/**
 * Tool definitions (`input_schema`, never `parameters`), `tool_choice`, and the JSON-answer emulation. A
 * tool's explicit cache breakpoint (`providerOptions.unigate.cacheControl`) is written on its definition
 * and recorded in `cacheLabels`.
 */
function prepareMessagesTools({
  tools,
  toolChoice,
  responseFormat,
  thinkingEnabled,
  cacheLabels = new Map(),
}: Pick<LanguageModelV3CallOptions, 'tools' | 'toolChoice' | 'responseFormat'> & {
  thinkingEnabled: boolean;
  cacheLabels?: CacheBreakpointLabels;
}): PreparedMessagesTools {
  const warnings: SharedV3Warning[] = [];
  const definitions: MessagesTool[] = [];
  const providerToolDetails = () => 'The messages endpoint documents function tools only; this tool was not sent.';
  for (const [index, tool] of functionTools(tools, 'messages', providerToolDetails, warnings)) {
    const where = `tools[${index}]`;
    const cacheControl = readCacheControl(tool.providerOptions, where);
    const definition: MessagesTool = {
      name: tool.name,
      ...(tool.description !== undefined && { description: tool.description }),
      input_schema: tool.inputSchema,
      ...(cacheControl !== undefined && { cache_control: cacheControl }),
    };
    if (cacheControl !== undefined) cacheLabels.set(definition, `${where} ("${tool.name}")`);
    definitions.push(definition);
  }

  if (toolChoice?.type === 'tool' && !definitions.some(tool => tool.name === toolChoice.toolName)) {
    throw new InvalidArgumentError({
      argument: 'toolChoice',
      message: `Invalid argument toolChoice: it names the tool "${toolChoice.toolName}", which is not among the tools of this call.`,
    });
  }

  const userChoice = mapToolChoice(toolChoice);

  if (responseFormat?.type === 'json') {
    if (responseFormat.schema === undefined) {
      warnings.push({
        type: 'unsupported',
        feature: 'responseFormat',
        details:
          'The messages format has no JSON mode; without a schema the answer is not constrained. ' +
          'Pass a schema (it is then enforced through a tool) or ask for JSON in the prompt.',
      });
    } else {
      if (definitions.some(tool => tool.name === JSON_RESPONSE_TOOL_NAME)) {
        throw new InvalidArgumentError({
          argument: 'tools',
          message: `Invalid argument tools: the tool name "${JSON_RESPONSE_TOOL_NAME}" is reserved for JSON answers (responseFormat json with a schema); rename the tool.`,
        });
      }
      const hasUserTools = definitions.length > 0;
      definitions.push({
        name: JSON_RESPONSE_TOOL_NAME,
        description: responseFormat.description ?? 'Respond with a JSON object that matches the input schema.',
        input_schema: responseFormat.schema,
      });
      let choice: MessagesToolChoice;
      if (thinkingEnabled) {
        // Forced tool use is not available together with extended thinking upstream.
        choice = { type: 'auto' };
        warnings.push({
          type: 'compatibility',
          feature: 'responseFormat',
          details: `With thinking enabled the "${JSON_RESPONSE_TOOL_NAME}" answer tool is offered, not forced; the model may answer in plain text.`,
        });
      } else if (!hasUserTools || userChoice?.type === 'none') {
        choice = { type: 'tool', name: JSON_RESPONSE_TOOL_NAME };
      } else if (userChoice?.type === 'tool') {
        choice = userChoice;
      } else {
        choice = { type: 'any' };
      }
      return { tools: definitions, toolChoice: choice, jsonResponseTool: true, warnings };
    }
  }

  if (definitions.length === 0) return { tools: undefined, toolChoice: undefined, jsonResponseTool: false, warnings };
  return { tools: definitions, toolChoice: userChoice, jsonResponseTool: false, warnings };
}

function mapToolChoice(choice: LanguageModelV3CallOptions['toolChoice']): MessagesToolChoice | undefined {
  switch (choice?.type) {
    case undefined:
      return undefined;
    case 'auto':
      return { type: 'auto' };
    case 'required':
      return { type: 'any' };
    case 'none':
      return { type: 'none' };
    case 'tool':
      return { type: 'tool', name: choice.toolName };
  }
}

/**
 * Whether a stream of this call can continue a final assistant turn (a fallback chain's hand-over): the
 * policy in src/resume/stream-resume.ts, over the call as prepared.
 */
export function continuesPrefill(target: MessagesCallTarget, options: LanguageModelV3CallOptions): boolean {
  return whenPrepared(
    () => prepareMessagesCall(target, options),
    ({ body, jsonResponseTool }) =>
      messagesTakesPrefill(target.modelId, body.thinking?.type === 'enabled', jsonResponseTool),
  );
}

/**
 * Every argument of a call checked and its body built, nothing sent: bad input fails here, before any
 * request.
 */
export function prepareMessagesCall(
  { modelId, config }: MessagesCallTarget,
  options: LanguageModelV3CallOptions,
): PreparedMessagesCall {
  checkModelKind(modelId, 'language');
  const { options: unigate, warnings } = parseUnigateOptions(
    options.providerOptions,
    unigateMessagesProviderOptionsSchema(),
    'messages-format',
  );
  checkInteger('maxOutputTokens', options.maxOutputTokens, MESSAGES_LIMITS.maxOutputTokens);
  checkRange('temperature', options.temperature, MESSAGES_LIMITS.temperature);
  checkRange('topP', options.topP, MESSAGES_LIMITS.topP);
  checkInteger('topK', options.topK, MESSAGES_LIMITS.topK);
  const thinking = resolveMessagesThinking({
    option: unigate.thinking,
    reasoning: readCallReasoning(options),
    maxOutputTokens: options.maxOutputTokens,
    warnings,
  });
  const budget = thinking?.type === 'enabled' ? thinking.budget_tokens : undefined;

  const cacheLabels: CacheBreakpointLabels = new Map();
  const prompt = convertToMessagesPrompt(options.prompt, cacheLabels);
  warnings.push(...prompt.warnings);
  const tools = prepareMessagesTools({
    tools: options.tools,
    toolChoice: options.toolChoice,
    responseFormat: options.responseFormat,
    thinkingEnabled: budget !== undefined,
    cacheLabels,
  });
  warnings.push(...tools.warnings);

  for (const feature of ['frequencyPenalty', 'presencePenalty', 'seed'] as const) {
    if (options[feature] !== undefined) {
      warnings.push({
        type: 'unsupported',
        feature,
        details: 'The messages endpoint has no such parameter; it was not sent.',
      });
    }
  }

  let { temperature, topK, topP } = options;
  if (budget !== undefined) {
    // Upstream, sampling is fixed while the model thinks; sending these would fail the request.
    for (const feature of ['temperature', 'topK'] as const) {
      if (options[feature] !== undefined) {
        warnings.push({
          type: 'unsupported',
          feature,
          details: 'Not available together with extended thinking; it was not sent.',
        });
      }
    }
    temperature = undefined;
    topK = undefined;
    // topP only narrows to 0.95-1 while thinking: a lower one would fail the request as well.
    const { min, max } = MESSAGES_LIMITS.thinkingTopP;
    if (topP !== undefined && topP < min) {
      warnings.push({
        type: 'unsupported',
        feature: 'topP',
        details: `With extended thinking the gateway accepts topP from ${min} to ${max} only; received ${topP}, which was not sent.`,
      });
      topP = undefined;
    }
  }

  const body: MessagesRequestBody = {
    model: modelId,
    max_tokens: options.maxOutputTokens ?? (budget ?? 0) + DEFAULT_MESSAGES_MAX_TOKENS,
    ...(prompt.system !== undefined && { system: prompt.system }),
    messages: prompt.messages,
    ...(temperature !== undefined && { temperature }),
    ...(topP !== undefined && { top_p: topP }),
    ...(topK !== undefined && { top_k: topK }),
    ...(options.stopSequences !== undefined &&
      options.stopSequences.length > 0 && { stop_sequences: options.stopSequences }),
    ...(unigate?.userId !== undefined && { metadata: { user_id: unigate.userId } }),
    ...(thinking && { thinking }),
    ...(tools.tools !== undefined && { tools: tools.tools }),
    ...(tools.toolChoice !== undefined && { tool_choice: tools.toolChoice }),
  };
  const caching = config.promptCaching;
  const mode = cachingRefused(caching, modelId) ? 'none' : caching.mode === 'auto' ? 'auto' : 'explicit';
  warnings.push(...placeCacheBreakpoints(body, mode, cacheLabels));
  const url = config.url('site', '/api/v1/messages');
  const resume = callResume(unigate, config.resume);
  return { url, body, warnings, jsonResponseTool: tools.jsonResponseTool, resume };
}

/**
 * How long a model sends no cache breakpoints after the gateway refused them (HTTP 400 naming
 * `cache_control`): long enough that a gateway without caching costs one retried call per model in that
 * time, short enough that a passing refusal (a deploy, a route) does not give the saving up for good.
 */
export const CACHE_REFUSAL_BACKOFF_MS = 10 * 60_000;

/** True while `modelId`'s breakpoints are refused; a refusal whose time is over is forgotten. */
function cachingRefused(caching: PromptCachingState, modelId: string): boolean {
  const until = caching.refusedUntil.get(modelId);
  if (until === undefined) return false;
  if (caching.now() < until) return true;
  caching.refusedUntil.delete(modelId);
  return false;
}

/** The gateway's words when it answered 400 naming `cache_control`, else `undefined`. */
function cacheControlRefusal(error: unknown): string | undefined {
  if (!APICallError.isInstance(error) || error.statusCode !== 400) return undefined;
  // The error's own message, not the whole body: a body that echoes the request would name it anyway.
  const said = isObjectRecord(error.data) && typeof error.data.message === 'string' ? error.data.message : undefined;
  return said?.includes('cache_control') ? said : undefined;
}

/**
 * Sends `body`. When the gateway refuses its cache breakpoints (400 with an error naming
 * `cache_control`), this model sends no breakpoints for `CACHE_REFUSAL_BACKOFF_MS` (`caching.refusedUntil`;
 * the provider's other models keep theirs), a warning says so, and the same call is sent once more without
 * them: a gateway that does not take caching never costs a failed call. Resolves with the successful send's result and the body it carried.
 */
export async function sendWithCacheFallback<R>(
  body: MessagesRequestBody,
  caching: PromptCachingState,
  warnings: SharedV3Warning[],
  send: (body: MessagesRequestBody) => Promise<R>,
): Promise<{ result: R; body: MessagesRequestBody }> {
  try {
    return { result: await send(body), body };
  } catch (error) {
    const said = cacheControlRefusal(error);
    if (said === undefined || !hasCacheBreakpoints(body)) throw error;
    caching.refusedUntil.set(body.model, caching.now() + CACHE_REFUSAL_BACKOFF_MS);
    warnings.push({
      type: 'other',
      message:
        `The gateway refused prompt caching (HTTP 400: ${said}). The call was sent again without cache ` +
        `breakpoints, and ${body.model} sends none for the next ${CACHE_REFUSAL_BACKOFF_MS / 60_000} minutes.`,
    });
    const retried = withoutCacheBreakpoints(body);
    return { result: await send(retried), body: retried };
  }
}

/**
 * `stop_reason` -> the AI SDK's finish reason. The raw value is always kept. `jsonResponseTool` turns a
 * `tool_use` stop into `stop` when the only tool used was the JSON-answer tool.
 */
export function mapMessagesStopReason(
  stopReason: string | null | undefined,
  jsonResponseTool = false,
): LanguageModelV3FinishReason {
  const raw = stopReason ?? undefined;
  switch (stopReason) {
    // pause_turn: the upstream paused a long turn (server tools); @ai-sdk/anthropic calls it a stop too.
    case 'end_turn':
    case 'stop_sequence':
    case 'pause_turn':
      return { unified: 'stop', raw };
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return { unified: 'length', raw };
    case 'tool_use':
      return { unified: jsonResponseTool ? 'stop' : 'tool-calls', raw };
    case 'refusal':
      return { unified: 'content-filter', raw };
    default:
      return { unified: 'other', raw };
  }
}

/**
 * The finish's `unigate` metadata: the stop sequence that ended the answer, and the stop reason where the
 * finish reason does not tell it (`pause_turn`, a paused turn the caller may continue, finishes as `stop`).
 */
export function stopMetadata(stopSequence: string | null, stopReason: string | null | undefined) {
  return { unigate: { stopSequence, ...(stopReason === 'pause_turn' && { stopReason }) } };
}

/** The wire usage's counts, in both the answer's and the stream's usage (and in each pass of a call's). */
export const USAGE_FIELDS = [
  'input_tokens',
  'output_tokens',
  'cache_read_input_tokens',
  'cache_creation_input_tokens',
] as const;
type Counts = Partial<Record<(typeof USAGE_FIELDS)[number], number>>;

// The passes the answering model itself ran. `advisor_message` is another model's pass, priced at that
// model's rates; kinds not named here are left to the top-level counts.
const OWN_PASSES: readonly unknown[] = ['compaction', 'message'];

/**
 * The counts of a call that ran several passes (`usage.iterations`: context compaction, advisor, server
 * fallback; docs/streaming.md#messages-usage-per-pass). The top-level counts leave out the compaction
 * passes, so each field is the sum over the model's own passes, or the top-level value when that is
 * larger: never less than either. A call a server fallback answered keeps its top-level counts, which
 * are the answering pass's.
 */
function countsOverPasses(usage: MessagesUsage): Counts {
  const top: Counts = {};
  for (const field of USAGE_FIELDS) top[field] = count(usage[field]);
  const passes = usage.iterations;
  if (!Array.isArray(passes) || passes.length === 0) return top;
  if (passes.some(pass => isObjectRecord(pass) && pass.type === 'fallback_message')) return top;
  const sums: Counts = {};
  for (const pass of passes) {
    if (!isObjectRecord(pass) || !OWN_PASSES.includes(pass.type)) continue;
    for (const field of USAGE_FIELDS) {
      const value = count(pass[field]);
      if (value !== undefined) sums[field] = (sums[field] ?? 0) + value;
    }
  }
  const counts: Counts = {};
  for (const field of USAGE_FIELDS) {
    const [a, b] = [top[field], sums[field]];
    counts[field] = a === undefined ? b : b === undefined ? a : Math.max(a, b);
  }
  return counts;
}

/**
 * Wire usage -> the V3 usage shape. `input_tokens` counts only uncached input; cache reads and writes
 * come on top of it, so the total input is their sum. Output is not split into text and thinking on the
 * wire, so those two stay undefined. With per-pass counts, every pass is counted (countsOverPasses).
 */
export function convertMessagesUsage(usage: MessagesUsage | null | undefined): LanguageModelV3Usage {
  const counts = usage == null ? {} : countsOverPasses(usage);
  const input = counts.input_tokens;
  const cacheRead = counts.cache_read_input_tokens;
  const cacheWrite = counts.cache_creation_input_tokens;
  const output = counts.output_tokens;
  return {
    inputTokens: {
      total: input === undefined ? undefined : input + (cacheRead ?? 0) + (cacheWrite ?? 0),
      noCache: input,
      cacheRead,
      cacheWrite,
    },
    outputTokens: { total: output, text: undefined, reasoning: undefined },
    ...(usage != null && { raw: usage as JSONObject }),
  };
}

/**
 * Of a call's cache writes, those made with a 1-hour TTL, for their price: what `usage.cache_creation`
 * reports (`ephemeral_1h_input_tokens`); writes it does not split by TTL (or all, without it) count at
 * `requestTtl`, the longest TTL the request asked for, so a cost never under-counts.
 */
export function oneHourCacheWrites(usage: LanguageModelV3Usage, requestTtl: '5m' | '1h'): number {
  const writes = usage.inputTokens.cacheWrite ?? 0;
  const split = isObjectRecord(usage.raw) && isObjectRecord(usage.raw.cache_creation) ? usage.raw.cache_creation : {};
  const long = Math.min(count(split.ephemeral_1h_input_tokens) ?? 0, writes);
  const unsplit = Math.max(writes - long - (count(split.ephemeral_5m_input_tokens) ?? 0), 0);
  return long + (requestTtl === '1h' ? unsplit : 0);
}

/**
 * The `advisor_message` passes of a call's usage (docs/streaming.md#messages-usage-per-pass): another
 * model's passes, which the call's own counts leave out, each with the model it names and its counts.
 */
export function advisorPasses(usage: LanguageModelV3Usage, requestTtl: '5m' | '1h'): OtherModelPass[] {
  const passes = isObjectRecord(usage.raw) ? usage.raw.iterations : undefined;
  if (!Array.isArray(passes)) return [];
  const advisors: OtherModelPass[] = [];
  for (const pass of passes) {
    if (!isObjectRecord(pass) || pass.type !== 'advisor_message') continue;
    const wire: MessagesUsage = { ...(isObjectRecord(pass.cache_creation) && { cache_creation: pass.cache_creation }) };
    for (const field of USAGE_FIELDS) wire[field] = count(pass[field]);
    const passUsage = convertMessagesUsage(wire);
    advisors.push({
      modelId: typeof pass.model === 'string' && pass.model !== '' ? pass.model : undefined,
      usage: passUsage,
      oneHourCacheWrites: oneHourCacheWrites(passUsage, requestTtl),
    });
  }
  return advisors;
}

/**
 * The call as priced: cache writes the usage does not split by TTL count at the longest TTL the body asks
 * for; an advisor's passes at the advisor's price.
 */
export function pricedMessagesCall(
  modelId: string,
  options: LanguageModelV3CallOptions,
  body: MessagesRequestBody,
): PricedCall {
  const ttl = longestCacheTtl(body);
  return {
    ...languageModelCall(modelId, 'messages', options),
    oneHourCacheWrites: usage => oneHourCacheWrites(usage, ttl),
    otherModelPasses: usage => advisorPasses(usage, ttl),
  };
}

/** The request a budget reserves from (`requests.wireBody`), sent as built by the call with the same options. */
export const requests = builtOnce(prepareMessagesCall);

/** `doGenerate`: one request, its answer's blocks as content, its cost in the metadata. */
export async function generate(
  target: MessagesCallTarget,
  options: LanguageModelV3CallOptions,
): Promise<LanguageModelV3GenerateResult> {
  const { modelId, context } = target;
  const prepared = requests.built(target, options);
  const { warnings, jsonResponseTool } = prepared;
  const call = pricedMessagesCall(modelId, options, prepared.body);
  const { result: sent, body } = await sendWithCacheFallback(
    prepared.body,
    target.config.promptCaching,
    warnings,
    body =>
      sendPricedRequest(context, call, {
        config: target.config,
        auth: 'x-api-key',
        url: prepared.url,
        body,
        successfulResponseHandler: createJsonHandler(messagesResponseSchema()),
      }),
  );
  const response = sent.value;

  const content: LanguageModelV3Content[] = [];
  let usedRealTool = false;
  for (const block of response.content) {
    switch (block.type) {
      case 'text':
        content.push({ type: 'text', text: block.text });
        break;
      case 'thinking':
        content.push({
          type: 'reasoning',
          text: block.thinking,
          ...(typeof block.signature === 'string' && {
            providerMetadata: { unigate: { signature: block.signature } },
          }),
        });
        break;
      case 'redacted_thinking':
        content.push({ type: 'reasoning', text: '', providerMetadata: { unigate: { redactedData: block.data } } });
        break;
      case 'tool_use': {
        const input = JSON.stringify(block.input ?? {});
        if (jsonResponseTool && block.name === JSON_RESPONSE_TOOL_NAME) {
          content.push({ type: 'text', text: input });
        } else {
          usedRealTool = true;
          content.push({ type: 'tool-call', toolCallId: block.id, toolName: block.name, input });
        }
        break;
      }
      default:
        // Block kinds the spec does not name carry nothing the V3 content can hold.
        break;
    }
  }

  const answer = {
    content,
    finishReason: mapMessagesStopReason(response.stop_reason, jsonResponseTool && !usedRealTool),
    usage: convertMessagesUsage(response.usage),
    metadata: stopMetadata(response.stop_sequence ?? null, response.stop_reason),
    id: response.id,
    modelId: response.model,
  };
  return languageResult(context, call, sent, answer, body, warnings);
}
