import { describe, expect, it } from 'vitest';
import { cutInHalf, readMarkers, stripMarkers, withStreamFault } from '../../src/testing/emulator-faults';

describe('readMarkers', () => {
  it('reads every marker of both routes', () => {
    expect(readMarkers('Hi')).toEqual({ parallelTools: false, redactedThinking: false, drops: [] });
    expect(readMarkers('Hi [[emulator:status:503]]')).toEqual({
      fault: { kind: 'status', status: 503 },
      parallelTools: false,
      redactedThinking: false,
      drops: [],
    });
    expect(readMarkers('[[emulator:stream-error]] x').fault).toEqual({ kind: 'stream-error' });
    expect(readMarkers('x [[emulator:truncate]]').fault).toEqual({ kind: 'truncate' });
    expect(readMarkers('x [[emulator:cut]]').fault).toEqual({ kind: 'cut' });
    expect(readMarkers('a [[emulator:parallel-tools]] b [[emulator:redacted-thinking]]')).toEqual({
      parallelTools: true,
      redactedThinking: true,
      drops: [],
    });
  });

  it('reads every drop marker, in order, and skips malformed ones', () => {
    const text = 'a [[emulator:drop:9:broken]] [[emulator:drop:3:close]] [[emulator:drop:0:end]] [[emulator:drop:2:x]]';
    expect(readMarkers(`${text} [[emulator:drop:4:end]] [[emulator:drop:5:overloaded]]`).drops).toEqual([
      { after: 9, how: 'broken' },
      { after: 3, how: 'close' },
      { after: 4, how: 'end' },
      { after: 5, how: 'overloaded' },
    ]);
    expect(readMarkers(text).fault).toBeUndefined();
    expect(stripMarkers(text)).toBe('a');
  });

  it('takes the first fault, skipping statuses outside 400-599 and unknown markers', () => {
    expect(readMarkers('[[emulator:truncate]] [[emulator:status:500]]').fault).toEqual({ kind: 'truncate' });
    expect(readMarkers('[[emulator:status:200]] [[emulator:nope]] [[emulator:status:429]]').fault).toEqual({
      kind: 'status',
      status: 429,
    });
    expect(readMarkers('[[emulator:status:600]] [[emulator:status:399]]').fault).toBeUndefined();
  });

  it('applies a status marker naming a model only to that model', () => {
    const text = 'Hi [[emulator:status:503:gpt-4.1-mini]] [[emulator:status:429:meta/llama_3]]';
    expect(readMarkers(text, 'gpt-4.1-mini').fault).toEqual({ kind: 'status', status: 503 });
    expect(readMarkers(text, 'meta/llama_3').fault).toEqual({ kind: 'status', status: 429 });
    expect(readMarkers(text, 'gpt-4o').fault).toBeUndefined();
    expect(readMarkers(text).fault).toBeUndefined();
    expect(stripMarkers(text)).toBe('Hi');
  });
});

describe('stripMarkers', () => {
  it.each([
    ['Hi [[emulator:truncate]]', 'Hi'],
    ['[[emulator:status:500]] Hi', 'Hi'],
    ['Hi [[emulator:stream-error]] there', 'Hi there'],
    ['Hi [[emulator:stream-error]][[emulator:parallel-tools]] there', 'Hi there'],
    ['a[[emulator:truncate]]b', 'a b'],
    ['line one\n[[emulator:truncate]]\nline two', 'line one\nline two'],
    ['[[emulator:truncate]]', ''],
  ])('%j echoes as %j', (text, expected) => {
    expect(stripMarkers(text)).toBe(expected);
  });
});

describe('stream faults', () => {
  const chat = ['data: {"a":1}\n\n', 'data: {"b":"two"}\n\n', 'data: [DONE]\n\n'];
  const messages = ['event: ping\ndata: {"type":"ping"}\n\n', 'event: message_stop\ndata: {"type":"message_stop"}\n\n'];

  it('cuts text in half', () => {
    expect(cutInHalf('{"id":"x"}')).toBe('{"id"');
  });

  it('leaves the events alone without a stream fault', () => {
    expect(withStreamFault(chat, 1, undefined, 'error')).toBe(chat);
    expect(withStreamFault(chat, 1, { kind: 'status', status: 500 }, 'error')).toBe(chat);
  });

  it('ends with the error event after the cut on stream-error', () => {
    expect(withStreamFault(chat, 1, { kind: 'stream-error' }, 'data: {"error":{}}\n\n')).toEqual([
      'data: {"a":1}\n\n',
      'data: {"error":{}}\n\n',
    ]);
  });

  it('ends inside the data JSON of the event at the cut on truncate, with or without an event line', () => {
    expect(withStreamFault(chat, 1, { kind: 'truncate' }, '')).toEqual(['data: {"a":1}\n\n', 'data: {"b":']);
    expect(withStreamFault(messages, 1, { kind: 'truncate' }, '')).toEqual([
      'event: ping\ndata: {"type":"ping"}\n\n',
      'event: message_stop\ndata: {"type":"me',
    ]);
  });
});
