import { APICallError, InvalidResponseDataError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import type { SseSink } from '../../src/streams/sse-reader';
import { readChunk } from '../../src/streams/stream-state';
import { inBandStreamError, kind, malformed, notA } from '../../src/streams/stream-errors';

function collecting() {
  const parts: LanguageModelV3StreamPart[] = [];
  const sink: SseSink<LanguageModelV3StreamPart> = { enqueue: part => void parts.push(part), close: () => {} };
  return { parts, sink };
}

describe('kind and notA', () => {
  it('name a JSON value the way every stream error does', () => {
    expect([null, [], {}, 'x', 1, true, undefined].map(kind)).toEqual([
      'null',
      'array',
      'object',
      'string',
      'number',
      'boolean',
      'missing',
    ]);
    expect(notA('choices[0].delta', null, 'an object')).toBe('choices[0].delta is null, not an object');
    expect(notA('text_delta delta.text', undefined, 'a string')).toBe('text_delta delta.text is missing, not a string');
  });
});

describe('malformed', () => {
  it('names the format, the problem and the chunk', () => {
    const error = malformed('chat', 'usage is string, not an object', '{"usage":"lots"}');
    expect(InvalidResponseDataError.isInstance(error)).toBe(true);
    expect(error.message).toBe('Unigate chat stream: usage is string, not an object. Chunk: {"usage":"lots"}');
    expect(error.data).toBe('{"usage":"lots"}');
    expect(malformed('messages', 'x', '{}').message).toBe('Unigate messages stream: x. Chunk: {}');
  });

  it('cuts the preview at 300 characters but keeps the whole chunk in data', () => {
    const data = `{"a":"${'y'.repeat(400)}"}`;
    const error = malformed('messages', 'too long', data);
    expect(error.message).toBe(`Unigate messages stream: too long. Chunk: ${data.slice(0, 300)}...`);
    expect(error.data).toBe(data);
  });

  it('leaves the chunk out when there is none (the body ended)', () => {
    expect(malformed('messages', 'the body ended before message_stop', '').message).toBe(
      'Unigate messages stream: the body ended before message_stop.',
    );
  });
});

describe('readChunk', () => {
  it('parses an object and sends a raw part only when asked', () => {
    const { parts, sink } = collecting();
    expect(readChunk('chat', '{"a":1}', undefined, false, sink)).toEqual({ a: 1 });
    expect(parts).toEqual([]);
    readChunk('chat', '{"a":1}', undefined, true, sink);
    expect(parts).toEqual([{ type: 'raw', rawValue: { a: 1 } }]);
  });

  it('throws malformed for text that is not JSON, naming the event when it has a name', () => {
    const { sink } = collecting();
    expect(() => readChunk('messages', '{"type":"content_blo', 'content_block_delta', false, sink)).toThrow(
      'Unigate messages stream: a "content_block_delta" chunk is not valid JSON (the stream may have been cut off). Chunk: {"type":"content_blo',
    );
    expect(() => readChunk('chat', 'nope', undefined, false, sink)).toThrow(
      'Unigate chat stream: a chunk is not valid JSON',
    );
  });

  it('throws malformed for JSON that is not an object, after the raw part', () => {
    const { parts, sink } = collecting();
    expect(() => readChunk('chat', '[1]', undefined, true, sink)).toThrow(
      'Unigate chat stream: a chunk is array, not a JSON object. Chunk: [1]',
    );
    expect(() => readChunk('chat', 'null', undefined, false, sink)).toThrow('a chunk is null, not a JSON object');
    expect(parts).toEqual([{ type: 'raw', rawValue: [1] }]);
  });
});

describe('inBandStreamError', () => {
  it('builds the APICallError from the request, with the chunk as the response body and the key redacted', () => {
    const secret = 'sk-unigate-secret-0123456789';
    const data = JSON.stringify({ error: { type: 'overloaded_error', message: `busy ${secret}` } });
    const error = inBandStreamError('Unigate chat completion failed', JSON.parse(data), data, {
      url: 'https://gw.test/v1/chat/completions',
      requestBodyValues: { model: 'm' },
      secret,
    });
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe('Unigate chat completion failed (overloaded_error): busy [redacted]');
    expect(error.url).toBe('https://gw.test/v1/chat/completions');
    expect(error.requestBodyValues).toEqual({ model: 'm' });
    expect(error.responseBody).toBe(data.replace(secret, '[redacted]'));
    expect(error.isRetryable).toBe(true);
  });
});
