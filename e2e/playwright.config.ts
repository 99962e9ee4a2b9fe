import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { baseUrl, e2eWorkers } from './support/app.js';

// End-to-end tests drive the built app (server + web + simulator) in Debian's Chromium.
// global-setup.ts starts a server per worker on a fresh data folder, seeds the demo and backfills readings;
// it publishes the servers' addresses as E2E_BASE_URL_<n> before the workers (which re-read this file,
// with TEST_PARALLEL_INDEX set) start.
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
/** The files that take longest (the README's real-time speed-demo walk first), longest first. */
const LONG_FILES = ['**/speed-demo.spec.ts', '**/account-onboarding.spec.ts'];
/**
 * The files that open their own browser context (stock `@playwright/test`: a phone, another zone, service
 * workers, or a fresh tab session) instead of the worker's shared tab (support/test.ts, decision 0166).
 */
const OWN_CONTEXT_FILES = readdirSync(here)
  .filter((f) => f.endsWith('.spec.ts'))
  .filter((f) => !readFileSync(path.join(here, f), 'utf8').includes("from './support/test.js'"))
  .map((f) => `**/${f}`);
/**
 * The shared tab's tests record no trace on their first run: a failed one runs once more, recording it,
 * and one that passes only then is flaky, which fails the run as a failure does (decision 0168). The
 * files with their own context keep the trace of every run (decision 0167's race, below).
 */
/** What a trace holds, whenever it is recorded: the page's DOM around each action, not the screencast. */
const TRACE_PARTS = { screenshots: false, snapshots: true, sources: true } as const;
const TRACE_ON_RETRY = { retries: 1, use: { trace: { mode: 'on-first-retry', ...TRACE_PARTS } } } as const;
const jsonReport = process.env.E2E_JSON_REPORT ?? path.join(repoRoot, '.test-output', 'e2e.json');

export default defineConfig({
  testDir: here,
  testMatch: '**/*.spec.ts',
  outputDir: path.join(repoRoot, 'test-results'),
  globalSetup: path.join(here, 'global-setup.ts'),
  globalTeardown: path.join(here, 'global-teardown.ts'),
  // One worker per server that global-setup starts (decision 0091); files are shared out between them,
  // the tests of a file run in order in one worker.
  workers: e2eWorkers(),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: jsonReport }]],
  use: {
    baseURL: baseUrl(),
    // A failed test keeps its trace: every action with the page's DOM before and after it, the network
    // and the console, and the screenshot at the failure. Not the screencast (a JPEG of every frame the
    // browser draws, for every test, kept only for the failed): about a tenth of the step's CPU
    // (docs/PERFORMANCE.md, "The test run"). For the files with their own context; the shared tab's record
    // it on a second run (TRACE_ON_RETRY): without it two auto-open tests once clicked a top-bar button too
    // soon after a page load (decisions 0167, 0168).
    trace: { mode: 'retain-on-failure', ...TRACE_PARTS },
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    timezoneId: 'UTC',
    // The service worker precaches the whole build (decision 0128): ~2.5 MiB fetched by every fresh
    // context. Only the specs about it (offline-app, push-notification) allow it; the rest run as a
    // browser without one, as they did when the worker cached nothing.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    },
  },
  // The longest files go first (decision 0121): a worker takes the next file when it is free, in the order
  // of the projects and then of the file names, so a minute-long file picked up last kept one worker busy
  // while the other had nothing left. New files land in the second project, in name order, as before, or in
  // the third when they open their own context.
  projects: [
    { name: 'long', testMatch: LONG_FILES, ...TRACE_ON_RETRY },
    { name: 'chromium', testIgnore: [...LONG_FILES, ...OWN_CONTEXT_FILES], ...TRACE_ON_RETRY },
    { name: 'own-context', testMatch: OWN_CONTEXT_FILES },
  ],
});
