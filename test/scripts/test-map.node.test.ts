// The map from each source file to its tests (scripts/test-map.mjs, the table in docs/testing.md): how a
// file's tests are found, and that every file of src/ has tests and the table is current.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { mapProblems, renderMap, testMap } from '../../scripts/test-map.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'test-map-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files: Record<string, string> = {
  'src/a/parse.ts': 'export const parse = 1;',
  'src/a/unigate-model.ts': 'export const model = 1;',
  'src/a/wire-types.ts': 'export const wire = 1;',
  'src/a/shell.ts': 'export const shell = 1;',
  'src/testing/emulator.ts': 'export const emulator = 1;',
  'test/a/parse.test.ts': "import { parse } from '../../src/a/parse';",
  'test/a/model.node.test.ts': 'export {};',
  'test/a/whole-call.test.ts': "const load = () => import('../../src/a/wire-types');",
  'docs/testing.md': '# Testing\n',
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(dirname(join(dir, name)), { recursive: true });
  writeFileSync(join(dir, name), text);
}

describe('testMap', () => {
  it('finds a test by the same name (with or without unigate-), else by its imports, else as declared', () => {
    const declared = { 'src/a/shell.ts': ['test/a/whole-call.test.ts'] };
    expect(testMap(dir, declared)).toEqual([
      { source: 'src/a/parse.ts', tests: ['test/a/parse.test.ts'], how: 'same name' },
      { source: 'src/a/shell.ts', tests: ['test/a/whole-call.test.ts'], how: 'declared' },
      { source: 'src/a/unigate-model.ts', tests: ['test/a/model.node.test.ts'], how: 'same name' },
      { source: 'src/a/wire-types.ts', tests: ['test/a/whole-call.test.ts'], how: 'imports it' },
    ]);
  });

  it('names a source file without tests, a missing declared test and a stale table', () => {
    expect(mapProblems(dir, { 'src/a/gone.ts': ['test/a/parse.test.ts'] })).toEqual([
      'src/a/shell.ts has no test: add test/<folder>/shell.test.ts, or name its tests in DECLARED (scripts/test-map.mjs)',
      'DECLARED names src/a/gone.ts, which is not in src/ any more: remove it',
      'docs/testing.md: the test map is stale: run npm run test:map',
    ]);
    const declared = { 'src/a/shell.ts': ['test/a/gone.test.ts'] };
    writeFileSync(join(dir, 'docs/testing.md'), `# Testing\n\n${renderMap(testMap(dir, declared))}\n`);
    expect(mapProblems(dir, declared)).toEqual([
      'src/a/shell.ts: the declared test test/a/gone.test.ts does not exist',
    ]);
  });
});

describe('the map of this repository', () => {
  it('gives every source file tests, and docs/testing.md holds it as generated (npm run test:map)', () => {
    expect(mapProblems(ROOT)).toEqual([]);
  });
});
