import { TRANSCRIPTION_LANGUAGE_ALIASES, TRANSCRIPTION_LANGUAGES } from './transcription-languages';

let codeByName: Map<string, string> | undefined;

/** Names, aliases and the codes themselves (a Map: a name like "constructor" must not hit a prototype). */
function lookupTable(): Map<string, string> {
  if (codeByName === undefined) {
    const entries = [...Object.entries(TRANSCRIPTION_LANGUAGES), ...Object.entries(TRANSCRIPTION_LANGUAGE_ALIASES)];
    codeByName = new Map([...entries, ...entries.map(([, code]): [string, string] => [code, code]), ['jw', 'jv']]);
  }
  return codeByName;
}

/**
 * The gateway's language (a full English name such as "english" or "Haitian Creole", or already a code
 * such as "en") as the code the AI SDK expects: ISO-639-1, or `haw` / `yue` for the two languages that
 * have no ISO-639-1 code. Whisper's own `jw` becomes `jv`. Undefined when absent or not a known language.
 */
export function mapTranscriptionLanguage(language: string | null | undefined): string | undefined {
  if (typeof language !== 'string') return undefined;
  return lookupTable().get(
    language
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ' '),
  );
}
