import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../src';
import { createMockFetch } from './helpers/mock-fetch';
import { sseResponse } from './helpers/test-kit';

// A consumer that stops reading early cancels the parts stream, often after the whole body has
// already arrived: that must resolve quietly for both wire formats (Node's TransformStream throws
// "cancelAlgorithm is not a function" there, which is why the reader is a pull-based stream).
// One event per chunk: the deltas "a" and "b" arrive in separate reads, so they are not merged.
const chatBody = [
  'data: {"id":"c","choices":[{"index":0,"delta":{"content":"a"}}]}\n\n',
  'data: {"id":"c","choices":[{"index":0,"delta":{"content":"b"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
];
const messagesBody = [
  'event: message_start\ndata: {"type":"message_start","message":{"id":"m","model":"x","usage":{"input_tokens":1,"output_tokens":1}}}\n\n',
  'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n',
  'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"}}\n\n',
  'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"b"}}\n\n',
  'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n',
  'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":2}}\n\n',
  'event: message_stop\ndata: {"type":"message_stop"}\n\n',
];

describe('cancelling a stream early', () => {
  const { fetch } = createMockFetch(
    http.post('https://gw.test/v1/chat/completions', () => sseResponse(chatBody)),
    http.post('https://gw.test/api/v1/messages', () => sseResponse(messagesBody)),
  );
  const gw = createUnigate({ apiKey: 'k', siteURL: 'https://gw.test', fetch });

  for (const [name, model] of [
    ['chat', gw.chat('m')],
    ['messages', gw.messages('m')],
  ] as const) {
    it(`${name}: cancel after the first delta, with the body already read, resolves`, async () => {
      const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] });
      const reader = stream.getReader();
      let first: unknown;
      for (;;) {
        const { value } = await reader.read();
        if (value?.type === 'text-delta') {
          first = value.delta;
          break;
        }
      }
      await new Promise(resolve => setTimeout(resolve, 5));
      expect(first).toBe('a');
      await expect(reader.cancel()).resolves.toBeUndefined();
    });
  }
});
