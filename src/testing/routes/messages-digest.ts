// Thinking signatures and redacted-thinking data of the messages route, built on the emulator's digest.

import { digestHex } from '../emulator-text';

const SIGNATURE_PREFIX = 'EmuSig';
const REDACTED_PREFIX = 'EmuRedacted';

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
