import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { blockDelta, blockStart, blockStop, MessagesStreamState } from '../../src/messages/messages-stream';

function stream(jsonResponseTool = false) {
  const parts: LanguageModelV3StreamPart[] = [];
  const sink = { enqueue: (part: LanguageModelV3StreamPart) => void parts.push(part), close: () => {} };
  return { parts, sink, state: new MessagesStreamState([], jsonResponseTool) };
}

describe('messages stream blocks', () => {
  it('streams the JSON-answer tool as text, with its initial input when no delta came', () => {
    const { parts, sink, state } = stream(true);
    blockStart(
      state,
      { index: 0, content_block: { type: 'tool_use', id: 't', name: 'json', input: { a: 1 } } },
      '',
      sink,
    );
    blockStop(state, { index: 0 }, '', sink);
    expect(parts).toEqual([
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: '{"a":1}' },
      { type: 'text-end', id: '0' },
    ]);
    expect(state.usedRealTool).toBe(false);
  });

  it('sends a tool call with the input as streamed, and a reasoning end with its signature', () => {
    const { parts, sink, state } = stream();
    blockStart(state, { index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }, '', sink);
    blockDelta(state, { index: 0, delta: { type: 'signature_delta', signature: 'si' } }, '', sink);
    blockDelta(state, { index: 0, delta: { type: 'signature_delta', signature: 'g' } }, '', sink);
    blockStop(state, { index: 0 }, '', sink);
    blockStart(state, { index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} } }, '', sink);
    blockDelta(state, { index: 1, delta: { type: 'input_json_delta', partial_json: '{"x"' } }, '', sink);
    blockDelta(state, { index: 1, delta: { type: 'input_json_delta', partial_json: ':1}' } }, '', sink);
    blockStop(state, { index: 1 }, '', sink);
    expect(parts[1]).toEqual({ type: 'reasoning-end', id: '0', providerMetadata: { unigate: { signature: 'sig' } } });
    expect(parts.at(-1)).toEqual({ type: 'tool-call', toolCallId: 'toolu_1', toolName: 'f', input: '{"x":1}' });
    expect(state.usedRealTool).toBe(true);
  });

  it('skips a block kind the spec does not name, with every delta it gets', () => {
    const { parts, sink, state } = stream();
    blockStart(state, { index: 0, content_block: { type: 'server_gadget' } }, '', sink);
    blockDelta(state, { index: 0, delta: 'not even an object' }, '', sink);
    blockStop(state, { index: 0 }, '', sink);
    expect(parts).toEqual([]);
  });

  it('names a delta for the wrong block kind before a field of the wrong type', () => {
    const { sink, state } = stream();
    blockStart(state, { index: 0, content_block: { type: 'text', text: '' } }, '', sink);
    expect(() =>
      blockDelta(state, { index: 0, delta: { type: 'input_json_delta', partial_json: 5 } }, 'c', sink),
    ).toThrow('Unigate messages stream: input_json_delta for a text block. Chunk: c');
    expect(() => blockDelta(state, { index: 0, delta: { type: 'text_delta', text: null } }, 'c', sink)).toThrow(
      'Unigate messages stream: text_delta delta.text is null, not a string. Chunk: c',
    );
  });

  it('says what the index was when it is not a non-negative integer', () => {
    const { sink, state } = stream();
    expect(() => blockStop(state, { index: -1 }, 'c', sink)).toThrow(
      'content_block_stop index is -1, not a non-negative integer',
    );
    expect(() => blockStop(state, { index: '0' }, 'c', sink)).toThrow(
      'content_block_stop index is string, not a non-negative integer',
    );
    expect(() => blockStop(state, { index: 4 }, 'c', sink)).toThrow(
      'content_block_stop for block 4, which is not open',
    );
  });
});

describe('MessagesStreamState', () => {
  it('finishes with the mapped stop reason, the merged usage and the stop sequence', () => {
    const { parts, sink, state } = stream();
    state.mergeUsage({ input_tokens: 5, output_tokens: 1, cache_read_input_tokens: 2 });
    state.mergeUsage({ output_tokens: 9, input_tokens: 'many' });
    state.stopReason = 'stop_sequence';
    state.stopSequence = 'END';
    state.finish(sink, false);
    expect(parts[0]).toMatchObject({
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'stop_sequence' },
      usage: { outputTokens: { total: 9 } },
      providerMetadata: { unigate: { stopSequence: 'END' } },
    });
    expect(state.usage).toEqual({ input_tokens: 5, output_tokens: 9, cache_read_input_tokens: 2 });
  });

  it('fail: opens the stream if needed, one error, finish with reason error', () => {
    const { parts, sink, state } = stream();
    state.stopReason = 'end_turn';
    state.fail(new Error('boom'), sink);
    expect(parts.map(part => part.type)).toEqual(['stream-start', 'error', 'finish']);
    expect(parts[2]).toMatchObject({ finishReason: { unified: 'error', raw: 'end_turn' } });
  });
});
