import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { SseHandler } from '../streams/sse-reader';
import { readChunk } from '../streams/stream-chunk';
import { inBandStreamError, malformed, noEvent, notA } from '../streams/stream-errors';
import type { StreamHandlerOptions } from '../streams/stream-state';
import type { FinishMetadata, LanguageModelPartSink } from '../streams/stream-state';
import type { ChatCompletionChunk } from './chat-api-types';
import { choiceDelta, collectChoice, rejectAfterFinish } from './chat-choice-deltas';
import { ChatStreamState } from './chat-stream-state';
import { closeCallsAtBreak } from './chat-tool-call-deltas';

/** What the chat model's `doStream` gives its stream handler. */
export interface ChatStreamHandlerOptions extends StreamHandlerOptions {
  /** `n > 1`: keep every choice's text for `providerMetadata.unigate.choices`. */
  collectChoices: boolean;
  /** Every `finish` part's metadata: the clean one priced (the price may settle while the stream runs). */
  finishMetadata?: FinishMetadata;
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
 * The chunk's completion id, checked against the stream's (a chunk without one is fine), then the
 * response metadata, once. An empty id is no id, and a chunk with no choices answers nothing (Azure
 * opens with a content-filter report: `"id": ""`, `"choices": []`), so neither names the stream's
 * completion nor gives its metadata; a later usage chunk is still checked against the id.
 */
function chunkHead(
  state: ChatStreamState,
  chunk: ChatCompletionChunk,
  data: string,
  sink: LanguageModelPartSink,
): void {
  const id = typeof chunk.id === 'string' && chunk.id !== '' ? chunk.id : undefined;
  if (id !== undefined && state.responseId !== undefined && id !== state.responseId) {
    throw malformed(
      'chat',
      `a chunk of completion "${id}" arrived in the stream of completion "${state.responseId}"`,
      data,
    );
  }
  const choices = chunk.choices;
  if (Array.isArray(choices) && choices.length === 0) return;
  state.responseId ??= id;
  if (!state.metadataSent) {
    state.metadataSent = true;
    sink.enqueue({
      type: 'response-metadata',
      id,
      modelId: typeof chunk.model === 'string' ? chunk.model : undefined,
      timestamp: typeof chunk.created === 'number' ? new Date(chunk.created * 1000) : undefined,
    });
  }
}

/** The chunk's usage, when sent: read after its choices, so a chunk rejected there gives none. */
function chunkUsage(state: ChatStreamState, chunk: ChatCompletionChunk, data: string): void {
  const usage = chunk.usage;
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

/**
 * Maps chat-completions SSE events to V3 stream parts, for `readSseStream`.
 *
 * The hot path: one JSON.parse per event, fields read by shape with typeof checks, one enqueue per
 * delta. A malformed chunk or an `{error}` object throws, and the reader routes the throw to `error`,
 * which emits an `error` part and a `finish` with reason `error`, then ends the stream.
 * Tool calls complete at the choice's `finish_reason`, never because a prefix of the arguments happens
 * to parse. One still open when a new call id reuses its index, or at `[DONE]` or the end of the body,
 * follows the break rule in close-open-blocks.ts: completed if its arguments are valid JSON, else an error.
 */
export function createChatStreamHandler(options: ChatStreamHandlerOptions): SseHandler<LanguageModelV3StreamPart> {
  const { includeRawChunks, request } = options;
  const state = new ChatStreamState(
    options.warnings,
    options.collectChoices,
    options.finishMetadata,
    options.priceWait,
  );
  state.spec = options.spec;
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
      if (chunk.error != null) throw inBandStreamError('Unigate chat completion failed', chunk, data, request);
      chunkHead(state, chunk, data, sink);
      choices(state, chunk, data, sink);
      chunkUsage(state, chunk, data);
    },

    end(sink) {
      if (state.finished) return;
      // Not one event arrived (`start` runs at the first): an empty body is no answer.
      if (!state.started) throw noEvent('chat');
      // No [DONE]: the body simply ended. Whatever arrived is complete; finish cleanly. Without a
      // finish_reason either, nothing said the answer was complete: V4 calls that `interrupted`.
      finish(state, '', sink, state.finishReason === undefined);
    },

    error(error, sink) {
      state.fail(error, sink);
      // Stops reading: the rest of the body can no longer be trusted, and the connection is released.
      sink.close();
    },
  };
}
