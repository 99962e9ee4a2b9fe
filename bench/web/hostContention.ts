/**
 * What takes the cores from the page while Lighthouse audits it (issue 35 item 5): the phone audit of
 * lighthouse.ts run in three arrangements of the host, alternated run for run, each run saying how much of
 * its tasks' time the page's main thread ran (mainThreadRan.ts) and how much CPU each process took.
 *
 *   npx tsx bench/web/hostContention.ts [--path /probes] [--runs 3] [--modes plain,server-nice,pinned]
 *
 * - plain: as lighthouse.ts runs.
 * - server-nice: every thread of the demo server at nice 19 during the audits (its pages are drawn before
 *   that, at the login), so that whatever else wants a core gets it first.
 * - pinned: the page's renderer with all its threads on CPU 1 (a watcher moves every new renderer there
 *   within 50 ms of its start), and everything else of the bench — the demo server, Lighthouse, the rest of
 *   Chromium — on CPU 0: the page's thread with a core of its own.
 *
 * Linux only (/proc, renice, taskset); needs a machine of at least two cores and `npm run build`.
 * Printed: each run, then per arrangement the medians and the machine's load.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadAverage, median, processCpuMs } from '../support/procStats.js';
import { assertBuilt, startDemoApp, type DemoApp } from './demoApp.js';
import { runOnce } from './lighthouse.js';

const MODES = ['plain', 'server-nice', 'pinned'] as const;
type Mode = (typeof MODES)[number];

/** Every process's CPU so far (ms) and what it is, by pid. */
function processes(): Map<number, { cpuMs: number; what: string }> {
  const out = new Map<number, { cpuMs: number; what: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const cpuMs = processCpuMs(pid);
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cpuMs !== undefined) out.set(pid, { cpuMs, what: kindOf(pid, cmd) });
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

function kindOf(pid: number, cmd: string): string {
  if (pid === process.pid) return 'this bench (Lighthouse)';
  if (cmd.includes('chromium')) {
    const type = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
    const utility = /--utility-sub-type=[\w.]*\.(\w+)/.exec(cmd)?.[1];
    return `Chromium ${utility ?? type}`;
  }
  if (cmd.includes('apps/server/dist/main.js')) return 'the demo server';
  return 'others';
}

/** CPU (ms) each kind of process took between two snapshots. */
function cpuByKind(
  before: Map<number, { cpuMs: number }>,
  after: Map<number, { cpuMs: number; what: string }>,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const [pid, p] of after) {
    const ms = p.cpuMs - (before.get(pid)?.cpuMs ?? 0);
    if (ms > 0) out.set(p.what, (out.get(p.what) ?? 0) + ms);
  }
  return out;
}

const threadsOf = (pid: number) => readdirSync(`/proc/${pid}/task`);

/** renice applies to one thread on Linux: each of the process's threads. */
function reniceThreads(pid: number, nice: number): void {
  execFileSync('renice', ['-n', String(nice), '-p', ...threadsOf(pid)], { stdio: 'ignore' });
}

const pin = (pid: number, cpus: string) =>
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });

/** Moves every Chromium renderer that starts to CPU 1 until stopped. */
function pinRenderers(): () => void {
  const pinned = new Set<number>();
  const timer = setInterval(() => {
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || pinned.has(pid)) continue;
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
        pin(pid, '1');
        pinned.add(pid);
      } catch {
        // Gone meanwhile, or not ours to read.
      }
    }
  }, 50);
  return () => clearInterval(timer);
}

/** Arranges the host for `mode` around one audit. */
async function inMode<T>(mode: Mode, app: DemoApp, run: () => Promise<T>): Promise<T> {
  const server = app.server.pid!;
  if (mode === 'plain') return run();
  if (mode === 'server-nice') {
    reniceThreads(server, 19);
    try {
      return await run();
    } finally {
      reniceThreads(server, 0);
    }
  }
  // Chromium, launched by this process, starts on CPU 0 with it.
  pin(process.pid, '0');
  pin(server, '0');
  const stop = pinRenderers();
  try {
    return await run();
  } finally {
    stop();
    pin(process.pid, '0,1');
    pin(server, '0,1');
  }
}

interface Run {
  mode: Mode;
  performance: number;
  mainThreadRan: number;
  benchmarkIndex: number;
  load: number;
  cpuMs: Record<string, number>;
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      path: { type: 'string', default: '/probes' },
      runs: { type: 'string', default: '3' },
      modes: { type: 'string', default: MODES.join(',') },
    },
  });
  const runs = Number(args.runs);
  const modes = args.modes.split(',') as Mode[];
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');
  for (const m of modes)
    if (!MODES.includes(m)) throw new Error(`--modes: ${m} is not one of ${MODES.join(', ')}`);
  assertBuilt();
  const app = await startDemoApp();
  const done: Run[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      // Each round in another order, so that no arrangement always follows the same one.
      const order = modes.map((_, k) => modes[(k + i) % modes.length]!);
      for (const mode of order) {
        const load = loadAverage()[0];
        const before = processes();
        let after = before;
        const r = await inMode(mode, app, () =>
          runOnce(app.baseUrl, args.path, undefined, () => (after = processes())),
        );
        const cpuMs = Object.fromEntries(
          [...cpuByKind(before, after)].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round(v)]),
        );
        done.push({
          mode,
          performance: r.scores.performance,
          mainThreadRan: r.mainThreadRan,
          benchmarkIndex: r.benchmarkIndex,
          load,
          cpuMs,
        });
        console.log(
          `${mode} run ${i + 1} (load ${load.toFixed(1)}): performance ${r.scores.performance}, main thread ran ${Math.round(r.mainThreadRan * 100)} %, benchmark index ${r.benchmarkIndex}; CPU ms: ${Object.entries(
            cpuMs,
          )
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`,
        );
      }
    }
  } finally {
    await app.stop();
  }
  for (const mode of modes) {
    const of = done.filter((r) => r.mode === mode);
    const ran = of.map((r) => Math.round(r.mainThreadRan * 100));
    console.log(
      `${mode}: main thread ran ${median(ran)} % (median of ${of.length}: ${ran.join(', ')}), performance ${median(of.map((r) => r.performance))}; load ${of.map((r) => r.load.toFixed(1)).join(', ')}`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
