import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  // Node's http module is loaded only by the emulator's listen(), on demand.
  external: ['node:http'],
  // Keep the node: prefix so edge bundlers see a Node builtin, not a package named "http".
  removeNodeProtocol: false,
  splitting: false,
});
