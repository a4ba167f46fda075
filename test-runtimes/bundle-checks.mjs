// Bundles smoke-checks.mjs with the BUILT package and `ai` into one self-contained ES module, the same
// file for every runtime. Bundled for the browser/worker conditions, as wrangler does: a Node builtin
// anywhere in the graph fails the bundle instead of being shimmed.
//   root: dist/index.js with ai@6 (node_modules/ai) and the repository's @ai-sdk/provider 3 / provider-utils 4
//   v4:   dist/v4/index.js with ai@7 and ai@7's own @ai-sdk/provider 4 / provider-utils 5, as an ai@7 app has
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const ai7Dir = `${root}node_modules/ai7`;
const PEERS = new Set(['@ai-sdk/provider', '@ai-sdk/provider-utils']);

/** Puts the v4 entry, ai@7 and ai@7's peers where the checks import the root entry, `ai` and the peers. */
const v4Plugin = {
  name: 'unigate-v4',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\.\/dist\/index\.js$/ }, () => ({ path: `${root}dist/v4/index.js` }));
    plugin.onResolve({ filter: /^ai$/ }, args => plugin.resolve('ai7', { kind: args.kind, resolveDir: root }));
    plugin.onResolve({ filter: /^@ai-sdk\/provider(-utils)?$/ }, args =>
      // Resolved from inside ai@7, where its own copies are; what ai@7 imports itself is left alone.
      PEERS.has(args.path) && !args.resolveDir.startsWith(ai7Dir)
        ? plugin.resolve(args.path, { kind: args.kind, resolveDir: ai7Dir })
        : undefined,
    );
  },
};

/** Writes the bundle of `entry` (`root` or `v4`) to `outfile`; returns its size in bytes. */
export async function bundleChecks(outfile, entry = 'root') {
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
    plugins: entry === 'v4' ? [v4Plugin] : [],
  });
  return result.metafile.outputs[Object.keys(result.metafile.outputs)[0]].bytes;
}
