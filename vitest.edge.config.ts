import { defineConfig } from 'vitest/config';

// Lane 3: the files that drive the provider through a fetch, inside the edge-runtime VM
// (no Node globals such as Buffer or process.env lookups beyond what edge runtimes offer).
export default defineConfig({
  test: {
    include: ['test/**/*.edge.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/**/*.node.test.ts', 'test/testing/**', 'test/types/**'],
    environment: 'edge-runtime',
  },
});
