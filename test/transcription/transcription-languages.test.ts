import { describe, expect, it } from 'vitest';
import {
  mapTranscriptionLanguage,
  TRANSCRIPTION_LANGUAGE_CODES,
  TRANSCRIPTION_LANGUAGES,
} from '../../src/transcription/transcription-languages';
// The emulator's table is written separately, from the spec side: name by ISO-639-1 code.
import { LANGUAGE_NAMES } from '../../src/testing/emulator-languages';

const emulatorTable = [...LANGUAGE_NAMES].map(([code, name]) => [name, code] as const);

describe('mapTranscriptionLanguage: every language the gateway names', () => {
  it('knows the 99 languages (98 with an ISO-639-1 code, plus hawaiian), and cantonese', () => {
    expect(emulatorTable).toHaveLength(98);
    const names = Object.keys(TRANSCRIPTION_LANGUAGES).sort();
    expect(names).toEqual([...emulatorTable.map(([name]) => name), 'hawaiian', 'cantonese'].sort());
    expect([...TRANSCRIPTION_LANGUAGE_CODES].sort()).toEqual(emulatorTable.map(([, code]) => code).sort());
  });

  it.each(emulatorTable)('"%s" -> %s', (name, code) => {
    expect(mapTranscriptionLanguage(name)).toBe(code);
    expect(mapTranscriptionLanguage(name.toUpperCase())).toBe(code);
    expect(mapTranscriptionLanguage(code)).toBe(code); // a code is kept as it is
  });

  it('gives the ISO 639-2/3 code for the two languages without an ISO-639-1 code', () => {
    expect(mapTranscriptionLanguage('hawaiian')).toBe('haw');
    expect(mapTranscriptionLanguage('cantonese')).toBe('yue');
    expect(mapTranscriptionLanguage('haw')).toBe('haw');
    expect(mapTranscriptionLanguage('yue')).toBe('yue');
  });

  it.each([
    ['castilian', 'es'],
    ['flemish', 'nl'],
    ['haitian creole', 'ht'],
    ['haitian', 'ht'],
    ['Haitian_Creole', 'ht'],
    ['letzeburgesch', 'lb'],
    ['luxembourgish', 'lb'],
    ['moldavian', 'ro'],
    ['moldovan', 'ro'],
    ['pushto', 'ps'],
    ['pashto', 'ps'],
    ['sinhalese', 'si'],
    ['sinhala', 'si'],
    ['valencian', 'ca'],
    ['burmese', 'my'],
    ['myanmar', 'my'],
    ['mandarin', 'zh'],
    ['panjabi', 'pa'],
    ['jw', 'jv'],
    ['  English ', 'en'],
  ])('alias "%s" -> %s', (name, code) => {
    expect(mapTranscriptionLanguage(name)).toBe(code);
  });

  it('is undefined for no language or one it does not know, even a prototype key', () => {
    for (const value of [undefined, null, '', 'klingon', 'constructor', '__proto__', 'toString']) {
      expect(mapTranscriptionLanguage(value)).toBeUndefined();
    }
  });
});
