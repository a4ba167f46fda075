import { generateId } from '@ai-sdk/provider-utils';
import { closeAtBreak } from '../streams/close-open-blocks';
import { malformed, notA } from '../streams/stream-errors';
import type { ChatChunkToolCallDelta } from './chat-api-types';
import type { LanguageModelPartSink } from '../streams/stream-state';
import { type ChatStreamState, type ChatToolCall, openCalls } from './chat-stream-state';

/** Sends `tool-input-end` and the `tool-call` of a call, once. A call that never got a name is malformed. */
export function completeToolCall(call: ChatToolCall, data: string, sink: LanguageModelPartSink): void {
  if (call.ended) return;
  if (!call.started) throw malformed('chat', `tool call ${call.index} ended without a function name`, data);
  call.ended = true;
  sink.enqueue({ type: 'tool-input-end', id: call.id! });
  // Passed through as sent, valid JSON or not, so the AI SDK's repair hook sees what the model wrote.
  sink.enqueue({ type: 'tool-call', toolCallId: call.id!, toolName: call.name!, input: call.args });
}

/** Completes every open call, in the order they arrived. */
export function completeToolCalls(state: ChatStreamState, data: string, sink: LanguageModelPartSink): void {
  const calls = state.callOrder;
  for (let i = 0; i < calls.length; i++) completeToolCall(calls[i], data, sink);
}

/**
 * Calls no finish_reason completed, at a break (`what` says which): each open call is completed when
 * its arguments so far are valid JSON, else the error naming it is thrown (see close-open-blocks.ts).
 * A call that never got a name is malformed, as at any end.
 */
export function closeCallsAtBreak(
  calls: readonly ChatToolCall[],
  what: string,
  data: string,
  sink: LanguageModelPartSink,
): void {
  closeAtBreak('chat', what, openCalls(calls), data, sink);
  for (const call of calls) if (call.started) call.ended = true;
  // Only after every started call is marked ended, so the failure path does not end one twice.
  for (const call of calls) if (!call.started) completeToolCall(call, data, sink);
}

// Builds the message only when something is wrong: the path is never formatted on the hot path.
function wrongField(position: number, field: string, value: unknown, expected: string, data: string) {
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
    throw wrongField(position, '', delta, 'an object', data);
  let index = delta.index;
  if (index === undefined || index === null) index = position;
  else if (typeof index !== 'number') throw wrongField(position, '.index', index, 'a number', data);
  const id = delta.id;
  if (id != null && typeof id !== 'string') throw wrongField(position, '.id', id, 'a string', data);
  const fn = delta.function;
  let name: unknown;
  let args: unknown;
  if (fn != null) {
    if (typeof fn !== 'object' || Array.isArray(fn)) throw wrongField(position, '.function', fn, 'an object', data);
    name = fn.name;
    args = fn.arguments;
    if (name != null && typeof name !== 'string') throw wrongField(position, '.function.name', name, 'a string', data);
    if (args != null && typeof args !== 'string')
      throw wrongField(position, '.function.arguments', args, 'a string', data);
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
    call = { index, id: id ?? undefined, name: undefined, args: '', started: false, ended: false };
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
      sink.enqueue({ type: 'tool-input-delta', id: call.id!, delta: args });
    }
    return;
  }
  if (typeof args === 'string') call.args += args;
  if (call.name === undefined) return;
  call.started = true;
  call.id ??= generateId();
  sink.enqueue({ type: 'tool-input-start', id: call.id, toolName: call.name });
  if (call.args !== '') sink.enqueue({ type: 'tool-input-delta', id: call.id, delta: call.args });
}
