import { APICallError, InvalidResponseDataError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ChatStreamState,
  choiceDelta,
  closeCallsAtBreak,
  collectChoice,
  completeToolCalls,
  toolCallDelta,
} from '../../src/chat/chat-stream';
import { cutOffReason } from '../helpers/spec';
import { failure, readAll } from '../helpers/test-kit';
import {
  CHAT_URL,
  DONE,
  chunk,
  event,
  metadataPart,
  noUsage,
  prompt,
  setup,
  streaming,
  usageChunk,
} from './chat-fixtures';

/** The events' bytes cut every `size` bytes, so lines, JSON and UTF-8 characters are split mid-way. */
function cut(events: string[], size: number): Uint8Array[] {
  const all = new TextEncoder().encode(events.join(''));
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < all.length; i += size) pieces.push(all.slice(i, i + size));
  return pieces;
}

async function streamParts(
  chunks: Array<string | Uint8Array>,
  options: { includeRawChunks?: boolean; n?: number; topK?: number } = {},
) {
  const { model, requests } = streaming(chunks);
  const { stream } = await model.doStream({
    prompt,
    includeRawChunks: options.includeRawChunks,
    topK: options.topK,
    ...(options.n !== undefined && { providerOptions: { unigate: { n: options.n } } }),
  });
  const parts = await readAll(stream);
  return { parts, requests };
}

const usage = { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 };
const v3Usage = {
  inputTokens: { total: 9, noCache: 9, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 3, text: 3, reasoning: undefined },
  raw: usage,
};

const toolCall = (index: number, fields: { id?: string; name?: string; args?: string }) => ({
  index,
  ...(fields.id !== undefined && { id: fields.id, type: 'function' }),
  function: {
    ...(fields.name !== undefined && { name: fields.name }),
    ...(fields.args !== undefined && { arguments: fields.args }),
  },
});

function errorPart(parts: LanguageModelV3StreamPart[]): Error {
  const found = parts.filter(part => part.type === 'error');
  expect(found).toHaveLength(1);
  return (found[0] as { error: Error }).error;
}

