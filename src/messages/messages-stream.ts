import type {
  LanguageModelV3CallOptions,
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import { isObjectRecord } from '../checks/values';
import { interruptedFinishReason } from '../settings/model-kind';
import type { SseHandler } from '../streams/sse-reader';
import { inBandStreamError, kind, malformed, noEvent, notA } from '../streams/stream-errors';
import type { StreamExtras } from '../streams/stream-extras';
import {
  closeAtBreak,
  closeOpenBlocks,
  type FinishMetadata,
  type LanguageModelPartSink,
  type PriceWait,
  type StreamHandlerOptions,
  StreamState,
  type OpenBlock,
  openCallsError,
  readChunk,
} from '../streams/stream-state';
import type { MessagesRequestBody, MessagesUsage } from './messages-api-types';
import {
  messagesPrefillTurn,
  refusesPrefill,
  handedPrefill,
  type LanguageStream,
  openLanguageStream,
  type StreamSoFar,
} from '../resume/stream-resume';
import type { CutToolCall, KeptToolCall } from '../resume/resume-stream';
import {
  convertMessagesUsage,
  JSON_RESPONSE_TOOL_NAME,
  type MessagesCallTarget,
  USAGE_FIELDS,
  mapMessagesStopReason,
  stopMetadata,
  requests,
  prepareMessagesCall,
  pricedMessagesCall,
  sendWithCacheFallback,
} from './messages-model-calls';

// A messages model's stream, loaded by its first doStream (import() in unigate-messages-language-model.ts):
// the state one stream keeps, the content-block events, the message events and the handler readSseStream
// runs, and `stream`, the call itself (its adapter for the run both formats share), at the end.

// The state.

/** One open content block, by the block's `index`. */
type MessagesBlock =
  | { kind: 'text'; id: string }
  | { kind: 'reasoning'; id: string; signature: string | undefined; redactedData: string | undefined }
  // `answer`: the JSON-answer tool, streamed as text. `input` grows by appending pieces (linear).
  | { kind: 'tool' | 'answer'; id: string; name: string; input: string; initialInput: string | undefined }
  | { kind: 'ignored' };

type ReasoningBlock = Extract<MessagesBlock, { kind: 'reasoning' }>;
type AnswerBlock = Extract<MessagesBlock, { initialInput: string | undefined }>;

/** What a reasoning block's end carries: its signature, or the data of redacted thinking. */
function reasoningMetadata(block: ReasoningBlock): SharedV3ProviderMetadata | undefined {
  if (block.signature !== undefined) return { unigate: { signature: block.signature } };
  return block.redactedData !== undefined ? { unigate: { redactedData: block.redactedData } } : undefined;
}

/** An answer whose input came whole in its start, with no delta since, sends that input as its text. */
function sendAnswerInput(block: AnswerBlock, sink: LanguageModelPartSink): void {
  if (block.input !== '' || block.initialInput === undefined) return;
  block.input = block.initialInput;
  sink.enqueue({ type: 'text-delta', id: block.id, delta: block.initialInput });
}

const CUT_OFF = 'the body ended before message_stop: the response was cut off';

/**
 * Everything one messages stream remembers between events, and the parts that open and end it.
 * The block events are mapped by blockStart, blockDelta and blockStop below.
 */
export class MessagesStreamState extends StreamState {
  /** `message_start` arrived: a second one would splice another message into this answer. */
  messageStarted = false;
  /** The started message's id: a `message_start` repeating it is the same message, announced again. */
  messageId: string | undefined = undefined;
  /** A tool other than the JSON-answer tool was called. */
  usedRealTool = false;
  stopReason: string | undefined = undefined;
  /** A `message_delta` brought the stop reason and the final usage: the answer is whole. */
  answered = false;
  stopSequence: string | null = null;
  readonly blocks: Array<MessagesBlock | undefined> = [];
  readonly usage: MessagesUsage = {};
  /** The tool calls the caller received whole: a resume keeps them. */
  readonly toolCalls: KeptToolCall[] = [];
  /** The `json` tool carries the answer (responseFormat json emulation). */
  readonly jsonResponseTool: boolean;

  constructor(
    warnings: SharedV3Warning[],
    jsonResponseTool: boolean,
    finishMetadata?: FinishMetadata,
    priceWait?: PriceWait,
  ) {
    super(warnings, finishMetadata, priceWait);
    this.jsonResponseTool = jsonResponseTool;
  }

  /** Takes the counts a `message_start` or `message_delta` sends, and the per-pass list; anything else is ignored. */
  mergeUsage(source: unknown): void {
    if (!isObjectRecord(source)) return;
    const usage = source;
    const target = this.usage;
    for (const field of USAGE_FIELDS) {
      const value = usage[field];
      if (typeof value === 'number') target[field] = value;
    }
    // Cache writes by TTL, for their prices.
    if (isObjectRecord(usage.cache_creation)) target.cache_creation = usage.cache_creation;
    // Per-pass counts (compaction, advisor): the final message_delta lists every pass.
    if (Array.isArray(usage.iterations)) target.iterations = usage.iterations;
  }

  /**
   * The last part: the stop reason as sent, or `error` when the stream failed (`interrupted` for a V4
   * stream whose body ended before `message_stop`).
   */
  finish(sink: LanguageModelPartSink, failed: boolean): void {
    let finishReason: LanguageModelV3FinishReason = failed
      ? { unified: 'error', raw: this.stopReason }
      : mapMessagesStopReason(this.stopReason, this.jsonResponseTool && !this.usedRealTool);
    if (this.cutOff) finishReason = interruptedFinishReason(this.spec, finishReason);
    const usage = convertMessagesUsage(this.usage);
    const metadata = stopMetadata(this.stopSequence, this.stopReason);
    this.sendFinishPart(sink, { type: 'finish', finishReason, usage }, metadata, !failed);
  }

  /**
   * The blocks still open (only block `index` when given), as the break rule sees them. A tool's input
   * is what its deltas streamed, else the input its start carried; an empty one is not a whole call.
   */
  openBlocks(sink: LanguageModelPartSink, index?: number): OpenBlock[] {
    const open: OpenBlock[] = [];
    const last = index ?? this.blocks.length - 1;
    for (let at = index ?? 0; at <= last; at++) {
      const block = this.blocks[at];
      if (block === undefined) continue;
      switch (block.kind) {
        case 'text':
          open.push(block);
          break;
        case 'reasoning':
          open.push({ kind: 'reasoning', id: block.id, providerMetadata: reasoningMetadata(block) });
          break;
        case 'answer':
          sendAnswerInput(block, sink);
          open.push({ kind: 'text', id: block.id });
          break;
        case 'tool':
          open.push({ kind: 'tool', id: block.id, name: block.name, input: block.input || (block.initialInput ?? '') });
          break;
      }
    }
    return open;
  }

  /**
   * A break the stream goes on from (`what` says which): the open blocks, or only block `index`, are
   * ended, their tool calls completed, or the error naming the calls that cannot be is thrown.
   */
  closeBlocks(what: string, data: string, sink: LanguageModelPartSink, index?: number): void {
    closeAtBreak('messages', what, this.openBlocks(sink, index), data, sink);
    if (index === undefined) this.blocks.length = 0;
    else this.blocks[index] = undefined;
  }

  /** The error for a body that ended before `message_stop`, naming the tool calls it left open. */
  cutOffError(sink: LanguageModelPartSink): Error {
    return openCallsError('messages', CUT_OFF, this.openBlocks(sink), '') ?? malformed('messages', CUT_OFF, '');
  }

  /** The stream failed: one `error` part, the open blocks ended (see closeOpenBlocks), then `finish` with reason `error`. */
  fail(error: unknown, sink: LanguageModelPartSink): void {
    this.sendError(error, sink);
    closeOpenBlocks(this.openBlocks(sink), sink);
    this.blocks.length = 0;
    this.finish(sink, true);
  }
}

// The content-block events.

type Event = Record<string, unknown>;

const IGNORED: MessagesBlock = { kind: 'ignored' };

function readIndex(event: Event, type: string, data: string): number {
  const index = event.index;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) {
    // A number is shown as it is: "is -1" says more than "is number".
    const found = typeof index === 'number' ? String(index) : kind(index);
    throw malformed('messages', `${type} index is ${found}, not a non-negative integer`, data);
  }
  return index;
}

