import { InvalidArgumentError, type TranscriptionModelV3CallOptions } from '@ai-sdk/provider';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UnigateTranscriptionResult } from '../../src/transcription/unigate-transcription-model';
import { failure, wireFormat } from '../helpers/test-kit';
import { SRT_BODY, VERBOSE_JSON, synthesizeWav } from './transcription-fixtures';

// V4's `timestampGranularities` call option, read from the V3-typed options as unknown (a V4 front and a
// direct caller pass it; ai@7's adapter strips it from V3 models). The gateway has no field for it, so
// nothing is sent: it is checked, and a format that cannot give the timings asked for is warned about.

const URL = 'https://gw.test/v1/audio/transcriptions';
const { answering, answeringWith } = wireFormat(URL, gw => gw.transcription('whisper-1'));
const WORDS = [
  { word: 'Hello', start: 0, end: 0.9 },
  { word: 'there', start: 0.9, end: 2.24 },
];

/** Call options with `timestampGranularities`, which the V3 type lacks. */
const call = (timestampGranularities: unknown, unigate?: Record<string, string>) =>
  ({
    audio: synthesizeWav(0.5),
    mediaType: 'audio/wav',
    timestampGranularities,
    ...(unigate && { providerOptions: { unigate } }),
  }) as TranscriptionModelV3CallOptions;

const fields = (form: FormData) => Object.fromEntries([...form].filter(([key]) => key !== 'file'));

describe('timestampGranularities', () => {
  it("['word', 'segment'] with verbose_json words: the words and segments, no warning, nothing extra sent", async () => {
    const { model, requests } = answering({ ...VERBOSE_JSON, words: WORDS });
    const result: UnigateTranscriptionResult = await model.doGenerate(call(['word', 'segment']));
    expect(fields(requests[0].formData!)).toEqual({ model: 'whisper-1', response_format: 'verbose_json' });
    expect(result.words).toEqual([
      { text: 'Hello', startSecond: 0, endSecond: 0.9 },
      { text: 'there', startSecond: 0.9, endSecond: 2.24 },
    ]);
    expect(result.segments).toHaveLength(2);
    expect(result.warnings).toEqual([]);
  });

  it("['word'] and an answer without words: an unsupported warning, and no words", async () => {
    const { model } = answering(VERBOSE_JSON);
    const result: UnigateTranscriptionResult = await model.doGenerate(call(['word']));
    expect(result).not.toHaveProperty('words');
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'timestampGranularities',
        details: 'timestampGranularities asks for "word" timings, but the gateway\'s verbose_json answer has no words.',
      },
    ]);
  });

  it.each([
    ['unset', undefined],
    ['null', null],
    ['[] (no timings asked for)', []],
    ["['segment']", ['segment']],
  ])('%s and an answer without words: no warning', async (_label, granularities) => {
    const { model } = answering(VERBOSE_JSON);
    const result: UnigateTranscriptionResult = await model.doGenerate(call(granularities));
    expect(result.warnings).toEqual([]);
    expect(result.segments).toHaveLength(2);
  });

  it("['word'] with responseFormat srt: sent as srt, a warning naming both", async () => {
    const { model, requests } = answeringWith(
      () => new HttpResponse(SRT_BODY, { headers: { 'content-type': 'text/plain' } }),
    );
    const result: UnigateTranscriptionResult = await model.doGenerate(
      call(['word', 'segment'], { responseFormat: 'srt' }),
    );
    expect(fields(requests[0].formData!)).toEqual({ model: 'whisper-1', response_format: 'srt' });
    expect(result.segments).toHaveLength(2); // the cues give segments
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'timestampGranularities',
        details:
          'timestampGranularities ["word"] asks for timings that providerOptions.unigate.responseFormat "srt" does ' +
          'not return; the default, "verbose_json", returns words (when the gateway sends them) and segments.',
      },
    ]);
  });

  it("['segment', 'word', 'word'] with responseFormat json: one warning naming each once", async () => {
    const { model } = answering({ text: 'Hello there.' });
    const result: UnigateTranscriptionResult = await model.doGenerate(
      call(['segment', 'word', 'word'], { responseFormat: 'json' }),
    );
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'timestampGranularities',
        details:
          'timestampGranularities ["segment","word"] asks for timings that providerOptions.unigate.responseFormat "json" ' +
          'does not return; the default, "verbose_json", returns words (when the gateway sends them) and segments.',
      },
      expect.objectContaining({ type: 'other' }), // json's own: the text only
    ]);
  });

  it("['segment'] with responseFormat vtt, or [] with text: no granularity warning", async () => {
    const vtt = answeringWith(() => new HttpResponse('WEBVTT\n\n', { headers: { 'content-type': 'text/vtt' } }));
    expect((await vtt.model.doGenerate(call(['segment'], { responseFormat: 'vtt' }))).warnings).toEqual([]);
    const text = answeringWith(() => new HttpResponse('Hi.\n', { headers: { 'content-type': 'text/plain' } }));
    const { warnings } = await text.model.doGenerate(call([], { responseFormat: 'text' }));
    expect(warnings.map(w => w.type)).toEqual(['other']); // text's own warning only
  });

  it.each([
    [
      'a string',
      'word',
      'timestampGranularities',
      'Invalid argument timestampGranularities: expected an array of "word" or "segment"; received "word".',
    ],
    [
      'NaN',
      Number.NaN,
      'timestampGranularities',
      'Invalid argument timestampGranularities: expected an array of "word" or "segment"; received NaN.',
    ],
    [
      'an object',
      { word: true },
      'timestampGranularities',
      'Invalid argument timestampGranularities: expected an array of "word" or "segment"; received {"word":true}.',
    ],
    [
      'a plural',
      ['words'],
      'timestampGranularities[0]',
      'Invalid argument timestampGranularities[0]: expected "word" or "segment"; received "words".',
    ],
    [
      'NaN in the array',
      ['word', Number.NaN],
      'timestampGranularities[1]',
      'Invalid argument timestampGranularities[1]: expected "word" or "segment"; received NaN.',
    ],
    [
      'an upper-case value',
      ['Segment'],
      'timestampGranularities[0]',
      'Invalid argument timestampGranularities[0]: expected "word" or "segment"; received "Segment".',
    ],
  ])('refuses %s before any request', async (_label, granularities, argument, message) => {
    const { model, requests } = answering(VERBOSE_JSON);
    const error = await failure(model.doGenerate(call(granularities)));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.argument).toBe(argument);
    expect(error.message).toBe(message);
    expect(requests).toHaveLength(0);
  });
});