describe('chat doStream: text', () => {
  const textEvents = [
    chunk({ role: 'assistant', content: '' }),
    chunk({ content: 'Hel' }),
    chunk({ content: 'lo, ' }),
    chunk({ content: 'wörld 👋' }),
    chunk({}, 'stop'),
    usageChunk(usage),
    DONE,
  ];
  const expected: LanguageModelV3StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    metadataPart,
    { type: 'text-start', id: 'text-0' },
    { type: 'text-delta', id: 'text-0', delta: 'Hel' },
    { type: 'text-delta', id: 'text-0', delta: 'lo, ' },
    { type: 'text-delta', id: 'text-0', delta: 'wörld 👋' },
    { type: 'text-end', id: 'text-0' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: v3Usage },
  ];

  it('emits stream-start, metadata, text parts with a stable id, and finish with usage', async () => {
    expect((await streamParts(textEvents)).parts).toEqual(expected);
  });

  it('gives the same parts whatever the chunk boundaries', async () => {
    for (const size of [1, 7, 33]) expect((await streamParts(cut(textEvents, size))).parts).toEqual(expected);
  });

  it('puts the warnings in stream-start', async () => {
    const { parts } = await streamParts(textEvents, { topK: 5 });
    expect(parts[0]).toEqual({
      type: 'stream-start',
      warnings: [
        {
          type: 'unsupported',
          feature: 'topK',
          details: 'The chat-completions endpoint has no top_k parameter; topK was not sent.',
        },
      ],
    });
  });

  it('returns the response headers and the request body', async () => {
    const { model } = streaming(textEvents, { headers: { 'x-request-id': 'req-9' } });
    const result = await model.doStream({ prompt });
    expect(result.response?.headers?.['x-request-id']).toBe('req-9');
    expect(result.response?.headers?.['content-type']).toBe('text/event-stream');
    expect(result.request?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    await readAll(result.stream);
  });

  it('emits a raw part per chunk when includeRawChunks is set', async () => {
    const first = {
      id: 'c',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'm',
      choices: [{ index: 0, delta: { content: 'A' }, finish_reason: 'stop' }],
    };
    const { parts } = await streamParts([event(first), DONE], { includeRawChunks: true });
    expect(parts).toEqual([
      { type: 'stream-start', warnings: [] },
      { type: 'raw', rawValue: first },
      { type: 'response-metadata', id: 'c', modelId: 'm', timestamp: new Date(1000) },
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'A' },
      { type: 'text-end', id: 'text-0' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: noUsage },
    ]);
  });

  it('reads usage details from the usage chunk, or from the finishing chunk', async () => {
    const detailed = {
      prompt_tokens: 100,
      completion_tokens: 50,
      total_tokens: 150,
      prompt_tokens_details: { cached_tokens: 64 },
      completion_tokens_details: { reasoning_tokens: 30 },
    };
    const expectedUsage = {
      inputTokens: { total: 100, noCache: 36, cacheRead: 64, cacheWrite: undefined },
      outputTokens: { total: 50, text: 20, reasoning: 30 },
      raw: detailed,
    };
    const separate = await streamParts([chunk({ content: 'x' }, 'length'), usageChunk(detailed), DONE]);
    expect(separate.parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'length', raw: 'length' },
      usage: expectedUsage,
    });
    const inline = await streamParts([chunk({ content: 'x' }, 'stop', { usage: detailed }), DONE]);
    expect(inline.parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: expectedUsage,
    });
  });

  it('finishes cleanly when the body ends without [DONE]', async () => {
    const { parts } = await streamParts([chunk({ content: 'Hi' }), chunk({}, 'stop'), usageChunk(usage)]);
    expect(parts.slice(2)).toEqual([
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'Hi' },
      { type: 'text-end', id: 'text-0' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: v3Usage },
    ]);
  });

  it('fails a 200 body that delivered no event at all (empty, or only comments and blank lines)', async () => {
    for (const body of [[], [': keep-alive\n\n', '\n\n', 'event: x\n\n']]) {
      const { parts } = await streamParts(body);
      expect(parts).toEqual([
        { type: 'stream-start', warnings: [] },
        { type: 'error', error: expect.any(InvalidResponseDataError) },
        { type: 'finish', finishReason: { unified: 'error', raw: undefined }, usage: noUsage },
      ]);
      expect(errorPart(parts).message).toBe(
        'Unigate chat stream: the body ended without a single event: a stream that delivered no event is not an answer.',
      );
    }
  });

  it('still finishes cleanly when the only event is [DONE]', async () => {
    expect((await streamParts([DONE])).parts).toEqual([
      { type: 'stream-start', warnings: [] },
      { type: 'finish', finishReason: { unified: 'other', raw: undefined }, usage: noUsage },
    ]);
  });

  it('ends at [DONE] even when the connection stays open', async () => {
    const encoder = new TextEncoder();
    const { model } = setup([
      http.post(
        CHAT_URL,
        () =>
          new HttpResponse(
            new ReadableStream({
              start(controller) {
                controller.enqueue(encoder.encode(chunk({ content: 'ok' }, 'stop') + DONE));
                // never closed
              },
            }),
            { headers: { 'content-type': 'text/event-stream' } },
          ),
      ),
    ]);
    const { stream } = await model.doStream({ prompt });
    const parts = await readAll(stream);
    expect(parts.at(-1)).toEqual({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: noUsage });
  });

  it('with n > 1 streams the first choice and lists every choice in providerMetadata', async () => {
    const twoChoices = (deltas: Array<[number, string | null, string | null]>) =>
      event({
        id: 'chatcmpl-s1',
        object: 'chat.completion.chunk',
        created: 1_700_000_000,
        model: 'gpt-4o-mini-2024-07-18',
        choices: deltas.map(([index, content, finish]) => ({
          index,
          delta: content === null ? {} : { content },
          finish_reason: finish,
        })),
      });
    const { parts, requests } = await streamParts(
      [
        twoChoices([
          [0, 'Re', null],
          [1, 'Bl', null],
        ]),
        twoChoices([[1, 'ue', 'stop']]),
        twoChoices([[0, 'd', 'stop']]),
        usageChunk({ prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 }),
        DONE,
      ],
      { n: 2 },
    );
    expect((requests[0].body as { n: number }).n).toBe(2);
    expect(parts.filter(part => part.type === 'text-delta').map(part => (part as { delta: string }).delta)).toEqual([
      'Re',
      'd',
    ]);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 5, noCache: 5, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 4, text: 4, reasoning: undefined },
        raw: { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 },
      },
      providerMetadata: {
        unigate: {
          choices: [
            { index: 0, text: 'Red', finishReason: 'stop' },
            { index: 1, text: 'Blue', finishReason: 'stop' },
          ],
        },
      },
    });
  });
});

