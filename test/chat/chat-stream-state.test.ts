import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { choiceDelta, collectChoice } from '../../src/chat/chat-choice-deltas';
import { ChatStreamState } from '../../src/chat/chat-stream-state';
import { closeCallsAtBreak, completeToolCalls, toolCallDelta } from '../../src/chat/chat-tool-call-deltas';

function stream(collectChoices = false) {
  const parts: LanguageModelV3StreamPart[] = [];
  const sink = { enqueue: (part: LanguageModelV3StreamPart) => void parts.push(part), close: () => {} };
  const state = new ChatStreamState([], collectChoices);
  state.start(sink);
  parts.length = 0;
  return { parts, sink, state };
}

const types = (parts: LanguageModelV3StreamPart[]) => parts.map(part => part.type);

describe('ChatStreamState', () => {
  it('fail: one error, open blocks and tool inputs closed, no call whose input is not valid JSON, one finish with reason error', () => {
    const { parts, sink, state } = stream();
    choiceDelta(
      state,
      { delta: { content: 'Hi', tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '{"a' } }] } },
      0,
      '',
      sink,
    );
    parts.length = 0;
    state.finishReason = 'tool_calls';
    state.fail(new Error('boom'), sink);
    expect(types(parts)).toEqual(['error', 'text-end', 'tool-input-end', 'finish']);
    expect(parts.at(-1)).toMatchObject({ finishReason: { unified: 'error', raw: 'tool_calls' } });
    expect(state.finished).toBe(true);
    // A second failure adds its error but never a second finish.
    state.fail(new Error('again'), sink);
    expect(types(parts).filter(type => type === 'finish')).toHaveLength(1);
  });

  it('fail: completes an open call whose arguments so far are valid JSON, after the error', () => {
    const { parts, sink, state } = stream();
    toolCallDelta(state, { index: 0, id: 'c1', function: { name: 'f', arguments: '{"a":1}' } }, 0, '', sink);
    parts.length = 0;
    state.fail(new Error('boom'), sink);
    expect(parts.slice(0, 3)).toEqual([
      { type: 'error', error: new Error('boom') },
      { type: 'tool-input-end', id: 'c1' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: '{"a":1}' },
    ]);
  });

  it('fail before any event still opens the stream first', () => {
    const parts: LanguageModelV3StreamPart[] = [];
    const state = new ChatStreamState([{ type: 'other', message: 'w' }], false);
    state.fail(new Error('boom'), { enqueue: part => void parts.push(part), close: () => {} });
    expect(types(parts)).toEqual(['stream-start', 'error', 'finish']);
  });

  it('sendFinish reports every collected choice when n > 1', () => {
    const { parts, sink, state } = stream(true);
    choiceDelta(state, { delta: { content: 'A' }, finish_reason: 'stop' }, 0, '', sink);
    collectChoice(state, { index: 2, delta: { content: 'C' }, finish_reason: 'length' }, 2, 1, '');
    state.sendFinish(sink);
    expect(parts.at(-1)).toMatchObject({
      providerMetadata: {
        unigate: {
          choices: [
            { index: 0, text: 'A', finishReason: 'stop' },
            { index: 1, text: '', finishReason: null },
            { index: 2, text: 'C', finishReason: 'length' },
          ],
        },
      },
    });
  });
});

describe('chat tool-call deltas', () => {
  it('holds arguments that arrive before the name, and sends them right after tool-input-start', () => {
    const { parts, sink, state } = stream();
    toolCallDelta(state, { index: 0, id: 'c1', function: { arguments: '{"a":' } }, 0, '', sink);
    expect(parts).toEqual([]);
    toolCallDelta(state, { index: 0, function: { name: 'f', arguments: '1}' } }, 0, '', sink);
    expect(parts).toEqual([
      { type: 'tool-input-start', id: 'c1', toolName: 'f' },
      { type: 'tool-input-delta', id: 'c1', delta: '{"a":1}' },
    ]);
  });

  it('completes a call when a new id and name reuse its index', () => {
    const { parts, sink, state } = stream();
    toolCallDelta(state, { index: 0, id: 'c1', function: { name: 'f', arguments: '{}' } }, 0, '', sink);
    toolCallDelta(state, { index: 0, id: 'c2', function: { name: 'g', arguments: '' } }, 0, '', sink);
    expect(types(parts)).toEqual([
      'tool-input-start',
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
      'tool-input-start',
    ]);
    expect(parts[3]).toEqual({ type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: '{}' });
  });

  it('at a break, completes the named calls before rejecting one that never got a name, so none ends twice', () => {
    const { parts, sink, state } = stream();
    toolCallDelta(state, { index: 0, id: 'c0', function: { arguments: '{}' } }, 0, '', sink);
    toolCallDelta(state, { index: 1, id: 'c1', function: { name: 'f', arguments: '{}' } }, 0, '', sink);
    expect(() => closeCallsAtBreak(state.callOrder, 'it ended', '', sink)).toThrow(
      'tool call 0 ended without a function name',
    );
    state.fail(new Error('after'), sink);
    expect(types(parts)).toEqual([
      'tool-input-start',
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
      'error',
      'finish',
    ]);
  });

  it('rejects a call that never got a name, and data for a call already complete', () => {
    const { sink, state } = stream();
    toolCallDelta(state, { index: 0, id: 'c1', function: { arguments: '{}' } }, 0, '', sink);
    expect(() => completeToolCalls(state, 'chunk', sink)).toThrow(
      'Unigate chat stream: tool call 0 ended without a function name. Chunk: chunk',
    );

    const other = stream();
    toolCallDelta(other.state, { index: 0, id: 'c1', function: { name: 'f' } }, 0, '', other.sink);
    completeToolCalls(other.state, '', other.sink);
    expect(() => toolCallDelta(other.state, { index: 0, function: { arguments: 'x' } }, 0, 'late', other.sink)).toThrow(
      'tool call 0 received more data after it was complete',
    );
  });

  it('names the field and its kind when a tool-call delta has the wrong shape', () => {
    const { sink, state } = stream();
    expect(() => toolCallDelta(state, { index: 0, function: { name: 7 as unknown as string } }, 3, 'x', sink)).toThrow(
      'Unigate chat stream: choices[0].delta.tool_calls[3].function.name is number, not a string. Chunk: x',
    );
  });
});
