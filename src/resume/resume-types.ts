// The resume's public types (docs/resume.md). A leaf: it imports nothing, so every layer may name them
// (scripts/check-import-cycles.mjs). The settings' values and the check of `resumed` are in
// src/prompt/call-options.ts, which checks the per-call settings.

/** The `resume` setting: `'auto'` resumes a stream that fails after content where its format allows; `'off'` never. */
export type UnigateResumeMode = 'auto' | 'off';

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
