import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Lane 2: the same suite on Node 22 with `ai` resolved to ai@7.
export default defineConfig({
  resolve: {
    alias: { ai: fileURLToPath(new URL('./node_modules/ai7', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
