/**
 * How much compiling a first load of a logged-in page leaves on the main thread, this web build against a
 * peer build side by side (decision 0176): V8 compiles a function the first time it is called unless it
 * was compiled as its file streamed in, on a background thread, and on a first visit (no code cache, as
 * in every Lighthouse run) each such compile is main-thread time inside the start's long tasks.
 *
 *   npx tsx bench/web/startCompiles.ts --peer-web-dist DIR [--path /probes] [--pairs 3]
 *
 * The app must be built (`npm run build`); the peer is another build of the web app with its
 * `dist-server` beside it (e.g. the main branch's). Each run: a fresh browser context logs in through the
 * login page, the page's storage is cleared as Lighthouse clears it, and the page is loaded at the
 * machine's own speed with Chromium's trace on (V8's compile events and the main thread's tasks) for 8 s.
 * Read from the page's main thread: the functions compiled there and the time it took (V8.CompileCode,
 * the lazy compile), the time of its tasks, and its tasks over 12.5 ms — 50 ms on Lighthouse's phone,
 * which runs each four times slower — with what they would block there (each one's excess over 50 ms
 * at four times its length). The count of compiles is the measure that does not move with the
 * machine's load; the times are printed with each pair's ratio (this ÷ peer). Nothing is written.
 */
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { median } from '../support/procStats.js';
import { loggedInPhonePage } from './demoApp.js';
import { PEER_PAGE_OPTIONS, medianPairRatio, runPeerPairs } from './peerPairs.js';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string } };
}

interface Sample {
  compiles: number;
  compileMs: number;
  taskMs: number;
  longTasks: number;
  /** The long tasks' excess over 50 ms at four times their length: what Lighthouse's phone would count. */
  phoneBlockingMs: number;
}

/** Lighthouse's simulated phone runs the main thread this many times slower (its default throttling). */
const PHONE_CPU_SLOWDOWN = 4;
const PHONE_LONG_TASK_MS = 50;
const TRACE_MS = 8000;

/** The renderer's main thread that loaded the page: the one whose events name the page's own scripts. */
function pageMainThread(events: readonly TraceEvent[], baseUrl: string): { pid: number; tid: number } {
  const pids = new Set(events.filter((e) => e.args?.data?.url?.startsWith(baseUrl)).map((e) => e.pid));
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && pids.has(e.pid),
  );
  if (!main) throw new Error('no renderer main thread loaded the page');
  return { pid: main.pid, tid: main.tid };
}

function summarise(events: readonly TraceEvent[], thread: { pid: number; tid: number }): Sample {
  const mine = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
  const compiles = mine.filter((e) => e.name === 'V8.CompileCode');
  const tasks = mine.filter((e) => e.name === 'RunTask');
  const long = tasks.filter((e) => ((e.dur ?? 0) / 1000) * PHONE_CPU_SLOWDOWN > PHONE_LONG_TASK_MS);
  const ms = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0);
  return {
    compiles: compiles.length,
    compileMs: ms(compiles),
    taskMs: ms(tasks),
    longTasks: long.length,
    phoneBlockingMs: long.reduce(
      (sum, e) => sum + ((e.dur ?? 0) / 1000) * PHONE_CPU_SLOWDOWN - PHONE_LONG_TASK_MS,
      0,
    ),
  };
}

async function sample(browser: Browser, baseUrl: string, path: string): Promise<Sample> {
  const { context, page, cdp } = await loggedInPhonePage(browser, baseUrl);
  try {
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
    await cdp.send('Tracing.start', {
      traceConfig: {
        includedCategories: [
          'toplevel',
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-v8.compile',
        ],
      },
      transferMode: 'ReportEvents',
    });
    await page.goto(`${baseUrl}${path}`);
    await page.waitForTimeout(TRACE_MS);
    await cdp.send('Tracing.end');
    await complete;
    return summarise(events, pageMainThread(events, baseUrl));
  } finally {
    await context.close();
  }
}

const line = (s: Sample) =>
  `${s.compiles} compiles on the main thread (${s.compileMs.toFixed(0)} ms); tasks ${s.taskMs.toFixed(0)} ms, ${s.longTasks} over 12.5 ms, a phone's blocking ${s.phoneBlockingMs.toFixed(0)} ms`;

async function main() {
  const { values: args } = parseArgs({
    options: { ...PEER_PAGE_OPTIONS },
  });
  const samples = await runPeerPairs({
    peerWebDist: args['peer-web-dist'],
    pairs: Number(args.pairs),
    measure: (browser, baseUrl) => sample(browser, baseUrl, args.path),
    report: (who, i, s) => console.log(`pair ${i + 1}, ${who} build: ${line(s)}`),
  });
  for (const key of ['compiles', 'compileMs', 'taskMs', 'phoneBlockingMs'] as const) {
    const r = medianPairRatio(samples, key);
    console.log(`${key}, this ÷ peer: median of ${r.pairs} pairs ${r.median.toFixed(2)}`);
  }
  for (const who of ['this', 'peer'] as const) {
    const s = samples[who];
    const med = (key: keyof Sample) => median(s.map((x) => x[key]));
    console.log(
      `${who} build, medians of ${s.length}: ${med('compiles')} compiles (${med('compileMs').toFixed(0)} ms), tasks ${med('taskMs').toFixed(0)} ms, a phone's blocking ${med('phoneBlockingMs').toFixed(0)} ms`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
