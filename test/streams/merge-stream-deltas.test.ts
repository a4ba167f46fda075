import {
  APICallError,
  InvalidArgumentError,
  InvalidResponseDataError,
  type LanguageModelV3,
  type LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { CHAT_URL, chunk, DONE, metadataPart, MODEL as CHAT_MODEL, noUsage, prompt } from '../chat/chat-fixtures';
import { createUnigate } from '../../src';
import { readAll, setup, sseResponse, thrown } from '../helpers/test-kit';
import {
  blockStop,
  MESSAGES_URL,
  messageDelta,
  messageStart,
  messageStop,
  MODEL as MESSAGES_MODEL,
  ping,
  sse,
  textDelta,
  textStart,
  toolStart,
  usage,
} from '../messages/messages-test-kit';

// Which parts merge, on hand-written chunkings of both wire formats: consecutive text, reasoning and
// tool-input deltas of one id from one network read (each array item below is one read), nothing else.
// A stream's first delta goes out alone, as soon as its event is parsed; merging starts after it.

type Part = LanguageModelV3StreamPart;
type Format = 'chat' | 'messages';

function modelFor(
  format: Format,
  body: () => Response,
  settings: { mergeStreamDeltas?: boolean; resume?: 'auto' | 'off' } = {},
): LanguageModelV3 {
  const url = format === 'chat' ? CHAT_URL : MESSAGES_URL;
  const { gw } = setup([http.post(url, body)], settings);
  return format === 'chat' ? gw.chat(CHAT_MODEL) : gw.messages(MESSAGES_MODEL);
}

async function partsOf(
  format: Format,
  reads: string[],
  options: { includeRawChunks?: boolean; mergeStreamDeltas?: boolean } = {},
) {
  // One stream as it is: a failure is not resumed here (test/resume/stream-resume.test.ts).
  const model = modelFor(format, () => sseResponse(reads), {
    mergeStreamDeltas: options.mergeStreamDeltas,
    resume: 'off',
  });
  const { stream } = await model.doStream({ prompt, includeRawChunks: options.includeRawChunks });
  return readAll(stream);
}

const content = (text: string) => chunk({ content: text });
const reasoning = (text: string) => chunk({ reasoning_content: text });
const call = (index: number, fields: { id?: string; name?: string; args: string }) =>
  chunk({
    tool_calls: [
      {
        index,
        ...(fields.id && { id: fields.id, type: 'function' }),
        function: { name: fields.name, arguments: fields.args },
      },
    ],
  });
const stop = chunk({}, 'stop');
const chatFinish = (unified: string, raw: string) => ({
  type: 'finish',
  finishReason: { unified, raw },
  usage: noUsage,
});

const messagesHead: Part[] = [
  { type: 'stream-start', warnings: [] },
  { type: 'response-metadata', id: 'msg_01', modelId: MESSAGES_MODEL },
];
const thinkingStart = (index: number) =>
  sse({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '' } });
const thinking = (index: number, text: string) =>
  sse({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: text } });
const signature = (index: number, value: string) =>
  sse({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: value } });
const json = (index: number, piece: string) =>
  sse({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } });
const messagesEnd = messageDelta('end_turn', 5) + messageStop;
const messagesFinish = (unified = 'stop', raw = 'end_turn') => ({
  type: 'finish',
  finishReason: { unified, raw },
  usage: usage(12, 5),
  providerMetadata: { unigate: { stopSequence: null } },
});

