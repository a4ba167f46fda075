// The SSE form of an emulated message, in the event order of the spec, with pings interleaved and every
// block's content split over several deltas so that clients must reassemble it.

import {
  DeltaCounter,
  type EmulatorDrop,
  type EmulatorFault,
  type SseEnding,
  type StreamEvent,
  withDrops,
  withStreamFault,
} from '../emulator-faults';
import { sseEvent } from '../emulator-responses';
import { fixedPieces, groupPieces, tokenize } from '../emulator-text';
import type { AnswerBlock, AnswerMessage } from './messages-answer';

/** One server-sent event: its name and its JSON data (whose `type` equals the name). */
export interface MessagesSseEvent {
  event: string;
  data: Record<string, unknown>;
  /** Content deltas: their number in the full answer, and whether they lie beyond the prefill. */
  delta?: number;
  beyond?: boolean;
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

/** A request's answer: `full` as without a prefill, `sent` what goes out, `prefilled` the prefill it continues. */
export interface StreamedAnswer {
  full: AnswerMessage;
  sent: AnswerMessage;
  prefilled?: string;
}

/** The content events of the full answer's blocks, less what the prefill holds (see DeltaCounter). */
function contentEvents(full: AnswerMessage, prefilled: string | undefined): MessagesSseEvent[] {
  const counter = new DeltaCounter(prefilled);
  const events: MessagesSseEvent[] = [];
  let index = 0;
  for (const block of full.content) {
    const deltas: MessagesSseEvent[] = [];
    for (const delta of blockDeltas(block)) {
      const data = { type: 'content_block_delta', index, delta };
      if (delta.type === 'text_delta') {
        const part = counter.text(String(delta.text));
        if (part.sent === '') continue;
        deltas.push({
          event: 'content_block_delta',
          data: { ...data, delta: { ...delta, text: part.sent } },
          delta: part.delta,
          beyond: part.beyond,
        });
      } else if (delta.type === 'input_json_delta') {
        deltas.push({ event: 'content_block_delta', data, ...counter.tool(String(delta.partial_json)) });
      } else {
        deltas.push({ event: 'content_block_delta', data });
      }
    }
    // A text block the prefill holds whole is not sent at all.
    if (block.type === 'text' && deltas.length === 0) continue;
    events.push({
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: startBlock(block) },
    });
    deltas.forEach((delta, k) => {
      events.push(delta);
      if (k % 2 === 1 && k < deltas.length - 1) events.push(PING);
    });
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
    index += 1;
  }
  return events;
}

/** The full event sequence of an answer. */
export function messageEvents(answer: AnswerMessage | StreamedAnswer): MessagesSseEvent[] {
  const { full, sent, prefilled } = 'full' in answer ? answer : { full: answer, sent: answer, prefilled: undefined };
  return [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          ...sent,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...sent.usage, output_tokens: 1 },
        },
      },
    },
    PING,
    ...contentEvents(full, prefilled),
    {
      event: 'message_delta',
      data: {
        type: 'message_delta',
        delta: { stop_reason: sent.stop_reason, stop_sequence: sent.stop_sequence },
        usage: { output_tokens: sent.usage.output_tokens },
      },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ];
}

function serialize(event: MessagesSseEvent): string {
  return sseEvent(JSON.stringify(event.data), event.event);
}

const OVERLOADED: MessagesSseEvent = {
  event: 'error',
  data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
};

/**
 * The SSE events of an answer as sent: with a stream fault (if any) right after the first content delta, or
 * else the first drop that fires; `ending` says how the body ends after them.
 */
export function messageSseChunks(
  answer: AnswerMessage | StreamedAnswer,
  fault: EmulatorFault | undefined,
  drops: readonly EmulatorDrop[] = [],
): { events: string[]; ending: SseEnding } {
  const events = messageEvents(answer);
  const firstDelta = events.findIndex(e => e.event === 'content_block_delta');
  const faulted = withStreamFault(
    events.map(serialize),
    firstDelta === -1 ? 1 : firstDelta + 1,
    fault,
    serialize(OVERLOADED),
  );
  if (fault?.kind === 'stream-error' || fault?.kind === 'cut' || fault?.kind === 'truncate') {
    return { events: faulted, ending: 'end' };
  }
  const tagged: StreamEvent[] = events.map(e => ({ text: serialize(e), delta: e.delta, beyond: e.beyond }));
  return withDrops(tagged, drops, serialize(OVERLOADED));
}