/** The block `type` events may only reach blocks of `kind`; the message names both. */
function wrongBlock(type: string, block: MessagesBlock, data: string) {
  return malformed('messages', `${type} for a ${block.kind} block`, data);
}

function wrongField(type: string, path: string, value: unknown, expected: string, data: string) {
  return malformed('messages', notA(`${type} ${path}`, value, expected), data);
}

/** A `content_block_start` block whose required fields have been checked. */
type StartedBlock =
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'other' };

/** The fields a block's start needs, checked before it can displace a block still open at its index. */
function checkBlockFields(block: Event, data: string): StartedBlock {
  if (block.type === 'tool_use') {
    const { id, name, input } = block;
    if (typeof id !== 'string') throw wrongField('tool_use', 'content_block.id', id, 'a string', data);
    if (typeof name !== 'string') throw wrongField('tool_use', 'content_block.name', name, 'a string', data);
    return { type: 'tool_use', id, name, input };
  }
  if (block.type === 'redacted_thinking') {
    const redactedData = block.data;
    if (typeof redactedData !== 'string')
      throw wrongField('redacted_thinking', 'content_block.data', redactedData, 'a string', data);
    return { type: 'redacted_thinking', data: redactedData };
  }
  return { type: 'other' };
}

function startToolUse(
  state: MessagesStreamState,
  index: number,
  { id: callId, name, input }: { id: string; name: string; input: unknown },
  sink: LanguageModelPartSink,
): void {
  const initialInput =
    input !== null && typeof input === 'object' && Object.keys(input).length > 0 ? JSON.stringify(input) : undefined;
  const id = String(index);
  if (state.jsonResponseTool && name === JSON_RESPONSE_TOOL_NAME) {
    state.blocks[index] = { kind: 'answer', id, name, input: '', initialInput };
    sink.enqueue({ type: 'text-start', id });
  } else {
    state.usedRealTool = true;
    state.blocks[index] = { kind: 'tool', id: callId, name, input: '', initialInput };
    sink.enqueue({ type: 'tool-input-start', id: callId, toolName: name });
  }
}

