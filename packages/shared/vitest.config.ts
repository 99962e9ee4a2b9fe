import { defineConfig } from 'vitest/config';

// Pure functions and schemas, no module state and no mocks: one module graph per worker (decision 0063).
export default defineConfig({
  test: { name: 'shared', environment: 'node', include: ['test/**/*.test.ts'], isolate: false },
});
