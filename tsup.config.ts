import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  dts: true,
  sourcemap: true,
  target: 'es2022',
  // Node's http module is loaded only by the emulator's listen(), on demand.
  external: ['node:http'],
  // Keep the node: prefix so edge bundlers see a Node builtin, not a package named "http".
  removeNodeProtocol: false,
  splitting: false,
};

export default defineConfig([
  // The root entry (spec V3, ai@6) and the emulator: ESM and CJS. tsup's default splitting (ESM only):
  // code reached only inside async calls (budget, fallback, the chat, video, image and embedding calls) becomes
  // chunks the ESM entry loads with import() on first use; each CJS entry stays one file.
  {
    ...shared,
    entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
    format: ['esm', 'cjs'],
    splitting: undefined,
    clean: true,
  },
  // unigate-ai-provider/v4 (spec V4, ai@7): ESM only, as @ai-sdk/provider 4 is, so it splits like the
  // root's ESM build; its chunks stay in dist/v4. Its types name '@ai-sdk/provider-v4' (the dev alias of
  // @ai-sdk/provider 4); scripts/v4-types.mjs gives users' name back.
  {
    ...shared,
    entry: { 'v4/index': 'src/v4/index.ts' },
    format: ['esm'],
    splitting: true,
    esbuildOptions(options) {
      options.chunkNames = 'v4/[name]-[hash]';
    },
    clean: false,
  },
]);
