/**
 * Bundle size of each provider's root entry: esbuild (bundle, minify, ESM, platform neutral) with `ai`
 * and `zod` external, everything else (@ai-sdk/provider, provider-utils, ...) bundled in, then gzip.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe } from './measure';

export interface BundleSize {
  entry: string;
  minBytes?: number;
  gzipBytes?: number;
  /** Minified bytes per package (or per src/ folder), largest first: where the size comes from. */
  parts?: { part: string; bytes: number }[];
  error?: string;
}

/** `node_modules/@ai-sdk/provider-utils/dist/x.mjs` -> `@ai-sdk/provider-utils`; `src/chat/x.ts` -> `src/chat`. */
function partOf(input: string): string {
  const modules = input.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = input.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const segments = input.split('/');
  return segments.length > 2 ? segments.slice(0, 2).join('/') : input;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(root, 'package.json'));

/** The ESM root entry a bundler picks for a package (exports["."].import, else module, else main). */
export function packageEntry(name: string): string {
  const manifestPath = require.resolve(`${name}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const dot = manifest.exports?.['.'];
  const pick = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (value && typeof value === 'object') {
      const conditions = value as Record<string, unknown>;
      return pick(conditions.import) ?? pick(conditions.default);
    }
    return undefined;
  };
  const relative = pick(dot) ?? manifest.module ?? manifest.main;
  return join(dirname(manifestPath), relative);
}

export async function bundleSize(entry: string): Promise<BundleSize> {
  try {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      conditions: ['import'],
      external: ['ai', 'zod', 'zod/*', 'node:*'],
      write: false,
      logLevel: 'silent',
      absWorkingDir: root,
      metafile: true,
    });
    const code = result.outputFiles[0].contents;
    const byPart = new Map<string, number>();
    for (const output of Object.values(result.metafile.outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        const part = partOf(input);
        byPart.set(part, (byPart.get(part) ?? 0) + bytesInOutput);
      }
    }
    const parts = [...byPart].map(([part, bytes]) => ({ part, bytes })).sort((a, b) => b.bytes - a.bytes);
    return { entry, minBytes: code.byteLength, gzipBytes: gzipSync(code, { level: 9 }).byteLength, parts };
  } catch (error) {
    return { entry, error: describe(error) };
  }
}

export const OWN_ENTRY = join(root, 'src/index.ts');
export const OWN_TESTING_ENTRY = join(root, 'src/testing/index.ts');
