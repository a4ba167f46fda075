// Deterministic text helpers for the emulator's answers: a token is a whitespace-separated word.

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

/** `text` in pieces of `size` characters (at least one piece, possibly empty). */
export function fixedPieces(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces.length === 0 ? [''] : pieces;
}

/** A short stable hex hash (FNV-1a, 32 bit) for deterministic ids. */
export function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
