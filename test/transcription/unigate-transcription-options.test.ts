import * as ai from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, toSrt, unigateCost, unigateTranscriptionMetadata } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { transcriptCues, transcriptWords } from '../../src/testing/routes/transcription-route';
import { synthesizeWav } from './transcription-fixtures';

// unigateTranscriptionMetadata on real results of the AI SDK (ai@6 here, ai@7 in the ai7 lane) and on
// metadata of the wrong shape. Results of other providers: test/checks/values.test.ts.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

type Loose = (options: Record<string, unknown>) => Promise<any>;
const sdk = ai as unknown as Record<string, Loose | undefined>;
const transcribe = (sdk.transcribe ?? sdk.experimental_transcribe)!;

const COST = { input: 0.009, output: 0, total: 0.009, unit: 'credits' };

describe('unigateTranscriptionMetadata', () => {
  it("reads a transcribe result's metadata: the response format and the gateway's language name", async () => {
    const gw = createUnigate(createUnigateEmulator().settings);
    const result = await transcribe({ model: gw.transcription('whisper-1'), audio: synthesizeWav(2) });
    expect(unigateTranscriptionMetadata(result)).toEqual({
      responseFormat: 'verbose_json',
      language: 'english',
      words: transcriptWords(transcriptCues(2)), // the emulator's word timings, as sent
    });
  });

  it('srt: the subtitles as the gateway sent them', async () => {
    const gw = createUnigate(createUnigateEmulator().settings);
    const result = await transcribe({
      model: gw.transcription('whisper-1'),
      audio: synthesizeWav(3),
      providerOptions: { unigate: { responseFormat: 'srt' } },
    });
    expect(unigateTranscriptionMetadata(result)).toEqual({
      responseFormat: 'srt',
      subtitles: `${toSrt(result.segments)}\n`,
    });
  });

  it('with a price table: 3 minutes of whisper-1 at 0.003 a minute', async () => {
    const gw = createUnigate({ ...createUnigateEmulator().settings, pricing: { 'whisper-1': { perMinute: 0.003 } } });
    const result = await transcribe({ model: gw.transcription('whisper-1'), audio: synthesizeWav(180, 2_000) });
    expect(unigateTranscriptionMetadata(result)).toEqual({
      responseFormat: 'verbose_json',
      language: 'english',
      words: transcriptWords(transcriptCues(180)),
      cost: COST,
    });
    expect(unigateCost(result)).toEqual(COST);
  });

  it('word timings as the gateway sends them with verbose_json', () => {
    const unigate = { responseFormat: 'verbose_json', words: [{ word: 'Hello', start: 0, end: 0.5 }] };
    expect(unigateTranscriptionMetadata({ providerMetadata: { unigate } })).toEqual(unigate);
  });

  it.each([
    ['no responseFormat', { language: 'english' }],
    ['a responseFormat the gateway has not', { responseFormat: 'xml' }],
    ['a language that is not a string', { responseFormat: 'json', language: ['en'] }],
    ['subtitles that are not a string', { responseFormat: 'srt', subtitles: 1 }],
    ['words that are not an array', { responseFormat: 'verbose_json', words: 'Hello' }],
    ['a word whose start is a string', { responseFormat: 'verbose_json', words: [{ word: 'Hi', start: '0', end: 1 }] }],
    ['a word without its end', { responseFormat: 'verbose_json', words: [{ word: 'Hi', start: 0 }] }],
    ['a cost of Infinity', { responseFormat: 'json', cost: { ...COST, input: Number.POSITIVE_INFINITY } }],
  ])('metadata with %s: undefined', (_case, unigate) => {
    expect(unigateTranscriptionMetadata({ providerMetadata: { unigate } })).toBeUndefined();
  });
});
