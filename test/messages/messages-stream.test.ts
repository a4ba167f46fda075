import { APICallError, InvalidResponseDataError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { cutOffReason } from '../helpers/spec';
import { readAll, sseResponse } from '../helpers/test-kit';
import {
  answeringWith,
  blockStop,
  call,
  jsonDelta,
  messageDelta,
  messageStart,
  messageStop,
  MODEL,
  ping,
  sse,
  textDelta,
  textStart,
  toolStart,
  usage,
  userText,
} from './messages-test-kit';

const head: LanguageModelV3StreamPart[] = [
  { type: 'stream-start', warnings: [] },
  { type: 'response-metadata', id: 'msg_01', modelId: MODEL },
];

function finish(
  unified: string,
  raw: string | undefined,
  input: number,
  output: number,
  stopSequence: string | null = null,
) {
  return {
    type: 'finish',
    finishReason: { unified, raw },
    usage: usage(input, output),
    providerMetadata: { unigate: { stopSequence } },
  };
}

// One stream's mapping, failures included: resuming a failed one is messages-resume.test.ts's.
async function run(chunks: string[], options: Parameters<typeof call>[1] = {}) {
  const { model, requests } = answeringWith(() => sseResponse(chunks), { resume: 'off' });
  const result = await model.doStream(call([userText('Hi')], options));
  return { parts: await readAll(result.stream), requests, result };
}

/** Splits text into chunks of `size` characters, to cut events, lines and JSON at arbitrary places. */
function chop(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

describe('messages doStream', () => {
  it('sends stream: true with the same body and headers as doGenerate', async () => {
    const { requests, result } = await run([messageStart(), messageDelta('end_turn', 1), messageStop]);
    expect(requests[0].body).toEqual({
      model: MODEL,
      max_tokens: 4096,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      stream: true,
    });
    expect(requests[0].headers['x-api-key']).toBeDefined();
    expect(requests[0].headers['anthropic-version']).toBe('2023-06-01');
    expect(result.request?.body).toEqual(requests[0].body);
  });

  it('streams text in the spec order, with pings anywhere and events cut across chunks', async () => {
    const body =
      ping +
      messageStart() +
      textStart(0) +
      ping +
      textDelta(0, 'Hel') +
      ping +
      textDelta(0, 'lo, ') +
      ping +
      textDelta(0, 'wörld') +
      blockStop(0) +
      ping +
      messageDelta('end_turn', 9) +
      ping +
      messageStop;
    // Every event is longer than 64 characters, so no read completes two deltas; one read of the
    // whole body does, and merges them (the default, mergeStreamDeltas) after the first, which goes out alone.
    for (const size of [1, 7, 64, body.length]) {
      const { parts } = await run(chop(body, size));
      const deltas = size === body.length ? ['Hel', 'lo, wörld'] : ['Hel', 'lo, ', 'wörld'];
      expect(parts).toEqual([
        ...head,
        { type: 'text-start', id: '0' },
        ...deltas.map(delta => ({ type: 'text-delta', id: '0', delta })),
        { type: 'text-end', id: '0' },
        finish('stop', 'end_turn', 12, 9),
      ]);
    }
  });

  it('keeps a UTF-8 character split between two chunks whole', async () => {
    const bytes = new TextEncoder().encode(
      messageStart() + textStart(0) + textDelta(0, 'é') + blockStop(0) + messageDelta('end_turn', 1) + messageStop,
    );
    const cut =
      new TextEncoder().encode(messageStart() + textStart(0)).length +
      bytes.slice(new TextEncoder().encode(messageStart() + textStart(0)).length).indexOf(0xc3) +
      1;
    const { model } = answeringWith(() => sseResponse([bytes.slice(0, cut), bytes.slice(cut)]));
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    expect(parts).toContainEqual({ type: 'text-delta', id: '0', delta: 'é' });
  });

  it('streams several tool_use blocks by index, with JSON split into pieces, then the tool calls at block stop', async () => {
    const body =
      messageStart({ input_tokens: 30, output_tokens: 1 }) +
      textStart(0) +
      textDelta(0, 'Checking.') +
      blockStop(0) +
      toolStart(1, 'toolu_a', 'weather') +
      jsonDelta(1, '') +
      jsonDelta(1, '{"ci') +
      ping +
      jsonDelta(1, 'ty": "Par') +
      jsonDelta(1, 'is"}') +
      blockStop(1) +
      toolStart(2, 'toolu_b', 'weather') +
      jsonDelta(2, '{"city":') +
      jsonDelta(2, '"Oslo"}') +
      blockStop(2) +
      messageDelta('tool_use', 44) +
      messageStop;
    const { parts } = await run(chop(body, 13));
    expect(parts).toEqual([
      ...head,
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'Checking.' },
      { type: 'text-end', id: '0' },
      { type: 'tool-input-start', id: 'toolu_a', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'toolu_a', delta: '{"ci' },
      { type: 'tool-input-delta', id: 'toolu_a', delta: 'ty": "Par' },
      { type: 'tool-input-delta', id: 'toolu_a', delta: 'is"}' },
      { type: 'tool-input-end', id: 'toolu_a' },
      { type: 'tool-call', toolCallId: 'toolu_a', toolName: 'weather', input: '{"city": "Paris"}' },
      { type: 'tool-input-start', id: 'toolu_b', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'toolu_b', delta: '{"city":' },
      { type: 'tool-input-delta', id: 'toolu_b', delta: '"Oslo"}' },
      { type: 'tool-input-end', id: 'toolu_b' },
      { type: 'tool-call', toolCallId: 'toolu_b', toolName: 'weather', input: '{"city":"Oslo"}' },
      finish('tool-calls', 'tool_use', 30, 44),
    ]);
  });

  it('handles interleaved blocks (deltas for two open blocks) and a tool call without deltas', async () => {
    const { parts } = await run([
      messageStart(),
      toolStart(0, 'toolu_x', 'now'),
      textStart(1),
      textDelta(1, 'A'),
      blockStop(0),
      textDelta(1, 'B'),
      blockStop(1),
      messageDelta('tool_use', 3),
      messageStop,
    ]);
    expect(parts).toEqual([
      ...head,
      { type: 'tool-input-start', id: 'toolu_x', toolName: 'now' },
      { type: 'text-start', id: '1' },
      { type: 'text-delta', id: '1', delta: 'A' },
      { type: 'tool-input-end', id: 'toolu_x' },
      { type: 'tool-call', toolCallId: 'toolu_x', toolName: 'now', input: '{}' },
      { type: 'text-delta', id: '1', delta: 'B' },
      { type: 'text-end', id: '1' },
      finish('tool-calls', 'tool_use', 12, 3),
    ]);
  });

  it('uses a complete input sent in content_block_start when no deltas follow', async () => {
    const { parts } = await run([
      messageStart(),
      sse({
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 't', name: 'f', input: { a: 1 } },
      }),
      blockStop(0),
      messageDelta('tool_use', 3),
      messageStop,
    ]);
    expect(parts).toContainEqual({ type: 'tool-call', toolCallId: 't', toolName: 'f', input: '{"a":1}' });
  });

  it('maps every stop reason in the stream', async () => {
    const cases: Array<[string, string]> = [
      ['end_turn', 'stop'],
      ['stop_sequence', 'stop'],
      ['max_tokens', 'length'],
      ['tool_use', 'tool-calls'],
      ['refusal', 'content-filter'],
      ['brand_new_reason', 'other'],
    ];
    for (const [raw, unified] of cases) {
      const { parts } = await run([
        messageStart(),
        messageDelta(raw, 2, raw === 'stop_sequence' ? '###' : null),
        messageStop,
      ]);
      expect(parts.at(-1)).toEqual(finish(unified, raw, 12, 2, raw === 'stop_sequence' ? '###' : null));
    }
  });

  it('takes usage from message_start and the later message_delta, including cache counts', async () => {
    const { parts } = await run([
      messageStart({ input_tokens: 5, output_tokens: 1, cache_read_input_tokens: 50 }),
      sse({
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: 21, input_tokens: 6, cache_creation_input_tokens: 8 },
      }),
      messageStop,
    ]);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'end_turn' },
      usage: {
        inputTokens: { total: 64, noCache: 6, cacheRead: 50, cacheWrite: 8 },
        outputTokens: { total: 21, text: undefined, reasoning: undefined },
        raw: { input_tokens: 6, output_tokens: 21, cache_read_input_tokens: 50, cache_creation_input_tokens: 8 },
      },
      providerMetadata: { unigate: { stopSequence: null } },
    });
  });

  it('turns an error event mid-stream into an error part and finish reason error', async () => {
    const { parts } = await run([
      messageStart(),
      textStart(0),
      textDelta(0, 'Partial'),
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
    ]);
    expect(parts.slice(0, 4)).toEqual([
      ...head,
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'Partial' },
    ]);
    const error = parts[4] as { type: 'error'; error: APICallError };
    expect(error.type).toBe('error');
    expect(APICallError.isInstance(error.error)).toBe(true);
    expect(error.error.message).toBe('Unigate messages stream reported an error (overloaded_error): Overloaded');
    expect(error.error.isRetryable).toBe(true);
    expect(error.error.data).toEqual({
      kind: 'server',
      type: 'overloaded_error',
      message: 'Overloaded',
      dailyLimit: false,
    });
    // The open text block still gets its end.
    expect(parts.slice(5)).toEqual([{ type: 'text-end', id: '0' }, finish('error', undefined, 12, 1)]);
  });

  it('marks an invalid_request_error event as not retryable', async () => {
    const { parts } = await run([
      messageStart(),
      sse({ type: 'error', error: { type: 'invalid_request_error', message: 'bad' } }),
    ]);
    const error = parts.find(p => p.type === 'error') as { error: APICallError };
    expect(error.error.isRetryable).toBe(false);
  });

  it('reports a body cut off mid-JSON as an error part, after the deltas that did arrive', async () => {
    const { parts } = await run([
      messageStart(),
      textStart(0),
      textDelta(0, 'Hello'),
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_de',
    ]);
    expect(parts.slice(0, 5)).toEqual([
      ...head,
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'Hello' },
      {
        type: 'error',
        error: expect.objectContaining({
          message: expect.stringContaining(
            'Unigate messages stream: a "content_block_delta" chunk is not valid JSON (the stream may have been cut off)',
          ),
        }),
      },
    ]);
    expect(InvalidResponseDataError.isInstance((parts[4] as { error: unknown }).error)).toBe(true);
    expect(parts.slice(5)).toEqual([{ type: 'text-end', id: '0' }, finish('error', undefined, 12, 1)]);
  });

  it('reports a body that ends before message_stop as an error part, not a hang', async () => {
    const { parts } = await run([messageStart(), textStart(0), textDelta(0, 'Hi'), blockStop(0)]);
    const error = parts.at(-2) as { type: string; error: Error };
    expect(error.type).toBe('error');
    expect(InvalidResponseDataError.isInstance(error.error)).toBe(true);
    expect(error.error.message).toBe(
      'Unigate messages stream: the body ended before message_stop: the response was cut off.',
    );
    expect(parts.at(-1)).toEqual(finish(cutOffReason('error'), undefined, 12, 1));
  });

  it('a body that ends after message_delta (stop reason and final usage in) finishes as message_stop would, even with resume off', async () => {
    const { parts } = await run([
      messageStart(),
      textStart(0),
      textDelta(0, 'Hi'),
      blockStop(0),
      messageDelta('end_turn', 2),
    ]);
    expect(parts.some(part => part.type === 'error')).toBe(false);
    expect(parts.at(-1)).toEqual(finish('stop', 'end_turn', 12, 2));
  });

  it('fails a 200 body that delivered no event at all (empty, or only comments and blank lines), saying so', async () => {
    for (const body of [[], [': keep-alive\n\n', '\n\n', 'event: ping\n\n']]) {
      const { parts } = await run(body);
      expect(parts).toEqual([
        { type: 'stream-start', warnings: [] },
        { type: 'error', error: expect.any(InvalidResponseDataError) },
        {
          type: 'finish',
          finishReason: { unified: 'error', raw: undefined },
          usage: {
            inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: undefined, text: undefined, reasoning: undefined },
            raw: {},
          },
          providerMetadata: { unigate: { stopSequence: null } },
        },
      ]);
      expect((parts[1] as { error: Error }).error.message).toBe(
        'Unigate messages stream: the body ended without a single event: a stream that delivered no event is not an answer.',
      );
    }
  });

  it('rejects malformed events with a clear error part and stops there', async () => {
    const cases: Array<[string, string]> = [
      [textDelta(3, 'x'), 'Unigate messages stream: content_block_delta for block 3, which is not open. Chunk: '],
      [
        sse({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta' } }),
        'Unigate messages stream: text_delta delta.text is missing, not a string. Chunk: ',
      ],
      [
        sse({ type: 'content_block_start', content_block: { type: 'text', text: '' } }),
        'Unigate messages stream: content_block_start index is missing, not a non-negative integer. Chunk: ',
      ],
      ['data: [1,2]\n\n', 'Unigate messages stream: a chunk is array, not a JSON object. Chunk: [1,2]'],
      [jsonDelta(0, '{}'), 'Unigate messages stream: input_json_delta for a text block. Chunk: '],
    ];
    for (const [bad, text] of cases) {
      const { parts } = await run([
        messageStart(),
        textStart(0),
        bad,
        textDelta(0, 'never seen'),
        blockStop(0),
        messageStop,
      ]);
      expect(parts.slice(-3)).toEqual([
        { type: 'error', error: expect.objectContaining({ message: expect.stringContaining(text) }) },
        { type: 'text-end', id: '0' },
        finish('error', undefined, 12, 1),
      ]);
      expect(parts).not.toContainEqual({ type: 'text-delta', id: '0', delta: 'never seen' });
    }
  });

  it('skips event and block kinds the spec does not name', async () => {
    const { parts } = await run([
      messageStart(),
      sse({ type: 'future_event', anything: true }),
      sse({ type: 'content_block_start', index: 0, content_block: { type: 'server_gadget' } }),
      sse({ type: 'content_block_delta', index: 0, delta: { type: 'gadget_delta', x: 1 } }),
      blockStop(0),
      textStart(1),
      sse({ type: 'content_block_delta', index: 1, delta: { type: 'citations_delta', citation: {} } }),
      textDelta(1, 'ok'),
      blockStop(1),
      messageDelta('end_turn', 2),
      messageStop,
    ]);
    expect(parts).toEqual([
      ...head,
      { type: 'text-start', id: '1' },
      { type: 'text-delta', id: '1', delta: 'ok' },
      { type: 'text-end', id: '1' },
      finish('stop', 'end_turn', 12, 2),
    ]);
  });

  it('emits raw parts for every event when includeRawChunks is set', async () => {
    const { parts } = await run([messageStart(), ping, messageDelta('end_turn', 2), messageStop], {
      includeRawChunks: true,
    });
    expect(parts.filter(p => p.type === 'raw').map(p => (p as { rawValue: { type: string } }).rawValue.type)).toEqual([
      'message_start',
      'ping',
      'message_delta',
      'message_stop',
    ]);
    expect(parts[1]).toEqual({ type: 'raw', rawValue: JSON.parse(messageStart().split('data: ')[1]) });
  });

  it('emits no raw parts by default', async () => {
    const { parts } = await run([messageStart(), ping, messageDelta('end_turn', 2), messageStop]);
    expect(parts.some(p => p.type === 'raw')).toBe(false);
  });

  it('streams thinking as reasoning, with the signature on reasoning-end, and redacted thinking with its data', async () => {
    const { parts } = await run(
      [
        messageStart(),
        sse({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } }),
        sse({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Let me ' } }),
        ping,
        sse({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'think.' } }),
        sse({ type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'EqQBCgIYAhIM' } }),
        blockStop(0),
        sse({ type: 'content_block_start', index: 1, content_block: { type: 'redacted_thinking', data: 'OPAQUE' } }),
        blockStop(1),
        textStart(2),
        textDelta(2, '42'),
        blockStop(2),
        messageDelta('end_turn', 20),
        messageStop,
      ],
      { providerOptions: { unigate: { thinking: { type: 'enabled', budgetTokens: 1024 } } } },
    );
    expect(parts).toEqual([
      ...head,
      { type: 'reasoning-start', id: '0' },
      { type: 'reasoning-delta', id: '0', delta: 'Let me ' },
      { type: 'reasoning-delta', id: '0', delta: 'think.' },
      { type: 'reasoning-end', id: '0', providerMetadata: { unigate: { signature: 'EqQBCgIYAhIM' } } },
      { type: 'reasoning-start', id: '1', providerMetadata: { unigate: { redactedData: 'OPAQUE' } } },
      { type: 'reasoning-end', id: '1', providerMetadata: { unigate: { redactedData: 'OPAQUE' } } },
      { type: 'text-start', id: '2' },
      { type: 'text-delta', id: '2', delta: '42' },
      { type: 'text-end', id: '2' },
      finish('stop', 'end_turn', 12, 20),
    ]);
  });

  it('streams the json answer tool as text', async () => {
    const { parts } = await run(
      [
        messageStart(),
        toolStart(0, 'toolu_j', 'json'),
        jsonDelta(0, '{"name":'),
        jsonDelta(0, '"Ada"}'),
        blockStop(0),
        messageDelta('tool_use', 8),
        messageStop,
      ],
      { responseFormat: { type: 'json', schema: { type: 'object', properties: { name: { type: 'string' } } } } },
    );
    expect(parts).toEqual([
      ...head,
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: '{"name":' },
      { type: 'text-delta', id: '0', delta: '"Ada"}' },
      { type: 'text-end', id: '0' },
      finish('stop', 'tool_use', 12, 8),
    ]);
  });

  it('puts warnings in stream-start', async () => {
    const { parts } = await run([messageStart(), messageDelta('end_turn', 1), messageStop], { seed: 1 });
    expect(parts[0]).toEqual({
      type: 'stream-start',
      warnings: [
        {
          type: 'unsupported',
          feature: 'seed',
          details: 'The messages endpoint has no such parameter; it was not sent.',
        },
      ],
    });
  });

  it('accepts CRLF line endings and data lines without the space', async () => {
    const body = [
      messageStart(),
      textStart(0),
      textDelta(0, 'crlf'),
      blockStop(0),
      messageDelta('end_turn', 1),
      messageStop,
    ]
      .join('')
      .replace(/\n/g, '\r\n')
      .replace(/data: /g, 'data:');
    const { parts } = await run(chop(body, 5));
    expect(parts).toContainEqual({ type: 'text-delta', id: '0', delta: 'crlf' });
    expect(parts.at(-1)).toEqual(finish('stop', 'end_turn', 12, 1));
  });

  it('stops with an abort error when the call is aborted mid-stream', async () => {
    const encoder = new TextEncoder();
    const { model } = answeringWith(({ request }) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(messageStart() + textStart(0) + textDelta(0, 'first')));
          request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    const abort = new AbortController();
    const { stream } = await model.doStream({ ...call([userText('Hi')]), abortSignal: abort.signal });
    const reader = stream.getReader();
    const seen: LanguageModelV3StreamPart[] = [];
    while (seen.length < 4) seen.push((await reader.read()).value!);
    expect(seen.at(-1)).toEqual({ type: 'text-delta', id: '0', delta: 'first' });
    abort.abort();
    // The abort ends the stream as parts: its own error first, `finish` 'error' last.
    const rest: LanguageModelV3StreamPart[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) rest.push(read.value);
    const [errorPart] = rest;
    expect(errorPart?.type === 'error' && (errorPart.error as Error).name).toBe('AbortError');
    expect(rest.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'error' } });
  });
});

