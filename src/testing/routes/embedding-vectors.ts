// The emulator's embedding vectors: a hashed bag of words, so texts that share words point the same
// way (higher cosine similarity) and texts that share none are nearly orthogonal. Deterministic: the
// same text and size always give the same float32 values.

/** 32-bit FNV-1a over the UTF-16 code units of `text`. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The features of a text: its lower-cased words, else (punctuation only) the whole trimmed text. */
function featuresOf(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_]+/gu);
  return words ?? [text.trim()];
}

/**
 * A unit-length vector of `dimensions` float32 values for `text`: each word adds +1 or -1 (by a hash bit)
 * at a hashed position, then the vector is scaled to length 1 and rounded to float32, the precision
 * both wire encodings carry.
 */
export function embeddingVector(text: string, dimensions: number): Float32Array {
  const sums = new Float64Array(dimensions);
  for (const feature of featuresOf(text)) {
    const hash = fnv1a(feature);
    sums[hash % dimensions] += hash & 0x80000000 ? -1 : 1;
  }
  let norm = 0;
  for (const value of sums) norm += value * value;
  norm = Math.sqrt(norm);
  const vector = new Float32Array(dimensions);
  // Two words may cancel out in a small vector: then the first position carries the text alone.
  if (norm === 0) vector[fnv1a(text) % dimensions] = 1;
  else for (let i = 0; i < dimensions; i++) vector[i] = sums[i]! / norm;
  return vector;
}

/** The float32 values as little-endian bytes in base64, as `encoding_format: 'base64'` sends them. */
export function float32ToBase64(vector: Float32Array): string {
  const view = new DataView(new ArrayBuffer(vector.length * 4));
  for (let i = 0; i < vector.length; i++) view.setFloat32(i * 4, vector[i]!, true);
  const bytes = new Uint8Array(view.buffer);
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
