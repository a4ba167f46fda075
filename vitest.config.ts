import { defineConfig } from 'vitest/config';

// Lane 1: Node 20 with ai@6.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
