/**
 * The main thread's work for one first load of a logged-in page, this web build against a peer build
 * side by side (decision 0146): a measure that survives a shared, loaded machine better than
 * Lighthouse's simulated times, since both builds run alternately under the same load.
 *
 *   npx tsx bench/web/startTaskTime.ts --peer-web-dist DIR [--path /probes] [--pairs 3]
 *
 * The app must be built (`npm run build`); the peer is another build of the web app (e.g. the main
 * branch's, `npx vite build --outDir DIR` there), served by a second demo app. Each run: a fresh
 * browser context with a phone's screen logs in through the login page, the page's storage is
 * cleared as Lighthouse clears it (the session stays in its refresh cookie), the page is opened, and
 * 6 s after its first probe row or storage heading is visible Chromium's own counters are read: the
 * main thread's task time, and of it script, layout and style. Also: how long until that first
 * element showed, and the blocking time after the first paint (the long tasks a PerformanceObserver
 * saw, each over 50 ms counted by its excess — Lighthouse's TBT as observed, not simulated). Printed
 * per run and as medians; nothing is written.
 *
 * With --phone the page is opened as Lighthouse's devtools throttling opens it (its mobileSlow4G
 * preset applied by Chromium, not simulated: 562.5 ms added to each request, 1,474.56 kbit/s down,
 * 675 kbit/s up, the main thread slowed 4×): then "shown after" is what the chain of calls costs on a
 * phone's network, which an unthrottled load hides. Each pair's ratios (this ÷ peer) are printed too.
 */
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { median } from '../support/procStats.js';
import { firstShown, loggedInPhonePage } from './demoApp.js';
import { PEER_PAGE_OPTIONS, medianPairRatio, pairRatio, runPeerPairs } from './peerPairs.js';

interface Sample {
  shownMs: number;
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
  /** Long tasks after the first paint, each over 50 ms counted by its excess (Lighthouse's TBT, observed). */
  blockingMs: number;
  longestTaskMs: number;
}

/**
 * Collects the page's long tasks from its start (a PerformanceObserver registered before any script),
 * with the first paint's time, for blockingAfterFirstPaint. A script's text: this project's bench code is
 * typed for Node, without the browser's names.
 */
const WATCH_LONG_TASKS = `
  window.__longTasks = [];
  window.__fcp = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
`;

/**
 * Total blocking time as Lighthouse defines it, from the tasks observed: each long task after the first
 * contentful paint counts by what it exceeds 50 ms. With --phone Chromium runs the page at a quarter of
 * the CPU's speed, so the tasks are a phone's; unthrottled they are this machine's (Lighthouse's
 * simulation multiplies those by four).
 */
function blockingAfterFirstPaint(tasks: readonly [number, number][], fcpMs: number): number {
  let total = 0;
  for (const [start, duration] of tasks) {
    if (start + duration <= fcpMs) continue;
    const counted = start < fcpMs ? start + duration - fcpMs : duration;
    total += Math.max(0, counted - 50);
  }
  return total;
}

/** Lighthouse's mobileSlow4G as its devtools throttling applies it (lighthouse/core/config/constants.js). */
const PHONE_NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const PHONE_CPU_SLOWDOWN = 4;

async function sample(browser: Browser, baseUrl: string, path: string, phone: boolean): Promise<Sample> {
  const { context, page, cdp } = await loggedInPhonePage(browser, baseUrl);
  try {
    await cdp.send('Performance.enable');
    if (phone) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
    }
    await page.addInitScript({ content: WATCH_LONG_TASKS });
    const started = Date.now();
    await page.goto(`${baseUrl}${path}`);
    const shown = firstShown(page, path);
    await shown.waitFor({ timeout: 120_000 });
    const shownMs = Date.now() - started;
    await page.waitForTimeout(6000);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value * 1000]));
    const { tasks, fcp } = await page.evaluate(() => {
      const w = globalThis as unknown as { __longTasks: [number, number][]; __fcp: number };
      return { tasks: w.__longTasks, fcp: w.__fcp };
    });
    return {
      blockingMs: blockingAfterFirstPaint(tasks, fcp),
      longestTaskMs: Math.max(0, ...tasks.map(([, d]) => d)),
      shownMs,
      taskMs: m.TaskDuration ?? Number.NaN,
      scriptMs: m.ScriptDuration ?? Number.NaN,
      layoutMs: m.LayoutDuration ?? Number.NaN,
      styleMs: m.RecalcStyleDuration ?? Number.NaN,
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: { ...PEER_PAGE_OPTIONS, phone: { type: 'boolean', default: false } },
  });
  const samples = await runPeerPairs({
    peerWebDist: args['peer-web-dist'],
    pairs: Number(args.pairs),
    measure: (browser, baseUrl) => sample(browser, baseUrl, args.path, args.phone),
    report: (who, i, s, sofar) => {
      console.log(
        `${who} build: shown after ${s.shownMs} ms; main thread ${s.taskMs.toFixed(0)} ms (script ${s.scriptMs.toFixed(0)}, layout ${s.layoutMs.toFixed(0)}, style ${s.styleMs.toFixed(0)}); blocking after the first paint ${s.blockingMs.toFixed(0)} ms, longest task ${s.longestTaskMs.toFixed(0)} ms`,
      );
      const [a, b] = [sofar.this[i], sofar.peer[i]];
      if (a && b)
        console.log(
          `pair ${i + 1}: shown after, this ÷ peer ${pairRatio(a, b, 'shownMs').toFixed(2)}; blocking, this ÷ peer ${pairRatio(a, b, 'blockingMs').toFixed(2)}`,
        );
    },
  });
  for (const [label, key] of [
    ['shown after', 'shownMs'],
    ['blocking after the first paint', 'blockingMs'],
  ] as const) {
    const r = medianPairRatio(samples, key);
    console.log(`${label}, this ÷ peer: median of ${r.pairs} pairs ${r.median.toFixed(2)}`);
  }
  for (const who of ['this', 'peer'] as const) {
    const s = samples[who];
    console.log(
      `${who} build, median of ${s.length}: shown after ${median(s.map((x) => x.shownMs)).toFixed(0)} ms, main thread ${median(s.map((x) => x.taskMs)).toFixed(0)} ms, script ${median(s.map((x) => x.scriptMs)).toFixed(0)} ms, blocking after the first paint ${median(s.map((x) => x.blockingMs)).toFixed(0)} ms`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