describe('chat doStream: reasoning', () => {
  it('streams reasoning_content as reasoning parts, closed when the answer starts', async () => {
    const { parts } = await streamParts([
      chunk({ role: 'assistant', content: null, reasoning_content: '' }),
      chunk({ content: null, reasoning_content: 'Six ' }),
      chunk({ content: null, reasoning_content: 'times seven.' }),
      chunk({ content: '42', reasoning_content: null }),
      chunk({}, 'stop'),
      DONE,
    ]);
    expect(parts.slice(2)).toEqual([
      { type: 'reasoning-start', id: 'reasoning-0' },
      { type: 'reasoning-delta', id: 'reasoning-0', delta: 'Six ' },
      { type: 'reasoning-delta', id: 'reasoning-0', delta: 'times seven.' },
      { type: 'reasoning-end', id: 'reasoning-0' },
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: '42' },
      { type: 'text-end', id: 'text-1' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: noUsage },
    ]);
  });

  it('also reads delta.reasoning, and closes reasoning at the end when no answer follows', async () => {
    const { parts } = await streamParts([chunk({ reasoning: 'Hmm.' }), chunk({}, 'length'), DONE]);
    expect(parts.slice(2)).toEqual([
      { type: 'reasoning-start', id: 'reasoning-0' },
      { type: 'reasoning-delta', id: 'reasoning-0', delta: 'Hmm.' },
      { type: 'reasoning-end', id: 'reasoning-0' },
      { type: 'finish', finishReason: { unified: 'length', raw: 'length' }, usage: noUsage },
    ]);
  });
});