/** `content_block_start`: opens the block; block kinds the spec does not name are skipped with their deltas. */
export function blockStart(state: MessagesStreamState, event: Event, data: string, sink: LanguageModelPartSink): void {
  const index = readIndex(event, 'content_block_start', data);
  const block = event.content_block;
  if (!isObjectRecord(block)) throw wrongField('content_block_start', 'content_block', block, 'an object', data);
  const started = checkBlockFields(block, data);
  // A start at the index of a block still open: that block never got its stop. The break rule ends it.
  if (state.blocks[index] !== undefined) {
    state.closeBlocks(`content_block_start for block ${index}, which is still open`, data, sink, index);
  }
  const id = String(index);
  if (started.type === 'tool_use') return startToolUse(state, index, started, sink);
  if (started.type === 'redacted_thinking') {
    const redactedData = started.data;
    state.reasoned = true;
    state.blocks[index] = { kind: 'reasoning', id, signature: undefined, redactedData };
    sink.enqueue({ type: 'reasoning-start', id, providerMetadata: { unigate: { redactedData } } });
    return;
  }
  switch (block.type) {
    case 'text':
      state.blocks[index] = { kind: 'text', id };
      sink.enqueue({ type: 'text-start', id });
      if (typeof block.text === 'string' && block.text !== '') {
        state.received += block.text;
        sink.enqueue({ type: 'text-delta', id, delta: block.text });
      }
      return;
    case 'thinking': {
      state.reasoned = true;
      const signature = typeof block.signature === 'string' && block.signature !== '' ? block.signature : undefined;
      state.blocks[index] = { kind: 'reasoning', id, signature, redactedData: undefined };
      sink.enqueue({ type: 'reasoning-start', id });
      if (typeof block.thinking === 'string' && block.thinking !== '') {
        sink.enqueue({ type: 'reasoning-delta', id, delta: block.thinking });
      }
      return;
    }
    default:
      state.blocks[index] = IGNORED;
  }
}

