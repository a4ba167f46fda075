import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const modules = (path: string) => fileURLToPath(new URL(`./node_modules/${path}`, import.meta.url));

// Lane 2: the same suite on Node 22 as an ai@7 app runs it: `ai` is ai@7, the package's own imports of
// @ai-sdk/provider and @ai-sdk/provider-utils get ai@7's copies (4.x and 5.x, what such an app has), and the
// suites' imports of the entry ('../src', '../../src', '../../src/index') get unigate-ai-provider/v4.
// Internal modules imported by path stay the pipeline's own; src/v4 does not import src/index.ts.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^(\.\.\/)+src(\/index)?$/, replacement: fileURLToPath(new URL('./src/v4/index.ts', import.meta.url)) },
      { find: 'ai', replacement: modules('ai7') },
      { find: '@ai-sdk/provider', replacement: modules('ai7/node_modules/@ai-sdk/provider') },
      { find: '@ai-sdk/provider-utils', replacement: modules('ai7/node_modules/@ai-sdk/provider-utils') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The Postgres tests drive the root entry in child processes (the budget's workers, the README's
    // ledger block): the node20 lane runs them.
    exclude: [
      'test/budget/postgres-processes.node.test.ts',
      'test/budget/postgres-ledger.node.test.ts',
      'test/endings/endings-postgres.node.test.ts',
    ],
    environment: 'node',
  },
});