describe('chat doStream: tool calls', () => {
  it('streams arguments split across many chunks and emits the call only when it is complete', async () => {
    const pieces = ['{"ci', 'ty":', ' "Par', 'is", ', '"unit"', ': "C"', '}'];
    const events = [
      chunk({
        role: 'assistant',
        content: null,
        tool_calls: [toolCall(0, { id: 'call_1', name: 'weather', args: '' })],
      }),
      ...pieces.map(args => chunk({ tool_calls: [toolCall(0, { args })] })),
      chunk({}, 'tool_calls'),
      usageChunk(usage),
      DONE,
    ];
    const expected: LanguageModelV3StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      metadataPart,
      { type: 'tool-input-start', id: 'call_1', toolName: 'weather' },
      ...pieces.map(delta => ({ type: 'tool-input-delta' as const, id: 'call_1', delta })),
      { type: 'tool-input-end', id: 'call_1' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'weather', input: '{"city": "Paris", "unit": "C"}' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: v3Usage },
    ];
    expect((await streamParts(events)).parts).toEqual(expected);
    expect((await streamParts(cut(events, 5))).parts).toEqual(expected);
  });

  it('does not complete a call early because a prefix of its arguments parses as JSON', async () => {
    const { parts } = await streamParts([
      chunk({ tool_calls: [toolCall(0, { id: 'call_1', name: 'pick', args: '{"a":1}' })] }),
      chunk({ tool_calls: [toolCall(0, { args: '{"b":2}' })] }),
      chunk({}, 'tool_calls'),
      DONE,
    ]);
    expect(parts.slice(2)).toEqual([
      { type: 'tool-input-start', id: 'call_1', toolName: 'pick' },
      { type: 'tool-input-delta', id: 'call_1', delta: '{"a":1}' },
      { type: 'tool-input-delta', id: 'call_1', delta: '{"b":2}' },
      { type: 'tool-input-end', id: 'call_1' },
      // Passed through as-is (invalid JSON) so the AI SDK's repair hook sees it.
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'pick', input: '{"a":1}{"b":2}' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: noUsage },
    ]);
  });

  it('keeps parallel calls apart when their indexes interleave', async () => {
    const { parts } = await streamParts(
      cut(
        [
          chunk({ tool_calls: [toolCall(0, { id: 'call_a', name: 'weather', args: '' })] }),
          chunk({ tool_calls: [toolCall(1, { id: 'call_b', name: 'time', args: '{"tz"' })] }),
          chunk({ tool_calls: [toolCall(0, { args: '{"city"' })] }),
          chunk({ tool_calls: [toolCall(1, { args: ':"CET"}' }), toolCall(0, { args: ':"Oslo"' })] }),
          chunk({ tool_calls: [toolCall(0, { args: '}' })] }),
          chunk({}, 'tool_calls'),
          DONE,
        ],
        11,
      ),
    );
    expect(parts.slice(2)).toEqual([
      { type: 'tool-input-start', id: 'call_a', toolName: 'weather' },
      { type: 'tool-input-start', id: 'call_b', toolName: 'time' },
      { type: 'tool-input-delta', id: 'call_b', delta: '{"tz"' },
      { type: 'tool-input-delta', id: 'call_a', delta: '{"city"' },
      { type: 'tool-input-delta', id: 'call_b', delta: ':"CET"}' },
      { type: 'tool-input-delta', id: 'call_a', delta: ':"Oslo"' },
      { type: 'tool-input-delta', id: 'call_a', delta: '}' },
      { type: 'tool-input-end', id: 'call_a' },
      { type: 'tool-call', toolCallId: 'call_a', toolName: 'weather', input: '{"city":"Oslo"}' },
      { type: 'tool-input-end', id: 'call_b' },
      { type: 'tool-call', toolCallId: 'call_b', toolName: 'time', input: '{"tz":"CET"}' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: noUsage },
    ]);
  });

  it('completes a call when a new call id reuses its index', async () => {
    const { parts } = await streamParts([
      chunk({ tool_calls: [toolCall(0, { id: 'call_1', name: 'a', args: '{"x":1}' })] }),
      chunk({ tool_calls: [toolCall(0, { id: 'call_2', name: 'b', args: '{"y":' })] }),
      chunk({ tool_calls: [toolCall(0, { args: '2}' })] }),
      chunk({}, 'tool_calls'),
      DONE,
    ]);
    expect(parts.slice(2)).toEqual([
      { type: 'tool-input-start', id: 'call_1', toolName: 'a' },
      { type: 'tool-input-delta', id: 'call_1', delta: '{"x":1}' },
      { type: 'tool-input-end', id: 'call_1' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'a', input: '{"x":1}' },
      { type: 'tool-input-start', id: 'call_2', toolName: 'b' },
      { type: 'tool-input-delta', id: 'call_2', delta: '{"y":' },
      { type: 'tool-input-delta', id: 'call_2', delta: '2}' },
      { type: 'tool-input-end', id: 'call_2' },
      { type: 'tool-call', toolCallId: 'call_2', toolName: 'b', input: '{"y":2}' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: noUsage },
    ]);
  });

  it('holds arguments that arrive before the name, and text before the calls stays its own block', async () => {
    const { parts } = await streamParts([
      chunk({ content: 'Checking.' }),
      chunk({ tool_calls: [toolCall(0, { id: 'call_1', args: '{"q"' })] }),
      chunk({ tool_calls: [{ index: 0, function: { name: 'search', arguments: ':"x"}' } }] }),
      chunk({}, 'tool_calls'),
    ]);
    expect(parts.slice(2)).toEqual([
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'Checking.' },
      { type: 'tool-input-start', id: 'call_1', toolName: 'search' },
      // Held until the name came, then sent at once.
      { type: 'tool-input-delta', id: 'call_1', delta: '{"q":"x"}' },
      { type: 'tool-input-end', id: 'call_1' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'search', input: '{"q":"x"}' },
      { type: 'text-end', id: 'text-0' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: noUsage },
    ]);
  });

  it('gives a call without an id a generated one, used by every part of that call', async () => {
    const { parts } = await streamParts([
      chunk({ tool_calls: [{ index: 0, function: { name: 'time', arguments: '{}' } }] }),
      chunk({}, 'tool_calls'),
    ]);
    const ids = new Set(
      parts.flatMap(part =>
        'id' in part && part.type.startsWith('tool-input')
          ? [part.id]
          : part.type === 'tool-call'
            ? [part.toolCallId]
            : [],
      ),
    );
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^\w{8,}$/);
  });

  it('a body that ends without finish_reason or [DONE] was cut: the error, then the pending call completed', async () => {
    const { parts } = await streamParts([
      chunk({ tool_calls: [toolCall(0, { id: 'call_1', name: 'weather', args: '{"city":"Rome"}' })] }),
    ]);
    expect(parts.slice(2)).toEqual([
      { type: 'tool-input-start', id: 'call_1', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'call_1', delta: '{"city":"Rome"}' },
      { type: 'error', error: expect.any(InvalidResponseDataError) },
      { type: 'tool-input-end', id: 'call_1' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'weather', input: '{"city":"Rome"}' },
      { type: 'finish', finishReason: { unified: cutOffReason('error'), raw: undefined }, usage: noUsage },
    ]);
    expect(errorPart(parts).message).toBe(
      'Unigate chat stream: the body ended with neither a finish_reason nor [DONE]: the response was cut off.',
    );
  });
});

