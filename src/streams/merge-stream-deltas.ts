import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';

type DeltaPart = Extract<LanguageModelV3StreamPart, { type: 'text-delta' | 'reasoning-delta' | 'tool-input-delta' }>;

/**
 * The merge rule of both language-model stream formats, for `readSseStream`'s `merge` option: `next`
 * is folded into `held` when both are `text-delta`, both `reasoning-delta` or both `tool-input-delta`
 * of the same id, neither with provider metadata. Every other part (starts, ends, tool calls, `raw`,
 * errors, metadata, finish) is never merged and ends a run, so the order across kinds is kept.
 *
 * The reader only ever merges parts that came from one network read, and hands them on at the end of
 * that read's processing: nothing waits for a later read. Each part the AI SDK receives costs it the
 * same work whatever its length, so N deltas that arrived together cost it once instead of N times.
 */
export function mergeStreamDelta(held: LanguageModelV3StreamPart, next: LanguageModelV3StreamPart): boolean {
  const type = next.type;
  if (type !== held.type || (type !== 'text-delta' && type !== 'reasoning-delta' && type !== 'tool-input-delta'))
    return false;
  const run = held as DeltaPart;
  const delta = next as DeltaPart;
  if (run.id !== delta.id || run.providerMetadata !== undefined || delta.providerMetadata !== undefined) return false;
  // The held part is not enqueued yet and no handler keeps a reference to a part it enqueued: extending
  // it in place costs no allocation beyond the joined string.
  run.delta += delta.delta;
  return true;
}

/**
 * A delta part, for `readSseStream`'s `first`: a language stream's first delta goes out as soon as its
 * event is parsed, so it is never merged with the deltas after it.
 */
export function isStreamDelta(part: LanguageModelV3StreamPart): boolean {
  const type = part.type;
  return type === 'text-delta' || type === 'reasoning-delta' || type === 'tool-input-delta';
}
