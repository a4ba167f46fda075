// Audio for the transcription tests, made here: a 16-bit PCM mono WAV of a given length (a quiet
// 440 Hz tone), and the verbose_json body the gateway's OpenAI-style upstream sends.

/** A 16-bit PCM mono WAV of `seconds` at `sampleRate`: a 44-byte header and the samples. */
export function synthesizeWav(seconds: number, sampleRate = 16_000): Uint8Array {
  const samples = Math.round(seconds * sampleRate);
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) view.setInt16(44 + i * 2, Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), true);
  return bytes;
}

/** A verbose_json body with every documented field, as the upstream sends it. */
export const VERBOSE_JSON = {
  task: 'transcribe',
  language: 'english',
  duration: 4.5,
  text: 'Hello there. General Kenobi.',
  segments: [
    { id: 0, seek: 0, start: 0, end: 2.24, text: ' Hello there.', tokens: [50364, 2425, 456, 13], temperature: 0, avg_logprob: -0.31, compression_ratio: 0.8, no_speech_prob: 0.02 },
    { id: 1, seek: 224, start: 2.24, end: 4.5, text: ' General Kenobi.', tokens: [50476, 6996, 591, 8600, 13], temperature: 0, avg_logprob: -0.2, compression_ratio: 0.8, no_speech_prob: 0.01 },
  ],
};

export const SRT_BODY = '1\n00:00:00,000 --> 00:00:02,240\nHello there.\n\n2\n00:00:02,240 --> 00:00:04,500\nGeneral Kenobi.\n\n';
export const VTT_BODY = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.240\nHello there.\n\n00:00:02.240 --> 00:00:04.500\nGeneral Kenobi.\n\n';