/** `content_block_delta`: the hot path. Each delta kind reaches only its own block kind. */
export function blockDelta(state: MessagesStreamState, event: Event, data: string, sink: LanguageModelPartSink): void {
  const index = readIndex(event, 'content_block_delta', data);
  const block = state.blocks[index];
  if (block === undefined)
    throw malformed('messages', `content_block_delta for block ${index}, which is not open`, data);
  // A block kind the spec does not name is skipped with every delta it gets, whatever their type.
  if (block.kind === 'ignored') return;
  const delta = event.delta;
  if (!isObjectRecord(delta)) {
    throw wrongField('content_block_delta', 'delta', delta, 'an object', data);
  }
  switch (delta.type) {
    case 'text_delta': {
      const text = delta.text;
      if (block.kind !== 'text') throw wrongBlock('text_delta', block, data);
      if (typeof text !== 'string') throw wrongField('text_delta', 'delta.text', text, 'a string', data);
      state.received += text;
      sink.enqueue({ type: 'text-delta', id: block.id, delta: text });
      return;
    }
    case 'input_json_delta': {
      const piece = delta.partial_json;
      if (block.kind !== 'tool' && block.kind !== 'answer') throw wrongBlock('input_json_delta', block, data);
      if (typeof piece !== 'string')
        throw wrongField('input_json_delta', 'delta.partial_json', piece, 'a string', data);
      if (piece === '') return;
      block.input += piece;
      sink.enqueue(
        block.kind === 'tool'
          ? { type: 'tool-input-delta', id: block.id, delta: piece }
          : { type: 'text-delta', id: block.id, delta: piece },
      );
      return;
    }
    case 'thinking_delta': {
      const thinking = delta.thinking;
      if (block.kind !== 'reasoning') throw wrongBlock('thinking_delta', block, data);
      if (typeof thinking !== 'string')
        throw wrongField('thinking_delta', 'delta.thinking', thinking, 'a string', data);
      sink.enqueue({ type: 'reasoning-delta', id: block.id, delta: thinking });
      return;
    }
    case 'signature_delta': {
      const signature = delta.signature;
      if (block.kind !== 'reasoning') throw wrongBlock('signature_delta', block, data);
      if (typeof signature !== 'string')
        throw wrongField('signature_delta', 'delta.signature', signature, 'a string', data);
      block.signature = block.signature === undefined ? signature : block.signature + signature;
      return;
    }
    default:
      // Delta kinds the spec does not name (e.g. citations) carry nothing the V3 parts can hold.
      return;
  }
}

/** `content_block_stop`: ends the block; a tool block also sends its call, with the input as streamed. */
export function blockStop(state: MessagesStreamState, event: Event, data: string, sink: LanguageModelPartSink): void {
  const index = readIndex(event, 'content_block_stop', data);
  const block = state.blocks[index];
  if (block === undefined)
    throw malformed('messages', `content_block_stop for block ${index}, which is not open`, data);
  state.blocks[index] = undefined;
  switch (block.kind) {
    case 'text':
      sink.enqueue({ type: 'text-end', id: block.id });
      return;
    case 'reasoning': {
      const metadata = reasoningMetadata(block);
      sink.enqueue(
        metadata
          ? { type: 'reasoning-end', id: block.id, providerMetadata: metadata }
          : { type: 'reasoning-end', id: block.id },
      );
      return;
    }
    case 'tool': {
      const input = block.input !== '' ? block.input : (block.initialInput ?? '{}');
      state.toolCalls.push({ toolName: block.name, input });
      sink.enqueue({ type: 'tool-input-end', id: block.id });
      sink.enqueue({ type: 'tool-call', toolCallId: block.id, toolName: block.name, input });
      return;
    }
    case 'answer':
      sendAnswerInput(block, sink);
      sink.enqueue({ type: 'text-end', id: block.id });
      return;
    case 'ignored':
      return;
  }
}

