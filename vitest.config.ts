import { defineConfig } from 'vitest/config';

// One test command for every workspace; each project has its own config beside its code.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/server',
      'apps/simulator',
      'apps/web',
      'stand-ins',
      // Repository checks: the promised Node version against every installed dependency; lint rules.
      {
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['scripts/test/**/*.test.mjs', 'eslint-rules/**/*.test.mjs'],
        },
      },
    ],
  },
});
