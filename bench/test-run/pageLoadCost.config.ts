import path from 'node:path';
import { fileURLToPath } from 'node:url';
import base from '../../e2e/playwright.config.js';

// The browser tests' configuration (servers from e2e/global-setup.ts, the same browser and context
// options) for pageLoadCost.spec.ts alone.
export default {
  ...base,
  testDir: path.dirname(fileURLToPath(import.meta.url)),
  testMatch: 'pageLoadCost.spec.ts',
  reporter: 'list',
  projects: [{ name: 'chromium', use: { browserName: 'chromium' as const } }],
};
