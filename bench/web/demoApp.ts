/**
 * The built app as the web benchmarks drive it: apps/server/dist on a fresh SQLite store with the demo
 * seeded (as `npm start` and the browser tests serve it), two days of readings from the simulator,
 * and the demo hay farmer's login.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { builtServerEnv } from '../../scripts/lib/builtServerEnv.mjs';
import { freePort } from '../support/procStats.js';
import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';

export const root = resolve(import.meta.dirname, '../..');
export const webDist = join(root, 'apps/web/dist');
export const serverMain = join(root, 'apps/server/dist/main.js');
export const simulatorMain = join(root, 'apps/simulator/dist/main.js');
export const DEMO_HAY_USER = 'hay@demo.emberwatch';
export const DEMO_PASSWORD = 'ember-demo';

export interface DemoApp {
  baseUrl: string;
  server: ChildProcess;
  dataDir: string;
  /** Stops the server and removes its store. */
  stop(): Promise<void>;
}

/** Throws unless `npm run build` has left the three things the benchmarks run. */
export function assertBuilt(): void {
  for (const f of [join(webDist, 'index.html'), serverMain, simulatorMain])
    if (!existsSync(f)) throw new Error(`${f} is missing: run \`npm run build\` first`);
}

/** The built server on a fresh store with the demo seeded and `backfillDays` of readings, serving `web`. */
export async function startDemoApp({
  backfillDays = 2,
  web = webDist,
}: { backfillDays?: number; web?: string } = {}): Promise<DemoApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-web-'));
  const port = await freePort();
  const server = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: builtServerEnv({ port, dataDir, webDist: web }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error('the server exited during start-up');
      if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
      const ok = await fetch(`${baseUrl}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok && existsSync(join(dataDir, 'demo-stations.json'))) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await promisify(execFile)(
      process.execPath,
      [
        simulatorMain,
        '--config',
        join(dataDir, 'demo-stations.json'),
        '--backfill-days',
        String(backfillDays),
        '--no-live',
        '--quiet',
      ],
      { cwd: root, timeout: 180_000 },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, server, dataDir, stop };
}

/**
 * Logs in through the API; the answer's access token, the refresh cookie's value and the page cookie
 * (`ew_view=…`, as a browser sends it: decision 0174).
 */
export async function apiLogin(
  baseUrl: string,
): Promise<{ accessToken: string; refreshCookie: string; pageCookie: string }> {
  const res = await fetch(`${baseUrl}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_HAY_USER, password: DEMO_PASSWORD }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const refresh = cookies.find((c) => c.startsWith('ew_refresh='));
  const pageCookie = cookies.find((c) => c.startsWith('ew_view='));
  if (!res.ok || !refresh || !pageCookie) throw new Error(`login failed: ${res.status}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { accessToken, refreshCookie: refresh.slice('ew_refresh='.length), pageCookie };
}

/**
 * The demo hay farmer's first storage with probes in it, as a path: the page a farmer opens from an alert,
 * and the storage every web bench audits. Logs in through the API unless given an access token.
 */
export async function storagePath(baseUrl: string, accessToken?: string): Promise<string> {
  const token = accessToken ?? (await apiLogin(baseUrl)).accessToken;
  const res = await fetch(`${baseUrl}/client/getStorages`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`getStorages: ${res.status}`);
  const { results } = (await res.json()) as {
    results: { itemID: number; stacks: { sensors: unknown[] }[] }[];
  };
  const storage = results.find((s) => s.stacks.some((stack) => stack.sensors.length > 0));
  if (!storage) throw new Error('the demo hay farm has no storage with probes');
  return `/storages/${storage.itemID}`;
}

/**
 * A phone-sized context logged in as the demo hay farmer through the login page, and a fresh page in it
 * whose origin has no stored data (local storage, IndexedDB, service worker, caches): the next load is a
 * first load with a session, as when the app is opened from its icon. The caller closes the context.
 */
export async function loggedInPhonePage(
  browser: Browser,
  baseUrl: string,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  await logInThroughLoginPage(context, baseUrl);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: baseUrl,
    storageTypes: 'local_storage,indexeddb,service_workers,cache_storage',
  });
  return { context, page, cdp };
}

/**
 * Logs the demo hay farmer in through the app's login page in a page of its own (of `viewport`'s size if
 * given), which it closes.
 */
export async function logInThroughLoginPage(
  context: BrowserContext,
  baseUrl: string,
  viewport?: { width: number; height: number },
): Promise<void> {
  const page = await context.newPage();
  // The screen the app is then opened on: the server draws its pages for the screen of the login.
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-username').fill(DEMO_HAY_USER);
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.close();
}

/** What shows that a page has drawn its data: the probe list's first row, or another page's heading. */
export function firstShown(page: Page, path: string): Locator {
  return path === '/probes' ? page.getByTestId('probe-row').first() : page.locator('main h2').first();
}
