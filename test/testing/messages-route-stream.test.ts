import { describe, expect, it } from 'vitest';
import {
  MESSAGES_HEADERS,
  MESSAGES_URL,
  WEATHER_TOOL,
  callRoute,
  parseSse,
  post,
  readChunks,
  request,
  testEmulator,
  type ParsedEvent,
} from './messages-fixtures';

const THINKING = { max_tokens: 4096, thinking: { type: 'enabled', budget_tokens: 1024 } };

async function stream(body: Record<string, unknown>) {
  const response = await callRoute({ ...body, stream: true });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const chunks = await readChunks(response);
  return { chunks, events: parseSse(chunks.join('')) };
}

function deltasOf(events: ParsedEvent[], index: number) {
  return events.filter(e => e.event === 'content_block_delta' && e.data.index === index).map(e => e.data.delta);
}

describe('messages route: streaming', () => {
  it('sends the spec event order with pings, each event in its own chunk', async () => {
    const body = request('Hello there');
    const { chunks, events } = await stream(body);
    const message = (await post(body)).json;

    expect(events.map(e => e.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(chunks).toHaveLength(events.length);
    for (const event of events) expect(event.data.type).toBe(event.event);

    expect(events[0]!.data).toEqual({
      type: 'message_start',
      message: {
        id: message.id,
        type: 'message',
        role: 'assistant',
        content: [],
        model: 'claude-sonnet-4-5',
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 5, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      },
    });
    expect(events[1]!.data).toEqual({ type: 'ping' });
    expect(events[2]!.data).toEqual({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    });
    expect(deltasOf(events, 0)).toEqual([
      { type: 'text_delta', text: 'You said' },
      { type: 'text_delta', text: ': "' },
      { type: 'text_delta', text: 'Hello there' },
      { type: 'text_delta', text: '".' },
    ]);
    expect(events[8]!.data).toEqual({ type: 'content_block_stop', index: 0 });
    expect(events[9]!.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 8 },
    });
    expect(events[10]!.data).toEqual({ type: 'message_stop' });
  });

  it('writes every event as an `event:` line and one `data:` line', async () => {
    const { chunks } = await stream(request('Hi'));
    expect(chunks[1]).toBe('event: ping\ndata: {"type":"ping"}\n\n');
    expect(chunks.at(-1)).toBe('event: message_stop\ndata: {"type":"message_stop"}\n\n');
  });

  it('splits long text over several deltas that reassemble to the non-streamed text', async () => {
    const body = request('The quick brown fox jumps over the lazy dog, twice; then it rests under a tree.');
    const { events } = await stream(body);
    const message = (await post(body)).json;
    const deltas = deltasOf(events, 0);
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.map(d => d.text).join('')).toBe(message.content[0].text);
    expect(events.filter(e => e.event === 'ping').length).toBeGreaterThan(3);
  });

  it('reports stop_sequence and max_tokens stops in message_delta', async () => {
    const stopped = await stream(request('alpha beta gamma', { stop_sequences: ['gamma'] }));
    expect(stopped.events.at(-2)!.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'stop_sequence', stop_sequence: 'gamma' },
      usage: { output_tokens: 6 },
    });
    expect(
      deltasOf(stopped.events, 0)
        .map(d => d.text)
        .join(''),
    ).toBe('You said: "alpha beta ');

    const cut = await stream(request('alpha beta gamma', { max_tokens: 3 }));
    expect(cut.events.at(-2)!.data.delta).toEqual({ stop_reason: 'max_tokens', stop_sequence: null });
    expect(
      deltasOf(cut.events, 0)
        .map(d => d.text)
        .join(''),
    ).toBe('You said:');
  });

  it('streams a text block then a tool_use block whose input_json_delta pieces rebuild the input', async () => {
    const body = request('Weather in Paris?', { tools: [WEATHER_TOOL] });
    const { events } = await stream(body);
    const message = (await post(body)).json;
    const toolUse = message.content[1];

    const starts = events.filter(e => e.event === 'content_block_start').map(e => e.data);
    expect(starts).toEqual([
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: 'toolu_emu_1', name: 'get_weather', input: {} },
      },
    ]);
    const pieces = deltasOf(events, 1);
    expect(pieces.every(d => d.type === 'input_json_delta')).toBe(true);
    expect(pieces[0]).toEqual({ type: 'input_json_delta', partial_json: '' });
    expect(pieces.length).toBeGreaterThan(4);
    const json = pieces.map(d => d.partial_json).join('');
    expect(json).toBe(JSON.stringify(toolUse.input));
    expect(JSON.parse(json)).toEqual({ city: 'Paris', unit: 'celsius' });
    // The text block closes before the tool block opens.
    const order = events.filter(e => e.event.startsWith('content_block_') && e.event !== 'content_block_delta');
    expect(order.map(e => `${e.event}:${e.data.index}`)).toEqual([
      'content_block_start:0',
      'content_block_stop:0',
      'content_block_start:1',
      'content_block_stop:1',
    ]);
    expect(events.at(-2)!.data.delta).toEqual({ stop_reason: 'tool_use', stop_sequence: null });
  });

  it('streams thinking as thinking_delta pieces followed by one signature_delta', async () => {
    const body = request('Why is the sky blue?', THINKING);
    const { events } = await stream(body);
    const message = (await post(body)).json;
    expect(events[2]!.data).toEqual({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'thinking', thinking: '', signature: '' },
    });
    const deltas = deltasOf(events, 0);
    const signature = deltas.at(-1);
    const thinking = deltas.slice(0, -1);
    expect(thinking.length).toBeGreaterThan(3);
    expect(thinking.every(d => d.type === 'thinking_delta')).toBe(true);
    expect(thinking.map(d => d.thinking).join('')).toBe(message.content[0].thinking);
    expect(signature).toEqual({ type: 'signature_delta', signature: message.content[0].signature });
    expect(
      deltasOf(events, 1)
        .map(d => d.text)
        .join(''),
    ).toBe(message.content[1].text);
  });

  it('streams a redacted_thinking block whole in its content_block_start', async () => {
    const body = request('Plan [[emulator:redacted-thinking]]', THINKING);
    const { events } = await stream(body);
    const message = (await post(body)).json;
    expect(events[2]!.data).toEqual({ type: 'content_block_start', index: 0, content_block: message.content[0] });
    expect(events[3]!.data).toEqual({ type: 'content_block_stop', index: 0 });
  });
});