/** A tool call that arrived whole (in `message_start`): its parts at once, or the JSON answer's text. */
function wholeToolUse(
  state: MessagesStreamState,
  { id, name, input }: { id: string; name: string; input: unknown },
  textId: string,
  sink: LanguageModelPartSink,
): void {
  const json = JSON.stringify(input ?? {});
  if (state.jsonResponseTool && name === JSON_RESPONSE_TOOL_NAME) {
    sink.enqueue({ type: 'text-start', id: textId });
    sink.enqueue({ type: 'text-delta', id: textId, delta: json });
    sink.enqueue({ type: 'text-end', id: textId });
    return;
  }
  state.usedRealTool = true;
  sink.enqueue({ type: 'tool-input-start', id, toolName: name });
  sink.enqueue({ type: 'tool-input-delta', id, delta: json });
  sink.enqueue({ type: 'tool-input-end', id });
  sink.enqueue({ type: 'tool-call', toolCallId: id, toolName: name, input: json });
}

/** A text or thinking block that arrived whole: start, its text, end. */
function wholeText(kind: 'text' | 'reasoning', id: string, text: string, sink: LanguageModelPartSink): void {
  sink.enqueue({ type: `${kind}-start`, id });
  if (text !== '') sink.enqueue({ type: `${kind}-delta`, id, delta: text });
  sink.enqueue({ type: `${kind}-end`, id });
}

/**
 * The blocks a `message_start` already carries, each whole (programmatic tool calling sends the calls a
 * code run made this way, with no block events: docs/streaming.md#messages-stream-event-order). They map
 * as the same blocks of a response do; kinds the format does not name are skipped. Their ids (`start-<i>`)
 * never meet the indexed blocks' ids.
 */
function messageStartContent(
  state: MessagesStreamState,
  content: unknown,
  data: string,
  sink: LanguageModelPartSink,
): void {
  if (content == null) return;
  if (!Array.isArray(content)) throw wrongField('message_start', 'message.content', content, 'an array', data);
  for (let i = 0; i < content.length; i++) {
    const block: unknown = content[i];
    const path = `message.content[${i}]`;
    if (!isObjectRecord(block)) throw wrongField('message_start', path, block, 'an object', data);
    const started = checkBlockFields(block, data);
    const id = `start-${i}`;
    if (started.type === 'tool_use') wholeToolUse(state, started, id, sink);
    else if (started.type === 'redacted_thinking') {
      const metadata = { unigate: { redactedData: started.data } };
      sink.enqueue({ type: 'reasoning-start', id, providerMetadata: metadata });
      sink.enqueue({ type: 'reasoning-end', id, providerMetadata: metadata });
    } else if (block.type === 'text') {
      if (typeof block.text !== 'string')
        throw wrongField('message_start', `${path}.text`, block.text, 'a string', data);
      wholeText('text', id, block.text, sink);
    } else if (block.type === 'thinking') {
      const thinking = block.thinking;
      if (typeof thinking !== 'string')
        throw wrongField('message_start', `${path}.thinking`, thinking, 'a string', data);
      const signature = typeof block.signature === 'string' && block.signature !== '' ? block.signature : undefined;
      sink.enqueue({ type: 'reasoning-start', id });
      if (thinking !== '') sink.enqueue({ type: 'reasoning-delta', id, delta: thinking });
      sink.enqueue(
        signature === undefined
          ? { type: 'reasoning-end', id }
          : { type: 'reasoning-end', id, providerMetadata: { unigate: { signature } } },
      );
    }
  }
}

