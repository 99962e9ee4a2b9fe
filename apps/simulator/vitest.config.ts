import { defineConfig } from 'vitest/config';

// No module state, mocks or fake timers in these tests: one module graph per worker (decision 0063).
export default defineConfig({
  test: { name: 'simulator', environment: 'node', include: ['test/**/*.test.ts'], isolate: false },
});
