// The official `openai` client must read the emulator's transcription answers in every format, and its
// errors: it keeps the emulator honest about the wire format.

import OpenAI, { toFile } from 'openai';
import { describe, expect, it } from 'vitest';
import { openaiClient } from './openai-client';
import { synthesizeWav } from '../transcription/transcription-fixtures';

const client = () => openaiClient();

const file = () => toFile(synthesizeWav(3, 8000), 'talk.wav', { type: 'audio/wav' });
const TEXT =
  'Hello from the Unigate emulator. This transcript is sample text. Its segments share the length of the audio.';

describe('openai SDK: audio.transcriptions.create against the emulator', () => {
  it('json', async () => {
    const { openai, emulator } = client();
    const transcription = await openai.audio.transcriptions.create({ model: 'whisper-1', file: await file() });
    expect(transcription.text).toBe(TEXT);
    // The client first probes its fetch with `fetch('data:,')` (for FormData support): only the POST counts.
    expect(emulator.requests.filter(entry => entry.method === 'POST')).toEqual([
      { method: 'POST', path: '/v1/audio/transcriptions', model: 'whisper-1', status: 200 },
    ]);
  });

  it('verbose_json with language, prompt and temperature', async () => {
    const { openai } = client();
    const transcription = await openai.audio.transcriptions.create({
      model: 'whisper-1',
      file: await file(),
      response_format: 'verbose_json',
      language: 'fr',
      prompt: 'Bonjour.',
      temperature: 0.3,
    });
    expect(transcription.language).toBe('french');
    expect(transcription.duration).toBe(3);
    expect(transcription.text).toBe(TEXT);
    expect(transcription.segments!.map(s => [s.id, s.start, s.end, s.temperature])).toEqual([
      [0, 0, 1, 0.3],
      [1, 1, 2, 0.3],
      [2, 2, 3, 0.3],
    ]);
  });

  it('text, srt and vtt come back as strings', async () => {
    const { openai } = client();
    const text = await openai.audio.transcriptions.create({
      model: 'whisper-1',
      file: await file(),
      response_format: 'text',
    });
    expect(text).toBe(`${TEXT}\n`);
    const srt = await openai.audio.transcriptions.create({
      model: 'whisper-1',
      file: await file(),
      response_format: 'srt',
    });
    expect(srt).toMatch(/^1\n00:00:00,000 --> 00:00:01,000\n/);
    const vtt = await openai.audio.transcriptions.create({
      model: 'whisper-1',
      file: await file(),
      response_format: 'vtt',
    });
    expect(vtt).toMatch(/^WEBVTT\n\n00:00:00\.000 --> 00:00:01\.000\n/);
  });

  it('a refused file is a BadRequestError with the emulator message', async () => {
    const { openai } = client();
    const ogg = await toFile(new Uint8Array(10), 'talk.ogg', { type: 'audio/ogg' });
    const error = await openai.audio.transcriptions.create({ model: 'whisper-1', file: ogg }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toContain("Invalid file format 'talk.ogg'");
  });
});
