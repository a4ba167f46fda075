import { isObjectRecord } from '../checks/narrow';
import { kind, malformed, notA } from '../streams/stream-errors';
import type { LanguageModelPartSink } from '../streams/stream-state';
import {
  type MessagesBlock,
  type MessagesStreamState,
  reasoningMetadata,
  sendAnswerInput,
} from './messages-stream-state';
import { JSON_RESPONSE_TOOL_NAME } from './prepare-messages-tools';

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
export function checkBlockFields(block: Event, data: string): StartedBlock {
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
    state.blocks[index] = { kind: 'reasoning', id, signature: undefined, redactedData };
    sink.enqueue({ type: 'reasoning-start', id, providerMetadata: { unigate: { redactedData } } });
    return;
  }
  switch (block.type) {
    case 'text':
      state.blocks[index] = { kind: 'text', id };
      sink.enqueue({ type: 'text-start', id });
      if (typeof block.text === 'string' && block.text !== '')
        sink.enqueue({ type: 'text-delta', id, delta: block.text });
      return;
    case 'thinking': {
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
    case 'tool':
      sink.enqueue({ type: 'tool-input-end', id: block.id });
      sink.enqueue({
        type: 'tool-call',
        toolCallId: block.id,
        toolName: block.name,
        input: block.input !== '' ? block.input : (block.initialInput ?? '{}'),
      });
      return;
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
export function messageStartContent(
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
