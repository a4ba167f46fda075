import {
  InvalidResponseDataError,
  type LanguageModelV3StreamPart,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import { createInBandError } from '../internal/gateway-error';
import type { SseHandler, SseSink } from '../internal/sse-reader';
import { convertMessagesUsage } from './convert-messages-usage';
import type { MessagesUsage } from './messages-api-types';
import { mapMessagesStopReason } from './map-messages-stop-reason';
import { JSON_RESPONSE_TOOL_NAME } from './prepare-messages-tools';

type Controller = SseSink<LanguageModelV3StreamPart>;

// One state per open content block, by the block's `index`.
type BlockState =
  | { kind: 'text'; id: string }
  | { kind: 'reasoning'; id: string; signature: string | undefined; redactedData: string | undefined }
  // `answer`: the JSON-answer tool, streamed as text. `input` grows by appending pieces (linear).
  | { kind: 'tool' | 'answer'; id: string; name: string; input: string; initialInput: string | undefined }
  | { kind: 'ignored' };

const IGNORED: BlockState = { kind: 'ignored' };

function malformed(data: unknown, what: string): InvalidResponseDataError {
  return new InvalidResponseDataError({ data, message: `Malformed event in the messages stream: ${what}.` });
}

function snippet(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}

function readIndex(event: Record<string, unknown>, type: string): number {
  const index = event.index;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) {
    throw malformed(event, `${type} without a valid integer "index"`);
  }
  return index;
}

function mergeUsage(target: MessagesUsage, source: unknown): void {
  if (source === null || typeof source !== 'object') return;
  const usage = source as Record<string, unknown>;
  if (typeof usage.input_tokens === 'number') target.input_tokens = usage.input_tokens;
  if (typeof usage.output_tokens === 'number') target.output_tokens = usage.output_tokens;
  if (typeof usage.cache_read_input_tokens === 'number') target.cache_read_input_tokens = usage.cache_read_input_tokens;
  if (typeof usage.cache_creation_input_tokens === 'number') {
    target.cache_creation_input_tokens = usage.cache_creation_input_tokens;
  }
}

export interface MessagesStreamOptions {
  warnings: SharedV3Warning[];
  includeRawChunks: boolean;
  /** The `json` tool carries the answer (responseFormat json emulation). */
  jsonResponseTool: boolean;
  /** For the errors built from `error` events. */
  url: string;
  requestBodyValues: unknown;
  /** Redacted from error messages. */
  secret: string | undefined;
}

/**
 * Maps the messages SSE events (gateway-api.md, "Events"; wire-conventions.md, "Messages") to V3 stream
 * parts. The hot path is one JSON.parse per event and a few typed field reads; no schema per event.
 */
