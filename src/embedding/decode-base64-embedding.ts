// One scratch word: the bits are written as a Uint32 and read back as a Float32 through the same four
// bytes, both in the host's own byte order, so the little-endian value assembled below comes out right
// on big-endian hosts too. No DataView call per element, no intermediate byte array.
const word = new Uint32Array(1);
const float = new Float32Array(word.buffer);

/**
 * Decodes a base64 embedding (little-endian float32 values, as `encoding_format: 'base64'` sends them) to
 * numbers, bit for bit what the float encoding would give. `undefined` when the text is not base64 or
 * its byte count is not a multiple of four.
 */
export function decodeBase64Embedding(base64: string): number[] | undefined {
  let bytes: string;
  try {
    bytes = atob(base64);
  } catch {
    return undefined;
  }
  if (bytes.length % 4 !== 0) return undefined;
  const count = bytes.length >> 2;
  // Created as a double array of the final length: `new Array(count)` would start as a small-integer
  // array and be copied on the first float stored, doubling the garbage of a large batch.
  const vector = [0.5];
  vector.length = count;
  for (let i = 0, at = 0; i < count; i++, at += 4) {
    word[0] =
      bytes.charCodeAt(at) |
      (bytes.charCodeAt(at + 1) << 8) |
      (bytes.charCodeAt(at + 2) << 16) |
      (bytes.charCodeAt(at + 3) << 24);
    vector[i] = float[0]!;
  }
  return vector;
}
