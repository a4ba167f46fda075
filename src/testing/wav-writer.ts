// The emulator's WAV writer: 16-bit PCM mono in a RIFF/WAVE file, and a deterministic tone to fill it.
// Integer arithmetic only, so every runtime produces the same bytes.

/** Bytes of the canonical header: RIFF chunk, `fmt ` chunk (16 bytes of PCM format), `data` chunk header. */
export const WAV_HEADER_BYTES = 44;

/** A RIFF/WAVE file of 16-bit little-endian PCM mono samples. */
export function writeWav(samples: Int16Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  const dataBytes = samples.length * 2;
  const bytes = new Uint8Array(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, WAV_HEADER_BYTES - 8 + dataBytes, true);
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
  view.setUint32(40, dataBytes, true);
  for (const [index, sample] of samples.entries()) view.setInt16(WAV_HEADER_BYTES + index * 2, sample, true);
  return bytes;
}

/** A triangle wave of `frequency` Hz (a whole number below half the rate), `count` samples long. */
export function triangleTone(count: number, frequency: number, sampleRate: number, amplitude = 8000): Int16Array {
  const samples = new Int16Array(count);
  for (let i = 0; i < count; i++) {
    // Phase in [0, sampleRate): position within one period, scaled to integers.
    const phase = (i * frequency) % sampleRate;
    const quarter = sampleRate / 4;
    const rising = phase < quarter ? phase : phase < 3 * quarter ? 2 * quarter - phase : phase - sampleRate;
    samples[i] = Math.round((rising * amplitude) / quarter);
  }
  return samples;
}