export function createMessagesStreamHandler(options: MessagesStreamOptions): SseHandler<LanguageModelV3StreamPart> {
  const { includeRawChunks, jsonResponseTool } = options;
  const blocks: Array<BlockState | undefined> = [];
  const usage: MessagesUsage = {};
  let started = false;
  let stopped = false;
  let failed = false;
  let usedRealTool = false;
  let stopReason: string | undefined;
  let stopSequence: string | null = null;

  const start = (controller: Controller) => {
    started = true;
    controller.enqueue({ type: 'stream-start', warnings: options.warnings });
  };

  const finish = (controller: Controller) => {
    const finishReason = failed
      ? { unified: 'error' as const, raw: stopReason }
      : mapMessagesStopReason(stopReason, jsonResponseTool && !usedRealTool);
    controller.enqueue({
      type: 'finish',
      finishReason,
      usage: convertMessagesUsage(usage),
      providerMetadata: { unigate: { stopSequence } },
    });
  };

  const blockStart = (event: Record<string, unknown>, controller: Controller) => {
    const index = readIndex(event, 'content_block_start');
    const block = event.content_block as Record<string, unknown> | null | undefined;
    if (block === null || typeof block !== 'object' || Array.isArray(block)) throw malformed(event, 'content_block_start without "content_block"');
    const id = String(index);
    switch (block.type) {
      case 'text':
        blocks[index] = { kind: 'text', id };
        controller.enqueue({ type: 'text-start', id });
        if (typeof block.text === 'string' && block.text !== '') {
          controller.enqueue({ type: 'text-delta', id, delta: block.text });
        }
        return;
      case 'thinking':
        blocks[index] = {
          kind: 'reasoning',
          id,
          signature: typeof block.signature === 'string' && block.signature !== '' ? block.signature : undefined,
          redactedData: undefined,
        };
        controller.enqueue({ type: 'reasoning-start', id });
        if (typeof block.thinking === 'string' && block.thinking !== '') {
          controller.enqueue({ type: 'reasoning-delta', id, delta: block.thinking });
        }
        return;
      case 'redacted_thinking': {
        if (typeof block.data !== 'string') throw malformed(event, 'redacted_thinking block without "data"');
        blocks[index] = { kind: 'reasoning', id, signature: undefined, redactedData: block.data };
        controller.enqueue({ type: 'reasoning-start', id, providerMetadata: { unigate: { redactedData: block.data } } });
        return;
      }
      case 'tool_use': {
        if (typeof block.id !== 'string' || typeof block.name !== 'string') {
          throw malformed(event, 'tool_use block without string "id" and "name"');
        }
        const input = block.input;
        const initialInput =
          input !== null && typeof input === 'object' && Object.keys(input).length > 0 ? JSON.stringify(input) : undefined;
        if (jsonResponseTool && block.name === JSON_RESPONSE_TOOL_NAME) {
          blocks[index] = { kind: 'answer', id, name: block.name, input: '', initialInput };
          controller.enqueue({ type: 'text-start', id });
        } else {
          usedRealTool = true;
          blocks[index] = { kind: 'tool', id: block.id, name: block.name, input: '', initialInput };
          controller.enqueue({ type: 'tool-input-start', id: block.id, toolName: block.name });
        }
        return;
      }
      default:
        // Block kinds the spec does not name are skipped with their deltas.
        blocks[index] = IGNORED;
    }
  };

  const blockDelta = (event: Record<string, unknown>, controller: Controller) => {
    const index = readIndex(event, 'content_block_delta');
    const state = blocks[index];
    if (state === undefined) throw malformed(event, `content_block_delta for block ${index}, which is not open`);
    // A block kind the spec does not name is skipped with every delta it gets, whatever their type.
    if (state.kind === 'ignored') return;
    const delta = event.delta as Record<string, unknown> | null | undefined;
    if (delta === null || typeof delta !== 'object' || Array.isArray(delta)) throw malformed(event, 'content_block_delta without "delta"');
    switch (delta.type) {
      case 'text_delta':
        if (state.kind !== 'text' || typeof delta.text !== 'string') {
          throw malformed(event, `text_delta ${state.kind === 'text' ? 'without string "text"' : `for a ${state.kind} block`}`);
        }
        controller.enqueue({ type: 'text-delta', id: state.id, delta: delta.text });
        return;
      case 'input_json_delta': {
        const piece = delta.partial_json;
        if ((state.kind !== 'tool' && state.kind !== 'answer') || typeof piece !== 'string') {
          throw malformed(event, `input_json_delta ${typeof piece !== 'string' ? 'without string "partial_json"' : `for a ${state.kind} block`}`);
        }
        if (piece === '') return;
        state.input += piece;
        controller.enqueue(
          state.kind === 'tool'
            ? { type: 'tool-input-delta', id: state.id, delta: piece }
            : { type: 'text-delta', id: state.id, delta: piece },
        );
        return;
      }
      case 'thinking_delta':
        if (state.kind !== 'reasoning' || typeof delta.thinking !== 'string') {
          throw malformed(event, `thinking_delta ${state.kind === 'reasoning' ? 'without string "thinking"' : `for a ${state.kind} block`}`);
        }
        controller.enqueue({ type: 'reasoning-delta', id: state.id, delta: delta.thinking });
        return;
      case 'signature_delta':
        if (state.kind !== 'reasoning' || typeof delta.signature !== 'string') {
          throw malformed(event, `signature_delta ${state.kind === 'reasoning' ? 'without string "signature"' : `for a ${state.kind} block`}`);
        }
        state.signature = state.signature === undefined ? delta.signature : state.signature + delta.signature;
        return;
      default:
        // Delta kinds the spec does not name (e.g. citations) carry nothing the V3 parts can hold.
        return;
    }
  };

  const blockStop = (event: Record<string, unknown>, controller: Controller) => {
    const index = readIndex(event, 'content_block_stop');
    const state = blocks[index];
    if (state === undefined) throw malformed(event, `content_block_stop for block ${index}, which is not open`);
    blocks[index] = undefined;
    switch (state.kind) {
      case 'text':
        controller.enqueue({ type: 'text-end', id: state.id });
        return;
      case 'reasoning': {
        const metadata =
          state.signature !== undefined
            ? { unigate: { signature: state.signature } }
            : state.redactedData !== undefined
              ? { unigate: { redactedData: state.redactedData } }
              : undefined;
        controller.enqueue(
          metadata ? { type: 'reasoning-end', id: state.id, providerMetadata: metadata } : { type: 'reasoning-end', id: state.id },
        );
        return;
      }
      case 'tool':
        controller.enqueue({ type: 'tool-input-end', id: state.id });
        controller.enqueue({
          type: 'tool-call',
          toolCallId: state.id,
          toolName: state.name,
          input: state.input !== '' ? state.input : (state.initialInput ?? '{}'),
        });
        return;
      case 'answer':
        if (state.input === '' && state.initialInput !== undefined) {
          controller.enqueue({ type: 'text-delta', id: state.id, delta: state.initialInput });
        }
        controller.enqueue({ type: 'text-end', id: state.id });
        return;
      case 'ignored':
        return;
    }
  };

  return {
    event(data, eventName, controller) {
      if (!started) start(controller);
      let event: unknown;
      try {
        event = JSON.parse(data);
      } catch {
        throw new InvalidResponseDataError({
          data,
          message: `Malformed event in the messages stream: ${eventName ? `"${eventName}" ` : ''}data is not valid JSON (the stream may have been cut off): ${snippet(data)}`,
        });
      }
      if (includeRawChunks) controller.enqueue({ type: 'raw', rawValue: event });
      if (event === null || typeof event !== 'object' || Array.isArray(event)) throw malformed(event, 'data is not a JSON object');
      const record = event as Record<string, unknown>;
      const type = typeof record.type === 'string' ? record.type : eventName;
      switch (type) {
        case 'ping':
          return;
        case 'content_block_delta':
          return blockDelta(record, controller);
        case 'content_block_start':
          return blockStart(record, controller);
        case 'content_block_stop':
          return blockStop(record, controller);
        case 'message_start': {
          const message = record.message as Record<string, unknown> | null | undefined;
          if (message === null || typeof message !== 'object' || Array.isArray(message)) throw malformed(event, 'message_start without "message"');
          controller.enqueue({
            type: 'response-metadata',
            ...(typeof message.id === 'string' && { id: message.id }),
            ...(typeof message.model === 'string' && { modelId: message.model }),
          });
          mergeUsage(usage, message.usage);
          return;
        }
        case 'message_delta': {
          const delta = record.delta as Record<string, unknown> | null | undefined;
          if (delta !== null && typeof delta === 'object') {
            if (typeof delta.stop_reason === 'string') stopReason = delta.stop_reason;
            if (typeof delta.stop_sequence === 'string') stopSequence = delta.stop_sequence;
          }
          mergeUsage(usage, record.usage);
          return;
        }
        case 'message_stop':
          stopped = true;
          return;
        case 'error':
          failed = true;
          controller.enqueue({
            type: 'error',
            error: createInBandError({
              what: 'Unigate messages stream reported an error',
              errorObject: event,
              url: options.url,
              requestBodyValues: options.requestBodyValues,
              secret: options.secret,
            }),
          });
          return;
        default:
          // Event kinds the spec does not name are skipped.
          return;
      }
    },

    end(controller) {
      if (!started) start(controller);
      if (!failed && !stopped) {
        failed = true;
        controller.enqueue({
          type: 'error',
          error: new InvalidResponseDataError({
            data: undefined,
            message: 'The messages stream ended before message_stop: the response was cut off.',
          }),
        });
      }
      finish(controller);
    },

    error(error, controller) {
      if (!started) start(controller);
      failed = true;
      controller.enqueue({ type: 'error', error });
      finish(controller);
    },
  };
}
