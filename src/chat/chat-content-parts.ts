import { isObjectRecord } from '../checks/narrow';
import { notA } from '../streams/stream-errors';

/** Makes the error for a malformed part from the problem (`<path> is <kind>, not <expected>`). */
export type ContentPartFailure = (problem: string) => Error;

/** A piece of a content array that this package maps: answer text, or reasoning. */
export interface ChatContentPiece {
  kind: 'text' | 'reasoning';
  text: string;
}

/** A `thinking` part's text: its `thinking` is a list of text parts (Mistral), or, leniently, one string. */
function thinkingText(thinking: unknown, path: string, fail: ContentPartFailure): string {
  if (typeof thinking === 'string') return thinking;
  if (!Array.isArray(thinking)) throw fail(notA(`${path}.thinking`, thinking, 'an array'));
  let text = '';
  for (let i = 0; i < thinking.length; i++) {
    const inner: unknown = thinking[i];
    if (!isObjectRecord(inner)) throw fail(notA(`${path}.thinking[${i}]`, inner, 'an object'));
    if (inner.type !== 'text') continue;
    if (typeof inner.text !== 'string') throw fail(notA(`${path}.thinking[${i}].text`, inner.text, 'a string'));
    text += inner.text;
  }
  return text;
}

/**
 * A `content` sent as a list of parts instead of a string, as Mistral's reasoning models do in answers
 * and deltas (docs/endpoints.md#chat-completions-response): `text` parts are answer text, `thinking` parts
 * reasoning, in the order sent. Other kinds (`image_url`, `reference`, ...) carry nothing a text answer
 * holds and are skipped; empty texts too. A known kind whose text is not a string throws `fail`'s error,
 * naming the part (`path` is where the list sits, e.g. `choices[0].delta.content`).
 */
export function readContentParts(
  parts: readonly unknown[],
  path: string,
  fail: ContentPartFailure,
): ChatContentPiece[] {
  const pieces: ChatContentPiece[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part: unknown = parts[i];
    const at = `${path}[${i}]`;
    if (!isObjectRecord(part)) throw fail(notA(at, part, 'an object'));
    let piece: ChatContentPiece | undefined;
    if (part.type === 'text') {
      if (typeof part.text !== 'string') throw fail(notA(`${at}.text`, part.text, 'a string'));
      piece = { kind: 'text', text: part.text };
    } else if (part.type === 'thinking') {
      piece = { kind: 'reasoning', text: thinkingText(part.thinking, at, fail) };
    }
    if (piece !== undefined && piece.text !== '') pieces.push(piece);
  }
  return pieces;
}

/** The answer text of a `content` that is a string, a list of parts, or absent. */
export function contentText(content: unknown, path: string, fail: ContentPartFailure): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const piece of readContentParts(content, path, fail)) if (piece.kind === 'text') text += piece.text;
  return text;
}
