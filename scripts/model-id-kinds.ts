// Which typed id union(s) a catalog entry belongs to. The catalog's `type` names the kind, except that
// `audio` covers both speech and transcription, so audio ids are split by the words in the id.

/** The id unions `src/settings/unigate-model-ids.ts` declares (messages reuses the chat union). */
export const MODEL_ID_KINDS = ['chat', 'embedding', 'image', 'speech', 'transcription', 'video'] as const;

export type ModelIdKind = (typeof MODEL_ID_KINDS)[number];

const DIRECT: Record<string, ModelIdKind> = { chat: 'chat', embedding: 'embedding', image: 'image', video: 'video' };

// Words are the id's parts between `-`, `_`, `.`, `/`, `:` and spaces, matched by prefix, lower case.
const SPEECH_WORDS = ['tts'];
const TRANSCRIPTION_WORDS = ['whisper', 'transcri', 'stt'];

/**
 * The kinds an entry's id is typed as. `audio`: speech when a word of the id starts with `tts`
 * (`tts-1`, `gpt-4o-mini-tts`), transcription when one starts with `whisper`, `transcri` or `stt`
 * (`whisper-1`, `gpt-4o-transcribe`); both when neither or both match, so no audio id is left out.
 * Types the provider has no model for are skipped.
 */
export function modelIdKinds(entry: { id: string; type: string }): ModelIdKind[] {
  const type = entry.type.toLowerCase();
  if (type !== 'audio') return DIRECT[type] === undefined ? [] : [DIRECT[type]];
  const words = entry.id.toLowerCase().split(/[-_./:\s]+/);
  const has = (prefixes: string[]) => words.some(word => prefixes.some(prefix => word.startsWith(prefix)));
  const speech = has(SPEECH_WORDS);
  const transcription = has(TRANSCRIPTION_WORDS);
  if (speech === transcription) return ['speech', 'transcription'];
  return speech ? ['speech'] : ['transcription'];
}
