// What the end-to-end tests know of the app under test: where the built programs are, the demo
// accounts, and how to play the bundled simulator against the server that global-setup started.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test, type APIRequestContext, type Page } from '@playwright/test';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
export const simulatorMain = path.join(repoRoot, 'apps/simulator/dist/main.js');
export const webDist = path.join(repoRoot, 'apps/web/dist');

export const demoPassword = 'ember-demo';
export const demoUsers = {
  hay: 'hay@demo.emberwatch',
  grain: 'grain@demo.emberwatch',
  compost: 'compost@demo.emberwatch',
  admin: 'admin@demo.emberwatch',
  master: 'master@demo.emberwatch',
  hayHelper: 'hay-helper@demo.emberwatch',
} as const;

export type Material = 'hay' | 'grain' | 'compost';

export interface DemoStation {
  bs_id: string;
  secret: string;
  material: Material;
  probes: { sensor_id: string; depths?: number }[];
}

export interface DemoStations {
  url: string;
  stations: DemoStation[];
}

/**
 * How many workers run the specs, each against a server of its own (decision 0091): two by default,
 * `E2E_WORKERS=1` for one browser at a time.
 */
export function e2eWorkers(): number {
  const n = Number(process.env.E2E_WORKERS ?? 2);
  return Number.isInteger(n) && n >= 1 ? n : 2;
}

/** This worker's stack (Playwright numbers its workers 0, 1, … in TEST_PARALLEL_INDEX). */
function stackIndex(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}

/** The address of this worker's server (global-setup publishes them before the workers start). */
export function baseUrl(): string {
  return process.env[`E2E_BASE_URL_${stackIndex()}`] ?? 'http://127.0.0.1:8181';
}

/**
 * Waits, if need be, until the global setup's newest readings are more than a minute old (75 s after
 * the interval boundary its backfill ended at), so that a probe's age reads other than "0 min" until a
 * fresh reading arrives. The test's time limit grows by the wait.
 */
export async function backfillAged(): Promise<void> {
  const end = Number(process.env.E2E_BACKFILL_END ?? 0);
  const waitMs = (end + 75) * 1000 - Date.now();
  if (waitMs <= 0) return;
  test.info().setTimeout(test.info().timeout + waitMs);
  await new Promise((resolve) => setTimeout(resolve, waitMs));
}

/** The data folder of this worker's server (set by global-setup before the workers start). */
export function dataDir(): string {
  const dir = process.env[`E2E_DATA_DIR_${stackIndex()}`];
  if (!dir) throw new Error('E2E_DATA_DIR_<n> is not set: run the tests through e2e/playwright.config.ts');
  return dir;
}

export function demoStationsFile(dir = dataDir()): string {
  return path.join(dir, 'demo-stations.json');
}

export async function readDemoStations(dir = dataDir()): Promise<DemoStations> {
  return JSON.parse(await readFile(demoStationsFile(dir), 'utf8')) as DemoStations;
}

export async function stationIds(material: Material): Promise<string[]> {
  const { stations } = await readDemoStations();
  return stations.filter((station) => station.material === material).map((station) => station.bs_id);
}

const execFileAsync = promisify(execFile);

/** Runs the built simulator to completion against the demo stations file; throws with its output on failure. */
export async function runSimulator(
  args: string[],
  { dir = dataDir(), timeoutMs = 180_000 } = {},
): Promise<string> {
  const fullArgs = [simulatorMain, '--config', demoStationsFile(dir), ...args];
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, fullArgs, {
      cwd: repoRoot,
      timeout: timeoutMs,
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout + stderr;
  } catch (error) {
    const failure = error as Error & { stdout?: string; stderr?: string };
    throw new Error(
      `simulator ${args.join(' ')} failed: ${failure.message}\n${failure.stdout ?? ''}${failure.stderr ?? ''}`,
    );
  }
}

/**
 * The windows that open by themselves 2 s after a page loads (decision 0077) and cover it: the
 * notifications, and the access requests that the demo's advisor has pending with the compost
 * account. A spec about something else keeps them closed, or a slow machine lets one open over the
 * control the spec clicks next (a CI run lost the news button to the access requests that way).
 */
export const AUTO_OPEN_WINDOWS: readonly string[] = ['notifications', 'masterRequests'];

/**
 * Keeps the windows that open by themselves (AUTO_OPEN_WINDOWS by default) closed for `username` in the
 * page's tab session, as if the user had closed them: the web app's memory of them (decision 0077,
 * `emberwatch.autoOpen` in session storage) names the account, so the user's id comes from a login.
 * A spec about something else is then not covered by a window that opens 2 s after the page loads.
 */
export async function keepAutoOpenClosed(
  page: Page,
  request: APIRequestContext,
  username: string,
  windows: readonly string[] = AUTO_OPEN_WINDOWS,
): Promise<void> {
  const answer = await request.post('/admin/login', { data: { username, password: demoPassword } });
  if (!answer.ok()) throw new Error(`login of ${username} failed: ${answer.status()}`);
  const { UID } = (await answer.json()) as { UID: number };
  await rememberClosedInTab(page, UID, windows);
}

/**
 * Writes the web app's memory of `windows` as closed by account `uid` (decision 0077) into the tab's session
 * storage, from a plain file of the app's origin so that no running app overwrites it: the app reads it
 * when it next loads in the tab. Once, not as an init script on every load: the browser tests share one
 * tab between tests (e2e/support/test.ts), which an init script would outlive.
 */
export async function rememberClosedInTab(
  page: Page,
  uid: number,
  windows: readonly string[],
): Promise<void> {
  const record = JSON.stringify({ uid, windows: Object.fromEntries(windows.map((w) => [w, 'closed'])) });
  await page.goto('/robots.txt');
  // Runs in the page, whose globals this Node-typed project does not declare.
  await page.evaluate((value) => {
    (
      globalThis as unknown as { sessionStorage: { setItem(key: string, value: string): void } }
    ).sessionStorage.setItem('emberwatch.autoOpen', value);
  }, record);
}
