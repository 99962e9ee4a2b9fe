/**
 * From a reading to the browser (issue 11 item 10; issue 34 item 5): the time from a station's ack to
 * the live pushes on a logged-in WebSocket — `newData` (the web refetches the station's readings) and
 * `alertsChanged` (the web shows the alert without a reload). Each sample posts one reading to one of
 * four monitored stations in turn, alternately hot and cool for that station, so every packet raises
 * or ends an alert; a station comes round again only after the others (more than the roll-ups' second
 * later), so a late announcement of its previous packet is never taken for the next one's. Measured on
 * a quiet server and under a background ingest load of 20 other stations (`--background` packets in
 * flight), alternated per round, on SQLite or PostgreSQL. `--server` runs another tree's build (a
 * side-by-side run against main); the store is prepared by this tree's migrations.
 *
 *   npm run bench -- alert-latency
 *   npx tsx bench/alert-latency/run.ts [--samples 40] [--rounds 3] [--background 8] [--store sqlite|postgres]
 *     [--variants quiet,under-load] [--server /path/to/apps/server/dist/main.js] [--results bench/results/alert-latency.json]
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import WebSocket from 'ws';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import {
  BENCH_PASSWORD,
  BENCH_USERNAME,
  latencySummary,
  prepareStore,
  root,
  startServer,
  stationId,
  stopServer,
} from '../support/benchServer.js';
import { ensureDatabase } from '../support/benchStore.js';
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
    store: { type: 'string', default: 'sqlite' },
    variants: { type: 'string', default: 'quiet,under-load' },
    server: { type: 'string' },
    results: { type: 'string', default: 'bench/results/alert-latency.json' },
  },
});
const SAMPLES = Math.round(positive('samples', args.samples, 10_000));
const ROUNDS = Math.round(positive('rounds', args.rounds, 20));
const BACKGROUND = Math.round(positive('background', args.background, 256));
const STORE = args.store as 'sqlite' | 'postgres';
if (STORE !== 'sqlite' && STORE !== 'postgres') {
  console.error('--store is sqlite or postgres');
  process.exit(2);
}
type Variant = 'quiet' | 'under-load';
const VARIANTS = args.variants.split(',') as Variant[];
if (VARIANTS.length === 0 || !VARIANTS.every((v) => v === 'quiet' || v === 'under-load')) {
  console.error('--variants lists quiet and/or under-load');
  process.exit(2);
}
const SERVER_MAIN = args.server ? resolve(args.server) : undefined;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/emberwatch_bench';
/** Stations 0…3 each hold a monitored storage; the others only load the server. */
const MONITORED = 4;
const BACKGROUND_STATIONS = 20;
const STATIONS = MONITORED + BACKGROUND_STATIONS;
const PROBES = 10;
const LIMIT_TENTHS = 500;

type Push = 'newData' | 'alertsChanged';
type Summary = ReturnType<typeof latencySummary>;
interface RunRecord {
  variant: Variant;
  round: number;
  loadAverage: [number, number, number];
  /** From the station's ack (its answer read) to the push; 0 when the push came first. */
  afterAckMs: Record<Push, Summary>;
  /** From the post's start to the push. */
  afterPostMs: Record<Push, Summary>;
  backgroundReadings: number;
  /** Background readings stored per second of the run (the runs differ in length). */
  backgroundPerS: number;
  /** newData messages the socket got per second of the run (the web refetches on each). */
  newDataPerS: number;
}

let running: ChildProcess | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    running?.kill('SIGTERM');
    process.exit(130);
  });

/** The next push of this type naming the station, after the call: its arrival (performance.now()). */
type Next = (type: Push, bsId: string) => Promise<number>;