describe('messages doStream: blocks left open at a protocol break', () => {
  // The break rule (shared with chat): a block left open is ended; a tool call is completed when its
  // input so far is valid JSON, else named in an error part; the stream never finishes as if it were whole.
  const thinkingStart = (index: number) =>
    sse({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '' } });
  const signature = (index: number, value: string) =>
    sse({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: value } });
  const errorOf = (parts: LanguageModelV3StreamPart[]) => {
    const errors = parts.filter(part => part.type === 'error');
    expect(errors).toHaveLength(1);
    expect(InvalidResponseDataError.isInstance(errors[0].error)).toBe(true);
    return (errors[0].error as Error).message;
  };

  it('completes a tool_use whose index a new block starts again when its input is valid JSON, and goes on', async () => {
    const { parts } = await run([
      messageStart(),
      toolStart(0, 'toolu_a', 'weather'),
      jsonDelta(0, '{"city":"Oslo"}'),
      toolStart(0, 'toolu_b', 'time'),
      jsonDelta(0, '{}'),
      blockStop(0),
      messageDelta('tool_use', 9),
      messageStop,
    ]);
    expect(parts).toEqual([
      ...head,
      { type: 'tool-input-start', id: 'toolu_a', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'toolu_a', delta: '{"city":"Oslo"}' },
      { type: 'tool-input-end', id: 'toolu_a' },
      { type: 'tool-call', toolCallId: 'toolu_a', toolName: 'weather', input: '{"city":"Oslo"}' },
      { type: 'tool-input-start', id: 'toolu_b', toolName: 'time' },
      { type: 'tool-input-delta', id: 'toolu_b', delta: '{}' },
      { type: 'tool-input-end', id: 'toolu_b' },
      { type: 'tool-call', toolCallId: 'toolu_b', toolName: 'time', input: '{}' },
      finish('tool-calls', 'tool_use', 12, 9),
    ]);
  });

  it('names a tool_use overwritten before its input was valid JSON, ends what is open, and stops there', async () => {
    const restart = toolStart(1, 'toolu_b', 'time');
    const { parts } = await run([
      messageStart(),
      textStart(0),
      textDelta(0, 'Let me check.'),
      toolStart(1, 'toolu_a', 'weather'),
      jsonDelta(1, '{"city":'),
      restart,
      jsonDelta(1, '{}'),
      blockStop(1),
      messageStop,
    ]);
    expect(errorOf(parts)).toBe(
      'Unigate messages stream: content_block_start for block 1, which is still open; tool call toolu_a (weather) cannot complete: ' +
        `its input does not parse as JSON. Chunk: ${restart.split('data: ')[1].trim()}`,
    );
    expect(parts.slice(2)).toEqual([
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'Let me check.' },
      { type: 'tool-input-start', id: 'toolu_a', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'toolu_a', delta: '{"city":' },
      { type: 'error', error: expect.any(InvalidResponseDataError) },
      { type: 'text-end', id: '0' },
      { type: 'tool-input-end', id: 'toolu_a' },
      finish('error', undefined, 12, 1),
    ]);
  });

  it('ends a text block whose index a new block starts again, with no delta lost', async () => {
    const { parts } = await run([
      messageStart(),
      textStart(0),
      textDelta(0, 'A'),
      textStart(0),
      textDelta(0, 'B'),
      blockStop(0),
      messageDelta('end_turn', 2),
      messageStop,
    ]);
    expect(parts).toEqual([
      ...head,
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'A' },
      { type: 'text-end', id: '0' },
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'B' },
      { type: 'text-end', id: '0' },
      finish('stop', 'end_turn', 12, 2),
    ]);
  });

  it('checks the new block before ending the open one: a malformed start is its own error', async () => {
    const { parts } = await run([
      messageStart(),
      toolStart(0, 'toolu_a', 'f'),
      jsonDelta(0, '{}'),
      sse({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 7, name: 'g' } }),
    ]);
    expect(errorOf(parts)).toContain('tool_use content_block.id is number, not a string');
    // The displaced call is still whole: the failure path completes it.
    expect(parts.slice(-3)).toEqual([
      { type: 'tool-input-end', id: 'toolu_a' },
      { type: 'tool-call', toolCallId: 'toolu_a', toolName: 'f', input: '{}' },
      finish('error', undefined, 12, 1),
    ]);
  });

  it('at message_stop, completes every block never stopped whose input is valid JSON, then finishes as sent', async () => {
    const { parts } = await run([
      messageStart(),
      thinkingStart(0),
      signature(0, 'sig'),
      textStart(1),
      textDelta(1, 'Calling.'),
      toolStart(2, 'toolu_a', 'weather'),
      jsonDelta(2, '{"city":"Rome"}'),
      sse({
        type: 'content_block_start',
        index: 3,
        content_block: { type: 'tool_use', id: 'toolu_b', name: 'now', input: { tz: 'CET' } },
      }),
      messageDelta('tool_use', 7),
      messageStop,
    ]);
    expect(parts.slice(2)).toEqual([
      { type: 'reasoning-start', id: '0' },
      { type: 'text-start', id: '1' },
      { type: 'text-delta', id: '1', delta: 'Calling.' },
      { type: 'tool-input-start', id: 'toolu_a', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'toolu_a', delta: '{"city":"Rome"}' },
      { type: 'tool-input-start', id: 'toolu_b', toolName: 'now' },
      { type: 'reasoning-end', id: '0', providerMetadata: { unigate: { signature: 'sig' } } },
      { type: 'text-end', id: '1' },
      { type: 'tool-input-end', id: 'toolu_a' },
      { type: 'tool-call', toolCallId: 'toolu_a', toolName: 'weather', input: '{"city":"Rome"}' },
      // No delta came: the input its start carried is the call's.
      { type: 'tool-input-end', id: 'toolu_b' },
      { type: 'tool-call', toolCallId: 'toolu_b', toolName: 'now', input: '{"tz":"CET"}' },
      finish('tool-calls', 'tool_use', 12, 7),
    ]);
  });

  it('at message_stop, names a tool_use never stopped whose input is not valid JSON (or empty) and finishes with error', async () => {
    const stop = messageStop;
    const { parts } = await run([
      messageStart(),
      toolStart(0, 'toolu_a', 'weather'),
      jsonDelta(0, '{"city":"Ro'),
      toolStart(1, 'toolu_b', 'now'),
      messageDelta('tool_use', 7),
      stop,
    ]);
    expect(errorOf(parts)).toBe(
      'Unigate messages stream: message_stop arrived with content blocks never stopped; tool calls toolu_a (weather), toolu_b (now) cannot ' +
        'complete: their input does not parse as JSON. Chunk: {"type":"message_stop"}',
    );
    expect(parts.slice(-4)).toEqual([
      { type: 'error', error: expect.any(InvalidResponseDataError) },
      { type: 'tool-input-end', id: 'toolu_a' },
      { type: 'tool-input-end', id: 'toolu_b' },
      finish('error', 'tool_use', 12, 7),
    ]);
  });

  it('sends the JSON answer its start carried when its block is never stopped', async () => {
    const { parts } = await run(
      [
        messageStart(),
        sse({
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: 't', name: 'json', input: { a: 1 } },
        }),
        messageDelta('tool_use', 3),
        messageStop,
      ],
      { responseFormat: { type: 'json', schema: { type: 'object' } } },
    );
    expect(parts.slice(2)).toEqual([
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: '{"a":1}' },
      { type: 'text-end', id: '0' },
      finish('stop', 'tool_use', 12, 3),
    ]);
  });

  it('when the body ends before message_stop, names the cut-off calls in the error and completes the whole ones', async () => {
    const { parts } = await run([
      messageStart(),
      textStart(0),
      textDelta(0, 'Hi'),
      toolStart(1, 'toolu_a', 'weather'),
      jsonDelta(1, '{"city":"Rome"}'),
      toolStart(2, 'toolu_b', 'weather'),
      jsonDelta(2, '{"city":"Mi'),
    ]);
    expect(errorOf(parts)).toBe(
      'Unigate messages stream: the body ended before message_stop: the response was cut off; tool call toolu_b (weather) cannot complete: ' +
        'its input does not parse as JSON.',
    );
    expect(parts.slice(-6)).toEqual([
      { type: 'error', error: expect.any(InvalidResponseDataError) },
      { type: 'text-end', id: '0' },
      { type: 'tool-input-end', id: 'toolu_a' },
      { type: 'tool-call', toolCallId: 'toolu_a', toolName: 'weather', input: '{"city":"Rome"}' },
      { type: 'tool-input-end', id: 'toolu_b' },
      finish(cutOffReason('error'), undefined, 12, 1),
    ]);
  });

  it('ends the blocks open when an error event arrives, completing a call whose input is whole', async () => {
    const { parts } = await run([
      messageStart(),
      thinkingStart(0),
      signature(0, 's'),
      toolStart(1, 'toolu_a', 'f'),
      jsonDelta(1, '{"x":1}'),
      sse({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
    ]);
    expect(parts.slice(-5).map(part => part.type)).toEqual([
      'error',
      'reasoning-end',
      'tool-input-end',
      'tool-call',
      'finish',
    ]);
    expect(parts).toContainEqual({ type: 'reasoning-end', id: '0', providerMetadata: { unigate: { signature: 's' } } });
    expect(parts).toContainEqual({ type: 'tool-call', toolCallId: 'toolu_a', toolName: 'f', input: '{"x":1}' });
  });
});

