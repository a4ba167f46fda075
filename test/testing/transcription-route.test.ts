import { describe, expect, it } from 'vitest';
import { createUnigateEmulator } from '../../src/testing';
import { transcriptCues } from '../../src/testing/routes/transcription-route';
import { wavDurationSeconds } from '../../src/testing/wav-header';
import { synthesizeWav } from '../transcription/transcription-fixtures';

const URL = 'http://unigate.emulator/v1/audio/transcriptions';

function form(fields: Record<string, string>, file?: Blob, name = 'talk.wav'): FormData {
  const body = new FormData();
  if (file) body.append('file', file, name);
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

async function post(body: FormData) {
  const emulator = createUnigateEmulator({ now: () => Date.UTC(2025, 0, 1) });
  const response = await emulator.handler(
    new Request(URL, { method: 'POST', headers: { authorization: 'Bearer sk-unigate-test' }, body }),
  );
  return { response, text: await response.text(), type: response.headers.get('content-type') };
}

const wav = (seconds: number) =>
  new Blob([synthesizeWav(seconds, 8000) as Uint8Array<ArrayBuffer>], { type: 'audio/wav' });
const model = { model: 'whisper-1' };

describe('emulator POST /v1/audio/transcriptions', () => {
  it('answers json by default: {text}', async () => {
    const { response, text, type } = await post(form(model, wav(2)));
    expect(response.status).toBe(200);
    expect(type).toBe('application/json');
    expect(JSON.parse(text)).toEqual({
      text: 'Hello from the Unigate emulator. This transcript is sample text. Its segments share the length of the audio.',
    });
  });

  it('verbose_json: every documented field, segments sharing the WAV length, the language in full English', async () => {
    const { text } = await post(
      form({ ...model, response_format: 'verbose_json', language: 'de', temperature: '0.4' }, wav(3)),
    );
    const body = JSON.parse(text);
    expect(body).toMatchObject({ task: 'transcribe', language: 'german', duration: 3 });
    expect(body.segments).toHaveLength(3);
    expect(body.segments[1]).toEqual({
      id: 1,
      seek: 100,
      start: 1,
      end: 2,
      text: ' This transcript is sample text.',
      tokens: [50464, 50465, 50466, 50467, 50468],
      temperature: 0.4,
      avg_logprob: -0.25,
      compression_ratio: 1.2,
      no_speech_prob: 0.01,
    });
    expect(body.segments.at(-1).end).toBe(3);
  });

  it('verbose_json: words with start and end, each segment shared by its words, without punctuation', async () => {
    const { text } = await post(form({ ...model, response_format: 'verbose_json' }, wav(3)));
    const body = JSON.parse(text);
    expect(body.words).toEqual([
      { word: 'Hello', start: 0, end: 0.2 },
      { word: 'from', start: 0.2, end: 0.4 },
      { word: 'the', start: 0.4, end: 0.6 },
      { word: 'Unigate', start: 0.6, end: 0.8 },
      { word: 'emulator', start: 0.8, end: 1 },
      { word: 'This', start: 1, end: 1.2 },
      { word: 'transcript', start: 1.2, end: 1.4 },
      { word: 'is', start: 1.4, end: 1.6 },
      { word: 'sample', start: 1.6, end: 1.8 },
      { word: 'text', start: 1.8, end: 2 },
      { word: 'Its', start: 2, end: 2.125 },
      { word: 'segments', start: 2.125, end: 2.25 },
      { word: 'share', start: 2.25, end: 2.375 },
      { word: 'the', start: 2.375, end: 2.5 },
      { word: 'length', start: 2.5, end: 2.625 },
      { word: 'of', start: 2.625, end: 2.75 },
      { word: 'the', start: 2.75, end: 2.875 },
      { word: 'audio', start: 2.875, end: 3 },
    ]);
  });

  it('verbose_json words fit their segments for any length: contiguous, to the millisecond', async () => {
    const { text } = await post(form({ ...model, response_format: 'verbose_json' }, wav(7.3)));
    const { segments, words, duration } = JSON.parse(text) as {
      duration: number;
      segments: Array<{ start: number; end: number; text: string }>;
      words: Array<{ word: string; start: number; end: number }>;
    };
    expect(duration).toBe(7.3);
    let at = 0;
    for (const segment of segments) {
      const count = segment.text.trim().split(' ').length;
      const own = words.slice(at, at + count);
      at += count;
      expect(own.map(w => w.word).join(' ')).toBe(segment.text.trim().replace(/\.$/, ''));
      expect(own[0]!.start).toBe(segment.start);
      expect(own.at(-1)!.end).toBe(segment.end);
      for (const [i, word] of own.entries()) {
        expect(word.end).toBeGreaterThan(word.start);
        if (i > 0) expect(word.start).toBe(own[i - 1]!.end);
        expect(Math.round(word.start * 1000) / 1000).toBe(word.start);
      }
    }
    expect(at).toBe(words.length);
  });

  it('verbose_json without language answers "english"', async () => {
    const { text } = await post(form({ ...model, response_format: 'verbose_json' }, wav(1)));
    expect(JSON.parse(text).language).toBe('english');
  });

  it('text, srt and vtt answer their text types', async () => {
    const text = await post(form({ ...model, response_format: 'text' }, wav(3)));
    expect(text.type).toBe('text/plain; charset=utf-8');
    expect(text.text).toBe(
      'Hello from the Unigate emulator. This transcript is sample text. Its segments share the length of the audio.\n',
    );
    const srt = await post(form({ ...model, response_format: 'srt' }, wav(3)));
    expect(srt.type).toBe('application/x-subrip; charset=utf-8');
    expect(srt.text).toMatch(
      /^1\n00:00:00,000 --> 00:00:01,000\nHello from the Unigate emulator\.\n\n2\n00:00:01,000 --> 00:00:02,000\n/,
    );
    const vtt = await post(form({ ...model, response_format: 'vtt' }, wav(3)));
    expect(vtt.type).toBe('text/vtt; charset=utf-8');
    expect(vtt.text).toMatch(
      /^WEBVTT\n\n00:00:00\.000 --> 00:00:01\.000\nHello from the Unigate emulator\.\n\n00:00:01\.000 --> /,
    );
  });

  it('estimates a file that is not WAV at 128 kbit/s (16,000 bytes a second)', async () => {
    const mp3 = new Blob([new Uint8Array(80_000)], { type: 'audio/mpeg' });
    const { text } = await post(form({ ...model, response_format: 'verbose_json' }, mp3, 'talk.mp3'));
    expect(JSON.parse(text).duration).toBe(5);
  });

  it.each([
    ['no file', form(model), 'Missing required field: file'],
    ['no model', form({}, wav(1)), 'Missing required field: model'],
    [
      'an ogg file',
      form(model, new Blob([new Uint8Array(10)]), 'talk.ogg'),
      "Invalid file format 'talk.ogg'. Supported formats: mp3, mp4, mpeg, mpga, m4a, wav, webm",
    ],
    [
      'a file over 25 MB',
      form(model, new Blob([new Uint8Array(26_214_401)]), 'big.mp3'),
      'Maximum file size exceeded: 26214401 bytes; the limit is 26214400 bytes (25 MB)',
    ],
    ['an empty file', form(model, new Blob([]), 'a.wav'), 'Invalid file: the file is empty'],
    [
      'response_format xml',
      form({ ...model, response_format: 'xml' }, wav(1)),
      "Invalid response_format 'xml': must be one of json, text, srt, vtt, verbose_json",
    ],
    [
      'a language name',
      form({ ...model, language: 'english' }, wav(1)),
      "Invalid language 'english': must be an ISO-639-1 code of a supported language",
    ],
    [
      'temperature 2',
      form({ ...model, temperature: '2' }, wav(1)),
      "Invalid temperature '2': must be a number from 0 to 1",
    ],
  ])('400 chat-style for %s', async (_label, body, message) => {
    const { response, text } = await post(body);
    expect(response.status).toBe(400);
    expect(JSON.parse(text)).toEqual({ error: { type: 'invalid_request_error', message, code: 400 } });
  });

  it('takes the format from the type when the file name has no extension', async () => {
    const { response } = await post(form(model, new Blob([new Uint8Array(100)], { type: 'audio/mpeg' }), 'blob'));
    expect(response.status).toBe(200);
  });

  it('a chat model is refused (400) and an unknown one is 404, by the shared checks', async () => {
    expect((await post(form({ model: 'gpt-4o-mini' }, wav(1)))).response.status).toBe(400);
    expect((await post(form({ model: 'whisper-9' }, wav(1)))).response.status).toBe(404);
  });

  it('[[emulator:status:503]] in the prompt answers that status', async () => {
    const { response, text } = await post(form({ ...model, prompt: 'x [[emulator:status:503]]' }, wav(1)));
    expect(response.status).toBe(503);
    expect(JSON.parse(text).error.type).toBe('server_error');
  });
});

describe('emulator transcript helpers', () => {
  it('reads a WAV duration from its header, also from the header alone', () => {
    const bytes = synthesizeWav(2.5, 8000);
    expect(wavDurationSeconds(bytes)).toBe(2.5);
    expect(wavDurationSeconds(bytes.subarray(0, 64), bytes.length)).toBe(2.5);
    expect(wavDurationSeconds(new Uint8Array(100))).toBeUndefined();
  });

  it('cuts at least three cues, one per five seconds, ending at the duration', () => {
    expect(transcriptCues(1).map(c => [c.start, c.end])).toEqual([
      [0, 0.333],
      [0.333, 0.667],
      [0.667, 1],
    ]);
    const long = transcriptCues(61);
    expect(long).toHaveLength(13);
    expect(long.at(-1)!.end).toBe(61);
  });
});
