// The README lane's reading of blocks (scripts/readme/): which blocks it finds and what their markers
// say, how printed output is compared, and which names a block file gets from the context. The lane
// itself (npm run test:readme) runs the real README's blocks.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contextSource, writeBlockFiles } from '../../scripts/readme/block-files.mjs';
import { comparePrints, extractBlocks } from '../../scripts/readme/extract-blocks.mjs';

const fence = '```';

describe('extractBlocks', () => {
  const markdown = [
    '# Title', // 1
    `${fence}sh`, // 2
    'npm install x', // 3
    fence, // 4
    '## Chat', // 5
    `${fence}ts`, // 6
    "const a = 1; // prints: not a marker, it's code", // 7
    fence, // 8
    `${fence}text`, // 9
    'output', // 10
    fence, // 11
    '### Video jobs', // 12
    `${fence}typescript`, // 13
    '// readme: ai7-only', // 14
    '// readme: typecheck-only pending: the emulator bug', // 15
    'console.log(1); // prints: 1', // 16
    '// prints: two...', // 17
    fence, // 18
  ].join('\n');

  it('numbers the ts blocks, gives the README line of their first code line and their heading', () => {
    const blocks = extractBlocks(markdown);
    expect(blocks.map(({ index, line, heading }) => ({ index, line, heading }))).toEqual([
      { index: 1, line: 7, heading: 'Chat' },
      { index: 2, line: 14, heading: 'Video jobs' },
    ]);
    expect(blocks[0].code).toBe("const a = 1; // prints: not a marker, it's code");
  });

  it('reads the markers: majors, typecheck-only with its reason, prints in order', () => {
    const [first, second] = extractBlocks(markdown);
    expect(first).toMatchObject({ majors: ['ai6', 'ai7'], typecheckOnly: null, prints: ["not a marker, it's code"] });
    expect(second).toMatchObject({
      majors: ['ai7'],
      typecheckOnly: 'pending: the emulator bug',
      prints: ['1', 'two...'],
    });
  });

  it('rejects a typecheck-only marker without a reason, an unknown marker, both majors excluded, an open fence', () => {
    const block = (...lines: string[]) => ['## H', `${fence}ts`, ...lines, fence].join('\n');
    expect(() => extractBlocks(block('x;', '// readme: typecheck-only'))).toThrow(
      'README line 4: typecheck-only needs a reason',
    );
    expect(() => extractBlocks(block('// readme: typecheckonly because'))).toThrow(
      'README line 3: unknown marker "// readme: typecheckonly because"',
    );
    expect(() => extractBlocks(block('// readme: ai6-only', '// readme: ai7-only'))).toThrow(
      "README line 3: a block can't be both ai6-only and ai7-only",
    );
    expect(() => extractBlocks(`text\n${fence}ts\nconst a = 1;\n`)).toThrow(
      'README line 2: the code fence is never closed',
    );
  });
});

describe('comparePrints', () => {
  it('accepts the exact lines, and a prefix where the README line ends in "..."', () => {
    expect(
      comparePrints(
        ['403 permission', 'Unigate request failed ...'],
        '403 permission\nUnigate request failed with HTTP 403\n',
      ),
    ).toBeUndefined();
  });

  it('names the first differing line, a missing line and an extra line', () => {
    expect(comparePrints(['a', 'b'], 'a\nc\n')).toBe('line 2: the README shows "b", the block printed "c"');
    expect(comparePrints(['a', 'b'], 'a\n')).toBe('printed 1 line(s), the README shows 2');
    expect(comparePrints(['a'], 'a\nb\n')).toBe('printed more than the README shows: line 2 is "b"');
    expect(comparePrints(['a'], '')).toBe('printed 0 line(s), the README shows 1');
    expect(comparePrints(['exact'], 'exact and more\n')).toBe(
      'line 1: the README shows "exact", the block printed "exact and more"',
    );
  });
});

describe('writeBlockFiles', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps the block line for line and imports from the context only the names it uses and does not declare', async () => {
    dir = await mkdtemp(join(tmpdir(), 'readme-blocks-test-'));
    const code = [
      "import { streamText } from 'ai';",
      'const gw = createUnigate({ pricing: "catalog" });',
      'const { text } = await generateText({ model: gw("gpt-4o-mini"), tools: { weather }, prompt: "Hi" });',
      'streamText; text;',
    ].join('\n');
    const [block] = extractBlocks(`## Costs\n${fence}ts\n${code}\n${fence}\n`);
    const files = await writeBlockFiles(dir, [block], await contextSource('ai6'));
    expect(files).toEqual(['block-01.ts']);
    const written = await readFile(join(dir, 'block-01.ts'), 'utf8');
    expect(written).toBe(
      `${code}\nexport {};\nimport { createUnigate, generateText, weather } from './readme-context.js';\n`,
    );
  });

  it("gives each major the names its ai exports: ai@6's experimental_ aliases, ai@7's own names", async () => {
    expect(await contextSource('ai6')).toContain(
      "export { experimental_generateSpeech as generateSpeech, experimental_transcribe as transcribe } from 'ai';",
    );
    expect(await contextSource('ai7')).toContain("export { generateSpeech, transcribe } from 'ai';");
  });

  it('writes a block that needs nothing from the context as a module of its own', async () => {
    dir = await mkdtemp(join(tmpdir(), 'readme-blocks-test-'));
    const [block] = extractBlocks(`${fence}ts\nconst local = 1;\n${fence}\n`);
    await writeBlockFiles(dir, [block], await contextSource('ai7'));
    expect(await readFile(join(dir, 'block-01.ts'), 'utf8')).toBe('const local = 1;\nexport {};\n');
    expect(await readFile(join(dir, 'readme-context.ts'), 'utf8')).toContain('export const gw = createUnigate(');
  });
});