describe('chat doStream: tool calls at a protocol break', () => {
  // The break rule (shared with the messages format): a call left open is completed when its arguments
  // so far are valid JSON, else named in an error part; the stream never finishes as if it were whole.

  it('names a call displaced by a new id at its index before its arguments were valid JSON, and stops there', async () => {
    const second = chunk({ tool_calls: [toolCall(0, { id: 'call_2', name: 'time', args: '{}' })] });
    const { parts } = await streamParts([
      chunk({ content: 'Two calls.' }),
      chunk({ tool_calls: [toolCall(0, { id: 'call_1', name: 'weather', args: '{"city":"Pa' })] }),
      second,
      chunk({}, 'tool_calls'),
      DONE,
    ]);
    expect(parts.slice(2)).toEqual([
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'Two calls.' },
      { type: 'tool-input-start', id: 'call_1', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'call_1', delta: '{"city":"Pa' },
      { type: 'error', error: expect.any(InvalidResponseDataError) },
      { type: 'text-end', id: 'text-0' },
      { type: 'tool-input-end', id: 'call_1' },
      { type: 'finish', finishReason: { unified: 'error', raw: undefined }, usage: noUsage },
    ]);
    expect(errorPart(parts).message).toBe(
      'Unigate chat stream: tool call call_2 reused index 0 while tool call call_1 was open; tool call call_1 (weather) cannot complete: ' +
        `its input does not parse as JSON. Chunk: ${second.slice('data: '.length).trim()}`,
    );
  });

  it('names a call still open at the end without a finish_reason whose arguments are not valid JSON', async () => {
    for (const done of [[DONE], []]) {
      const { parts } = await streamParts([
        chunk({
          tool_calls: [
            toolCall(0, { id: 'call_ok', name: 'a', args: '{"x":1}' }),
            toolCall(1, { id: 'call_cut', name: 'b', args: '{"y":' }),
          ],
        }),
        ...done,
      ]);
      expect(parts.slice(2).map(part => part.type)).toEqual([
        'tool-input-start',
        'tool-input-delta',
        'tool-input-start',
        'tool-input-delta',
        'error',
        // The call that is whole still completes: only the cut one is lost, and it is named.
        'tool-input-end',
        'tool-call',
        'tool-input-end',
        'finish',
      ]);
      expect(parts).toContainEqual({ type: 'tool-call', toolCallId: 'call_ok', toolName: 'a', input: '{"x":1}' });
      // With [DONE] the stream ended; without it the body was cut as well, and the error says so first.
      const what =
        done.length > 0
          ? 'the stream ended with tool calls no finish_reason completed'
          : 'the body ended with neither a finish_reason nor [DONE]: the response was cut off';
      expect(errorPart(parts).message).toContain(
        `${what}; tool call call_cut (b) cannot complete: its input does not parse as JSON`,
      );
      expect(parts.at(-1)).toEqual({
        type: 'finish',
        finishReason: { unified: done.length > 0 ? 'error' : cutOffReason('error'), raw: undefined },
        usage: noUsage,
      });
    }
  });

  it('names every call that cannot complete, and one with no arguments at all', async () => {
    const { parts } = await streamParts([
      chunk({
        tool_calls: [
          toolCall(0, { id: 'call_a', name: 'a', args: '' }),
          toolCall(1, { id: 'call_b', name: 'b', args: 'nope' }),
        ],
      }),
    ]);
    expect(errorPart(parts).message).toContain(
      'tool calls call_a (a), call_b (b) cannot complete: their input does not parse as JSON',
    );
    expect(parts.filter(part => part.type === 'tool-call')).toEqual([]);
  });

  it('still passes arguments that are not valid JSON through when the finish_reason completes the call', async () => {
    const { parts } = await streamParts([
      chunk({ tool_calls: [toolCall(0, { id: 'call_1', name: 'a', args: '{"x":' })] }),
      chunk({}, 'tool_calls'),
      DONE,
    ]);
    expect(parts).toContainEqual({ type: 'tool-call', toolCallId: 'call_1', toolName: 'a', input: '{"x":' });
    expect(parts.some(part => part.type === 'error')).toBe(false);
  });

  it('completes a call whose arguments are valid JSON when the stream fails, after the error part', async () => {
    const { parts } = await streamParts([
      chunk({ reasoning_content: 'Hmm.', tool_calls: [toolCall(0, { id: 'call_1', name: 'a', args: '{"x":1}' })] }),
      event({ error: { type: 'upstream_error', message: 'Model overloaded', code: 503 } }),
    ]);
    expect(parts.slice(2).map(part => part.type)).toEqual([
      'reasoning-start',
      'reasoning-delta',
      'reasoning-end',
      'tool-input-start',
      'tool-input-delta',
      'error',
      'tool-input-end',
      'tool-call',
      'finish',
    ]);
    expect(parts).toContainEqual({ type: 'tool-call', toolCallId: 'call_1', toolName: 'a', input: '{"x":1}' });
  });
});

