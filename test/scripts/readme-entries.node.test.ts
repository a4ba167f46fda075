// The README lane's entry rule (scripts/readme/entry-imports.mjs, docs/readme-blocks.md): blocks import
// unigate-ai-provider/v4, ai@6 runs them with the root entry instead, and the README and docs/ keep to it.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDocBlocks } from '../../scripts/readme/doc-pages.mjs';
import { codeForMajor, entryCheck } from '../../scripts/readme/entry-imports.mjs';
import { extractBlocks } from '../../scripts/readme/extract-blocks.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const fence = '```';
const block = (...lines: string[]) => ['## Chat', `${fence}ts`, ...lines, fence].join('\n');

describe('codeForMajor', () => {
  const code = [
    "import { createUnigate } from 'unigate-ai-provider/v4';",
    'import type { UnigateCost } from "unigate-ai-provider/v4";',
    "export { unigate } from 'unigate-ai-provider/v4';",
    "import { createUnigateEmulator } from 'unigate-ai-provider/testing';",
    "const note = 'unigate-ai-provider/v4 is for ai@7';",
  ].join('\n');

  it('on ai@6, imports and exports from /v4 come from the root entry, line for line; nothing else changes', () => {
    expect(codeForMajor(code, 'ai6').split('\n')).toEqual([
      "import { createUnigate } from 'unigate-ai-provider';",
      'import type { UnigateCost } from "unigate-ai-provider";',
      "export { unigate } from 'unigate-ai-provider';",
      "import { createUnigateEmulator } from 'unigate-ai-provider/testing';",
      "const note = 'unigate-ai-provider/v4 is for ai@7';",
    ]);
  });

  it('on ai@7, the block runs as written', () => {
    expect(codeForMajor(code, 'ai7')).toBe(code);
  });

  it("on ai@6, ai@7's generateSpeech and transcribe imported from 'ai' take ai@6's experimental names", () => {
    const names = [
      "import { generateSpeech } from 'ai'; // note",
      'import { generateText, transcribe } from "ai";',
      "import { transcribe as listen } from 'ai';",
      "import { experimental_transcribe } from 'ai';",
      "import { generateSpeech } from 'elsewhere';",
      'const transcribe = generateSpeech;',
    ].join('\n');
    expect(codeForMajor(names, 'ai6').split('\n')).toEqual([
      "import { experimental_generateSpeech as generateSpeech } from 'ai'; // note",
      'import { generateText, experimental_transcribe as transcribe } from "ai";',
      "import { experimental_transcribe as listen } from 'ai';",
      "import { experimental_transcribe } from 'ai';",
      "import { generateSpeech } from 'elsewhere';",
      'const transcribe = generateSpeech;',
    ]);
    expect(codeForMajor(names, 'ai7')).toBe(names);
  });
});

describe('entryCheck', () => {
  it('names the README line of a block run on ai@7 that imports the root entry', () => {
    const blocks = extractBlocks(block('const a = 1;', "import { unigate } from 'unigate-ai-provider';"));
    expect(entryCheck(blocks)).toMatchObject({
      ok: false,
      reason:
        "README line 4: block 1 imports 'unigate-ai-provider' but runs on ai@7, so it imports unigate-ai-provider/v4",
    });
  });

  it('names an ai6-only block that imports /v4, and passes ai6-only blocks on the root and ai@7 blocks on /v4', () => {
    const ai6 = extractBlocks(block('// readme: ai6-only', "import { unigate } from 'unigate-ai-provider/v4';"));
    expect(entryCheck(ai6).reason).toBe(
      "README line 4: block 1 imports 'unigate-ai-provider/v4' but is ai6-only, so it imports unigate-ai-provider",
    );
    const good = [
      ...extractBlocks(block('// readme: ai6-only', "import { unigate } from 'unigate-ai-provider';")),
      ...extractBlocks(block("import { unigate } from 'unigate-ai-provider/v4';")),
    ];
    expect(entryCheck(good)).toMatchObject({ ok: true, reason: '' });
  });

  it('wants the root entry in the Quick start, on both majors, and names a Quick start block that imports /v4', () => {
    const quickStart = (...lines: string[]) => ['## Quick start', `${fence}ts`, ...lines, fence].join('\n');
    const root = extractBlocks(quickStart("import { createUnigate } from 'unigate-ai-provider';"));
    expect(root[0]?.majors).toEqual(['ai6', 'ai7']);
    expect(entryCheck(root)).toMatchObject({ ok: true, reason: '' });
    expect(codeForMajor(root[0]!.code, 'ai6')).toBe(root[0]!.code);
    const v4 = extractBlocks(quickStart('const a = 1;', "import { unigate } from 'unigate-ai-provider/v4';"));
    expect(entryCheck(v4).reason).toBe(
      "README line 4: block 1 imports 'unigate-ai-provider/v4' but is in the Quick start, which imports unigate-ai-provider to run as copied on ai@6 and ai@7",
    );
  });

  it('applies the Quick start exception to the README only, naming a docs page by its path', () => {
    const page = `## Quick start\n${fence}ts\n// a docs page's heading\nimport { unigate } from 'unigate-ai-provider';\n${fence}\n`;
    expect(entryCheck(extractBlocks(page, 'docs/models-and-formats.md'))).toMatchObject({
      ok: false,
      reason:
        "docs/models-and-formats.md line 4: block 1 imports 'unigate-ai-provider' but runs on ai@7, so it imports unigate-ai-provider/v4",
    });
  });

  it('holds for the blocks of the README and every docs page', async () => {
    expect(entryCheck(await readDocBlocks(ROOT))).toMatchObject({ ok: true, reason: '' });
  });
});