describe('messages doStream: one message per stream', () => {
  const spliced = sse({
    type: 'message_start',
    message: {
      id: 'msg_spliced',
      type: 'message',
      role: 'assistant',
      content: [],
      model: 'other-model',
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 900, output_tokens: 900 },
    },
  });

  it('fails at a second message_start: no text, usage, id or stop reason of the spliced message reaches the caller', async () => {
    const { parts } = await run([
      messageStart(),
      textStart(0),
      textDelta(0, 'Hel'),
      spliced,
      textStart(0),
      textDelta(0, 'spliced text'),
      blockStop(0),
      messageDelta('max_tokens', 900),
      messageStop,
    ]);
    expect(parts).toEqual([
      ...head,
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'Hel' },
      { type: 'error', error: expect.any(InvalidResponseDataError) },
      { type: 'text-end', id: '0' },
      finish('error', undefined, 12, 1),
    ]);
    expect((parts[4] as { error: Error }).error.message).toBe(
      `Unigate messages stream: a second message_start arrived: another message was spliced into the stream. Chunk: ${spliced.split('data: ')[1].trim()}`,
    );
  });

  it('reads a repeated message_start of the same message as one (a recorded upstream sends it twice)', async () => {
    // test/replay/fixtures/anthropic/duplicate-message-start.chunks.txt; the official provider reads it too.
    const { parts } = await run([
      messageStart(),
      messageStart({ input_tokens: 500, output_tokens: 500 }),
      textStart(0),
      textDelta(0, 'Hi'),
      blockStop(0),
      messageDelta('end_turn', 2),
      messageStop,
    ]);
    expect(parts).toEqual([
      ...head,
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'Hi' },
      { type: 'text-end', id: '0' },
      finish('stop', 'end_turn', 12, 2),
    ]);
  });

  it("also fails at a second message_start after the first message_delta, keeping the first message's stop reason", async () => {
    const { parts } = await run([
      messageStart(),
      messageDelta('end_turn', 3),
      spliced,
      messageDelta('max_tokens', 900),
    ]);
    expect(parts.slice(2)).toEqual([
      { type: 'error', error: expect.any(InvalidResponseDataError) },
      finish('error', 'end_turn', 12, 3),
    ]);
  });

  it('ends at message_stop: events after it are not read, whatever they are', async () => {
    for (const after of [
      [spliced, textStart(0), textDelta(0, 'after'), blockStop(0), messageDelta('max_tokens', 900), messageStop],
      [toolStart(0, 'toolu_late', 'f'), jsonDelta(0, '{"a"')],
      [sse({ type: 'error', error: { type: 'overloaded_error', message: 'late' } })],
      ['data: {not json\n\n'],
    ]) {
      const { parts } = await run([
        messageStart(),
        textStart(0),
        textDelta(0, 'Hi'),
        blockStop(0),
        messageDelta('end_turn', 2),
        messageStop,
        ...after,
      ]);
      expect(parts).toEqual([
        ...head,
        { type: 'text-start', id: '0' },
        { type: 'text-delta', id: '0', delta: 'Hi' },
        { type: 'text-end', id: '0' },
        finish('stop', 'end_turn', 12, 2),
      ]);
    }
  });

  it('stops reading the body at message_stop and cancels it, even when the connection stays open', async () => {
    const encoder = new TextEncoder();
    const chunks = [
      messageStart() + textStart(0) + textDelta(0, 'Hi') + blockStop(0),
      messageDelta('end_turn', 2) + messageStop,
      textStart(1) + textDelta(1, 'never read'),
    ];
    let pulls = 0;
    let cancelled = false;
    const { model } = answeringWith(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              // The third chunk, and the body's end, are never asked for.
              if (pulls < chunks.length) controller.enqueue(encoder.encode(chunks[pulls]));
              pulls++;
            },
            cancel() {
              cancelled = true;
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    expect(parts.at(-1)).toEqual(finish('stop', 'end_turn', 12, 2));
    expect(parts).not.toContainEqual(expect.objectContaining({ delta: 'never read' }));
    expect(cancelled).toBe(true);
  });
});
