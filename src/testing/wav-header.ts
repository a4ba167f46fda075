// Reads the length of a RIFF/WAVE file from its header: the `fmt ` chunk's byte rate and the `data`
// chunk's size. Anything else is not WAV here, and the caller estimates.

function tag(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

/**
 * The duration in seconds of a WAV file, or undefined when it is not one with a readable header. `bytes`
 * may be only the file's beginning (the header); `totalBytes` is the whole file's size.
 */
export function wavDurationSeconds(bytes: Uint8Array, totalBytes = bytes.length): number | undefined {
  if (bytes.length < 12 || tag(bytes, 0) !== 'RIFF' || tag(bytes, 8) !== 'WAVE') return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let byteRate: number | undefined;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = tag(bytes, at);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ' && at + 16 <= bytes.length) byteRate = view.getUint32(at + 16, true);
    if (id === 'data') {
      if (byteRate === undefined || byteRate === 0) return undefined;
      // A streamed WAV may carry a placeholder size: count what is actually there.
      return Math.min(size, totalBytes - at - 8) / byteRate;
    }
    at += 8 + size + (size % 2); // chunks are padded to an even length
  }
  return undefined;
}
