/**
 * Bundle size of each provider's root entry: esbuild (bundle, minify, ESM, platform neutral) with `ai`
 * and `zod` external, everything else (@ai-sdk/provider, provider-utils, ...) bundled in, then gzip.
 * What an app loads when it imports the entry: the `import()` targets (code loaded on first use) are left
 * out and measured on their own by `lazyChunkSizes`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { describe } from './measure';

export interface BundleSize {
  entry: string;
  minBytes?: number;
  gzipBytes?: number;
  /** Minified bytes per package (or per src/ folder), largest first: where the size comes from. */
  parts?: { part: string; bytes: number }[];
  /** The files in the bundle (absolute paths). */
  inputs?: string[];
  /** The `import()` targets left out (absolute paths): loaded on first use, not when the entry is imported. */
  lazy?: string[];
  error?: string;
}

/** One chunk an entry loads with `import()`: its own code, min+gzip, without what the entry already loads. */
export interface ChunkSize {
  chunk: string;
  minBytes: number;
  gzipBytes: number;
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

/** The bundler settings every figure here uses (an edge bundle's: ESM, minified, platform neutral). */
export const COMMON = {
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
} satisfies BuildOptions;

// Marks esbuild's own resolve calls made from inside the plugins, so they do not recurse.
const RESOLVING = Symbol('resolving');

/** Leaves out each import that `leaveOut` names (by resolved path), as esbuild resolves it. */
function leaving(leaveOut: (path: string, kind: string) => boolean): Plugin {
  return {
    name: 'leave-out',
    setup(plugin) {
      plugin.onResolve({ filter: /.*/ }, async args => {
        if (args.pluginData === RESOLVING) return undefined;
        const { path, external, errors } = await plugin.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: RESOLVING,
        });
        if (errors.length > 0 || external || !leaveOut(path, args.kind)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

const gzipped = (code: Uint8Array) => gzipSync(code, { level: 9 }).byteLength;

/** What an app loads when it imports `entry`: the entry and its static imports, `import()` targets left out. */
export async function bundleSize(entry: string): Promise<BundleSize> {
  try {
    const lazy = new Set<string>();
    const result = await build({
      ...COMMON,
      entryPoints: [entry],
      plugins: [
        leaving((path, kind) => {
          if (kind !== 'dynamic-import') return false;
          lazy.add(path);
          return true;
        }),
      ],
    });
    const code = result.outputFiles[0].contents;
    const byPart = new Map<string, number>();
    const inputs = new Set(Object.keys(result.metafile.inputs).map(input => join(root, input)));
    for (const output of Object.values(result.metafile.outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        const part = partOf(input);
        byPart.set(part, (byPart.get(part) ?? 0) + bytesInOutput);
      }
    }
    const parts = [...byPart].map(([part, bytes]) => ({ part, bytes })).sort((a, b) => b.bytes - a.bytes);
    return {
      entry,
      minBytes: code.byteLength,
      gzipBytes: gzipped(code),
      parts,
      inputs: [...inputs],
      lazy: [...lazy].filter(path => !inputs.has(path)),
    };
  } catch (error) {
    return { entry, error: describe(error) };
  }
}

/**
 * The whole package an entry can load: the entry with every `import()` target bundled in (what an edge
 * bundle that inlines dynamic imports carries), min+gzip, with its largest files.
 */
export async function wholeSize(entry: string): Promise<BundleSize> {
  try {
    const result = await build({ ...COMMON, entryPoints: [entry] });
    const code = result.outputFiles[0].contents;
    const [output] = Object.values(result.metafile.outputs);
    const parts = Object.entries(output?.inputs ?? {})
      .map(([input, { bytesInOutput }]) => ({
        part: input.includes('node_modules/') ? partOf(input) : input,
        bytes: bytesInOutput,
      }))
      .sort((a, b) => b.bytes - a.bytes);
    return { entry, minBytes: code.byteLength, gzipBytes: gzipped(code), parts };
  } catch (error) {
    return { entry, error: describe(error) };
  }
}

/**
 * The chunks behind an entry's `import()` targets, as an app's bundler splits them: each target, and the
 * code they share, without anything the entry already loads. Also the files in them (absolute paths).
 */
export async function lazyChunkSizes(size: BundleSize): Promise<{ chunks: ChunkSize[]; inputs: string[] }> {
  if (!size.lazy?.length) return { chunks: [], inputs: [] };
  const eager = new Set(size.inputs);
  const result = await build({
    ...COMMON,
    entryPoints: size.lazy,
    splitting: true,
    outdir: join(root, 'lazy-chunks'),
    plugins: [leaving(path => eager.has(path))],
  });
  const chunks = result.outputFiles
    .map(file => ({
      chunk: basename(file.path),
      minBytes: file.contents.byteLength,
      gzipBytes: gzipped(file.contents),
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { chunks, inputs: Object.keys(result.metafile.inputs).map(input => join(root, input)) };
}

export const OWN_ENTRY = join(root, 'src/index.ts');
export const OWN_TESTING_ENTRY = join(root, 'src/testing/index.ts');
