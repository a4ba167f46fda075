import { describe, expect, it } from 'vitest';
import { type SseHandler, SseEventParser } from '../../src/streams/sse-reader';

type Seen = [data: string, eventName: string | undefined];

function parser(closeOn?: string) {
  const seen: Seen[] = [];
  const sink = { closed: false, enqueue: () => {}, close: () => void (sink.closed = true) };
  const handler: SseHandler<never> = {
    event(data, eventName) {
      seen.push([data, eventName]);
      if (data === closeOn) sink.close();
    },
    end: () => {},
    error: () => {},
  };
  const encoder = new TextEncoder();
  const instance = new SseEventParser(handler, sink);
  return { seen, push: (text: string) => instance.push(encoder.encode(text)), end: () => instance.end() };
}

describe('SseEventParser', () => {
  it('dispatches each event as its blank line arrives, with its name', () => {
    const { seen, push } = parser();
    push('event: a\ndata: 1\n');
    expect(seen).toEqual([]);
    push('\ndata: 2\n\n');
    expect(seen).toEqual([
      ['1', 'a'],
      ['2', undefined],
    ]);
  });

  it('joins a line that arrives in many pieces once its end arrives', () => {
    const { seen, push } = parser();
    for (const piece of ['da', 'ta: {"t":', '"long', '"}']) push(piece);
    expect(seen).toEqual([]);
    push('\n\n');
    expect(seen).toEqual([['{"t":"long"}', undefined]]);
  });

  it('waits for the next chunk when a CR ends one, so a split CRLF is one line end', () => {
    const { seen, push } = parser();
    // Inside a two-line event: read alone, the LF that starts the second chunk would be an empty line,
    // ending the event after "a" and splitting it in two.
    push('event: e\r\ndata: a\r');
    push('\ndata: b\r');
    push('\n\r');
    expect(seen).toEqual([]);
    push('\n');
    expect(seen).toEqual([['a\nb', 'e']]);
  });

  it('dispatches no further event of a chunk once the sink is closed', () => {
    const { seen, push, end } = parser('[DONE]');
    push('data: x\n\ndata: [DONE]\n\ndata: after\n\n');
    end();
    expect(seen.map(([data]) => data)).toEqual(['x', '[DONE]']);
  });

  it('dispatches the last event at the end even without its blank line or line end', () => {
    const { seen, push, end } = parser();
    push('data: {"cut":');
    end();
    expect(seen).toEqual([['{"cut":', undefined]]);
  });

  it('at the end, a last line ended by a lone CR, one LF or one CRLF is read once and its event dispatched once', () => {
    for (const body of [
      'event: e\ndata: a\r',
      'event: e\ndata: a\n',
      'event: e\r\ndata: a\r\n',
      'event: e\ndata: a\n\n',
    ]) {
      const { seen, push, end } = parser();
      push(body);
      end();
      expect(seen, JSON.stringify(body)).toEqual([['a', 'e']]);
    }
  });
});