async function subscribe(
  port: number,
): Promise<{ next: Next; close: () => void; newDataMessages: () => number }> {
  const login = await fetch(`http://127.0.0.1:${port}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_USERNAME, password: BENCH_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const waiting: { type: Push; bsId: string; arrived: (at: number) => void }[] = [];
  let ready: () => void = () => undefined;
  let newDataMessages = 0;
  const isReady = new Promise<void>((r) => (ready = r));
  ws.on('message', (raw: Buffer) => {
    const at = performance.now();
    const msg = JSON.parse(raw.toString()) as { type: string; bs_ids?: string };
    if (msg.type === 'ready') ready();
    if (msg.type === 'newData') newDataMessages++;
    if (msg.type !== 'newData' && msg.type !== 'alertsChanged') return;
    const named = new Set((msg.bs_ids ?? '').split(' '));
    for (let i = waiting.length - 1; i >= 0; i--) {
      const w = waiting[i]!;
      if (w.type !== msg.type || !named.has(w.bsId)) continue;
      waiting.splice(i, 1);
      w.arrived(at);
    }
  });
  await new Promise((r, j) => {
    ws.on('open', r);
    ws.on('error', j);
  });
  ws.send(JSON.stringify({ type: 'auth', token: accessToken }));
  await isReady;
  return {
    next: (type, bsId) =>
      new Promise<number>((r, j) => {
        const timer = setTimeout(() => j(new Error(`no ${type} for ${bsId} within 10 s`)), 10_000);
        waiting.push({
          type,
          bsId,
          arrived: (at) => {
            clearTimeout(timer);
            r(at);
          },
        });
      }),
    close: () => ws.close(),
    newDataMessages: () => newDataMessages,
  };
}

/** A fresh store for the run: SQLite in dataDir, or a schema of its own in the bench database. */
async function freshStore(
  dataDir: string,
): Promise<{ serverUrl: string | undefined; dispose: () => Promise<void> }> {
  const rulesOf = () => [
    { id: 1, type: 'ABS_MAX', settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: LIMIT_TENTHS } },
  ];
  const seed = {
    dataDir,
    stations: MONITORED,
    probes: PROBES,
    storages: MONITORED,
    rules: MONITORED,
    rulesOf,
  };
  if (STORE === 'sqlite') {
    await prepareStore({ dataDir, stations: STATIONS, login: true });
    await seedMonitoredStorages(seed);
    return { serverUrl: undefined, dispose: () => Promise.resolve() };
  }
  await ensureDatabase(PG_URL);
  const schema = `alertlat_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const dispose = async () => {
    await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  };
  try {
    await admin.query(`create schema ${schema}`);
    await prepareStore({ dataDir, databaseUrl: PG_URL, pgSchema: schema, stations: STATIONS, login: true });
    await seedMonitoredStorages({ ...seed, databaseUrl: PG_URL, pgSchema: schema });
    const u = new URL(PG_URL);
    u.searchParams.set('options', `-c search_path=${schema}`);
    return { serverUrl: u.toString(), dispose };
  } catch (e) {
    await dispose();
    throw e;
  }
}

async function measure(variant: Variant, round: number): Promise<RunRecord> {
  const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-alert-latency-'));
  const store = await freshStore(dataDir).catch((e: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  });
  try {
    const port = await freePort();
    const server = await startServer(dataDir, store.serverUrl, port, SERVER_MAIN);
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
      // Background: the stations after the monitored ones send packets as fast as the server takes them.
      const nextIndex = { value: 0 };
      const background =
        variant === 'under-load'
          ? closedLoop({
              concurrency: BACKGROUND,
              seconds: 3600,
              nextIndex,
              send: (i) => {
                const station = MONITORED + (i % BACKGROUND_STATIONS);
                const ts = shape.startTs + Math.floor(i / BACKGROUND_STATIONS);
                return postPacket(
                  port,
                  station,
                  probeReadings(shape, station, ts).map((r) => ingestReading(r, ts)),
                );
              },
              alive: () => !stop.value && server.exitCode === null,
            })
          : Promise.resolve({ readings: 0, seconds: 0 });
      const afterAck: Record<Push, number[]> = { newData: [], alertsChanged: [] };
      const afterPost: Record<Push, number[]> = { newData: [], alertsChanged: [] };
      const now = Math.floor(Date.now() / 1000) - SAMPLES - 10;
      const started = performance.now();
      for (let i = 0; i < SAMPLES; i++) {
        const station = i % MONITORED;
        const hot = Math.floor(i / MONITORED) % 2 === 0;
        const bsId = stationId(station);
        const pushes = { newData: ws.next('newData', bsId), alertsChanged: ws.next('alertsChanged', bsId) };
        const t0 = performance.now();
        const sent = await postPacket(port, station, [
          {
            sensor_id: `B${station}P0`,
            meas_ts: now + i,
            temperatures: [hot ? LIMIT_TENTHS + 100 : LIMIT_TENTHS - 200],
          },
        ]);
        const acked = performance.now();
        if (!sent.ok) throw new Error(sent.error);
        for (const type of ['newData', 'alertsChanged'] as const) {
          const at = await pushes[type];
          afterAck[type].push(Math.max(0, at - acked));
          afterPost[type].push(at - t0);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      stop.value = true;
      const bg = await background;
      const newDataPerS = Math.round((1000 * ws.newDataMessages()) / (performance.now() - started));
      ws.close();
      return {
        variant,
        round,
        loadAverage: loadAverage(),
        afterAckMs: {
          newData: latencySummary(afterAck.newData),
          alertsChanged: latencySummary(afterAck.alertsChanged),
        },
        afterPostMs: {
          newData: latencySummary(afterPost.newData),
          alertsChanged: latencySummary(afterPost.alertsChanged),
        },
        backgroundReadings: bg.readings,
        backgroundPerS: bg.seconds > 0 ? Math.round(bg.readings / bg.seconds) : 0,
        newDataPerS,
      };
    } finally {
      stop.value = true;
      await stopServer(server);
      running = undefined;
    }
  } finally {
    await store.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs: RunRecord[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const order = round % 2 === 1 ? VARIANTS : [...VARIANTS].reverse();
  for (const variant of order) {
    const r = await measure(variant, round);
    runs.push(r);
    const { newData, alertsChanged } = r.afterAckMs;
    console.log(
      `round ${round} ${STORE} ${variant.padEnd(10)} after the ack: newData p50 ${newData.p50} p95 ${newData.p95} ms, ` +
        `alertsChanged p50 ${alertsChanged.p50} p95 ${alertsChanged.p95} ms  ` +
        `background ${r.backgroundPerS} readings/s, newData ${r.newDataPerS}/s  load ${r.loadAverage[0].toFixed(2)}`,
    );
  }
}
const summary = (variant: Variant) => {
  const mine = runs.filter((r) => r.variant === variant);
  if (mine.length === 0) return undefined;
  const of = (push: Push) => ({
    p50Ms: median(mine.map((r) => r.afterAckMs[push].p50)),
    p95Ms: median(mine.map((r) => r.afterAckMs[push].p95)),
    maxMs: Math.max(...mine.map((r) => r.afterAckMs[push].max)),
  });
  return {
    afterAck: { newData: of('newData'), alertsChanged: of('alertsChanged') },
    backgroundPerS: median(mine.map((r) => r.backgroundPerS)),
    newDataPerS: median(mine.map((r) => r.newDataPerS)),
    loadAverage1m: median(mine.map((r) => r.loadAverage[0])),
  };
};
const results = {
  machine: { cpus: cpus().length, model: cpus()[0]?.model },
  options: {
    samples: SAMPLES,
    rounds: ROUNDS,
    background: BACKGROUND,
    store: STORE,
    variants: VARIANTS,
    server: SERVER_MAIN ?? join(root, 'apps/server/dist/main.js'),
  },
  median: { quiet: summary('quiet'), underLoad: summary('under-load') },
  runs,
};
console.log(JSON.stringify(results.median, null, 2));
const out = resolve(root, args.results);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