describe('messages route: stream faults', () => {
  it('[[emulator:stream-error]] sends an overloaded error event after the first delta and ends', async () => {
    const { chunks, events } = await stream(request('Hello there [[emulator:stream-error]]'));
    expect(events.map(e => e.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'error',
    ]);
    expect(chunks.at(-1)).toBe(
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
    );
  });

  it('[[emulator:cut]] ends after the first delta with whole events and no message_stop', async () => {
    const { chunks, events } = await stream(request('Hello there [[emulator:cut]]'));
    expect(events.map(e => e.event)).toEqual(['message_start', 'ping', 'content_block_start', 'content_block_delta']);
    expect(chunks.at(-1)).toMatch(/^event: content_block_delta\ndata: \{.*\}\n\n$/);
  });

  it('[[emulator:truncate]] ends the body inside a data JSON line', async () => {
    const response = await callRoute(request('Hello there [[emulator:truncate]]', { stream: true }));
    const text = (await readChunks(response)).join('');
    const complete = text.slice(0, text.lastIndexOf('\n\n') + 2);
    expect(parseSse(complete).map(e => e.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
    ]);
    const tail = text.slice(complete.length);
    expect(tail.startsWith('event: content_block_delta\ndata: {"type":"content_block_delta"')).toBe(true);
    expect(tail.includes('\n\n')).toBe(false);
    expect(() => JSON.parse(tail.split('\ndata: ')[1]!)).toThrow(SyntaxError);
  });

  it('answers a status marker with a JSON error instead of a stream', async () => {
    const response = await callRoute(request('Hi [[emulator:status:503]]', { stream: true }));
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'api_error', message: 'Internal server error' },
    });
  });
});

describe('messages route: stream pacing', () => {
  it('waits streamDelayMs between events and keeps the request-id header', async () => {
    const body = JSON.stringify({ ...request('Hello there'), stream: true });
    const response = await testEmulator({ streamDelayMs: 30 }).handler(
      new Request(MESSAGES_URL, { method: 'POST', headers: MESSAGES_HEADERS, body }),
    );
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('request-id')).toMatch(/^req_emu_[0-9a-f]{24}$/);
    const reader = response.body!.getReader();
    const started = performance.now();
    await reader.read();
    const firstAt = performance.now() - started;
    let events = 1;
    while (!(await reader.read()).done) events++;
    const total = performance.now() - started;
    // 11 events 30 ms apart: the first comes at once, the rest over at least 10 pauses.
    expect(events).toBe(11);
    expect(firstAt).toBeLessThan(25);
    expect(total).toBeGreaterThan(10 * 30 - 15);
  });
});
