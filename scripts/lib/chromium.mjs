// Debian's Chromium as every browser test, screenshot and benchmark launches it. Without the
// background-networking flags Chromium keeps dialling Google's hosts on this closed network.
import { existsSync } from 'node:fs';

/** Debian's `chromium`: the full browser. */
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? FULL_CHROMIUM_PATH;

/** Debian's `chromium-headless-shell`: Chromium's old headless mode, the same Blink without the full browser. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** The browser the environment names for the browser tests, if it names one. */
export const NAMED_TEST_CHROMIUM_PATH =
  process.env.TEST_CHROMIUM_PATH ?? process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH;

/**
 * The browser tests' Chromium (decision 0155): the headless shell, which Playwright itself runs for
 * headless Chromium. A new browser context with a page in it costs this machine about half the CPU it
 * costs in the full browser (docs/PERFORMANCE.md, "The test run"), and every test gets one. Without the
 * shell the full browser serves. TEST_CHROMIUM_PATH names another; so does CHROMIUM_PATH, for both.
 * A test that needs the full browser (the shell denies service workers the notification permission)
 * launches CHROMIUM_PATH itself; the benchmarks keep the full browser (Lighthouse audits what a user
 * runs).
 */
export const TEST_CHROMIUM_PATH =
  NAMED_TEST_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
