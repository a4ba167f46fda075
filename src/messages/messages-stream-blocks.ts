import { isObjectRecord } from '../internal/narrow';
import { kind, malformed, notA } from '../internal/stream-errors';
import type { LanguageModelPartSink } from '../internal/stream-state';
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
