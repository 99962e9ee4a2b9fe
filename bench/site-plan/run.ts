/**
 * Site plan benchmark (issue 10 "Numbers"): the time from navigating to /storages/site until the 3D
 * plan of 50 storages is on screen, in Debian's Chromium with WebGL through its software renderer
 * (SwiftShader, as the browser tests use it — a real GPU is faster).
 *
 *   npm run build && npx tsx bench/site-plan/run.ts [--runs 7]
 *
 * The built server serves the built web app on a fresh SQLite store with the bench account and its
 * farm of 50 storages (bench/support/seedStorageFarm.ts). The browser logs in once, then loads the
 * site plan `runs` times (the first a cold load that fetches three.js, the others from the browser's
 * cache, as a returning user); each load reports the page's mark `emberwatch:site-plan-first-frame`
 * (set one frame after the first draw) against navigation start. Results: stdout and
 * bench/results/site-plan.json, the median of the warm loads with the machine's load beside each.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { builtServerEnv } from '../../scripts/lib/builtServerEnv.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import {
  BENCH_PASSWORD,
  BENCH_USERNAME,
  login,
  prepareStore,
  root,
  stopServer,
  writeResults,
} from '../support/benchServer.js';
import { freePort } from '../support/procStats.js';
import { seedStorageFarm, STORAGES } from '../support/seedStorageFarm.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const RUNS = Math.max(2, Number(args.runs));
const MARK = 'emberwatch:site-plan-first-frame';
const webDist = join(root, 'apps/web/dist');
const serverMain = join(root, 'apps/server/dist/main.js');
if (!existsSync(join(webDist, 'index.html')) || !existsSync(serverMain))
  throw new Error('apps/web/dist or apps/server/dist is missing: run npm run build first');

async function startBuiltServer(dataDir: string, port: number): Promise<ChildProcess> {
  const env = { ...builtServerEnv({ port, dataDir, webDist }), DEMO_SEED: '0' };
  const server = spawn(process.execPath, [serverMain], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill('SIGKILL');
  throw new Error('the server did not start within 60 s');
}

interface Load {
  cold: boolean;
  load1: number;
  firstFrameMs: number;
  /**
   * The renderer's main-thread task time for the load, to the first frame (Chromium's
   * Performance.getMetrics TaskDuration): CPU work, which other work on the machine stretches less
   * than the wall-clock first frame.
   */
  mainThreadTaskMs: number;
}

const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-site-'));
const port = await freePort();
await prepareStore({ dataDir, stations: 1, login: true });
const server = await startBuiltServer(dataDir, port);
const loads: Load[] = [];
try {
  await seedStorageFarm(port, await login(port));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_ARGS.filter((a) => a !== '--disable-gpu'),
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskMs = async (): Promise<number> => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
    };
    const base = `http://127.0.0.1:${port}`;
    await page.goto(`${base}/login`);
    await page.getByLabel('Username', { exact: true }).fill(BENCH_USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    for (let run = 0; run < RUNS; run++) {
      const load1 = Math.round(loadavg()[0]! * 100) / 100;
      const tasksBefore = await taskMs();
      await page.goto(`${base}/storages/site`);
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK, {
        timeout: 60_000,
      });
      const firstFrameMs = await page.evaluate(
        (mark) => Math.round(performance.getEntriesByName(mark)[0]!.startTime),
        MARK,
      );
      const tasksAfter = await taskMs();
      // A navigation may start a fresh renderer, whose counters start at 0.
      const mainThreadTaskMs = Math.round(tasksAfter >= tasksBefore ? tasksAfter - tasksBefore : tasksAfter);
      const drawn = await page.locator('[data-storage-id]').count();
      if (drawn !== STORAGES) throw new Error(`the plan drew ${drawn} storages, not ${STORAGES}`);
      loads.push({ cold: run === 0, load1, firstFrameMs, mainThreadTaskMs });
      process.stdout.write(
        `  load ${run + 1}${run === 0 ? ' (cold)' : ''}: first frame ${firstFrameMs} ms, main-thread tasks ${mainThreadTaskMs} ms (load ${load1})\n`,
      );
    }
  } finally {
    await browser.close();
  }
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
const warm = loads
  .filter((l) => !l.cold)
  .map((l) => l.firstFrameMs)
  .sort((a, b) => a - b);
const medianWarmMs = warm[Math.floor(warm.length / 2)]!;
const warmTasks = loads
  .filter((l) => !l.cold)
  .map((l) => l.mainThreadTaskMs)
  .sort((a, b) => a - b);
const medianWarmTaskMs = warmTasks[Math.floor(warmTasks.length / 2)]!;
process.stdout.write(
  `site plan of ${STORAGES} storages: first frame ${loads[0]!.firstFrameMs} ms cold, median ${medianWarmMs} ms warm; ` +
    `main-thread tasks median ${medianWarmTaskMs} ms warm\n`,
);
writeResults('site-plan', {
  date: new Date().toISOString(),
  storages: STORAGES,
  renderer: 'SwiftShader (software WebGL)',
  viewport: '1280x800',
  loads,
  coldFirstFrameMs: loads[0]!.firstFrameMs,
  medianWarmFirstFrameMs: medianWarmMs,
  medianWarmMainThreadTaskMs: medianWarmTaskMs,
});