describe('chat doStream: chunks that belong to another answer', () => {
  const spliced = {
    id: 'chatcmpl-other',
    object: 'chat.completion.chunk',
    created: 1_700_000_999,
    model: 'other-model',
    choices: [{ index: 0, delta: { content: 'spliced' }, finish_reason: 'length' }],
    usage: { prompt_tokens: 500, completion_tokens: 500, total_tokens: 1000 },
  };

  /** A stream that answered "Hi" and finished cleanly. */
  const answeredHi: LanguageModelV3StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    metadataPart,
    { type: 'text-start', id: 'text-0' },
    { type: 'text-delta', id: 'text-0', delta: 'Hi' },
    { type: 'text-end', id: 'text-0' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: v3Usage },
  ];

  /** A stream that sent "Hi", then failed: the text ends, and the finish has no usage (`raw`: the finish_reason that came). */
  const failedAfterHi = (raw: string | undefined): LanguageModelV3StreamPart[] => [
    { type: 'stream-start', warnings: [] },
    metadataPart,
    { type: 'text-start', id: 'text-0' },
    { type: 'text-delta', id: 'text-0', delta: 'Hi' },
    { type: 'error', error: expect.any(InvalidResponseDataError) },
    { type: 'text-end', id: 'text-0' },
    { type: 'finish', finishReason: { unified: 'error', raw }, usage: noUsage },
  ];

  it('reads a stream whose chunk id changes every chunk as one answer, with the first id in the metadata', async () => {
    // Groq's compound models send a new id in every chunk, the finish chunk's is "stub"
    // (test/replay/fixtures/pydantic-ai.groq/test_groq.test_groq_model_web_search_tool_stream.1.sse).
    const { parts } = await streamParts([
      chunk({ content: 'Hi' }),
      chunk({ content: ' there' }, null, { id: 'chatcmpl-2' }),
      chunk({}, 'stop', { id: 'stub' }),
      event({ id: 'chatcmpl-4', choices: [], usage }),
      DONE,
    ]);
    expect(parts).toEqual([
      { type: 'stream-start', warnings: [] },
      metadataPart,
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'Hi' },
      { type: 'text-delta', id: 'text-0', delta: ' there' },
      { type: 'text-end', id: 'text-0' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: v3Usage },
    ]);
  });

  it("takes the usage Groq's compound models send only in x_groq.usage", async () => {
    // As the compound model's last chunk carries it (same recording as above), with no top-level usage.
    const { parts } = await streamParts([
      chunk({ content: 'Hi' }),
      chunk({}, 'stop', { id: 'stub', x_groq: { usage } }),
      DONE,
    ]);
    expect(parts.at(-1)).toEqual({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: v3Usage });
  });

  it('still fails at content of another completion after the answer finished, whatever its id', async () => {
    const { parts } = await streamParts([chunk({ content: 'Hi' }, 'stop'), event(spliced), usageChunk(usage), DONE]);
    expect(parts).toEqual(failedAfterHi('stop'));
    expect(errorPart(parts).message).toBe(
      `Unigate chat stream: choices[0] carries content for choice 0 after its finish_reason "stop". Chunk: ${JSON.stringify(spliced)}`,
    );
  });

  it('accepts chunks without an id, before or after ones that carry the stream id', async () => {
    const bare = (content: string, finish: string | null = null) =>
      event({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: finish }] });
    const { parts } = await streamParts([
      bare('A'),
      chunk({ content: 'B' }),
      bare('C', 'stop'),
      usageChunk(usage),
      DONE,
    ]);
    expect(parts).toEqual([
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', id: undefined, modelId: undefined, timestamp: undefined },
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'A' },
      { type: 'text-delta', id: 'text-0', delta: 'B' },
      { type: 'text-delta', id: 'text-0', delta: 'C' },
      { type: 'text-end', id: 'text-0' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: v3Usage },
    ]);
  });

  it("takes Azure's opening filter report (empty id, no choices) as no answer: the stream's id is the next chunk's", async () => {
    // As Azure OpenAI sends it (test/replay/fixtures/openai/azure-model-router.1.chunks.txt, shortened).
    const filterReport = event({
      choices: [],
      created: 0,
      id: '',
      model: '',
      object: '',
      prompt_filter_results: [{ prompt_index: 0, content_filter_results: { hate: { filtered: false } } }],
    });
    const { parts } = await streamParts([filterReport, chunk({ content: 'Hi' }, 'stop'), usageChunk(usage), DONE]);
    expect(parts).toEqual(answeredHi);
  });

  it.each([
    ['text', { content: ' again' }],
    ['reasoning', { reasoning_content: 'more thoughts' }],
    ['a tool call', { tool_calls: [{ index: 0, id: 'call_late', function: { name: 'f' } }] }],
  ])('fails at %s for a choice after its finish_reason, and takes none of that chunk', async (_name, delta) => {
    const late = chunk(delta, null, { usage: { completion_tokens: 500 } });
    const { parts } = await streamParts([chunk({ content: 'Hi' }, 'stop'), late, usageChunk(usage), DONE]);
    expect(parts).toEqual(failedAfterHi('stop'));
    expect(errorPart(parts).message).toBe(
      `Unigate chat stream: choices[0] carries content for choice 0 after its finish_reason "stop". Chunk: ${late.slice(6).trim()}`,
    );
  });

  it('after finish_reason still takes the usage chunk, empty deltas and a repeated finish_reason', async () => {
    const { parts } = await streamParts([
      chunk({ content: 'Hi' }, 'stop'),
      chunk({ content: '', tool_calls: [] }),
      chunk({}, 'stop'),
      usageChunk(usage),
      DONE,
    ]);
    expect(parts).toEqual(answeredHi);
  });

  it('with n > 1 each choice finishes on its own: content for choice 1 after its finish_reason fails', async () => {
    const choice = (index: number, content: string, finish: string | null = null) =>
      event({ id: 'chatcmpl-s1', choices: [{ index, delta: { content }, finish_reason: finish }] });
    const { parts } = await streamParts(
      [choice(0, 'Re'), choice(1, 'Blue', 'stop'), choice(0, 'd'), choice(1, '!'), choice(0, '?', 'stop'), DONE],
      { n: 2 },
    );
    expect(parts.filter(part => part.type === 'text-delta').map(part => (part as { delta: string }).delta)).toEqual([
      'Re',
      'd',
    ]);
    expect(errorPart(parts).message).toBe(
      `Unigate chat stream: choices[0] carries content for choice 1 after its finish_reason "stop". Chunk: ${choice(1, '!').slice(6).trim()}`,
    );
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'error', raw: undefined } });
  });
});