// The message events and the handler.

function messageStart(
  state: MessagesStreamState,
  event: Record<string, unknown>,
  data: string,
  sink: LanguageModelPartSink,
): void {
  const message = event.message;
  if (!isObjectRecord(message)) {
    throw malformed('messages', notA('message_start message', message, 'an object'), data);
  }
  // Checked before anything of it is read: no id, usage or content of a spliced message reaches the caller.
  // The same message announced twice (an id repeated, as recorded upstream traffic has it) is read once.
  if (state.messageStarted) {
    if (typeof message.id === 'string' && message.id === state.messageId) return;
    throw malformed('messages', 'a second message_start arrived: another message was spliced into the stream', data);
  }
  state.messageStarted = true;
  if (typeof message.id === 'string' && message.id !== '') state.messageId = message.id;
  sink.enqueue({
    type: 'response-metadata',
    ...(typeof message.id === 'string' && { id: message.id }),
    ...(typeof message.model === 'string' && { modelId: message.model }),
  });
  state.mergeUsage(message.usage);
  // Programmatic tool calling: the message may come whole, its blocks and stop reason already here.
  if (typeof message.stop_reason === 'string') state.stopReason = message.stop_reason;
  messageStartContent(state, message.content, data, sink);
}

function messageDelta(state: MessagesStreamState, event: Record<string, unknown>): void {
  const delta = event.delta;
  if (isObjectRecord(delta)) {
    if (typeof delta.stop_reason === 'string') state.stopReason = delta.stop_reason;
    if (typeof delta.stop_sequence === 'string') state.stopSequence = delta.stop_sequence;
  }
  state.mergeUsage(event.usage);
  if (state.stopReason !== undefined && isObjectRecord(event.usage)) state.answered = true;
}

/**
 * Maps the messages SSE events (docs/streaming.md#messages-stream-event-order) to V3 stream
 * parts, for `readSseStream`. The hot path is one JSON.parse per event and a few typed field reads; no
 * schema per event. The stream ends at `message_stop`: nothing after it is read. A malformed event,
 * a second `message_start`, an `error` event, or a body that ends before `message_stop` (or without
 * any event) throws, and the reader routes the throw to `error`, which emits an `error` part, ends
 * the blocks still open and sends `finish` with reason `error`, then ends the stream. A block left
 * open at a break (its index started again, `message_stop`) follows the rule in stream-state.ts.
 */
function createMessagesStreamHandler(
  state: MessagesStreamState,
  { includeRawChunks, request }: Pick<StreamHandlerOptions, 'includeRawChunks' | 'request'>,
): SseHandler<LanguageModelV3StreamPart> {
  return {
    event(data, eventName, sink) {
      state.start(sink);
      const event = readChunk('messages', data, eventName, includeRawChunks, sink);
      const type = typeof event.type === 'string' ? event.type : eventName;
      switch (type) {
        case 'content_block_delta':
          return blockDelta(state, event, data, sink);
        case 'content_block_start':
          return blockStart(state, event, data, sink);
        case 'content_block_stop':
          return blockStop(state, event, data, sink);
        case 'message_start':
          return messageStart(state, event, data, sink);
        case 'message_delta':
          return messageDelta(state, event);
        case 'message_stop':
          // The message is over: a block never stopped is ended by the break rule, or named in an error.
          state.closeBlocks('message_stop arrived with content blocks never stopped', data, sink);
          state.finish(sink, false);
          // Nothing after message_stop belongs to this answer: stop reading and release the connection.
          return sink.close();
        case 'error':
          state.errorEvent = true;
          throw inBandStreamError('Unigate messages stream reported an error', event, data, request);
        default:
          // `ping` and event kinds the spec does not name are skipped.
          return;
      }
    },

    end(sink) {
      // message_stop finishes and closes the stream, so a body that ends here was cut off, or sent
      // not one event (`start` runs at the first).
      if (!state.started) throw noEvent('messages');
      state.cutOff = true;
      throw state.cutOffError(sink);
    },

    error(error, sink) {
      state.fail(error, sink);
      // Stops reading: the rest of the body can no longer be trusted, and the connection is released.
      sink.close();
    },
  };
}

