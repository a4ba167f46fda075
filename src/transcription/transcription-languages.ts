// The gateway's speech-to-text model knows 99 languages (the Whisper set), and names them in full
// English in `verbose_json` ("english"). The AI SDK wants ISO-639-1 codes. This is the whole table,
// written out, in the model's own order; cantonese (added by Whisper large-v3) is the 100th.

/**
 * Every language name the gateway may return, lower case, with its ISO-639-1 code. Two have no
 * ISO-639-1 code: hawaiian is `haw` (ISO 639-2) and cantonese `yue` (ISO 639-3), the codes the model
 * itself uses. Javanese is `jv` (ISO-639-1), where the model's own code is `jw`.
 */
export const TRANSCRIPTION_LANGUAGES = {
  english: 'en',
  chinese: 'zh',
  german: 'de',
  spanish: 'es',
  russian: 'ru',
  korean: 'ko',
  french: 'fr',
  japanese: 'ja',
  portuguese: 'pt',
  turkish: 'tr',
  polish: 'pl',
  catalan: 'ca',
  dutch: 'nl',
  arabic: 'ar',
  swedish: 'sv',
  italian: 'it',
  indonesian: 'id',
  hindi: 'hi',
  finnish: 'fi',
  vietnamese: 'vi',
  hebrew: 'he',
  ukrainian: 'uk',
  greek: 'el',
  malay: 'ms',
  czech: 'cs',
  romanian: 'ro',
  danish: 'da',
  hungarian: 'hu',
  tamil: 'ta',
  norwegian: 'no',
  thai: 'th',
  urdu: 'ur',
  croatian: 'hr',
  bulgarian: 'bg',
  lithuanian: 'lt',
  latin: 'la',
  maori: 'mi',
  malayalam: 'ml',
  welsh: 'cy',
  slovak: 'sk',
  telugu: 'te',
  persian: 'fa',
  latvian: 'lv',
  bengali: 'bn',
  serbian: 'sr',
  azerbaijani: 'az',
  slovenian: 'sl',
  kannada: 'kn',
  estonian: 'et',
  macedonian: 'mk',
  breton: 'br',
  basque: 'eu',
  icelandic: 'is',
  armenian: 'hy',
  nepali: 'ne',
  mongolian: 'mn',
  bosnian: 'bs',
  kazakh: 'kk',
  albanian: 'sq',
  swahili: 'sw',
  galician: 'gl',
  marathi: 'mr',
  punjabi: 'pa',
  sinhala: 'si',
  khmer: 'km',
  shona: 'sn',
  yoruba: 'yo',
  somali: 'so',
  afrikaans: 'af',
  occitan: 'oc',
  georgian: 'ka',
  belarusian: 'be',
  tajik: 'tg',
  sindhi: 'sd',
  gujarati: 'gu',
  amharic: 'am',
  yiddish: 'yi',
  lao: 'lo',
  uzbek: 'uz',
  faroese: 'fo',
  'haitian creole': 'ht',
  pashto: 'ps',
  turkmen: 'tk',
  nynorsk: 'nn',
  maltese: 'mt',
  sanskrit: 'sa',
  luxembourgish: 'lb',
  myanmar: 'my',
  tibetan: 'bo',
  tagalog: 'tl',
  malagasy: 'mg',
  assamese: 'as',
  tatar: 'tt',
  hawaiian: 'haw',
  lingala: 'ln',
  hausa: 'ha',
  bashkir: 'ba',
  javanese: 'jv',
  sundanese: 'su',
  cantonese: 'yue',
} as const satisfies Record<string, string>;

/**
 * An ISO-639-1 code the gateway's speech-to-text model knows (`'en'`, `'de'`, ...). Editors complete the 98
 * codes; any other string still type-checks and is refused before the request, naming the accepted codes.
 */
export type UnigateTranscriptionLanguage =
  | Exclude<(typeof TRANSCRIPTION_LANGUAGES)[keyof typeof TRANSCRIPTION_LANGUAGES], 'haw' | 'yue'>
  | (string & {});

/** Other names the model accepts for the same languages (Whisper's aliases, plus common spellings). */
export const TRANSCRIPTION_LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  burmese: 'my',
  valencian: 'ca',
  flemish: 'nl',
  haitian: 'ht',
  letzeburgesch: 'lb',
  pushto: 'ps',
  panjabi: 'pa',
  moldavian: 'ro',
  moldovan: 'ro',
  sinhalese: 'si',
  castilian: 'es',
  mandarin: 'zh',
  farsi: 'fa',
  filipino: 'tl',
};

/**
 * The codes `providerOptions.unigate.language` accepts: the ISO-639-1 code of every language above
 * (98; hawaiian and cantonese have none, so the gateway detects them on its own).
 */
export const TRANSCRIPTION_LANGUAGE_CODES: readonly string[] = Object.values<string>(TRANSCRIPTION_LANGUAGES).filter(
  code => code.length === 2,
);

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
