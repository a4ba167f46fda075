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

/** The files listed under the closure whose title starts with `title`. */
function listed(out: string, title: string): string[] {
  const lines = out.split('\n');
  const start = lines.findIndex(line => line.startsWith(`  ${title}`));
  const files: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('    ')) break;
    files.push(line.trim().split('/').at(-1)!);
  }
  return files.sort();
}

describe('count-import-closure', () => {
  const out = execFileSync('node', ['scripts/count-import-closure.mjs', '--list', join(dir, 'entry.ts')], {
    encoding: 'utf8',
  });

  it('static: follows value imports and re-exports, not type-only imports or import()', () => {
    expect(listed(out, 'static')).toEqual(['a.ts', 'b.ts', 'c.ts', 'entry.ts', 'side-effect.ts']);
    expect(out).toContain('static: 5 files, 12 lines');
  });

  it('import(): follows import() of a literal too, still not type-only imports', () => {
    expect(listed(out, 'import()')).toEqual(['a.ts', 'b.ts', 'c.ts', 'entry.ts', 'lazy.ts', 'side-effect.ts']);
    expect(out).toContain('import(): 6 files, 13 lines');
  });

  it('with no file, counts the chat and messages models, and what they reach through the context', () => {
    const models = execFileSync('node', ['scripts/count-import-closure.mjs'], { encoding: 'utf8' });
    for (const model of ['src/chat/unigate-chat-language-model.ts', 'src/messages/unigate-messages-language-model.ts'])
      expect(models).toContain(`${model}\n  static: `);
    expect(models.match(/^ {2}through the context: \d+ files, \d+ lines more/gm)).toHaveLength(2);
  }, 30_000); // a process that loads TypeScript and parses src/ twice: seconds on a loaded machine
});
