import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { isObjectRecord } from '../checks/narrow';
import type { SseHandler } from '../streams/sse-reader';
import { readChunk } from '../streams/stream-chunk';
import { inBandStreamError, malformed, noEvent, notA } from '../streams/stream-errors';
import type { StreamHandlerOptions } from '../streams/stream-state';
import type { FinishMetadata, LanguageModelPartSink } from '../streams/stream-state';
import { blockDelta, blockStart, blockStop, messageStartContent } from './messages-stream-blocks';
import { MessagesStreamState } from './messages-stream-state';

/** What the messages model's `doStream` gives its stream handler. */
export interface MessagesStreamOptions extends StreamHandlerOptions {
  /** The `json` tool carries the answer (responseFormat json emulation). */
  jsonResponseTool: boolean;
  /** Every `finish` part's metadata: the clean one priced (the price may settle while the stream runs). */
  finishMetadata?: FinishMetadata;
}

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
}

/**
 * Maps the messages SSE events (docs/streaming.md#messages-stream-event-order) to V3 stream
 * parts, for `readSseStream`. The hot path is one JSON.parse per event and a few typed field reads; no
 * schema per event. The stream ends at `message_stop`: nothing after it is read. A malformed event,
 * a second `message_start`, an `error` event, or a body that ends before `message_stop` (or without
 * any event) throws, and the reader routes the throw to `error`, which emits an `error` part, ends
 * the blocks still open and sends `finish` with reason `error`, then ends the stream. A block left
 * open at a break (its index started again, `message_stop`) follows the rule in close-open-blocks.ts.
 */
export function createMessagesStreamHandler(options: MessagesStreamOptions): SseHandler<LanguageModelV3StreamPart> {
  const { includeRawChunks, request } = options;
  const state = new MessagesStreamState(
    options.warnings,
    options.jsonResponseTool,
    options.finishMetadata,
    options.priceWait,
  );
  state.spec = options.spec;
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
