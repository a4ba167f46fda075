/** The PNG signature and the IHDR size of `bytes`; throws when they are not a PNG's first bytes. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((byte, i) => bytes[i] === byte)) throw new Error('not a PNG: wrong signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (view.getUint32(8) !== 13 || type !== 'IHDR') throw new Error('not a PNG: IHDR is not the first chunk');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
