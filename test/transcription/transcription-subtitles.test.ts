import { InvalidArgumentError, InvalidResponseDataError } from '@ai-sdk/provider';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toSrt, toVtt } from '../../src';
import { parseSubtitles } from '../../src/transcription/transcription-subtitles';
import { thrown } from '../helpers/test-kit';
import { SRT_BODY, VTT_BODY } from './transcription-fixtures';

const segments = [
  { text: 'Hello there.', startSecond: 0, endSecond: 2.24 },
  { text: 'General Kenobi.', startSecond: 2.24, endSecond: 4.5 },
];

describe('toSrt / toVtt', () => {
  it('writes SubRip: numbered cues, HH:MM:SS,mmm, a blank line between cues', () => {
    expect(toSrt(segments)).toBe(SRT_BODY.slice(0, -1));
  });

  it('writes WebVTT: the header, then HH:MM:SS.mmm cues', () => {
    expect(toVtt(segments)).toBe(VTT_BODY.slice(0, -1));
  });

  it('rounds to the millisecond, counts hours past 99, trims text and drops blank lines inside a cue', () => {
    const long = [{ text: '  Line one\n\nline two ', startSecond: 1.0004, endSecond: 360_000.0005 }];
    expect(toSrt(long)).toBe('1\n00:00:01,000 --> 100:00:00,001\nLine one\nline two\n');
    expect(toVtt(long)).toBe('WEBVTT\n\n00:00:01.000 --> 100:00:00.001\nLine one\nline two\n');
  });

  it('gives an empty file for no segments', () => {
    expect(toSrt([])).toBe('');
    expect(toVtt([])).toBe('WEBVTT\n');
  });

  it('refuses a segment whose times cannot be a cue, naming it', () => {
    for (const bad of [
      { startSecond: 2, endSecond: 1 },
      { startSecond: -1, endSecond: 1 },
      { startSecond: 0, endSecond: NaN },
    ]) {
      const error = thrown(() => toSrt([segments[0]!, { text: 'x', ...bad }]));
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(error.argument).toBe('segments[1]');
      expect(error.message).toContain(`startSecond ${bad.startSecond}, endSecond ${bad.endSecond}`);
    }
  });
});

describe('parseSubtitles', () => {
  it('reads srt and vtt cues as segments', () => {
    expect(parseSubtitles(SRT_BODY)).toEqual(segments);
    expect(parseSubtitles(VTT_BODY)).toEqual(segments);
  });

  it('skips the header, NOTE blocks, cue ids and cue settings; reads CRLF, a BOM and MM:SS.mmm times', () => {
    const vtt =
      '\uFEFFWEBVTT - talk\r\n\r\nNOTE made by hand --> not a cue\r\n\r\nintro\r\n00:01.5 --> 00:02.250 align:start\r\n' +
      'Two\r\nlines\r\n\r\n01:00:00.000 --> 01:00:01.000\r\nLast\r\n';
    expect(parseSubtitles(vtt)).toEqual([
      { text: 'Two\nlines', startSecond: 1.5, endSecond: 2.25 },
      { text: 'Last', startSecond: 3600, endSecond: 3601 },
    ]);
  });

  it('fails on a time range it cannot read, quoting it', () => {
    const error = thrown(() => parseSubtitles('1\n00:00:xx,000 --> 00:00:01,000\nHi\n'));
    expect(InvalidResponseDataError.isInstance(error)).toBe(true);
    expect(error.message).toContain('"00:00:xx,000 --> 00:00:01,000"');
  });

  it('round-trips: parse(toSrt(s)) and parse(toVtt(s)) give s back to the millisecond', () => {
    const ms = fc.integer({ min: 0, max: 400_000_000 });
    const segment = fc
      .tuple(ms, ms, fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.!?'-]{0,30}[A-Za-z0-9.!?]$/))
      .map(([a, b, text]) => ({ text, startSecond: Math.min(a, b) / 1000, endSecond: Math.max(a, b) / 1000 }));
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 20 }), list => {
        expect(parseSubtitles(toSrt(list))).toEqual(list);
        expect(parseSubtitles(toVtt(list))).toEqual(list);
      }),
    );
  });
});
