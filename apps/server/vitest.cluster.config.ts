import { defineConfig } from 'vitest/config';

// The three-instances-behind-nginx test (decision 0137): the built server, PostgreSQL and nginx, one
// file on its own. scripts/test.mjs runs it as its own step after the build.
export default defineConfig({
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['test/cluster/**/*.cluster.ts'],
    testTimeout: 600_000,
    hookTimeout: 240_000,
  },
});
