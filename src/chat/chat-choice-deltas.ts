import { malformed, notA } from '../streams/stream-errors';
import type { ChatChunkChoice, ChatChunkDelta } from './chat-api-types';
import type { LanguageModelPartSink } from '../streams/stream-state';
import type { ChatStreamState } from './chat-stream-state';
import { completeToolCalls, toolCallDelta } from './chat-tool-call-deltas';
import { contentText, readContentParts } from './chat-content-parts';

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
  if (state.reasoningId === undefined) {
    state.reasoningId = `reasoning-${state.blocks++}`;
    sink.enqueue({ type: 'reasoning-start', id: state.reasoningId });
  }
  sink.enqueue({ type: 'reasoning-delta', id: state.reasoningId, delta: reasoning });
}

/** Answer text for choice 0: the first piece ends the reasoning and opens the text block. */
function appendText(state: ChatStreamState, text: string, sink: LanguageModelPartSink): void {
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
export function rejectAfterFinish(
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
