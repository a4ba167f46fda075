// Audio for the transcription tests, made here: a 16-bit PCM mono WAV of a given length (a quiet
// 440 Hz tone), and the verbose_json body the gateway's OpenAI-style upstream sends.
import { writeWav } from '../../src/testing/wav-writer';

/** A 16-bit PCM mono WAV of `seconds` at `sampleRate`: a 44-byte header and a quiet 440 Hz tone. */
export function synthesizeWav(seconds: number, sampleRate = 16_000): Uint8Array {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate));
  return writeWav(samples, sampleRate);
}

/** A verbose_json body with every documented field, as the upstream sends it. */
export const VERBOSE_JSON = {
  task: 'transcribe',
  language: 'english',
  duration: 4.5,
  text: 'Hello there. General Kenobi.',
  segments: [
    {
      id: 0,
      seek: 0,
      start: 0,
      end: 2.24,
      text: ' Hello there.',
      tokens: [50364, 2425, 456, 13],
      temperature: 0,
      avg_logprob: -0.31,
      compression_ratio: 0.8,
      no_speech_prob: 0.02,
    },
    {
      id: 1,
      seek: 224,
      start: 2.24,
      end: 4.5,
      text: ' General Kenobi.',
      tokens: [50476, 6996, 591, 8600, 13],
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 0.8,
      no_speech_prob: 0.01,
    },
  ],
};

export const SRT_BODY =
  '1\n00:00:00,000 --> 00:00:02,240\nHello there.\n\n2\n00:00:02,240 --> 00:00:04,500\nGeneral Kenobi.\n\n';
export const VTT_BODY =
  'WEBVTT\n\n00:00:00.000 --> 00:00:02.240\nHello there.\n\n00:00:02.240 --> 00:00:04.500\nGeneral Kenobi.\n\n';
