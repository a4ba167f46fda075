import { InvalidArgumentError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import {
  decodeBase64Audio,
  transcriptionAudioBytes,
  transcriptionFileName,
} from '../../src/transcription/transcription-model-calls';
import { thrown } from '../helpers/test-kit';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

describe('transcriptionFileName', () => {
  it.each([
    ['audio/wav', 'audio.wav'],
    ['audio/x-wav', 'audio.wav'],
    ['audio/wave', 'audio.wav'],
    ['audio/vnd.wave', 'audio.wav'],
    ['audio/mpeg', 'audio.mp3'],
    ['audio/mp3', 'audio.mp3'],
    ['audio/mpga', 'audio.mpga'],
    ['audio/mp4', 'audio.m4a'],
    ['audio/x-m4a', 'audio.m4a'],
    ['audio/m4a', 'audio.m4a'],
    ['video/mp4', 'audio.mp4'],
    ['video/mpeg', 'audio.mpeg'],
    ['audio/webm', 'audio.webm'],
    ['audio/webm; codecs=opus', 'audio.webm'],
    ['Audio/WAV', 'audio.wav'],
  ])('%s -> %s', (mediaType, name) => {
    expect(transcriptionFileName(mediaType)).toBe(name);
  });

  it('refuses other media types, naming the formats and the value', () => {
    for (const mediaType of ['audio/ogg', 'audio/flac', 'audio/aac', 'text/plain', 'constructor']) {
      const error = thrown(() => transcriptionFileName(mediaType));
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(error.argument).toBe('mediaType');
      expect(error.message).toContain('mp3, mp4, mpeg, mpga, m4a, wav and webm');
      expect(error.message).toContain(`received "${mediaType}"`);
    }
  });
});

describe('transcriptionAudioBytes', () => {
  it('passes bytes through as the same array (no copy)', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    expect(transcriptionAudioBytes(bytes)).toBe(bytes);
  });

  it('accepts 25 MB = 26,214,400 bytes and refuses one byte more, and an empty file', () => {
    expect(transcriptionAudioBytes(new Uint8Array(26_214_400)).byteLength).toBe(26_214_400);
    const tooLarge = thrown(() => transcriptionAudioBytes(new Uint8Array(26_214_401)));
    expect(InvalidArgumentError.isInstance(tooLarge)).toBe(true);
    expect(tooLarge.message).toBe(
      'Invalid argument audio: the gateway accepts files of 1 byte to 25 MB (26,214,400 bytes); received 26,214,401 bytes.',
    );
    expect(thrown(() => transcriptionAudioBytes(new Uint8Array(0))).message).toContain('received 0 bytes');
  });

  it('checks the decoded size of base64 audio', () => {
    expect(transcriptionAudioBytes(toBase64(new Uint8Array([7, 8, 9])))).toEqual(new Uint8Array([7, 8, 9]));
    expect(thrown(() => transcriptionAudioBytes('')).message).toContain('received 0 bytes');
  });
});

/** Element by element: toEqual on large typed arrays is slow. */
function same(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

describe('decodeBase64Audio', () => {
  const bytes = Uint8Array.from({ length: 150_001 }, (_, i) => (i * 7919) % 256); // spans several slices

  it('decodes padded, unpadded, url-safe and wrapped base64 to the same bytes', () => {
    const base64 = toBase64(bytes);
    expect(same(decodeBase64Audio(base64), bytes)).toBe(true);
    expect(same(decodeBase64Audio(base64.replace(/=+$/, '')), bytes)).toBe(true);
    expect(same(decodeBase64Audio(base64.replace(/\+/g, '-').replace(/\//g, '_')), bytes)).toBe(true);
    expect(same(decodeBase64Audio(base64.replace(/(.{76})/g, '$1\r\n')), bytes)).toBe(true);
    for (const size of [0, 1, 2, 3, 4])
      expect(decodeBase64Audio(toBase64(bytes.subarray(0, size)))).toEqual(bytes.subarray(0, size));
  });

  it('refuses text that is not base64', () => {
    for (const text of ['abc*', 'QQ=A', 'A']) {
      const error = thrown(() => decodeBase64Audio(text));
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(error.message).toBe('Invalid argument audio: the string is not valid base64.');
    }
  });
});
