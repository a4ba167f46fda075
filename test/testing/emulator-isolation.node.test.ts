// The emulator stands apart (design.md): written from the spec, it imports nothing from the provider's
// src/ at runtime, no package at all, and no Node API outside the lazily loaded server adapter.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TESTING = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/testing');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Static `import`/`export ... from` specifiers that survive compilation (type-only ones are erased). */
function runtimeImports(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm)) {
    if (!match[1]) specifiers.push(match[2]!);
  }
  for (const match of source.matchAll(/^\s*import\s+'([^']+)'/gm)) specifiers.push(match[1]!);
  return specifiers;
}

describe('emulator isolation', () => {
  const files = sourceFiles(TESTING);

  it('finds the emulator sources', () => {
    expect(files.map(f => relative(TESTING, f))).toEqual(
      expect.arrayContaining(['index.ts', 'emulator-router.ts', 'node-server.ts', 'routes/chat-completions-route.ts']),
    );
  });

  it.each(files.map(f => [relative(TESTING, f), f]))('%s imports only emulator files at runtime', (_name, file) => {
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      expect(specifier.startsWith('.'), `${specifier} is not a relative import`).toBe(true);
      const target = resolve(dirname(file), specifier);
      expect(target.startsWith(TESTING), `${specifier} leaves src/testing`).toBe(true);
    }
  });

  it.each(files.filter(f => !f.endsWith('node-server.ts')).map(f => [relative(TESTING, f), f]))(
    '%s uses no Node-only API and no randomness',
    (_name, file) => {
      const code = readFileSync(file, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      expect(code).not.toMatch(/['"]node:|\bBuffer\b|\bprocess\.|Math\.random|require\(/);
    },
  );

  it('loads node:http only through a dynamic import inside listen()', () => {
    const server = readFileSync(join(TESTING, 'node-server.ts'), 'utf8');
    expect(runtimeImports(server)).toEqual([]);
    expect(server).toContain("await import('node:http')");
    const factory = readFileSync(join(TESTING, 'create-unigate-emulator.ts'), 'utf8');
    expect(runtimeImports(factory)).not.toContain('./node-server');
    expect(factory).toContain("await import('./node-server')");
  });
});