describe('chat doStream: errors', () => {
  it('turns an error object inside the 200 stream into an error part and finish reason error', async () => {
    const { parts } = await streamParts([
      chunk({ content: 'Hel' }),
      event({ error: { type: 'upstream_error', message: 'Model overloaded', code: 503 } }),
      chunk({ content: 'never seen' }),
      DONE,
    ]);
    expect(parts.slice(2).map(part => part.type)).toEqual(['text-start', 'text-delta', 'error', 'text-end', 'finish']);
    const error = errorPart(parts) as APICallError;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe('Unigate chat completion failed (upstream_error): Model overloaded');
    expect(error.data).toEqual({
      kind: 'server',
      type: 'upstream_error',
      message: 'Model overloaded',
      code: 503,
      dailyLimit: false,
    });
    expect(error.isRetryable).toBe(true);
    expect(error.url).toBe(CHAT_URL);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'error', raw: undefined },
      usage: noUsage,
    });
  });

  it('reports a stream cut off mid-JSON as an error part, never a hang', async () => {
    const { parts } = await streamParts([
      chunk({ content: 'Hi' }),
      'data: {"id":"chatcmpl-s1","choices":[{"index":0,"del',
    ]);
    expect(parts.slice(2).map(part => part.type)).toEqual(['text-start', 'text-delta', 'error', 'text-end', 'finish']);
    const error = errorPart(parts);
    expect(InvalidResponseDataError.isInstance(error)).toBe(true);
    expect(error.message).toContain('not valid JSON');
    expect(error.message).toContain('"del');
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'error' } });
  });

  it('closes an open tool input without emitting the incomplete call', async () => {
    const { parts } = await streamParts([
      chunk({ tool_calls: [toolCall(0, { id: 'call_1', name: 'weather', args: '{"ci' })] }),
      'data: {"choices":[',
    ]);
    expect(parts.slice(2).map(part => part.type)).toEqual([
      'tool-input-start',
      'tool-input-delta',
      'error',
      'tool-input-end',
      'finish',
    ]);
  });

  const malformedCases: Array<[string, string, string]> = [
    ['choices is not an array', event({ id: 'x', choices: { 0: {} } }), 'choices is object, not an array'],
    ['a chunk that is an array', event([1, 2]), 'a chunk is array, not a JSON object'],
    ['a chunk that is a string', event('hello'), 'a chunk is string, not a JSON object'],
    ['a choice that is null', event({ choices: [null] }), 'choices[0] is null, not an object'],
    ['delta.content that is a number', chunk({ content: 42 }), 'choices[0].delta.content is number, not a string'],
    [
      'delta.reasoning_content that is an object',
      chunk({ reasoning_content: { text: 'x' } }),
      'choices[0].delta.reasoning_content is object, not a string',
    ],
    [
      'tool_calls that is an object',
      chunk({ tool_calls: { index: 0 } }),
      'choices[0].delta.tool_calls is object, not an array',
    ],
    [
      'tool arguments that are an object',
      chunk({ tool_calls: [{ index: 0, id: 'c', function: { name: 't', arguments: { a: 1 } } }] }),
      'choices[0].delta.tool_calls[0].function.arguments is object, not a string',
    ],
    [
      'a tool call that never gets a name',
      chunk({ tool_calls: [{ index: 0, id: 'c', function: { arguments: '{}' } }] }, 'tool_calls'),
      'tool call 0 ended without a function name',
    ],
    [
      'finish_reason that is a number',
      chunk({}, 7 as unknown as string),
      'choices[0].finish_reason is number, not a string',
    ],
    ['usage that is a string', chunk({}, null, { usage: 'lots' }), 'usage is string, not an object'],
  ];

  for (const [name, bad, problem] of malformedCases) {
    it(`names what was wrong: ${name}`, async () => {
      const { parts } = await streamParts([bad, chunk({ content: 'after' }), DONE]);
      const error = errorPart(parts);
      expect(InvalidResponseDataError.isInstance(error)).toBe(true);
      expect(error.message).toContain(`Unigate chat stream: ${problem}.`);
      expect(parts.some(part => part.type === 'text-delta' && part.delta === 'after')).toBe(false);
      expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'error' } });
    });
  }

  it('rejects doStream itself on an HTTP error, before any part', async () => {
    const { model } = setup([
      http.post(CHAT_URL, () =>
        HttpResponse.json({ error: { type: 'auth_error', message: 'Invalid key', code: 401 } }, { status: 401 }),
      ),
    ]);
    const error = await failure(model.doStream({ prompt }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(401);
  });
});

