/**
 * A burst after an outage (issue 9 item 5): every station comes back at once with `--hours` of
 * buffered hourly readings of its `--probes` probes, and sends its backlog in packets of up to
 * `--packet` readings, oldest first, all stations side by side (`--concurrency` packets in flight).
 * Measured: the time to drain the whole burst, readings/s, the server's CPU ms per 1,000 readings (the
 * figure a shared machine disturbs least), packet latency, and the machine's load beside each run.
 * The full scale of the issue — 10,000 stations × 50 probes × 24 h = 12 million readings — is scaled
 * down by `--stations` (default 400: 1/25); docs/PERFORMANCE.md ("Scale") carries the figures over.
 *
 *   npm run bench -- burst
 *   npx tsx bench/burst/run.ts [--stations 400] [--probes 50] [--hours 24] [--packet 1000]
 *     [--concurrency 32] [--rounds 3] [--store sqlite|postgres|both] [--results bench/results/burst.json]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  latencySummary,
  prepareStore,
  root,
  round1,
  startServer,
  stopServer,
} from '../support/benchServer.js';
import { closedLoop, type SendOutcome } from '../support/closedLoop.js';
import { ingestReading, postPacket } from '../support/ingestPacket.js';
import { freePort, loadAverage, median, processCpuMs } from '../support/procStats.js';
import { probeReadings, type LoadShape } from '../support/probeReadings.js';
import { positive } from '../support/positiveArg.js';

const { values: args } = parseArgs({
  options: {
    stations: { type: 'string', default: '400' },
    probes: { type: 'string', default: '50' },
    hours: { type: 'string', default: '24' },
    packet: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '3' },
    store: { type: 'string', default: 'both' },
    results: { type: 'string', default: 'bench/results/burst.json' },
  },
});

const STATIONS = Math.round(positive('stations', args.stations, 10_000));
const PROBES = Math.round(positive('probes', args.probes, 1000));
const HOURS = Math.round(positive('hours', args.hours, 24 * 14));
const PACKET = Math.round(positive('packet', args.packet, 1000));
const CONCURRENCY = Math.round(positive('concurrency', args.concurrency, 256));
const ROUNDS = Math.round(positive('rounds', args.rounds, 20));
const STORES =
  args.store === 'both' ? (['sqlite', 'postgres'] as const) : ([args.store] as ('sqlite' | 'postgres')[]);
if (!STORES.every((s) => s === 'sqlite' || s === 'postgres')) {
  console.error('--store is sqlite, postgres or both');
  process.exit(2);
}
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The backlog ends an hour ago: every reading is new and inside today's partitions of time. */
const shape: LoadShape = {
  stations: STATIONS,
  probes: PROBES,
  startTs: Math.floor(Date.now() / 3_600_000) * 3600 - HOURS * 3600,
  stepSeconds: 3600,
};

interface Packet {
  station: number;
  readings: object[];
}

/** Every station's backlog, oldest first, cut into packets; stations interleaved as they reconnect. */
function burstPackets(): Packet[] {
  const perStation: Packet[][] = [];
  for (let s = 0; s < STATIONS; s++) {
    const all: object[] = [];
    for (let h = 0; h < HOURS; h++) {
      const ts = shape.startTs + h * shape.stepSeconds;
      for (const r of probeReadings(shape, s, ts)) all.push(ingestReading(r, ts));
    }
    const packets: Packet[] = [];
    for (let i = 0; i < all.length; i += PACKET)
      packets.push({ station: s, readings: all.slice(i, i + PACKET) });
    perStation.push(packets);
  }
  const out: Packet[] = [];
  const most = Math.max(...perStation.map((p) => p.length));
  for (let i = 0; i < most; i++) for (const packets of perStation) if (packets[i]) out.push(packets[i]!);
  return out;
}

function sender(port: number, packets: Packet[]) {
  return (index: number): Promise<SendOutcome> => {
    const p = packets[index]!;
    return postPacket(port, p.station, p.readings);
  };
}

interface RunRecord {
  store: 'sqlite' | 'postgres';
  round: number;
  loadAverageBefore: [number, number, number];
  loadAverageAfter: [number, number, number];
  readings: number;
  drainSeconds: number;
  readingsPerSecond: number;
  cpuMsPer1000Readings: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  errors: number;
  firstError: string | undefined;
}

let running: ChildProcess | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    running?.kill('SIGTERM');
    process.exit(130);
  });

