// The import-closure count (scripts/count-import-closure.mjs): which imports load a file at import time.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'closure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files: Record<string, string> = {
  'entry.ts': [
    "import { a } from './a';",
    "import type { T } from './typed';",
    "import { type U } from './typed-specifier';",
    "export { b } from './b';",
    "export type { V } from './exported-type';",
    "export const lazy = () => import('./lazy');",
    "import './side-effect';",
  ].join('\n'),
  'a.ts': "import { c } from './c';\nexport const a = c;",
  'b.ts': 'export const b = 1;',
  'c.ts': 'export const c = 2;',
  'typed.ts': 'export type T = 1;',
  'typed-specifier.ts': 'export type U = 1;',
  'exported-type.ts': 'export type V = 1;',
  'lazy.ts': 'export const l = 1;',
  'side-effect.ts': 'globalThis.x = 1;',
};
for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);

describe('count-import-closure', () => {
  it('follows value imports and re-exports, not type-only imports or import()', () => {
    const out = execFileSync('node', ['scripts/count-import-closure.mjs', '--list', join(dir, 'entry.ts')], {
      encoding: 'utf8',
    });
    const listed = out
      .split('\n')
      .filter(line => line.startsWith('  '))
      .map(line => line.trim().split('/').at(-1));
    expect(listed.sort()).toEqual(['a.ts', 'b.ts', 'c.ts', 'entry.ts', 'side-effect.ts']);
    expect(out).toContain('5 files, 12 lines');
  });
});
