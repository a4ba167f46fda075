// Deterministic text helpers for the emulator's answers. One token counter for every route: a token is
// a word, a number or one punctuation mark (tokenize/countTokens). Usage figures, max-token limits and
// reasoning text all count these; streaming delta sizes are chosen per route and count nothing.

// A word, a number or one punctuation mark, with the whitespace before it: the pieces join back to the text.
const TOKEN = /\s*(?:[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_])/gu;

/** Splits text into the emulator's tokens; `tokenize(t).join('') === t`. */
export function tokenize(text: string): string[] {
  const pieces: string[] = Array.from(text.match(TOKEN) ?? []);
  const consumed = pieces.reduce((n, piece) => n + piece.length, 0);
  if (consumed < text.length) {
    // Trailing whitespace belongs to the last token (or is a token of its own).
    if (pieces.length > 0) pieces[pieces.length - 1] += text.slice(consumed);
    else pieces.push(text.slice(consumed));
  }
  return pieces;
}

const encoder = new TextEncoder();

/**
 * `text`'s tokens as the worst real tokenizer could count them: one per UTF-8 byte (a byte-level BPE never
 * makes more; CJK and emoji are 3-4 bytes a character, code and base64 down to one character a token).
 */
export function countTokensPessimistically(text: string): number {
  return encoder.encode(text).length;
}

/** How the emulator counts a request's input tokens (the `tokenCounting` option). */
export interface InputTokenCounting {
  text(text: string): number;
  /** Tokens per image part. */
  image: number;
  /** Whether tool definitions count on chat completions too (they always do on the messages endpoint). */
  chatTools: boolean;
}

/** The default count: words, an image at 85 tokens, tools free on chat completions. */
export const WORD_COUNTING: InputTokenCounting = { text: countTokens, image: 85, chatTools: false };
/** The pessimistic count: bytes, an image at the largest the messages format bills (1,600), tools counted. */
export const BYTE_COUNTING: InputTokenCounting = { text: countTokensPessimistically, image: 1_600, chatTools: true };

/** The emulator's token count of `text` (see tokenize). */
export function countTokens(text: string): number {
  return tokenize(text).length;
}

/** `text` cut after its first `maxTokens` tokens (original spacing kept); `truncated` when it was longer. */
export function truncateToTokens(text: string, maxTokens: number): { text: string; truncated: boolean } {
  const pieces = tokenize(text);
  if (pieces.length <= maxTokens) return { text, truncated: false };
  return { text: pieces.slice(0, Math.max(maxTokens, 0)).join(''), truncated: true };
}

/** `count` and `noun`, plural unless the count is 1: "1 token", "5 tokens", "0 images". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `word` with its indefinite article, by its first letter: "an audio", "an embedding", "a chat". */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** The last turn whose role is `user`, of either wire format. */
export function lastUserTurn<T extends { role: string }>(turns: readonly T[]): T | undefined {
  for (let i = turns.length - 1; i >= 0; i--) if (turns[i]!.role === 'user') return turns[i];
  return undefined;
}

/** The raw text of the last user turn, markers included ('' without one): the text markers are read from. */
export function lastUserText<T extends { role: string }>(turns: readonly T[], textOf: (turn: T) => string): string {
  const turn = lastUserTurn(turns);
  return turn === undefined ? '' : textOf(turn);
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

/**
 * The start of `answer` a prefill stands for, so the continuation is the rest: the prefill itself when the
 * answer starts with it (this model wrote it), else (another model wrote it: a fallback chain's hand-over)
 * the answer up to where the prefill's longest ending found in it ends, as a model goes on from the words it
 * is given rather than starting over; '' when no part of it is found.
 */
export function heldByPrefill(answer: string, prefill: string): string {
  if (answer.startsWith(prefill)) return prefill;
  for (let from = 1; from < prefill.length; from++) {
    const ending = prefill.slice(from);
    const at = answer.indexOf(ending);
    if (at >= 0) return answer.slice(0, at + ending.length);
  }
  return '';
}
