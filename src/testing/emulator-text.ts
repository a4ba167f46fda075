// Deterministic text helpers for the emulator's answers. Chat completions counts a token per
// whitespace-separated word (countTokens); the messages route splits finer (its own tokenize).

/** Tokens in `text`: the number of whitespace-separated words (an approximation, but deterministic). */
export function countTokens(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** `text` cut after its first `maxTokens` words (original spacing kept); `truncated` when it was longer. */
export function truncateToTokens(text: string, maxTokens: number): { text: string; truncated: boolean } {
  const words = /\S+/g;
  let end = 0;
  for (let count = 0; count < maxTokens; count++) {
    const match = words.exec(text);
    if (!match) return { text, truncated: false };
    end = match.index + match[0].length;
  }
  return /\S/.test(text.slice(end)) ? { text: text.slice(0, end), truncated: true } : { text, truncated: false };
}

/** `text` cut before the earliest occurrence of any stop string; `stopped` names the one that matched. */
export function cutAtStop(text: string, stops: readonly string[]): { text: string; stopped?: string } {
  let cut = -1;
  let stopped: string | undefined;
  for (const stop of stops) {
    const at = stop === '' ? -1 : text.indexOf(stop);
    if (at !== -1 && (cut === -1 || at < cut)) {
      cut = at;
      stopped = stop;
    }
  }
  return cut === -1 ? { text } : { text: text.slice(0, cut), stopped };
}

/** `text` as streaming deltas, one word each with the whitespace before it; joined they give `text`. */
export function wordPieces(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? (text === '' ? [] : [text]);
}

/** `pieces` joined in groups of `size` (the last group may be shorter), e.g. two tokens per delta. */
export function groupPieces(pieces: readonly string[], size: number): string[] {
  const groups: string[] = [];
  for (let at = 0; at < pieces.length; at += size) groups.push(pieces.slice(at, at + size).join(''));
  return groups;
}

/**
 * `text` in pieces of `size` characters (at least one piece, possibly empty). Characters are code
 * points, so no piece ends in half of a surrogate pair.
 */
export function fixedPieces(text: string, size: number): string[] {
  const pieces = groupPieces(Array.from(text), size);
  return pieces.length === 0 ? [''] : pieces;
}

/**
 * A hex digest of `text`, 8 hex digits per word: deterministic ids, signatures and opaque data. Not
 * cryptography: the emulator only needs "same input -> same string" and "altered input -> different
 * string", in every runtime (no node:crypto; WebCrypto is async).
 */
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
