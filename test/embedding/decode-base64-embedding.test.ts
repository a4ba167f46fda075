import { describe, expect, it } from 'vitest';
import { decodeBase64Embedding } from '../../src/embedding/decode-base64-embedding';
import { toBase64 } from './embedding-fixtures';

describe('decodeBase64Embedding', () => {
  it('gives back every float32 value bit for bit, special values included', () => {
    const values = [
      1,
      -2.5,
      0,
      -0,
      Infinity,
      -Infinity,
      3.4028234663852886e38,
      1.401298464324817e-45,
      Math.fround(0.1),
    ];
    const decoded = decodeBase64Embedding(toBase64(values))!;
    expect(decoded).toHaveLength(values.length);
    values.forEach((value, i) => expect(Object.is(decoded[i], value)).toBe(true));
    expect(Array.isArray(decoded)).toBe(true);
  });

  it('reads the bytes as little-endian float32, matching DataView getFloat32(..., true) on any host', () => {
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) & 0xff);
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    const decoded = decodeBase64Embedding(btoa(binary))!;
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < 1024; i++) expect(Object.is(decoded[i], view.getFloat32(i * 4, true))).toBe(true);
  });

  it('rejects text that is not base64, and bytes that are not whole float32 values', () => {
    expect(decodeBase64Embedding('not base64!')).toBeUndefined();
    expect(decodeBase64Embedding(btoa('abcde'))).toBeUndefined();
  });

  it('decodes an empty string to an empty vector (the list reader rejects it)', () => {
    expect(decodeBase64Embedding('')).toEqual([]);
  });
});
