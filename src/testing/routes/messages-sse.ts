// The SSE form of an emulated message, in the event order of the spec, with pings interleaved and every
// block's content split over several deltas so that clients must reassemble it.

import { tokenize, type AnswerBlock, type AnswerMessage } from './messages-answer';
import type { MessagesMarkers } from './messages-markers';

/** One server-sent event: its name and its JSON data (whose `type` equals the name). */
export interface MessagesSseEvent {
  event: string;
  data: Record<string, unknown>;
}

const PING: MessagesSseEvent = { event: 'ping', data: { type: 'ping' } };
const TEXT_TOKENS_PER_DELTA = 2;
const THINKING_TOKENS_PER_DELTA = 3;
const JSON_CHARS_PER_DELTA = 8;

function group(pieces: string[], size: number): string[] {
  const groups: string[] = [];
  for (let i = 0; i < pieces.length; i += size) groups.push(pieces.slice(i, i + size).join(''));
  return groups;
}

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
      return group(tokenize(block.text), TEXT_TOKENS_PER_DELTA).map((text) => ({ type: 'text_delta', text }));
    case 'thinking':
      return [
        ...group(tokenize(block.thinking), THINKING_TOKENS_PER_DELTA).map((thinking) => ({
          type: 'thinking_delta',
          thinking,
        })),
        { type: 'signature_delta', signature: block.signature },
      ];
    case 'tool_use': {
      // Like the vendor, start with an empty piece; split on code points so no piece holds half a character.
      const pieces = group(Array.from(JSON.stringify(block.input)), JSON_CHARS_PER_DELTA);
      return ['', ...pieces].map((partial_json) => ({ type: 'input_json_delta', partial_json }));
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
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** The SSE body text chunks of a message, with the stream faults the markers ask for. */
export function messageSseChunks(message: AnswerMessage, markers: MessagesMarkers): string[] {
  const events = messageEvents(message);
  if (!markers.streamError && !markers.truncate) return events.map(serialize);

  const firstDelta = events.findIndex((e) => e.event === 'content_block_delta');
  const cut = firstDelta === -1 ? 1 : firstDelta + 1;
  const chunks = events.slice(0, cut).map(serialize);
  if (markers.truncate) {
    const next = events[cut]!;
    const json = JSON.stringify(next.data);
    chunks.push(`event: ${next.event}\ndata: ${json.slice(0, Math.floor(json.length / 2))}`);
  } else {
    chunks.push(serialize({ event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } }));
  }
  return chunks;
}

/** A Response streaming the chunks, one chunk per read. */
export function sseResponse(chunks: string[], headers: Record<string, string>): Response {
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(encoder.encode(chunks[next++]));
      if (next >= chunks.length) controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers },
  });
}
