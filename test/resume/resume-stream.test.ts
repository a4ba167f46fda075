import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { readAll, sseResponse } from '../helpers/test-kit';
import {
  answeringWith,
  blockStop,
  call,
  jsonDelta,
  messageDelta,
  messageStop,
  startOf,
  textDelta,
  textStart,
  toolStart,
  userText,
} from '../messages/messages-test-kit';

// How src/resume/resume-stream.ts maps a continuation's parts into the failed stream: here, the tool calls
// the caller already has. Exact bytes, so msw.

const toolParts = (parts: LanguageModelV3StreamPart[]) => parts.filter(part => part.type.startsWith('tool-'));

describe('a continuation and the tool calls the caller already has', () => {
  it("a continuation that calls a kept call's tool with new input delivers that call; the repeat of the kept one is left out", async () => {
    const first = [
      startOf('msg_01', 12),
      toolStart(0, 'toolu_a', 'weather'),
      jsonDelta(0, '{"city":"Oslo"}'),
      blockStop(0),
      textStart(1),
      textDelta(1, 'And '),
    ];
    const second = [
      startOf('msg_02', 30),
      textStart(0),
      textDelta(0, 'Rome:'),
      blockStop(0),
      toolStart(1, 'toolu_b', 'weather'),
      jsonDelta(1, '{"city":"Oslo"}'),
      blockStop(1),
      toolStart(2, 'toolu_c', 'weather'),
      jsonDelta(2, '{"city":"Rome"}'),
      blockStop(2),
      messageDelta('tool_use', 20),
      messageStop,
    ];
    let calls = 0;
    const { model, requests } = answeringWith(() => sseResponse(calls++ === 0 ? first : second));
    const parts = await readAll((await model.doStream(call([userText('Weather?')]))).stream);
    expect(requests).toHaveLength(2);
    expect(toolParts(parts)).toEqual([
      { type: 'tool-input-start', id: 'toolu_a', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'toolu_a', delta: '{"city":"Oslo"}' },
      { type: 'tool-input-end', id: 'toolu_a' },
      { type: 'tool-call', toolCallId: 'toolu_a', toolName: 'weather', input: '{"city":"Oslo"}' },
      { type: 'tool-input-start', id: 'toolu_c', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'toolu_c', delta: '{"city":"Rome"}' },
      { type: 'tool-input-end', id: 'toolu_c' },
      { type: 'tool-call', toolCallId: 'toolu_c', toolName: 'weather', input: '{"city":"Rome"}' },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'tool-calls' } });
  });
});
