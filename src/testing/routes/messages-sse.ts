// The SSE form of an emulated message, in the event order of the spec, with pings interleaved and every
// block's content split over several deltas so that clients must reassemble it.

import { withStreamFault, type EmulatorFault } from '../emulator-faults';
import { sseEvent } from '../emulator-responses';
import { fixedPieces, groupPieces, tokenize } from '../emulator-text';
import type { AnswerBlock, AnswerMessage } from './messages-answer';

/** One server-sent event: its name and its JSON data (whose `type` equals the name). */
export interface MessagesSseEvent {
  event: string;
  data: Record<string, unknown>;
}

const PING: MessagesSseEvent = { event: 'ping', data: { type: 'ping' } };
const TEXT_TOKENS_PER_DELTA = 2;
const THINKING_TOKENS_PER_DELTA = 3;
const JSON_CHARS_PER_DELTA = 8;

function startBlock(block: AnswerBlock): Record<string, unknown> {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: '' };
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: {} };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
  }
}

function blockDeltas(block: AnswerBlock): Record<string, unknown>[] {
  switch (block.type) {
    case 'text':
      return groupPieces(tokenize(block.text), TEXT_TOKENS_PER_DELTA).map(text => ({ type: 'text_delta', text }));
    case 'thinking':
      return [
        ...groupPieces(tokenize(block.thinking), THINKING_TOKENS_PER_DELTA).map(thinking => ({
          type: 'thinking_delta',
          thinking,
        })),
        { type: 'signature_delta', signature: block.signature },
      ];
    case 'tool_use': {
      // Like the vendor, start with an empty piece; split on code points so no piece holds half a character.
      const pieces = fixedPieces(JSON.stringify(block.input), JSON_CHARS_PER_DELTA);
      return ['', ...pieces].map(partial_json => ({ type: 'input_json_delta', partial_json }));
    }
    case 'redacted_thinking':
      return [];
  }
}

/** The full event sequence of a message. */
export function messageEvents(message: AnswerMessage): MessagesSseEvent[] {
  const events: MessagesSseEvent[] = [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          ...message,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...message.usage, output_tokens: 1 },
        },
      },
    },
    PING,
  ];
  message.content.forEach((block, index) => {
    events.push({
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: startBlock(block) },
    });
    const deltas = blockDeltas(block);
    deltas.forEach((delta, k) => {
      events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta } });
      if (k % 2 === 1 && k < deltas.length - 1) events.push(PING);
    });
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  });
  events.push(
    {
      event: 'message_delta',
      data: {
        type: 'message_delta',
        delta: { stop_reason: message.stop_reason, stop_sequence: message.stop_sequence },
        usage: { output_tokens: message.usage.output_tokens },
      },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  );
  return events;
}

function serialize(event: MessagesSseEvent): string {
  return sseEvent(JSON.stringify(event.data), event.event);
}

const OVERLOADED: MessagesSseEvent = {
  event: 'error',
  data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
};

/** The SSE events of a message as sent, with a stream fault (if any) right after the first content delta. */
export function messageSseChunks(message: AnswerMessage, fault: EmulatorFault | undefined): string[] {
  const events = messageEvents(message);
  const firstDelta = events.findIndex(e => e.event === 'content_block_delta');
  return withStreamFault(events.map(serialize), firstDelta === -1 ? 1 : firstDelta + 1, fault, serialize(OVERLOADED));
}
