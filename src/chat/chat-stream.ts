import type {
  LanguageModelV3CallOptions,
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import { generateId } from '@ai-sdk/provider-utils';
import { isObjectRecord } from '../checks/values';
import { redactSecrets } from '../errors/redact-secrets';
import {
  type ChatContinuation,
  chatContinuation,
  chatPrefillMessages,
  handedPrefill,
  type LanguageStream,
  openLanguageStream,
  type StreamSoFar,
} from '../resume/stream-resume';
import type { CutToolCall, KeptToolCall } from '../resume/resume-stream';
import { interruptedFinishReason } from '../settings/model-kind';
import type { SseHandler } from '../streams/sse-reader';
import { inBandStreamError, malformed, noEvent, notA } from '../streams/stream-errors';
import type { StreamExtras } from '../streams/stream-extras';
import {
  closeAtBreak,
  closeOpenBlocks,
  type FinishMetadata,
  type LanguageModelPartSink,
  type PriceWait,
  StreamState,
  type StreamHandlerOptions,
  type OpenBlock,
  openCallsError,
  readChunk,
} from '../streams/stream-state';
import type {
  ChatChunkChoice,
  ChatChunkDelta,
  ChatChunkToolCallDelta,
  ChatCompletionChunk,
  ChatRequestBody,
} from './chat-api-types';
import {
  type ChatCallTarget,
  chatUrl,
  contentText,
  convertChatUsage,
  mapChatFinishReason,
  requests,
  prepareChatRequest,
  pricedChatCall,
  readContentParts,
} from './chat-model-calls';

// A chat model's stream, loaded by its first doStream (import() in unigate-chat-language-model.ts): the
// state one stream keeps between chunks, the mapping of each chunk's choices, deltas and tool calls to V3
// stream parts, and `stream`, the call: prepared as chat-model-calls.ts prepares it, then sent, read and
// resumed by the run both formats share (src/resume/stream-resume.ts) through chat's adapter.

/** One streamed tool call, keyed by its `index`. Arguments are appended, never re-parsed. */
export interface StreamedToolCall {
  index: number;
  /** The id and the name as they arrive; the id is generated at the start when the upstream sent none. */
  id: string | undefined;
  name: string | undefined;
  args: string;
  /** Set when `tool-input-start` was sent (it needs the name): the id and name the caller saw. */
  started: { id: string; name: string } | undefined;
  /** `tool-input-end` was sent. */
  ended: boolean;
}

/** The calls among `calls` that started and did not end, as the break rule sees them, added to `open`. */
function openCalls(calls: readonly StreamedToolCall[], open: OpenBlock[] = []): OpenBlock[] {
  for (const call of calls) {
    if (call.started && !call.ended) open.push({ kind: 'tool', ...call.started, input: call.args });
  }
  return open;
}

/**
 * Everything one chat stream remembers between chunks, and the parts that open and close it.
 * The event mapping follows it: tool calls, then choices, then the handler.
 */
export class ChatStreamState extends StreamState {
  /** The stream is ending or has failed: later events are ignored. */
  finished = false;
  finishSent = false;
  metadataSent = false;
  /** The answer's id, from its first chunk: the charge's request id when no header gave one. */
  responseId: string | undefined = undefined;
  finishReason: string | undefined = undefined;
  /** Each choice's finish_reason once it came, by choice index: content after it is an error. */
  readonly endedChoices: Array<string | undefined> = [];
  usage: unknown = undefined;
  /** Text and reasoning blocks so far, for their ids. */
  blocks = 0;
  textId: string | undefined = undefined;
  reasoningId: string | undefined = undefined;
  /** By wire index. */
  readonly toolCalls = new Map<number, StreamedToolCall>();
  /** In order of arrival: the order calls complete in. */
  readonly callOrder: StreamedToolCall[] = [];
  /** `n > 1` only: every choice's text and finish reason, by choice index. */
  readonly choiceTexts: string[] = [];
  readonly choiceFinishReasons: Array<string | null> = [];
  readonly collectChoices: boolean;

  constructor(
    warnings: SharedV3Warning[],
    collectChoices: boolean,
    finishMetadata?: FinishMetadata,
    priceWait?: PriceWait,
  ) {
    super(warnings, finishMetadata, priceWait);
    this.collectChoices = collectChoices;
  }

  endReasoning(sink: LanguageModelPartSink): void {
    if (this.reasoningId === undefined) return;
    sink.enqueue({ type: 'reasoning-end', id: this.reasoningId });
    this.reasoningId = undefined;
  }

  endText(sink: LanguageModelPartSink): void {
    if (this.textId === undefined) return;
    sink.enqueue({ type: 'text-end', id: this.textId });
    this.textId = undefined;
  }

  /**
   * The clean end's last part; the caller closes open blocks and completes tool calls first.
   * `interrupted`: the body ended with neither a finish_reason nor `[DONE]`.
   */
  sendFinish(sink: LanguageModelPartSink, interrupted = false): void {
    this.finishSent = true;
    const usage = convertChatUsage(this.usage);
    const reason = mapChatFinishReason(this.finishReason);
    this.sendFinishPart(
      sink,
      { type: 'finish', finishReason: interrupted ? interruptedFinishReason(this.spec, reason) : reason, usage },
      this.providerMetadata(),
      true,
    );
  }

  /**
   * The stream failed: one `error` part, the open blocks ended (a call only completed when its
   * arguments so far are valid JSON, see closeOpenBlocks), then `finish` with reason `error`.
   */
  fail(error: unknown, sink: LanguageModelPartSink): void {
    this.sendError(error, sink);
    this.finished = true;
    const open: OpenBlock[] = [];
    if (this.reasoningId !== undefined)
      open.push({ kind: 'reasoning', id: this.reasoningId, providerMetadata: undefined });
    if (this.textId !== undefined) open.push({ kind: 'text', id: this.textId });
    closeOpenBlocks(openCalls(this.callOrder, open), sink);
    this.reasoningId = undefined;
    this.textId = undefined;
    for (const call of this.callOrder) if (call.started) call.ended = true;
    if (this.finishSent) return;
    this.finishSent = true;
    const usage = convertChatUsage(this.usage);
    const failed: LanguageModelV3FinishReason = { unified: 'error', raw: this.finishReason };
    // A V4 stream whose body ended with neither a finish_reason nor [DONE] says `interrupted`, as messages does.
    const finishReason = this.cutOff ? interruptedFinishReason(this.spec, failed) : failed;
    this.sendFinishPart(sink, { type: 'finish', finishReason, usage }, undefined, false);
  }

  private providerMetadata(): SharedV3ProviderMetadata | undefined {
    if (!this.collectChoices) return undefined;
    const choices = [];
    const count = Math.max(this.choiceTexts.length, this.choiceFinishReasons.length);
    for (let index = 0; index < count; index++) {
      choices.push({
        index,
        text: this.choiceTexts[index] ?? '',
        finishReason: this.choiceFinishReasons[index] ?? null,
      });
    }
    return { unigate: { choices } };
  }
}

/** Sends `tool-input-end` and the `tool-call` of a call, once. A call that never got a name is malformed. */
function completeToolCall(call: StreamedToolCall, data: string, sink: LanguageModelPartSink): void {
  if (call.ended) return;
  const { started } = call;
  if (!started) throw malformed('chat', `tool call ${call.index} ended without a function name`, data);
  call.ended = true;
  sink.enqueue({ type: 'tool-input-end', id: started.id });
  // Passed through as sent, valid JSON or not, so the AI SDK's repair hook sees what the model wrote.
  sink.enqueue({ type: 'tool-call', toolCallId: started.id, toolName: started.name, input: call.args });
}

/** Completes every open call, in the order they arrived. */
export function completeToolCalls(state: ChatStreamState, data: string, sink: LanguageModelPartSink): void {
  const calls = state.callOrder;
  for (let i = 0; i < calls.length; i++) completeToolCall(calls[i], data, sink);
}

/**
 * Calls no finish_reason completed, at a break (`what` says which): each open call is completed when
 * its arguments so far are valid JSON, else the error naming it is thrown (see `closeAtBreak`).
 * A call that never got a name is malformed, as at any end.
 */
export function closeCallsAtBreak(
  calls: readonly StreamedToolCall[],
  what: string,
  data: string,
  sink: LanguageModelPartSink,
): void {
  closeAtBreak('chat', what, openCalls(calls), data, sink);
  for (const call of calls) if (call.started) call.ended = true;
  // Only after every started call is marked ended, so the failure path does not end one twice.
  for (const call of calls) if (!call.started) completeToolCall(call, data, sink);
}

/** The error for a malformed tool call delta; built only when something is wrong. */
function wrongToolField(position: number, field: string, value: unknown, expected: string, data: string) {
  return malformed('chat', notA(`choices[0].delta.tool_calls[${position}]${field}`, value, expected), data);
}

/**
 * One entry of `choices[0].delta.tool_calls`: opens, extends or (when a new id reuses the index)
 * replaces a call. Arguments that came before the name are held and sent right after tool-input-start.
 */
export function toolCallDelta(
  state: ChatStreamState,
  delta: ChatChunkToolCallDelta,
  position: number,
  data: string,
  sink: LanguageModelPartSink,
): void {
  if (delta === null || typeof delta !== 'object' || Array.isArray(delta))
    throw wrongToolField(position, '', delta, 'an object', data);
  let index = delta.index;
  if (index === undefined || index === null) index = position;
  else if (typeof index !== 'number') throw wrongToolField(position, '.index', index, 'a number', data);
  const id = delta.id;
  if (id != null && typeof id !== 'string') throw wrongToolField(position, '.id', id, 'a string', data);
  const fn = delta.function;
  let name: unknown;
  let args: unknown;
  if (fn != null) {
    if (typeof fn !== 'object' || Array.isArray(fn)) throw wrongToolField(position, '.function', fn, 'an object', data);
    name = fn.name;
    args = fn.arguments;
    if (name != null && typeof name !== 'string')
      throw wrongToolField(position, '.function.name', name, 'a string', data);
    if (args != null && typeof args !== 'string')
      throw wrongToolField(position, '.function.arguments', args, 'a string', data);
  }

  let call = state.toolCalls.get(index);
  if (
    call !== undefined &&
    id != null &&
    typeof name === 'string' &&
    name !== '' &&
    call.id !== undefined &&
    id !== call.id
  ) {
    // Some upstreams number every call 0: a new id and name at a known index start the next call. One
    // still open there is displaced before its finish_reason: a break, so the break rule ends it.
    closeCallsAtBreak([call], `tool call ${id} reused index ${index} while tool call ${call.id} was open`, data, sink);
    call = undefined;
  }
  if (call === undefined) {
    state.endReasoning(sink);
    call = { index, id: id ?? undefined, name: undefined, args: '', started: undefined, ended: false };
    state.toolCalls.set(index, call);
    state.callOrder.push(call);
  } else if (call.ended) {
    throw malformed('chat', `tool call ${index} received more data after it was complete`, data);
  } else if (call.id === undefined && id != null) {
    call.id = id;
  }
  if (call.name === undefined && typeof name === 'string' && name !== '') call.name = name;

  if (call.started) {
    if (typeof args === 'string' && args !== '') {
      call.args += args;
      sink.enqueue({ type: 'tool-input-delta', id: call.started.id, delta: args });
    }
    return;
  }
  if (typeof args === 'string') call.args += args;
  if (call.name === undefined) return;
  call.id ??= generateId();
  call.started = { id: call.id, name: call.name };
  sink.enqueue({ type: 'tool-input-start', id: call.id, toolName: call.name });
  if (call.args !== '') sink.enqueue({ type: 'tool-input-delta', id: call.id, delta: call.args });
}

// Builds the message only when something is wrong: the path is never formatted on the hot path.
function wrongField(position: number, field: string, value: unknown, expected: string, data: string) {
  return malformed('chat', notA(`choices[${position}]${field}`, value, expected), data);
}

/** A choice's `delta`, when it has one: `undefined` when absent, an object, or a throw. */
function readDelta(choice: ChatChunkChoice, position: number, data: string): ChatChunkDelta | undefined {
  const delta = choice.delta;
  if (delta == null) return undefined;
  if (typeof delta !== 'object' || Array.isArray(delta)) throw wrongField(position, '.delta', delta, 'an object', data);
  return delta;
}

/** Reasoning text for choice 0: opens the reasoning block at its first piece. */
function appendReasoning(state: ChatStreamState, reasoning: string, sink: LanguageModelPartSink): void {
  state.reasoned = true;
  if (state.reasoningId === undefined) {
    state.reasoningId = `reasoning-${state.blocks++}`;
    sink.enqueue({ type: 'reasoning-start', id: state.reasoningId });
  }
  sink.enqueue({ type: 'reasoning-delta', id: state.reasoningId, delta: reasoning });
}

/** Answer text for choice 0: the first piece ends the reasoning and opens the text block. */
function appendText(state: ChatStreamState, text: string, sink: LanguageModelPartSink): void {
  if (text === '') return;
  state.received += text;
  if (state.textId === undefined) {
    state.endReasoning(sink);
    state.textId = `text-${state.blocks++}`;
    sink.enqueue({ type: 'text-start', id: state.textId });
  }
  sink.enqueue({ type: 'text-delta', id: state.textId, delta: text });
  if (state.collectChoices) state.choiceTexts[0] = (state.choiceTexts[0] ?? '') + text;
}

function reasoningDelta(
  state: ChatStreamState,
  delta: ChatChunkDelta,
  position: number,
  data: string,
  sink: LanguageModelPartSink,
): void {
  let reasoning: unknown = delta.reasoning_content;
  if (reasoning == null) reasoning = delta.reasoning;
  if (reasoning == null) return;
  if (typeof reasoning !== 'string')
    throw wrongField(position, '.delta.reasoning_content', reasoning, 'a string', data);
  if (reasoning !== '') appendReasoning(state, reasoning, sink);
}

function contentDelta(
  state: ChatStreamState,
  delta: ChatChunkDelta,
  position: number,
  data: string,
  sink: LanguageModelPartSink,
): void {
  const content: unknown = delta.content;
  if (content == null) return;
  if (Array.isArray(content)) {
    // A list of text and thinking parts (Mistral's reasoning models), mapped in the order sent.
    const fail = (problem: string) => malformed('chat', problem, data);
    for (const piece of readContentParts(content, `choices[${position}].delta.content`, fail)) {
      if (piece.kind === 'text') appendText(state, piece.text, sink);
      else appendReasoning(state, piece.text, sink);
    }
    return;
  }
  if (typeof content !== 'string') throw wrongField(position, '.delta.content', content, 'a string', data);
  if (content !== '') appendText(state, content, sink);
}

/** The first choice (index 0): its deltas become parts; its `finish_reason` completes its tool calls. */
export function choiceDelta(
  state: ChatStreamState,
  choice: ChatChunkChoice,
  position: number,
  data: string,
  sink: LanguageModelPartSink,
): void {
  const delta = readDelta(choice, position, data);
  if (delta !== undefined) {
    reasoningDelta(state, delta, position, data, sink);
    contentDelta(state, delta, position, data, sink);
    const calls: unknown = delta.tool_calls;
    if (calls != null) {
      if (!Array.isArray(calls)) throw wrongField(position, '.delta.tool_calls', calls, 'an array', data);
      for (let i = 0; i < calls.length; i++) toolCallDelta(state, calls[i], i, data, sink);
    }
  }

  const reason: unknown = choice.finish_reason;
  if (reason == null) return;
  if (typeof reason !== 'string') throw wrongField(position, '.finish_reason', reason, 'a string', data);
  state.finishReason = reason;
  if (state.collectChoices) state.choiceFinishReasons[0] = reason;
  // The choice is over: its tool calls are whole now.
  completeToolCalls(state, data, sink);
}

/** Choices other than the first only feed `providerMetadata.unigate.choices` (n > 1). */
export function collectChoice(
  state: ChatStreamState,
  choice: ChatChunkChoice,
  index: number,
  position: number,
  data: string,
): void {
  const delta = readDelta(choice, position, data);
  const content: unknown = delta?.content;
  if (content != null) {
    if (typeof content !== 'string' && !Array.isArray(content))
      throw wrongField(position, '.delta.content', content, 'a string', data);
    const path = `choices[${position}].delta.content`;
    const text = contentText(content, path, problem => malformed('chat', problem, data));
    state.choiceTexts[index] = (state.choiceTexts[index] ?? '') + text;
  }
  if (typeof choice.finish_reason === 'string') state.choiceFinishReasons[index] = choice.finish_reason;
}

// An empty string or list carries nothing: some gateways repeat empty fields after the end.
const carries = (value: unknown) => value != null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * A choice already finished: a delta with text, reasoning or tool calls here belongs to no answer
 * (a spliced or replayed stream), so it is an error. An empty delta, a repeated finish_reason or the
 * usage chunk with empty `choices` are fine.
 */
function rejectAfterFinish(
  state: ChatStreamState,
  choice: ChatChunkChoice,
  index: number,
  position: number,
  data: string,
): void {
  const delta = readDelta(choice, position, data);
  if (delta === undefined) return;
  if (
    carries(delta.content) ||
    carries(delta.reasoning_content) ||
    carries(delta.reasoning) ||
    carries(delta.tool_calls)
  ) {
    const reason = state.endedChoices[index];
    throw malformed(
      'chat',
      `choices[${position}] carries content for choice ${index} after its finish_reason "${reason}"`,
      data,
    );
  }
}

/**
 * The end, at `[DONE]` or the end of the body: open blocks close, then one `finish`. A tool call still
 * open here got no finish_reason: the break rule completes it or names it in an error.
 */
function finish(state: ChatStreamState, data: string, sink: LanguageModelPartSink, interrupted = false): void {
  state.finished = true;
  state.endReasoning(sink);
  state.endText(sink);
  closeCallsAtBreak(state.callOrder, 'the stream ended with tool calls no finish_reason completed', data, sink);
  state.sendFinish(sink, interrupted);
}

/**
 * The response metadata, once, from the first chunk that answers: an empty id is no id, and a chunk with
 * no choices answers nothing (Azure opens with a content-filter report: `"id": ""`, `"choices": []`).
 * Chunk ids are not compared: nothing in the format says they are stable, and Groq's compound models send
 * a new one in every chunk (docs/replay-corpus.md). A spliced answer is still caught by its content after
 * the choice's finish_reason (`rejectAfterFinish`).
 */
function chunkHead(state: ChatStreamState, chunk: ChatCompletionChunk, sink: LanguageModelPartSink): void {
  if (state.metadataSent) return;
  const id = typeof chunk.id === 'string' && chunk.id !== '' ? chunk.id : undefined;
  const choices = chunk.choices;
  if (Array.isArray(choices) && choices.length === 0) return;
  state.metadataSent = true;
  state.responseId = id;
  sink.enqueue({
    type: 'response-metadata',
    id,
    modelId: typeof chunk.model === 'string' ? chunk.model : undefined,
    timestamp: typeof chunk.created === 'number' ? new Date(chunk.created * 1000) : undefined,
  });
}

/**
 * The chunk's usage, when sent: read after its choices, so a chunk rejected there gives none. Groq's
 * compound models send it only in `x_groq.usage` (read there too by @ai-sdk/groq); other Groq models send
 * both.
 */
function chunkUsage(state: ChatStreamState, chunk: ChatCompletionChunk, data: string): void {
  const usage = chunk.usage ?? (isObjectRecord(chunk.x_groq) ? chunk.x_groq.usage : undefined);
  if (usage == null) return;
  if (typeof usage !== 'object' || Array.isArray(usage))
    throw malformed('chat', notA('usage', usage, 'an object'), data);
  state.usage = usage;
}

function choices(state: ChatStreamState, chunk: ChatCompletionChunk, data: string, sink: LanguageModelPartSink): void {
  const choices = chunk.choices;
  if (choices == null) return;
  if (!Array.isArray(choices)) throw malformed('chat', notA('choices', choices, 'an array'), data);
  for (let position = 0; position < choices.length; position++) {
    const choice = choices[position];
    if (choice === null || typeof choice !== 'object' || Array.isArray(choice)) {
      throw malformed('chat', notA(`choices[${position}]`, choice, 'an object'), data);
    }
    const index = choice.index ?? 0;
    if (typeof index !== 'number') throw malformed('chat', notA(`choices[${position}].index`, index, 'a number'), data);
    // n = 1: other choices are not read at all.
    if (index !== 0 && !state.collectChoices) continue;
    if (state.endedChoices[index] !== undefined) rejectAfterFinish(state, choice, index, position, data);
    if (index === 0) choiceDelta(state, choice, position, data, sink);
    else collectChoice(state, choice, index, position, data);
    if (typeof choice.finish_reason === 'string') state.endedChoices[index] = choice.finish_reason;
  }
}

const CUT_OFF = 'the body ended with neither a finish_reason nor [DONE]: the response was cut off';

/**
 * Maps chat-completions SSE events to V3 stream parts, for `readSseStream`.
 *
 * The hot path: one JSON.parse per event, fields read by shape with typeof checks, one enqueue per
 * delta. A malformed chunk or an `{error}` object throws, and the reader routes the throw to `error`,
 * which emits an `error` part and a `finish` with reason `error`, then ends the stream.
 * Tool calls complete at the choice's `finish_reason`, never because a prefix of the arguments happens
 * to parse. One still open when a new call id reuses its index, or at `[DONE]` or the end of the body,
 * follows the break rule in stream-state.ts: completed if its arguments are valid JSON, else an error.
 * A body that ends without a finish_reason throws, so the resume is asked first; when it declines, the
 * answer was cut: an `error` part and `finish` 'error' (`interrupted` on V4), as on messages.
 */
function createChatStreamHandler(
  state: ChatStreamState,
  { includeRawChunks, request }: Pick<StreamHandlerOptions, 'includeRawChunks' | 'request'>,
): SseHandler<LanguageModelV3StreamPart> {
  return {
    event(data, eventName, sink) {
      if (state.finished) return;
      state.start(sink);
      if (data === '[DONE]') {
        finish(state, data, sink);
        // Ends the stream even if the connection stays open after the terminator.
        return sink.close();
      }
      const chunk = readChunk('chat', data, eventName, includeRawChunks, sink) as ChatCompletionChunk;
      if (chunk.error != null) {
        state.errorEvent = true;
        throw inBandStreamError('Unigate chat completion failed', chunk, data, request);
      }
      chunkHead(state, chunk, sink);
      choices(state, chunk, data, sink);
      chunkUsage(state, chunk, data);
    },

    end(sink) {
      if (state.finished) return;
      // Not one event arrived (`start` runs at the first): an empty body is no answer.
      if (!state.started) throw noEvent('chat');
      if (state.finishReason === undefined) {
        state.cutOff = true;
        // The error names the tool calls the cut leaves unable to complete, as on messages.
        throw openCallsError('chat', CUT_OFF, openCalls(state.callOrder), '') ?? malformed('chat', CUT_OFF, '');
      }
      // No [DONE]: the body simply ended. Whatever arrived is complete; finish cleanly. Without a
      // finish_reason either, nothing said the answer was complete: V4 calls that `interrupted`.
      finish(state, '', sink, state.finishReason === undefined);
    },

    error(error, sink) {
      // A cut-off body the resume did not take is a cut answer, as on messages: an error part and a
      // `finish` 'error' (`interrupted` on V4, see fail).
      state.fail(error, sink);
      // Stops reading: the rest of the body can no longer be trusted, and the connection is released.
      sink.close();
    },
  };
}

/** `body` with `prefill` as the answer's start: a final assistant message flagged `flag` (none for an empty prefill). */
function withChatPrefill(body: ChatRequestBody, prefill: string, flag: ChatContinuation['flag']): ChatRequestBody {
  return { ...body, messages: [...body.messages, ...chatPrefillMessages(prefill, flag)] };
}

/**
 * `failed` (whose usage chunk never came) with the continuation's input as its own, all at the uncached
 * price: the continuation sent the same prompt plus the prefill, so this never under-counts.
 */
function inputBoundedBy(failed: LanguageModelV3Usage, continuation: LanguageModelV3Usage): LanguageModelV3Usage {
  const { total, cacheWrite } = continuation.inputTokens;
  const noCache = total === undefined ? undefined : total - (cacheWrite ?? 0);
  return { ...failed, inputTokens: { total, noCache, cacheRead: 0, cacheWrite } };
}

/**
 * What a failed chat stream gave the caller, for its resume, or undefined where none is possible:
 * reasoning arrived, or the answer was already complete (a finish_reason came).
 */
function chatSoFar(state: ChatStreamState): StreamSoFar | undefined {
  if (state.reasoned || state.finishReason !== undefined) return undefined;
  const toolCalls: KeptToolCall[] = [];
  const cutToolCalls: CutToolCall[] = [];
  for (const call of state.callOrder) {
    if (call.ended && call.name !== undefined) toolCalls.push({ toolName: call.name, input: call.args });
    // The caller has this call's start and part of its input: the continuation's call goes on under its id.
    else if (call.started) cutToolCalls.push({ id: call.started.id, toolName: call.started.name, input: call.args });
  }
  return {
    received: state.received,
    openTextId: state.textId,
    toolCalls,
    cutToolCalls,
    usage: convertChatUsage(state.usage),
    usageWith: state.usage === undefined ? inputBoundedBy : undefined,
  };
}

/**
 * `doStream`: the chat stream, usage always included (it is what the gateway bills), read and resumed by
 * the run both formats share (src/resume/stream-resume.ts).
 */
export async function stream(
  target: ChatCallTarget,
  options: LanguageModelV3CallOptions,
  extras: StreamExtras | undefined,
): Promise<LanguageModelV3StreamResult> {
  const continuation = chatContinuation(target.modelId);
  // A chain's hand-over: the prompt's final assistant message is the answer so far, sent flagged.
  const handed = continuation === undefined ? undefined : handedPrefill(options, extras);
  const prepared = handed ? prepareChatRequest(target, handed.options) : requests.built(target, options);
  const { collectChoices, resume } = prepared;
  const body: ChatRequestBody = { ...prepared.body, stream: true, stream_options: { include_usage: true } };
  const secret = target.config.optionalApiKey();
  // Without a continuation (maxResumes 0) only a chain's hand-over sends: its own send and reserve replace these.
  const flag = continuation?.flag ?? 'prefix';
  const chat: LanguageStream<ChatRequestBody, ChatStreamState> = {
    target,
    options,
    format: 'chat',
    auth: 'bearer',
    url: chatUrl(target),
    // A model whose upstream documents no continuation resumes nothing itself, but a chain hands it over.
    resume: continuation === undefined ? { ...resume, maxResumes: 0 } : resume,
    // n > 1 and a response format are never resumed: a prefill holds one choice, and Moonshot warns against
    // mixing Partial Mode with response_format.
    resumable: !collectChoices && body.response_format === undefined,
    withPrefill: (body, prefill) => withChatPrefill(body, prefill, flag),
    asSent: body => body,
    priced: body => pricedChatCall(target, options, body),
    state: (warnings, finishMetadata, priceWait) =>
      new ChatStreamState(warnings, collectChoices, finishMetadata, priceWait),
    handler: (state, includeRawChunks, request) => createChatStreamHandler(state, { includeRawChunks, request }),
    usage: state => convertChatUsage(state.usage),
    responseId: state => state.responseId,
    answered: state => state.finishReason !== undefined && state.usage !== undefined,
    finishAnswered(state, sink) {
      try {
        finish(state, '', sink);
      } catch (thrown) {
        state.fail(redactSecrets(thrown, secret), sink);
      }
    },
    soFar: chatSoFar,
  };
  return openLanguageStream(chat, body, handed?.prefill ?? '', prepared.warnings, extras);
}
