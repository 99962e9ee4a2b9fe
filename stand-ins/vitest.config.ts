import { defineConfig } from 'vitest/config';

// Each test starts the stand-ins it needs on free ports and closes them: no module state (decision 0063).
export default defineConfig({
  test: { name: 'stand-ins', environment: 'node', include: ['test/**/*.test.ts'], isolate: false },
});
