import { defineConfig } from 'vitest/config';

// TEST_STORE=postgres runs the same files against PostgreSQL (see scripts/test.mjs).
export default defineConfig({
  test: {
    name: process.env.TEST_STORE === 'postgres' ? 'server-postgres' : 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // On PostgreSQL each worker has a database of its own (test/support/workerDatabases.ts), made by
    // the global setup, so files run side by side there too (decision 0083).
    globalSetup: process.env.TEST_STORE === 'postgres' ? ['test/support/postgresGlobalSetup.ts'] : [],
    testTimeout: 20_000,
    // A file's beforeAll builds an app with the demo seeded and logs several roles in: seconds on a quiet
    // machine, more than the default 10 s on PostgreSQL when the machine is busy.
    hookTimeout: 60_000,
    // One module graph per worker, not one per file: importing the server (Fastify, every feature) for
    // each of ~75 files cost more than the tests themselves. Safe because the server keeps no state at
    // module level (each test builds its own app and store) and every file closes what it opens and
    // restores real timers; decision 0063.
    isolate: false,
  },
});
