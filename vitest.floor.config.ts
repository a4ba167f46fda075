import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The floor lane: the provider's own code on the lowest @ai-sdk/provider-utils its range allows (package.json's
// `provider-utils-floor` alias pins it), so the range's floor is tested, not just the newest release.
// The `ai` package keeps its own copy; only this package's imports are redirected.
export default defineConfig({
  resolve: {
    alias: {
      '@ai-sdk/provider-utils': fileURLToPath(new URL('./node_modules/provider-utils-floor', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The emulator's own tests and the type and script checks do not run provider code.
    // The Postgres tests run in the node20 lane only (their child processes use the root entry).
    exclude: [
      'test/testing/**',
      'test/types/**',
      'test/scripts/**',
      'test/budget/postgres-processes.node.test.ts',
      'test/endings/endings-postgres.node.test.ts',
      'test/budget/postgres-ledger.node.test.ts',
    ],
    environment: 'node',
  },
});
