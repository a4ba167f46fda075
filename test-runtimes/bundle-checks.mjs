// Bundles smoke-checks.mjs with the BUILT package (dist/index.js) and `ai` into one self-contained
// ES module, the same file for every runtime. Bundled for the browser/worker conditions, as
// wrangler does: a Node builtin anywhere in the graph fails the bundle instead of being shimmed.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Writes the bundle to `outfile`; returns its size in bytes. */
export async function bundleChecks(outfile) {
  const result = await build({
    entryPoints: [`${here}smoke-checks.mjs`],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    metafile: true,
    logLevel: 'silent',
  });
  return result.metafile.outputs[Object.keys(result.metafile.outputs)[0]].bytes;
}
