// The resume's public types and the values of its settings (docs/resume.md). A leaf: it imports nothing,
// so every layer may name them (scripts/check-import-cycles.mjs).

/** The `resume` setting: `'auto'` resumes a stream that fails after content where its format allows; `'off'` never. */
export type UnigateResumeMode = 'auto' | 'off';

/** The values of `resume`, at provider and call level. */
export const RESUME_MODES: readonly UnigateResumeMode[] = ['auto', 'off'];
/**
 * The limits of `maxResumes`, at provider and call level: each resume resends the whole prompt, and a
 * stream that fails ten times in a row is failing for a reason a resume will not mend.
 */
export const MAX_RESUMES = { min: 0, max: 10, by: 'provider' } as const;

/** The `resume`, `maxResumes` and `streamIdleMs` settings in force for a model or a call (docs/resume.md). */
export interface ResumeSettings {
  readonly resume: UnigateResumeMode;
  readonly maxResumes: number;
  /** A stream silent this long (ms) counts as dropped (docs/streaming.md#every-ending-of-a-stream). */
  readonly streamIdleMs: number;
}

/** Why a stream was resumed: its connection dropped, its body ended before its completion signal, an in-stream error event, or a chunk that was not JSON. */
export type UnigateResumeReason = 'connection-closed' | 'ended-early' | 'error-event' | 'malformed-chunk';

/** One resume of a stream, in `providerMetadata.unigate.resumed`. A type alias, so it fits in metadata (`JSONObject`). */
export type UnigateResume = {
  /** Characters of text the caller had received when the stream failed (the prefill, before trimming). */
  afterCharacters: number;
  reason: UnigateResumeReason;
  /** The continuation's response id, when it sent one. */
  requestId?: string;
};

const RESUME_REASONS: readonly string[] = ['connection-closed', 'ended-early', 'error-event', 'malformed-chunk'];

/** `value` is a `resumed` list as this package writes it into metadata. */
export function isUnigateResumeList(value: unknown): value is UnigateResume[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry: Partial<Record<keyof UnigateResume, unknown>> | null) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof entry.afterCharacters === 'number' &&
        typeof entry.reason === 'string' &&
        RESUME_REASONS.includes(entry.reason) &&
        (entry.requestId === undefined || typeof entry.requestId === 'string'),
    )
  );
}
