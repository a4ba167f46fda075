// The README lane's cast check (scripts/readme/find-casts.mjs): what it counts as a cast, and that the
// README's own blocks have none, so users copy no cast into their code.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDocBlocks } from '../../scripts/readme/doc-pages.mjs';
import { extractBlocks } from '../../scripts/readme/extract-blocks.mjs';
import { castCheck, castsIn } from '../../scripts/readme/find-casts.mjs';

const fence = '```';

describe('castsIn', () => {
  it('finds `x as T`, a double cast once per `as`, `as const` and `<T>x`, with their README lines', () => {
    const code = [
      'const a = result.providerMetadata.unigate as UnigateSpeechProviderMetadata;',
      'const b = meta as unknown as UnigateImageProviderMetadata;',
      "const c = ['a', 'b'] as const;",
      'const d = <string>value;',
    ].join('\n');
    expect(castsIn({ code, line: 10 })).toEqual([
      { line: 10, text: 'result.providerMetadata.unigate as UnigateSpeechProviderMetadata' },
      { line: 11, text: 'meta as unknown as UnigateImageProviderMetadata' },
      { line: 11, text: 'meta as unknown' },
      { line: 12, text: "['a', 'b'] as const" },
      { line: 13, text: '<string>value' },
    ]);
  });

  it('counts no rename, comment, string or satisfies as a cast', () => {
    const code = [
      "import { experimental_transcribe as transcribe } from 'ai';",
      "export { generateSpeech as speak } from 'ai';",
      '// the vectors come back as plain number[]',
      "const prompt = 'Answer as a travel agent would';",
      'const options = { n: 3 } satisfies UnigateChatProviderOptions;',
    ].join('\n');
    expect(castsIn({ code, line: 1 })).toEqual([]);
  });
});

describe('castCheck', () => {
  it("fails naming each cast's README line", () => {
    const blocks = extractBlocks(`## Speech\n${fence}ts\nconst x = 1;\nconst m = y as Meta;\n${fence}\n`);
    expect(castCheck(blocks)).toMatchObject({ ok: false, reason: 'README line 4: y as Meta' });
  });

  it('names a docs page by its path', () => {
    const blocks = extractBlocks(
      `## Speech\n${fence}ts\nconst m = y as Meta;\n${fence}\n`,
      'docs/speech-and-transcription.md',
    );
    expect(castCheck(blocks)).toMatchObject({
      ok: false,
      reason: 'docs/speech-and-transcription.md line 3: y as Meta',
    });
  });

  it('passes on the README and every docs page: no block casts', async () => {
    const blocks = await readDocBlocks(fileURLToPath(new URL('../..', import.meta.url)));
    expect(blocks.length).toBeGreaterThan(30);
    expect(castCheck(blocks)).toMatchObject({ ok: true, reason: '' });
  });
});