describe('merging the deltas of one read: chat', () => {
  it('merges the content deltas each read completes, and none across reads', async () => {
    const parts = await partsOf('chat', [
      content('Hel') + content('lo'),
      content(', ') + content('wor'),
      content('ld') + stop + DONE,
    ]);
    expect(parts).toEqual([
      { type: 'stream-start', warnings: [] },
      metadataPart,
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'Hel' },
      { type: 'text-delta', id: 'text-0', delta: 'lo' },
      { type: 'text-delta', id: 'text-0', delta: ', wor' },
      { type: 'text-delta', id: 'text-0', delta: 'ld' },
      { type: 'text-end', id: 'text-0' },
      chatFinish('stop', 'stop'),
    ]);
  });

  it('a read that ends inside an event merges what it completed; the rest goes with the next read', async () => {
    const second = content('c');
    const cut = second.length - 5;
    const parts = await partsOf('chat', [
      content('>') + content('a') + content('b') + second.slice(0, cut),
      second.slice(cut) + content('d') + stop + DONE,
    ]);
    expect(parts.filter(part => part.type === 'text-delta')).toEqual([
      { type: 'text-delta', id: 'text-0', delta: '>' },
      { type: 'text-delta', id: 'text-0', delta: 'ab' },
      { type: 'text-delta', id: 'text-0', delta: 'cd' },
    ]);
  });

  it('keeps kinds and ids apart and in order: reasoning, text and each tool call merge only with themselves', async () => {
    const read =
      reasoning('Hm. ') +
      reasoning('Let ') +
      reasoning('me see.') +
      content('Checking') +
      content('...') +
      call(0, { id: 'call_a', name: 'weather', args: '{"city":' }) +
      call(0, { args: '"Paris"}' }) +
      call(1, { id: 'call_b', name: 'time', args: '{}' }) +
      call(0, { args: ' ' }) +
      chunk({}, 'tool_calls') +
      DONE;
    expect(await partsOf('chat', [read])).toEqual([
      { type: 'stream-start', warnings: [] },
      metadataPart,
      { type: 'reasoning-start', id: 'reasoning-0' },
      { type: 'reasoning-delta', id: 'reasoning-0', delta: 'Hm. ' },
      { type: 'reasoning-delta', id: 'reasoning-0', delta: 'Let me see.' },
      { type: 'reasoning-end', id: 'reasoning-0' },
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: 'Checking...' },
      { type: 'tool-input-start', id: 'call_a', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'call_a', delta: '{"city":"Paris"}' },
      { type: 'tool-input-start', id: 'call_b', toolName: 'time' },
      { type: 'tool-input-delta', id: 'call_b', delta: '{}' },
      { type: 'tool-input-delta', id: 'call_a', delta: ' ' },
      { type: 'tool-input-end', id: 'call_a' },
      { type: 'tool-call', toolCallId: 'call_a', toolName: 'weather', input: '{"city":"Paris"} ' },
      { type: 'tool-input-end', id: 'call_b' },
      { type: 'tool-call', toolCallId: 'call_b', toolName: 'time', input: '{}' },
      { type: 'text-end', id: 'text-1' },
      chatFinish('tool-calls', 'tool_calls'),
    ]);
  });

  it('with mergeStreamDeltas: false, gives one part per upstream delta', async () => {
    const parts = await partsOf('chat', [content('Hel') + content('lo') + content('!') + stop + DONE], {
      mergeStreamDeltas: false,
    });
    expect(parts.filter(part => part.type === 'text-delta').map(part => (part as { delta: string }).delta)).toEqual([
      'Hel',
      'lo',
      '!',
    ]);
  });

  it("with raw chunks on, each raw part comes before its event's parts, so deltas of two events stay apart", async () => {
    const parts = await partsOf('chat', [content('a') + content('b') + stop + DONE], { includeRawChunks: true });
    expect(
      parts.map(part => (part.type === 'raw' ? 'raw' : part.type === 'text-delta' ? `delta ${part.delta}` : part.type)),
    ).toEqual([
      'stream-start',
      'raw',
      'response-metadata',
      'text-start',
      'delta a',
      'raw',
      'delta b',
      'raw',
      'text-end',
      'finish',
    ]);
  });

  it('delivers every delta of a read before the error part of a malformed event in the same read', async () => {
    const parts = await partsOf('chat', [
      `${content('>') + content('a') + content('b')}data: {"choices":[\n\n${content('never')}`,
    ]);
    expect(parts.slice(0, 5)).toEqual([
      { type: 'stream-start', warnings: [] },
      metadataPart,
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: '>' },
      { type: 'text-delta', id: 'text-0', delta: 'ab' },
    ]);
    expect(parts[5].type).toBe('error');
    expect(InvalidResponseDataError.isInstance((parts[5] as { error: unknown }).error)).toBe(true);
    expect(parts.slice(6)).toEqual([
      { type: 'text-end', id: 'text-0' },
      { type: 'finish', finishReason: { unified: 'error', raw: undefined }, usage: noUsage },
    ]);
  });
});

