/**
 * From a reading to the browser (issue 11 item 10: p95 ≤ 1 s): the time from posting a packet whose
 * reading raises (or ends) an alert to the `alertsChanged` push on a logged-in WebSocket — what makes
 * the web show the alert without a reload. Each sample alternates a hot and a cool reading of one of
 * the storage's probes, so every packet changes an alert. Measured on a quiet server and under a
 * background ingest load of other stations (`--background` packets in flight), alternated per round.
 *
 *   npm run bench -- alert-latency
 *   npx tsx bench/alert-latency/run.ts [--samples 40] [--rounds 3] [--background 8] [--results bench/results/alert-latency.json]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import {
  BENCH_PASSWORD,
  BENCH_USERNAME,
  latencySummary,
  prepareStore,
  root,
  startServer,
  stopServer,
} from '../support/benchServer.js';
import { closedLoop } from '../support/closedLoop.js';
import { ingestReading, postPacket } from '../support/ingestPacket.js';
import { freePort, loadAverage, median } from '../support/procStats.js';
import { probeReadings } from '../support/probeReadings.js';
import { positive } from '../support/positiveArg.js';
import { seedMonitoredStorages } from '../support/seedMonitoredStorages.js';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '40' },
    rounds: { type: 'string', default: '3' },
    background: { type: 'string', default: '8' },
    results: { type: 'string', default: 'bench/results/alert-latency.json' },
  },
});
const SAMPLES = Math.round(positive('samples', args.samples, 10_000));
const ROUNDS = Math.round(positive('rounds', args.rounds, 20));
const BACKGROUND = Math.round(positive('background', args.background, 256));
/** Station 0 holds the monitored storage; the others only load the server. */
const STATIONS = 21;
const PROBES = 10;
const LIMIT_TENTHS = 500;

type Variant = 'quiet' | 'under-load';
interface RunRecord {
  variant: Variant;
  round: number;
  loadAverage: [number, number, number];
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  backgroundReadings: number;
}

let running: ChildProcess | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    running?.kill('SIGTERM');
    process.exit(130);
  });

async function subscribe(port: number): Promise<{ next: () => Promise<number>; close: () => void }> {
  const login = await fetch(`http://127.0.0.1:${port}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_USERNAME, password: BENCH_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const waiting: ((at: number) => void)[] = [];
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((r) => (ready = r));
  ws.on('message', (raw: Buffer) => {
    const at = performance.now();
    const msg = JSON.parse(raw.toString()) as { type: string };
    if (msg.type === 'ready') ready();
    if (msg.type === 'alertsChanged') waiting.shift()?.(at);
  });
  await new Promise((r, j) => {
    ws.on('open', r);
    ws.on('error', j);
  });
  ws.send(JSON.stringify({ type: 'auth', token: accessToken }));
  await isReady;
  return {
    next: () =>
      new Promise<number>((r, j) => {
        const timer = setTimeout(() => j(new Error('no alertsChanged within 10 s')), 10_000);
        waiting.push((at) => {
          clearTimeout(timer);
          r(at);
        });
      }),
    close: () => ws.close(),
  };
}

async function measure(variant: Variant, round: number): Promise<RunRecord> {
  const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-alert-latency-'));
  try {
    await prepareStore({ dataDir, stations: STATIONS, login: true });
    await seedMonitoredStorages({
      dataDir,
      stations: 1,
      probes: PROBES,
      storages: 1,
      rules: 1,
      rulesOf: () => [
        { id: 1, type: 'ABS_MAX', settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: LIMIT_TENTHS } },
      ],
    });
    const port = await freePort();
    const server = await startServer(dataDir, undefined, port);
    running = server;
    const stop = { value: false };
    try {
      const shape = {
        stations: STATIONS,
        probes: PROBES,
        startTs: Math.floor(Date.now() / 1000) - 3600,
        stepSeconds: 1,
      };
      const ws = await subscribe(port);
      // Background: stations 1… send packets as fast as the server takes them.
      const nextIndex = { value: 0 };
      const background =
        variant === 'under-load'
          ? closedLoop({
              concurrency: BACKGROUND,
              seconds: 3600,
              nextIndex,
              send: (i) => {
                const station = 1 + (i % (STATIONS - 1));
                const ts = shape.startTs + Math.floor(i / (STATIONS - 1));
                return postPacket(
                  port,
                  station,
                  probeReadings(shape, station, ts).map((r) => ingestReading(r, ts)),
                );
              },
              alive: () => !stop.value && server.exitCode === null,
            })
          : Promise.resolve({ readings: 0 });
      const latencies: number[] = [];
      const now = Math.floor(Date.now() / 1000) - SAMPLES - 10;
      for (let i = 0; i < SAMPLES; i++) {
        const hot = i % 2 === 0;
        const pushed = ws.next();
        const t0 = performance.now();
        const sent = await postPacket(port, 0, [
          {
            sensor_id: 'B0P0',
            meas_ts: now + i,
            temperatures: [hot ? LIMIT_TENTHS + 100 : LIMIT_TENTHS - 200],
          },
        ]);
        if (!sent.ok) throw new Error(sent.error);
        latencies.push((await pushed) - t0);
        await new Promise((r) => setTimeout(r, 250));
      }
      stop.value = true;
      const bg = await background;
      ws.close();
      return {
        variant,
        round,
        loadAverage: loadAverage(),
        latencyMs: latencySummary(latencies),
        backgroundReadings: bg.readings,
      };
    } finally {
      stop.value = true;
      await stopServer(server);
      running = undefined;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs: RunRecord[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const order: Variant[] = round % 2 === 1 ? ['quiet', 'under-load'] : ['under-load', 'quiet'];
  for (const variant of order) {
    const r = await measure(variant, round);
    runs.push(r);
    console.log(
      `round ${round} ${variant.padEnd(10)} p50 ${r.latencyMs.p50} ms  p95 ${r.latencyMs.p95} ms  max ${r.latencyMs.max} ms  ` +
        `background ${r.backgroundReadings} readings  load ${r.loadAverage[0].toFixed(2)}`,
    );
  }
}
const summary = (variant: Variant) => {
  const mine = runs.filter((r) => r.variant === variant);
  return {
    p50Ms: median(mine.map((r) => r.latencyMs.p50)),
    p95Ms: median(mine.map((r) => r.latencyMs.p95)),
    maxMs: Math.max(...mine.map((r) => r.latencyMs.max)),
    loadAverage1m: median(mine.map((r) => r.loadAverage[0])),
  };
};
const results = {
  machine: { cpus: cpus().length, model: cpus()[0]?.model },
  options: { samples: SAMPLES, rounds: ROUNDS, background: BACKGROUND },
  median: { quiet: summary('quiet'), underLoad: summary('under-load') },
  runs,
};
console.log(JSON.stringify(results.median, null, 2));
const out = resolve(root, args.results);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
