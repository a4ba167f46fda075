// Deterministic digests for the messages route: ids, thinking signatures and redacted-thinking data.
// Not cryptography: the emulator only needs "same input -> same opaque string" and "altered input ->
// different string", in every runtime (no node:crypto, and WebCrypto is async and absent on Node 18).

const SIGNATURE_PREFIX = 'EmuSig';
const REDACTED_PREFIX = 'EmuRedacted';

/** A hex digest of `text`, 8 hex digits per word. */
export function digestHex(text: string, words = 4): string {
  let out = '';
  for (let lane = 0; lane < words; lane++) {
    // FNV-1a over UTF-16 code units, one differently seeded lane per output word.
    let h = (0x811c9dc5 ^ Math.imul(lane + 1, 0x9e3779b1)) >>> 0;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    // Final mix so that near-identical inputs differ in every digit.
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    out += (h >>> 0).toString(16).padStart(8, '0');
  }
  return out;
}

function hexToBase64(hex: string): string {
  let binary = '';
  for (let i = 0; i < hex.length; i += 2) binary += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(binary);
}

/** The signature the emulator attaches to a thinking block with this text. */
export function thinkingSignature(thinking: string): string {
  return SIGNATURE_PREFIX + hexToBase64(digestHex(`thinking\u0000${thinking}`, 8));
}

/** Opaque, self-verifying `data` of a redacted_thinking block, derived from `seed`. */
export function redactedThinkingData(seed: string): string {
  const body = digestHex(`redacted-body\u0000${seed}`, 4);
  const mac = digestHex(`redacted-mac\u0000${body}`, 4);
  return REDACTED_PREFIX + btoa(`${body}.${mac}`);
}

/** True when `data` is a redacted_thinking payload the emulator produced, unchanged. */
export function isEmulatorRedactedData(data: string): boolean {
  if (!data.startsWith(REDACTED_PREFIX)) return false;
  let decoded: string;
  try {
    decoded = atob(data.slice(REDACTED_PREFIX.length));
  } catch {
    return false;
  }
  const [body, mac, ...rest] = decoded.split('.');
  return rest.length === 0 && body !== undefined && mac === digestHex(`redacted-mac\u0000${body}`, 4);
}
