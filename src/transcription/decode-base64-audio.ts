import { InvalidArgumentError } from '@ai-sdk/provider';

// A 25 MB file is a 33 MB base64 string: decoding it must not add a second full-size copy on the way
// (atob of the whole string would, as a binary string, before the bytes). It is decoded once, straight
// into the result, a slice at a time.

const SLICE = 1 << 16; // characters per atob call; a multiple of 4, so slices split at whole quanta

type FromBase64 = (base64: string) => Uint8Array;

function invalid(): never {
  throw new InvalidArgumentError({
    argument: 'audio',
    message: 'Invalid argument audio: the string is not valid base64.',
  });
}

/** The bytes of base64 (or base64url) audio, decoded once. */
export function decodeBase64Audio(base64: string): Uint8Array {
  let text = base64;
  if (/[^A-Za-z0-9+/=]/.test(text)) text = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  const native = (Uint8Array as unknown as { fromBase64?: FromBase64 }).fromBase64;
  if (typeof native === 'function') {
    try {
      return native(text);
    } catch {
      invalid();
    }
  }
  let end = text.length; // without the padding; counted, not sliced off (that would copy the string)
  while (end > 0 && text.charCodeAt(end - 1) === 61 /* = */) end--;
  if (end % 4 === 1 || text.lastIndexOf('=', end - 1) !== -1) invalid();
  const bytes = new Uint8Array(Math.floor((end * 3) / 4));
  let at = 0;
  for (let start = 0; start < end; start += SLICE) {
    let binary: string;
    try {
      binary = atob(text.slice(start, Math.min(start + SLICE, end)));
    } catch {
      invalid();
    }
    for (let i = 0; i < binary.length; i++) bytes[at++] = binary.charCodeAt(i);
  }
  return bytes;
}
