import {
  InvalidResponseDataError,
  type LanguageModelV3StreamPart,
  type SharedV3ProviderMetadata,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import { generateId } from '@ai-sdk/provider-utils';
import type { SseHandler, SseSink } from '../internal/sse-reader';
import type { ChatChunkChoice, ChatChunkToolCallDelta, ChatCompletionChunk } from './chat-api-types';
import { convertChatUsage } from './convert-chat-usage';
import { mapChatFinishReason } from './map-chat-finish-reason';

type Controller = SseSink<LanguageModelV3StreamPart>;

/** One streamed tool call, keyed by its `index`. Arguments are appended, never re-parsed. */
interface ToolCallState {
  index: number;
  id: string | undefined;
  name: string | undefined;
  args: string;
  /** `tool-input-start` was sent (needs the name). */
  started: boolean;
  /** `tool-input-end` was sent. */
  ended: boolean;
}

export interface ChatStreamHandlerOptions {
  warnings: SharedV3Warning[];
  includeRawChunks: boolean;
  /** `n > 1`: keep every choice's text for `providerMetadata.unigate.choices`. */
  collectChoices: boolean;
  /** Builds the error for an `{error}` object inside the 200 stream. */
  createStreamError(errorObject: unknown, data: string): Error;
}

function malformed(problem: string, data: string): InvalidResponseDataError {
  const preview = data.length > 300 ? `${data.slice(0, 300)}...` : data;
  return new InvalidResponseDataError({
    data,
    message: `Unigate chat stream: ${problem}. Chunk: ${preview}`,
  });
}

function kind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/**
 * Maps chat-completions SSE events to V3 stream parts, for `readSseStream`.
 *
 * The hot path: one JSON.parse per event, fields read by shape with typeof checks, one enqueue per
 * delta. A chunk of the wrong shape throws, and the reader routes the throw to `error`, which emits an
 * `error` part and a `finish` with reason `error`, then ends the stream (no hang, no half state).
 * Tool calls complete at the choice's `finish_reason`, at `[DONE]` or at the end of the body, or when a
 * new call id reuses an index; never because a prefix of the arguments happens to parse.
 */
export function createChatStreamHandler({
  warnings,
  includeRawChunks,
  collectChoices,
  createStreamError,
}: ChatStreamHandlerOptions): SseHandler<LanguageModelV3StreamPart> {
  let started = false;
  let finished = false;
  let finishSent = false;
  let metadataSent = false;
  let finishReason: string | undefined;
  let usage: unknown;
  let blocks = 0;
  let textId: string | undefined;
  let reasoningId: string | undefined;
  // By wire index, and in order of arrival (the order calls complete in).
  const toolCalls = new Map<number, ToolCallState>();
  const callOrder: ToolCallState[] = [];
  const choiceTexts: string[] = [];
  const choiceFinishReasons: Array<string | null> = [];

  const start = (controller: Controller) => {
    started = true;
    controller.enqueue({ type: 'stream-start', warnings });
  };

  const endReasoning = (controller: Controller) => {
    if (reasoningId === undefined) return;
    controller.enqueue({ type: 'reasoning-end', id: reasoningId });
    reasoningId = undefined;
  };

  const endText = (controller: Controller) => {
    if (textId === undefined) return;
    controller.enqueue({ type: 'text-end', id: textId });
    textId = undefined;
  };

  const completeToolCall = (call: ToolCallState, data: string, controller: Controller) => {
    if (call.ended) return;
    if (!call.started) throw malformed(`tool call ${call.index} ended without a function name`, data);
    call.ended = true;
    controller.enqueue({ type: 'tool-input-end', id: call.id! });
    // Passed through as sent, valid JSON or not, so the AI SDK's repair hook sees what the model wrote.
    controller.enqueue({ type: 'tool-call', toolCallId: call.id!, toolName: call.name!, input: call.args });
  };

  const completeToolCalls = (data: string, controller: Controller) => {
    for (let i = 0; i < callOrder.length; i++) completeToolCall(callOrder[i], data, controller);
  };

  const toolCallDelta = (delta: ChatChunkToolCallDelta, position: number, data: string, controller: Controller) => {
    if (delta === null || typeof delta !== 'object' || Array.isArray(delta)) {
      throw malformed(`choices[0].delta.tool_calls[${position}] is ${kind(delta)}, not an object`, data);
    }
    let index = delta.index;
    if (index === undefined || index === null) index = position;
    else if (typeof index !== 'number') {
      throw malformed(`choices[0].delta.tool_calls[${position}].index is ${kind(index)}, not a number`, data);
    }
    const id = delta.id;
    if (id != null && typeof id !== 'string') {
      throw malformed(`choices[0].delta.tool_calls[${position}].id is ${kind(id)}, not a string`, data);
    }
    const fn = delta.function;
    let name: unknown;
    let args: unknown;
    if (fn != null) {
      if (typeof fn !== 'object' || Array.isArray(fn)) {
        throw malformed(`choices[0].delta.tool_calls[${position}].function is ${kind(fn)}, not an object`, data);
      }
      name = fn.name;
      args = fn.arguments;
      if (name != null && typeof name !== 'string') {
        throw malformed(`choices[0].delta.tool_calls[${position}].function.name is ${kind(name)}, not a string`, data);
      }
      if (args != null && typeof args !== 'string') {
        throw malformed(
          `choices[0].delta.tool_calls[${position}].function.arguments is ${kind(args)}, not a string`,
          data,
        );
      }
    }

    let call = toolCalls.get(index);
    if (call !== undefined && id != null && typeof name === 'string' && name !== '' && call.id !== undefined && id !== call.id) {
      // Some upstreams number every call 0: a new id and name at a known index start the next call.
      completeToolCall(call, data, controller);
      call = undefined;
    }
    if (call === undefined) {
      endReasoning(controller);
      call = { index, id: id ?? undefined, name: undefined, args: '', started: false, ended: false };
      toolCalls.set(index, call);
      callOrder.push(call);
    } else if (call.ended) {
      throw malformed(`tool call ${index} received more data after it was complete`, data);
    } else if (call.id === undefined && id != null) {
      call.id = id;
    }
    if (call.name === undefined && typeof name === 'string' && name !== '') call.name = name;

    if (call.started) {
      if (typeof args === 'string' && args !== '') {
        call.args += args;
        controller.enqueue({ type: 'tool-input-delta', id: call.id!, delta: args });
      }
      return;
    }
    // Arguments that came before the name are held and sent right after tool-input-start.
    if (typeof args === 'string') call.args += args;
    if (call.name === undefined) return;
    call.started = true;
    call.id ??= generateId();
    controller.enqueue({ type: 'tool-input-start', id: call.id, toolName: call.name });
    if (call.args !== '') controller.enqueue({ type: 'tool-input-delta', id: call.id, delta: call.args });
  };

  // Choices other than the first only feed providerMetadata.unigate.choices (n > 1).
  const collectChoice = (choice: ChatChunkChoice, index: number, position: number, data: string) => {
    const delta = choice.delta;
    if (delta != null) {
      if (typeof delta !== 'object' || Array.isArray(delta)) throw malformed(`choices[${position}].delta is ${kind(delta)}, not an object`, data);
      const content = delta.content;
      if (content != null) {
        if (typeof content !== 'string') {
          throw malformed(`choices[${position}].delta.content is ${kind(content)}, not a string`, data);
        }
        choiceTexts[index] = (choiceTexts[index] ?? '') + content;
      }
    }
    if (typeof choice.finish_reason === 'string') choiceFinishReasons[index] = choice.finish_reason;
  };

  const providerMetadata = (): SharedV3ProviderMetadata | undefined => {
    if (!collectChoices) return undefined;
    const choices = [];
    const count = Math.max(choiceTexts.length, choiceFinishReasons.length);
    for (let index = 0; index < count; index++) {
      choices.push({ index, text: choiceTexts[index] ?? '', finishReason: choiceFinishReasons[index] ?? null });
    }
    return { unigate: { choices } };
  };

  const finish = (data: string, controller: Controller) => {
    if (finished) return;
    finished = true;
    endReasoning(controller);
    endText(controller);
    completeToolCalls(data, controller);
    finishSent = true;
    const metadata = providerMetadata();
    controller.enqueue({
      type: 'finish',
      finishReason: mapChatFinishReason(finishReason),
      usage: convertChatUsage(usage),
      ...(metadata !== undefined && { providerMetadata: metadata }),
    });
  };

  const choiceDelta = (choice: ChatChunkChoice, position: number, data: string, controller: Controller) => {
    const delta = choice.delta;
    if (delta != null) {
      if (typeof delta !== 'object' || Array.isArray(delta)) throw malformed(`choices[${position}].delta is ${kind(delta)}, not an object`, data);

      let reasoning = delta.reasoning_content;
      if (reasoning == null) reasoning = delta.reasoning;
      if (reasoning != null) {
        if (typeof reasoning !== 'string') {
          throw malformed(`choices[${position}].delta.reasoning_content is ${kind(reasoning)}, not a string`, data);
        }
        if (reasoning !== '') {
          if (reasoningId === undefined) {
            reasoningId = `reasoning-${blocks++}`;
            controller.enqueue({ type: 'reasoning-start', id: reasoningId });
          }
          controller.enqueue({ type: 'reasoning-delta', id: reasoningId, delta: reasoning });
        }
      }

      const content = delta.content;
      if (content != null) {
        if (typeof content !== 'string') {
          throw malformed(`choices[${position}].delta.content is ${kind(content)}, not a string`, data);
        }
        if (content !== '') {
          if (textId === undefined) {
            endReasoning(controller);
            textId = `text-${blocks++}`;
            controller.enqueue({ type: 'text-start', id: textId });
          }
          controller.enqueue({ type: 'text-delta', id: textId, delta: content });
          if (collectChoices) choiceTexts[0] = (choiceTexts[0] ?? '') + content;
        }
      }

      const calls = delta.tool_calls;
      if (calls != null) {
        if (!Array.isArray(calls)) {
          throw malformed(`choices[${position}].delta.tool_calls is ${kind(calls)}, not an array`, data);
        }
        for (let i = 0; i < calls.length; i++) toolCallDelta(calls[i], i, data, controller);
      }
    }

    const reason = choice.finish_reason;
    if (reason != null) {
      if (typeof reason !== 'string') {
        throw malformed(`choices[${position}].finish_reason is ${kind(reason)}, not a string`, data);
      }
      finishReason = reason;
      if (collectChoices) choiceFinishReasons[0] = reason;
      // The choice is over: its tool calls are whole now.
      completeToolCalls(data, controller);
    }
  };

  return {
    event(data, _eventName, controller) {
      if (finished) return;
      if (!started) start(controller);
      if (data === '[DONE]') {
        finish(data, controller);
        // Ends the stream even if the connection stays open after the terminator.
        controller.close();
        return;
      }

      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        throw malformed('a chunk is not valid JSON (the stream may have been cut off mid-chunk)', data);
      }
      if (includeRawChunks) controller.enqueue({ type: 'raw', rawValue: parsed });
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw malformed(`a chunk is ${kind(parsed)}, not a JSON object`, data);
      }
      const chunk = parsed as ChatCompletionChunk;
      if (chunk.error != null) throw createStreamError(chunk, data);

      if (!metadataSent) {
        metadataSent = true;
        controller.enqueue({
          type: 'response-metadata',
          id: typeof chunk.id === 'string' ? chunk.id : undefined,
          modelId: typeof chunk.model === 'string' ? chunk.model : undefined,
          timestamp: typeof chunk.created === 'number' ? new Date(chunk.created * 1000) : undefined,
        });
      }

      if (chunk.usage != null) {
        if (typeof chunk.usage !== 'object' || Array.isArray(chunk.usage)) throw malformed(`usage is ${kind(chunk.usage)}, not an object`, data);
        usage = chunk.usage;
      }

      const choices = chunk.choices;
      if (choices == null) return;
      if (!Array.isArray(choices)) throw malformed(`choices is ${kind(choices)}, not an array`, data);
      for (let position = 0; position < choices.length; position++) {
        const choice = choices[position];
        if (choice === null || typeof choice !== 'object' || Array.isArray(choice)) {
          throw malformed(`choices[${position}] is ${kind(choice)}, not an object`, data);
        }
        const index = choice.index ?? 0;
        if (typeof index !== 'number') {
          throw malformed(`choices[${position}].index is ${kind(index)}, not a number`, data);
        }
        if (index === 0) choiceDelta(choice, position, data, controller);
        else if (collectChoices) collectChoice(choice, index, position, data);
      }
    },

    end(controller) {
      if (finished) return;
      if (!started) start(controller);
      // No [DONE]: the body simply ended. Whatever arrived is complete; finish cleanly.
      finish('', controller);
    },

    error(error, controller) {
      if (!started) start(controller);
      controller.enqueue({ type: 'error', error });
      finished = true;
      endReasoning(controller);
      endText(controller);
      // Open tool inputs are closed; their calls are not emitted, the arguments may be incomplete.
      for (const call of callOrder) {
        if (call.started && !call.ended) {
          call.ended = true;
          controller.enqueue({ type: 'tool-input-end', id: call.id! });
        }
      }
      if (!finishSent) {
        finishSent = true;
        controller.enqueue({
          type: 'finish',
          finishReason: { unified: 'error', raw: finishReason },
          usage: convertChatUsage(usage),
        });
      }
      // Stops reading: the rest of the body can no longer be trusted, and the connection is released.
      controller.close();
    },
  };
}