/** `body` with `prefill` as the answer's start: a final assistant turn (`messagesPrefillTurn`). */
function withPrefill(body: MessagesRequestBody, prefill: string): MessagesRequestBody {
  return { ...body, messages: [...body.messages, messagesPrefillTurn(prefill)] };
}

/** What a failed messages stream gave the caller, for its resume. */
function messagesSoFar(state: MessagesStreamState): StreamSoFar {
  const cutToolCalls: CutToolCall[] = [];
  let openTextId: string | undefined;
  for (const block of state.blocks) {
    if (block?.kind === 'tool') cutToolCalls.push({ id: block.id, toolName: block.name, input: block.input });
    else if (block?.kind === 'text') openTextId ??= block.id;
  }
  return {
    received: state.received,
    openTextId,
    toolCalls: state.toolCalls,
    cutToolCalls,
    usage: convertMessagesUsage(state.usage),
  };
}

/**
 * `doStream`: the call prepared and sent as the non-streamed one is (a refused breakpoint is retried
 * here, before the stream is handed over), and its body read by the handler above, resumed by the run
 * both formats share (src/resume/stream-resume.ts). `extras`: what a wrapper (fallback, budget) adds to
 * the stream, applied in its own parts; see stream-extras.ts.
 */
export async function stream(
  target: MessagesCallTarget,
  options: LanguageModelV3CallOptions,
  extras?: StreamExtras,
): Promise<LanguageModelV3StreamResult> {
  // A chain's hand-over: its prefill is sent as this stream's, so a resume extends the same assistant turn.
  const handed = handedPrefill(options, extras);
  const prepared = handed ? prepareMessagesCall(target, handed.options) : requests.built(target, options);
  const { body, warnings, jsonResponseTool } = prepared;
  // No resume after thinking (a prefill after thinking is refused upstream), with the JSON-answer tool,
  // or on a model that takes no prefill.
  const noResume = body.thinking?.type === 'enabled' || jsonResponseTool || refusesPrefill(target.modelId);
  const messages: LanguageStream<MessagesRequestBody, MessagesStreamState> = {
    target,
    options,
    format: 'messages',
    auth: 'x-api-key',
    url: prepared.url,
    resume: prepared.resume,
    resumable: true,
    withPrefill,
    asSent: body => ({ ...body, stream: true }),
    priced: body => pricedMessagesCall(target.modelId, options, body),
    state: (warnings, finishMetadata, priceWait) =>
      new MessagesStreamState(warnings, jsonResponseTool, finishMetadata, priceWait),
    handler: (state, includeRawChunks, request) => createMessagesStreamHandler(state, { includeRawChunks, request }),
    usage: state => convertMessagesUsage(state.usage),
    responseId: state => state.messageId,
    answered: state => state.answered,
    finishAnswered(state, sink) {
      // The answer's end arrived: a drop before message_stop takes nothing from it.
      state.cutOff = false;
      try {
        state.closeBlocks('the stream ended after its stop reason with content blocks never stopped', '', sink);
        state.finish(sink, false);
      } catch (thrown) {
        state.fail(thrown, sink);
      }
    },
    soFar: state => (state.reasoned || noResume ? undefined : messagesSoFar(state)),
  };
  return openLanguageStream(messages, body, handed?.prefill ?? '', warnings, extras, (body, send) =>
    sendWithCacheFallback(body, target.config.promptCaching, warnings, send),
  );
}