describe('merging the deltas of one read: messages', () => {
  it('merges deltas of one block across events that make no part (ping, signature), and keeps interleaved blocks apart', async () => {
    const read =
      messageStart() +
      thinkingStart(0) +
      thinking(0, 'So. ') +
      thinking(0, 'Let me ') +
      signature(0, 'sig') +
      ping +
      thinking(0, 'think.') +
      blockStop(0) +
      textStart(1) +
      textDelta(1, 'Hel') +
      ping +
      textDelta(1, 'lo') +
      toolStart(2, 'toolu_a', 'weather') +
      json(2, '') +
      json(2, '{"city":') +
      json(2, '"Paris"}') +
      textDelta(1, '!') +
      blockStop(1) +
      blockStop(2) +
      messagesEnd;
    expect(await partsOf('messages', [read])).toEqual([
      ...messagesHead,
      { type: 'reasoning-start', id: '0' },
      { type: 'reasoning-delta', id: '0', delta: 'So. ' },
      { type: 'reasoning-delta', id: '0', delta: 'Let me think.' },
      { type: 'reasoning-end', id: '0', providerMetadata: { unigate: { signature: 'sig' } } },
      { type: 'text-start', id: '1' },
      { type: 'text-delta', id: '1', delta: 'Hello' },
      { type: 'tool-input-start', id: 'toolu_a', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'toolu_a', delta: '{"city":"Paris"}' },
      { type: 'text-delta', id: '1', delta: '!' },
      { type: 'text-end', id: '1' },
      { type: 'tool-input-end', id: 'toolu_a' },
      { type: 'tool-call', toolCallId: 'toolu_a', toolName: 'weather', input: '{"city":"Paris"}' },
      messagesFinish(),
    ]);
  });

  it('merges the deltas each read completes, and none across reads', async () => {
    const parts = await partsOf('messages', [
      messageStart() + textStart(0) + textDelta(0, 'a'),
      textDelta(0, 'b') + textDelta(0, 'c'),
      blockStop(0) + messagesEnd,
    ]);
    expect(parts).toEqual([
      ...messagesHead,
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'a' },
      { type: 'text-delta', id: '0', delta: 'bc' },
      { type: 'text-end', id: '0' },
      messagesFinish(),
    ]);
  });

  it('with mergeStreamDeltas: false, gives one part per upstream delta', async () => {
    const read = messageStart() + textStart(0) + textDelta(0, 'a') + textDelta(0, 'b') + blockStop(0) + messagesEnd;
    const parts = await partsOf('messages', [read], { mergeStreamDeltas: false });
    expect(parts.filter(part => part.type === 'text-delta').map(part => (part as { delta: string }).delta)).toEqual([
      'a',
      'b',
    ]);
  });

  it('with raw chunks on, gives one raw part per event, in order, and keeps the deltas of two events apart', async () => {
    const events = [
      messageStart(),
      textStart(0),
      textDelta(0, 'a'),
      textDelta(0, 'b'),
      blockStop(0),
      messageDelta('end_turn', 5),
      messageStop,
    ];
    const parts = await partsOf('messages', [events.join('')], { includeRawChunks: true });
    expect(
      parts.filter(part => part.type === 'raw').map(part => (part as { rawValue: { type: string } }).rawValue.type),
    ).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(parts.filter(part => part.type === 'text-delta')).toEqual([
      { type: 'text-delta', id: '0', delta: 'a' },
      { type: 'text-delta', id: '0', delta: 'b' },
    ]);
  });

  it('delivers every delta of a read before the error part of an error event in the same read', async () => {
    const error = 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    const parts = await partsOf('messages', [
      messageStart() + textStart(0) + textDelta(0, '>') + textDelta(0, 'Part') + textDelta(0, 'ial') + error,
    ]);
    expect(parts.slice(0, 5)).toEqual([
      ...messagesHead,
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: '>' },
      { type: 'text-delta', id: '0', delta: 'Partial' },
    ]);
    expect(APICallError.isInstance((parts[5] as { error: unknown }).error)).toBe(true);
    expect(parts.slice(6).map(part => part.type)).toEqual(['text-end', 'finish']);
  });
});

describe.each(['chat', 'messages'] as const)(
  'merging the deltas of one read: %s never waits for a later read',
  format => {
    it('hands out the merged delta of a read while the next read has not arrived', async () => {
      const first =
        format === 'chat'
          ? content('>') + content('a') + content('b')
          : messageStart() + textStart(0) + textDelta(0, '>') + textDelta(0, 'a') + textDelta(0, 'b');
      const rest = format === 'chat' ? content('c') + stop + DONE : textDelta(0, 'c') + blockStop(0) + messagesEnd;
      let release!: () => void;
      const released = new Promise<void>(resolve => (release = resolve));
      const encoder = new TextEncoder();
      let pulls = 0;
      const body = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            pulls++;
            if (pulls === 1) return controller.enqueue(encoder.encode(first));
            // The second read arrives only once the test has the first read's delta.
            await released;
            if (pulls === 2) return controller.enqueue(encoder.encode(rest));
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      const model = modelFor(format, () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
      const reader = (await model.doStream({ prompt })).stream.getReader();
      const seen: Part[] = [];
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the merged delta waited for the next read')), 1_000);
      });
      try {
        // The first delta goes out alone, then the merged rest of its read.
        while (seen.filter(part => part.type === 'text-delta').length < 2)
          seen.push((await Promise.race([reader.read(), timeout])).value!);
      } finally {
        clearTimeout(timer);
      }
      const id = format === 'chat' ? 'text-0' : '0';
      expect(seen.filter(part => part.type === 'text-delta')).toEqual([
        { type: 'text-delta', id, delta: '>' },
        { type: 'text-delta', id, delta: 'ab' },
      ]);
      release();
      const after: Part[] = [];
      for (let result = await reader.read(); !result.done; result = await reader.read()) after.push(result.value);
      expect(after[0]).toEqual({ type: 'text-delta', id: format === 'chat' ? 'text-0' : '0', delta: 'c' });
      expect(after.at(-1)!.type).toBe('finish');
    });
  },
);

describe('the mergeStreamDeltas setting', () => {
  it('takes only a boolean: anything else fails when the provider is created, naming the setting and the value', () => {
    for (const [value, shown] of [
      ['false', '"false"'],
      [0, '0'],
      [null, 'null'],
      [Number.NaN, 'NaN'],
    ] as const) {
      const error = thrown(() =>
        createUnigate({ apiKey: 'k', siteURL: 'https://gw.test', mergeStreamDeltas: value as never }),
      );
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(error.argument).toBe('mergeStreamDeltas');
      expect(error.message).toBe(`Invalid argument mergeStreamDeltas: a boolean is required; received ${shown}.`);
    }
  });
});
