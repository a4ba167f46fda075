import { InvalidResponseDataError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { closeAtBreak, closeOpenBlocks, type OpenBlock, openCallsError } from '../../src/streams/stream-state';

function sink() {
  const parts: LanguageModelV3StreamPart[] = [];
  return { parts, sink: { enqueue: (part: LanguageModelV3StreamPart) => void parts.push(part), close: () => {} } };
}

const text: OpenBlock = { kind: 'text', id: 't' };
const reasoning: OpenBlock = { kind: 'reasoning', id: 'r', providerMetadata: { unigate: { signature: 'sig' } } };
const whole: OpenBlock = { kind: 'tool', id: 'call_1', name: 'weather', input: ' {"city":"Oslo"} ' };
const cut: OpenBlock = { kind: 'tool', id: 'call_2', name: 'time', input: '{"tz":"CE' };
const empty: OpenBlock = { kind: 'tool', id: 'call_3', name: 'now', input: '' };

describe('closeOpenBlocks', () => {
  it('ends every block in order and completes only the calls whose input is valid JSON, as streamed', () => {
    const { parts, sink: out } = sink();
    closeOpenBlocks(
      [reasoning, text, whole, cut, empty, { kind: 'reasoning', id: 'r2', providerMetadata: undefined }],
      out,
    );
    expect(parts).toEqual([
      { type: 'reasoning-end', id: 'r', providerMetadata: { unigate: { signature: 'sig' } } },
      { type: 'text-end', id: 't' },
      { type: 'tool-input-end', id: 'call_1' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'weather', input: ' {"city":"Oslo"} ' },
      { type: 'tool-input-end', id: 'call_2' },
      { type: 'tool-input-end', id: 'call_3' },
      { type: 'reasoning-end', id: 'r2' },
    ]);
  });
});

describe('openCallsError', () => {
  it('is undefined when every open call can complete', () => {
    expect(openCallsError('chat', 'it broke', [text, reasoning, whole], 'x')).toBeUndefined();
  });

  it('names each call that cannot complete, with what broke and the chunk', () => {
    const error = openCallsError(
      'messages',
      'message_stop arrived early',
      [whole, cut, empty],
      '{"type":"message_stop"}',
    );
    expect(InvalidResponseDataError.isInstance(error)).toBe(true);
    expect(error!.message).toBe(
      'Unigate messages stream: message_stop arrived early; tool calls call_2 (time), call_3 (now) cannot complete: ' +
        'their input does not parse as JSON. Chunk: {"type":"message_stop"}',
    );
    expect(openCallsError('chat', 'the stream ended', [cut], '')!.message).toBe(
      'Unigate chat stream: the stream ended; tool call call_2 (time) cannot complete: its input does not parse as JSON.',
    );
  });
});

describe('closeAtBreak', () => {
  it('ends the blocks when every call can complete', () => {
    const { parts, sink: out } = sink();
    closeAtBreak('chat', 'it broke', [text, whole], '', out);
    expect(parts.map(part => part.type)).toEqual(['text-end', 'tool-input-end', 'tool-call']);
  });

  it('throws the error and sends nothing when a call cannot complete: the failure path ends the blocks', () => {
    const { parts, sink: out } = sink();
    expect(() => closeAtBreak('chat', 'it broke', [text, whole, cut], '', out)).toThrow(
      'tool call call_2 (time) cannot complete',
    );
    expect(parts).toEqual([]);
  });
});
