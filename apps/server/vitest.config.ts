import { defineConfig } from 'vitest/config';

// TEST_STORE=postgres runs the same files against PostgreSQL (see scripts/test.mjs).
export default defineConfig({
  test: {
    name: process.env.TEST_STORE === 'postgres' ? 'server-postgres' : 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // The PostgreSQL suites share one database, so files must not run side by side there.
    fileParallelism: process.env.TEST_STORE !== 'postgres',
    testTimeout: 20_000,
  },
});