async function measure(store: 'sqlite' | 'postgres', round: number, packets: Packet[]): Promise<RunRecord> {
  const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-burst-'));
  const schema = `bench_burst_${process.pid}_${round}`;
  const admin = store === 'postgres' ? new pg.Client({ connectionString: PG_URL }) : undefined;
  try {
    let databaseUrl: string | undefined;
    if (admin) {
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await prepareStore({ dataDir, databaseUrl: PG_URL, pgSchema: schema, stations: STATIONS });
      const u = new URL(PG_URL);
      u.searchParams.set('options', `-c search_path=${schema}`);
      databaseUrl = u.toString();
    } else await prepareStore({ dataDir, stations: STATIONS });
    const port = await freePort();
    const server = await startServer(dataDir, databaseUrl, port);
    running = server;
    try {
      const loadAverageBefore = loadAverage();
      const cpu0 = processCpuMs(server.pid!) ?? Number.NaN;
      const result = await closedLoop({
        concurrency: CONCURRENCY,
        seconds: 3600,
        nextIndex: { value: 0 },
        maxIndex: packets.length,
        send: sender(port, packets),
        alive: () => server.exitCode === null && server.signalCode === null,
      });
      const cpu1 = processCpuMs(server.pid!) ?? Number.NaN;
      return {
        store,
        round,
        loadAverageBefore,
        loadAverageAfter: loadAverage(),
        readings: result.readings,
        drainSeconds: round1(result.seconds),
        readingsPerSecond: Math.round(result.readings / result.seconds),
        cpuMsPer1000Readings: Math.round(((cpu1 - cpu0) / Math.max(1, result.readings)) * 100_000) / 100,
        latencyMs: latencySummary(result.latencies),
        errors: result.errors,
        firstError: result.firstError,
      };
    } finally {
      await stopServer(server);
      running = undefined;
    }
  } finally {
    if (admin) {
      await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const packets = burstPackets();
const total = STATIONS * PROBES * HOURS;
console.log(
  `burst: ${STATIONS} stations × ${PROBES} probes × ${HOURS} h = ${total.toLocaleString('en-US')} readings in ${packets.length.toLocaleString('en-US')} packets, ${CONCURRENCY} in flight`,
);
const runs: RunRecord[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  // Stores alternated, the first swapped each round, so a drift of the machine's load hits both.
  const order = round % 2 === 1 ? [...STORES] : [...STORES].reverse();
  for (const store of order) {
    const r = await measure(store, round, packets);
    runs.push(r);
    if (r.readings !== total) console.warn(`  stored ${r.readings} of ${total}: ${r.firstError ?? ''}`);
    console.log(
      `round ${round} ${store.padEnd(8)} drained in ${String(r.drainSeconds).padStart(6)} s  ` +
        `${String(r.readingsPerSecond).padStart(7)} readings/s  ${r.cpuMsPer1000Readings.toFixed(2).padStart(7)} CPU ms/1,000  ` +
        `p95 ${r.latencyMs.p95} ms  load ${r.loadAverageBefore[0].toFixed(2)}→${r.loadAverageAfter[0].toFixed(2)}`,
    );
  }
}

const summary = Object.fromEntries(
  STORES.map((store) => {
    const mine = runs.filter((r) => r.store === store);
    return [
      store,
      {
        drainSeconds: median(mine.map((r) => r.drainSeconds)),
        readingsPerSecond: median(mine.map((r) => r.readingsPerSecond)),
        cpuMsPer1000Readings: median(mine.map((r) => r.cpuMsPer1000Readings)),
        latencyP95Ms: median(mine.map((r) => r.latencyMs.p95)),
        loadAverage1m: median(mine.map((r) => r.loadAverageBefore[0])),
        // The full burst on one instance at this pace (hours), and the instances for a 1-hour drain.
        fullBurstHoursOnOneInstance:
          Math.round((10_000 * 50 * 24) / median(mine.map((r) => r.readingsPerSecond)) / 36) / 100,
      },
    ];
  }),
);
const results = {
  machine: { cpus: cpus().length, model: cpus()[0]?.model },
  options: {
    stations: STATIONS,
    probes: PROBES,
    hours: HOURS,
    packet: PACKET,
    concurrency: CONCURRENCY,
    rounds: ROUNDS,
  },
  readings: total,
  median: summary,
  runs,
};
console.log(JSON.stringify(results.median, null, 2));
const out = resolve(root, args.results);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