describe('chat doStream: abort', () => {
  it('passes the abort signal to fetch, so a body that never ends stops promptly', async () => {
    const encoder = new TextEncoder();
    let signalSeen: AbortSignal | undefined;
    const { model } = setup([
      http.post(CHAT_URL, ({ request }) => {
        signalSeen = request.signal;
        return new HttpResponse(
          new ReadableStream({
            start(controller) {
              controller.enqueue(encoder.encode(chunk({ content: 'first' })));
              // Like a real fetch: aborting the request errors its body.
              request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        );
      }),
    ]);
    const abort = new AbortController();
    const { stream } = await model.doStream({ prompt, abortSignal: abort.signal });
    const reader = stream.getReader();
    const seen: string[] = [];
    for (;;) {
      const { value } = await reader.read();
      seen.push(value!.type);
      if (value!.type === 'text-delta') break;
    }
    expect(signalSeen?.aborted).toBe(false);
    const started = Date.now();
    abort.abort();
    // The abort ends the stream as parts: its own error, the open text ended, `finish` 'error'.
    const rest: LanguageModelV3StreamPart[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) rest.push(read.value);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(rest.map(part => part.type)).toEqual(['error', 'text-end', 'finish']);
    const [errorPart, , finishPart] = rest;
    expect(errorPart?.type === 'error' && (errorPart.error as Error).name).toBe('AbortError');
    expect(finishPart?.type === 'finish' && finishPart.finishReason.unified).toBe('error');
    expect(signalSeen?.aborted).toBe(true);
    expect(seen).toEqual(['stream-start', 'response-metadata', 'text-start', 'text-delta']);
  });
});

// The state and the delta mapping, driven directly.

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
