/**
 * Ingest side by side: the same load generator drives Emberwatch's `POST /ingest/v1/packets` (the
 * built server in its own process, on SQLite and on PostgreSQL) and InfluxDB 1.6's line-protocol
 * `/write`, with the same packets — one reading of each of a station's probes (3 depths, signal,
 * battery) at one time, 32 packets in flight, every reading new. Runs alternate (Emberwatch SQLite,
 * InfluxDB, Emberwatch PostgreSQL, InfluxDB, … once per round), each on a fresh store, and the median
 * of the rounds is reported: readings/s, the server's CPU time per 1,000 readings (from
 * /proc/<pid>/stat, the figure a busy machine disturbs least), latency, and bytes on disk per reading
 * after a settle. The machine's load average is recorded beside every run.
 *
 *   npm run bench -- ingest-vs-influx
 *   npm run bench -- ingest-vs-influx -- --seconds 5 --rounds 1 --warmup 2     (a smoke run)
 *   npx tsx bench/ingest-vs-influx/run.ts [--seconds 15] [--warmup 5] [--rounds 3] [--stores sqlite,postgres]
 *     [--stations 50] [--probes 100] [--concurrency 32] [--settle-seconds 60]
 *     [--database-url postgres://postgres@127.0.0.1:5432/test] [--influxd /usr/bin/influxd] [--no-install]
 *     [--windows 1] [--warmup-packets N] [--packets N] [--results bench/results/ingest-vs-influx.json]
 *   npx tsx bench/ingest-vs-influx/run.ts --seconds 10 --warmup 3 --rounds 1 --settle-seconds 5 \
 *     --storage-points 0 --no-install --results /tmp/ivi.json      (CPU per 1,000 readings in about a minute)
 *
 * InfluxDB is installed from Debian's `influxdb` package when /usr/bin/influxd is missing and this runs
 * as root; otherwise its runs are skipped with the reason. Everything listens on 127.0.0.1 only, and
 * the run ends by itself: rounds × runs × (warm-up + seconds + settle). Results: stdout and
 * bench/results/ingest-vs-influx.json; docs/PERFORMANCE.md records them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { latencySummary, root, round1 } from '../support/benchServer.js';
import { closedLoop, type LoopResult } from '../support/closedLoop.js';
import {
  busyShare,
  loadAverage,
  machineCpu,
  median,
  processCpuMs,
  processUserSystemMs,
} from '../support/procStats.js';
import { packetAt, probeReadings, type LoadShape } from '../support/probeReadings.js';
import { influxdVersion, locateInfluxd } from './influxd.js';
import {
  startEmberwatchPostgres,
  startEmberwatchSqlite,
  startInflux,
  type Storage,
  type Target,
  type TargetName,
} from './targets.js';
import { positive } from '../support/positiveArg.js';
import { databaseUrlOption } from '../support/databaseUrlOption.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    stores: { type: 'string', default: 'sqlite,postgres' },
    stations: { type: 'string', default: '50' },
    probes: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '32' },
    'settle-seconds': { type: 'string', default: '60' },
    'storage-stations': { type: 'string', default: '2' },
    'storage-points': { type: 'string', default: '1008' },
    'database-url': databaseUrlOption('test'),
    influxd: { type: 'string', default: '/usr/bin/influxd' },
    'no-install': { type: 'boolean', default: false },
    /**
     * Readings at live times (the last 6 hours, 30 s apart) instead of 90 days back: what stations send
     * day to day. The default's old readings are a station's backlog to both products: on PostgreSQL
     * each commit then locks its readings' days and looks for packed days (decisions 0149, 0157).
     */
    live: { type: 'boolean', default: false },
    /**
     * A PostgreSQL checkpoint before each of its runs: with none falling due during the window, no page
     * logs a full image of itself at its next change. Without it, whether one begins during a run
     * depends on the WAL the runs before it wrote (max_wal_size), and moves its CPU per reading.
     */
    'checkpoint-first': { type: 'boolean', default: false },
    /**
     * The measured window in this many equal parts, each one's CPU per reading beside the whole's: shows
     * whether a server is still warming up (its JIT compiling, its caches filling) or its store growing.
     */
    windows: { type: 'string', default: '1' },
    /**
     * The warm-up and the measured window counted in packets instead of seconds: every store then measures
     * the same readings on a store of the same size (a faster one has stored more after the same seconds).
     * --warmup and --seconds stay the longest each may take.
     */
    'warmup-packets': { type: 'string' },
    packets: { type: 'string' },
    /** Where the results go; a quick run while working can write elsewhere and leave the recorded ones. */
    results: { type: 'string', default: 'bench/results/ingest-vs-influx.json' },
  },
});

const SECONDS = positive('seconds', args.seconds, 600);
const WARMUP = positive('warmup', args.warmup, 600);
const ROUNDS = Math.round(positive('rounds', args.rounds, 20));
const WINDOWS = Math.round(positive('windows', args.windows, 60));
const byPackets = (name: 'warmup-packets' | 'packets') =>
  args[name] === undefined ? undefined : Math.round(positive(name, args[name], 10_000_000));
const WARMUP_PACKETS = byPackets('warmup-packets');
const PACKETS = byPackets('packets');
const STATIONS = Math.round(positive('stations', args.stations, 1000));
const PROBES = Math.round(positive('probes', args.probes, 100));
const CONCURRENCY = Math.round(positive('concurrency', args.concurrency, 256));
const SETTLE_SECONDS = positive('settle-seconds', args['settle-seconds'], 600);
const STORAGE_STATIONS = Math.round(positive('storage-stations', args['storage-stations'], 1000));
// 0 leaves the storage comparison out.
const STORAGE_POINTS =
  args['storage-points'] === '0'
    ? 0
    : Math.round(positive('storage-points', args['storage-points'], 100_000));
/** The storage comparison stops here even if not every reading was sent. */
const STORAGE_MAX_SECONDS = 900;
const STORES = args.stores.split(',').filter(Boolean);
for (const store of STORES) {
  if (store !== 'sqlite' && store !== 'postgres') {
    console.error(`--stores takes sqlite and/or postgres, not ${store}`);
    process.exit(2);
  }
}

// Measurement times start on a week boundary 90 days back: InfluxDB's shards span a week from the
// epoch, so a run's readings land in one shard (a second shard would be compacted during the run).
// With --live they start 6 hours back, 30 s apart (room for 720 readings a probe before they would be
// in the future), or at the week's start when that is nearer, for the same reason.
const WEEK = 7 * 86_400;
const nowS = Math.floor(Date.now() / 1000);
const backlogShape: LoadShape = {
  stations: STATIONS,
  probes: PROBES,
  startTs: Math.floor((nowS - 90 * 86_400) / WEEK) * WEEK,
  stepSeconds: 600,
};
const shape: LoadShape = args.live
  ? { ...backlogShape, startTs: Math.max(nowS - 6 * 3_600, Math.floor(nowS / WEEK) * WEEK), stepSeconds: 30 }
  : backlogShape;

interface RunRecord {
  target: TargetName;
  round: number;
  loadAverageBefore: [number, number, number];
  loadAverageAfter: [number, number, number];
  /** Share of both cores busy during the measured window, whoever used them. */
  machineBusyShare: number;
  seconds: number;
  requests: number;
  readings: number;
  errors: number;
  firstError: string | undefined;
  readingsPerSecond: number;
  serverCpuMs: number;
  cpuMsPer1000Readings: number;
  /** PostgreSQL: its backends serving the server's connections. */
  databaseCpuMs: number | undefined;
  cpuMsPer1000ReadingsWithDatabase: number | undefined;
  /**
   * Of those, the time in the kernel (system time, in 10 ms ticks of /proc/<pid>/stat): the server's, and
   * PostgreSQL's backends' (their sockets, WAL writes and flushes, pages written and extended).
   */
  systemMsPer1000Readings: number;
  databaseSystemMsPer1000Readings: number | undefined;
  /** PostgreSQL: checkpoints begun during the window, and the WAL written per reading stored in it. */
  checkpointsBegun: number | undefined;
  walBytesPerReading: number | undefined;
  /** InfluxDB: CPU it spent after the window, snapshotting and compacting. */
  settleCpuMs: number | undefined;
  generatorCpuMs: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  storedReadings: number;
  /** Readings per probe (series) in the store: InfluxDB's bytes per reading fall as series grow. */
  readingsPerSeries: number;
  bytesOnDisk: number;
  /** The fresh store before any reading; bytesPerReading counts only what the readings added. */
  emptyStoreBytes: number;
  bytesPerReading: number;
  readingsTableBytesPerReading: number | undefined;
  settleSeconds: number;
  settled: boolean;
  /** With --windows: each part of the measured window, in order. */
  windows: WindowRecord[] | undefined;
}

/** One part of the measured window (--windows): its readings and CPU per 1,000 of them. */
interface WindowRecord {
  readings: number;
  readingsPerSecond: number;
  cpuMsPer1000Readings: number;
  cpuMsPer1000ReadingsWithDatabase: number | undefined;
}

/**
 * The helper processes' CPU time (PostgreSQL's backends serving the server) as last seen, looked at each second
 * through the window: a backend that closes meanwhile (the pool lets a connection go after 10 s idle) keeps
 * what it spent up to the last look, where a look at the start and the end only would lose all of it.
 */
class HelperWatch {
  readonly cpu = new Map<number, number>();
  readonly system = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private looking: Promise<void> = Promise.resolve();

  constructor(private readonly target: Target) {}

  /** Looks now (after any look under way). */
  look(): Promise<void> {
    // One look failing (the admin connection busy, say) does not stop the ones after it.
    this.looking = this.looking
      .catch(() => undefined)
      .then(async () => {
        // One read of each backend's /proc/<pid>/stat gives both counts.
        for (const pid of await this.target.helperPids()) {
          const t = processUserSystemMs(pid);
          if (t === undefined) continue;
          this.cpu.set(pid, t.user + t.system);
          this.system.set(pid, t.system);
        }
      });
    return this.looking;
  }

  start(everyMs = 1000): void {
    this.timer = setInterval(() => void this.look().catch(() => undefined), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.look();
  }
}

/** The parts of a measured window as one loop's result. */
function joined(parts: readonly LoopResult[]): LoopResult {
  return {
    requests: sum(parts.map((p) => p.requests)),
    readings: sum(parts.map((p) => p.readings)),
    errors: sum(parts.map((p) => p.errors)),
    seconds: sum(parts.map((p) => p.seconds)),
    latencies: parts.flatMap((p) => p.latencies),
    firstError: parts.find((p) => p.firstError !== undefined)?.firstError,
  };
}

const cleanups = new Set<() => Promise<void>>();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the servers and removing their stores …`);
    const timer = setTimeout(() => process.exit(130), 15_000);
    void Promise.allSettled([...cleanups].map((c) => c())).then(() => {
      clearTimeout(timer);
      process.exit(130);
    });
  });
}

const sum = (xs: Iterable<number>): number => [...xs].reduce((a, b) => a + b, 0);
const round2 = (x: number): number => Math.round(x * 100) / 100;
/** `ms` of CPU per 1,000 of `readings`. */
const per1000 = (ms: number, readings: number): number => round2((ms / Math.max(1, readings)) * 1000);

/** CPU time the helper processes spent between two snapshots (a backend that appeared counts from 0). */
function helperDelta(before: Map<number, number>, after: Map<number, number>): number {
  return sum([...after].map(([pid, ms]) => ms - (before.get(pid) ?? 0)));
}

/** What a settled store occupies, per reading, with the empty store's own size taken off. */
function diskFigures(storage: Storage, emptyStoreBytes: number, stations: number) {
  const readings = Math.max(1, storage.storedReadings);
  return {
    readingsPerSeries: Math.round(storage.storedReadings / (stations * PROBES)),
    bytesOnDisk: storage.bytes,
    emptyStoreBytes,
    bytesPerReading: round1((storage.bytes - emptyStoreBytes) / readings),
    readingsTableBytesPerReading:
      storage.readingsTableBytes === undefined ? undefined : round1(storage.readingsTableBytes / readings),
    settleSeconds: storage.settleSeconds,
    settled: storage.settled,
  };
}

async function measure(start: () => Promise<Target>, round: number): Promise<RunRecord> {
  const loadAverageBefore = loadAverage();
  const target = await start();
  const close = () => target.close();
  cleanups.add(close);
  try {
    const nextIndex = { value: 0 };
    const send = (index: number) => {
      const { station, ts } = packetAt(shape, index);
      return target.send(station, ts, probeReadings(shape, station, ts));
    };
    const loop = (seconds: number, maxIndex?: number) =>
      closedLoop({
        concurrency: CONCURRENCY,
        seconds,
        nextIndex,
        maxIndex,
        send,
        alive: () => target.alive(),
      });

    if (args['checkpoint-first']) await target.checkpoint?.();
    // Warm-up: JIT, caches, the probes' first packets; then the measured window, on without a pause.
    const warm = await loop(WARMUP, WARMUP_PACKETS);
    if (warm.readings === 0)
      throw new Error(`${target.name}: nothing stored in the warm-up: ${warm.firstError}`);
    const wal0 = await target.walState?.();
    const helpers = new HelperWatch(target);
    await helpers.look();
    const helpersBefore = new Map(helpers.cpu);
    const helpersSystemBefore = new Map(helpers.system);
    const system0 = processUserSystemMs(target.pid)?.system ?? Number.NaN;
    const cpu0 = processCpuMs(target.pid) ?? Number.NaN;
    const machine0 = machineCpu();
    const generator0 = process.cpuUsage();
    helpers.start();
    const firstPacket = nextIndex.value;
    const parts: LoopResult[] = [];
    const windows: WindowRecord[] = [];
    // Each boundary is looked at once and ends one part as it begins the next: the parts add up to the whole.
    let [c0, h0] = [cpu0, helpersBefore];
    for (let w = 0; w < WINDOWS; w++) {
      const part = await loop(
        SECONDS / WINDOWS,
        PACKETS === undefined ? undefined : firstPacket + Math.round((PACKETS * (w + 1)) / WINDOWS),
      );
      parts.push(part);
      if (WINDOWS === 1) break;
      const c1 = processCpuMs(target.pid) ?? Number.NaN;
      await helpers.look();
      const h1 = new Map(helpers.cpu);
      windows.push({
        readings: part.readings,
        readingsPerSecond: Math.round(part.readings / part.seconds),
        cpuMsPer1000Readings: per1000(c1 - c0, part.readings),
        cpuMsPer1000ReadingsWithDatabase:
          target.name === 'emberwatch-postgres'
            ? per1000(c1 - c0 + helperDelta(h0, h1), part.readings)
            : undefined,
      });
      [c0, h0] = [c1, h1];
    }
    const measured = joined(parts);
    const cpu1 = processCpuMs(target.pid) ?? Number.NaN;
    const generatorCpuMs = process.cpuUsage(generator0);
    const machine1 = machineCpu();
    const system1 = processUserSystemMs(target.pid)?.system ?? Number.NaN;
    await helpers.stop();
    const [helpersAfter, helpersSystemAfter] = [helpers.cpu, helpers.system];
    const wal1 = await target.walState?.();
    const loadAverageAfter = loadAverage();
    if (measured.errors > 0) console.warn(`  ${measured.errors} failed requests: ${measured.firstError}`);

    const storage = await target.settle(SETTLE_SECONDS);
    const cpu2 = processCpuMs(target.pid);
    const serverCpuMs = cpu1 - cpu0;
    const postgres = target.name === 'emberwatch-postgres';
    const databaseCpuMs = postgres ? helperDelta(helpersBefore, helpersAfter) : undefined;
    const databaseSystemMs = postgres ? helperDelta(helpersSystemBefore, helpersSystemAfter) : undefined;
    return {
      target: target.name,
      round,
      loadAverageBefore,
      loadAverageAfter,
      machineBusyShare: round2(busyShare(machine0, machine1)),
      seconds: round1(measured.seconds),
      requests: measured.requests,
      readings: measured.readings,
      errors: measured.errors + warm.errors,
      firstError: measured.firstError ?? warm.firstError,
      readingsPerSecond: Math.round(measured.readings / measured.seconds),
      serverCpuMs: Math.round(serverCpuMs),
      cpuMsPer1000Readings: per1000(serverCpuMs, measured.readings),
      databaseCpuMs: databaseCpuMs === undefined ? undefined : Math.round(databaseCpuMs),
      cpuMsPer1000ReadingsWithDatabase:
        databaseCpuMs === undefined ? undefined : per1000(serverCpuMs + databaseCpuMs, measured.readings),
      systemMsPer1000Readings: per1000(system1 - system0, measured.readings),
      databaseSystemMsPer1000Readings:
        databaseSystemMs === undefined ? undefined : per1000(databaseSystemMs, measured.readings),
      checkpointsBegun: wal0 && wal1 ? wal1.checkpoints - wal0.checkpoints : undefined,
      walBytesPerReading:
        wal0 && wal1
          ? Math.round((wal1.walBytes - wal0.walBytes) / Math.max(1, measured.readings))
          : undefined,
      settleCpuMs: cpu2 === undefined ? undefined : Math.round(cpu2 - cpu1),
      generatorCpuMs: Math.round((generatorCpuMs.user + generatorCpuMs.system) / 1000),
      latencyMs: latencySummary(measured.latencies),
      storedReadings: storage.storedReadings,
      windows: WINDOWS > 1 ? windows : undefined,
      ...diskFigures(storage, target.emptyBytes, STATIONS),
    };
  } finally {
    await close();
    cleanups.delete(close);
  }
}

function describe(r: RunRecord): string {
  const db =
    r.cpuMsPer1000ReadingsWithDatabase === undefined
      ? ''
      : ` (${r.cpuMsPer1000ReadingsWithDatabase} ms with PostgreSQL's backends)`;
  const kernel =
    r.databaseSystemMsPer1000Readings === undefined
      ? `${r.systemMsPer1000Readings} ms`
      : `${r.systemMsPer1000Readings} ms, its backends ${r.databaseSystemMsPer1000Readings} ms; ` +
        `WAL ${r.walBytesPerReading} B/reading, ${r.checkpointsBegun} checkpoint(s) begun`;
  const settle = r.settleCpuMs ? `, settle ${r.settleCpuMs} ms CPU` : '';
  const windowCpu = r.windows?.map((w) => w.cpuMsPer1000ReadingsWithDatabase ?? w.cpuMsPer1000Readings);
  const withBackends = r.cpuMsPer1000ReadingsWithDatabase === undefined ? '' : ' with its backends';
  const windows = windowCpu
    ? `  by window: ${windowCpu.join(', ')} ms CPU / 1,000 readings${withBackends}\n`
    : '';
  return (
    `  ${r.readingsPerSecond.toLocaleString('en')} readings/s, ${r.cpuMsPer1000Readings} ms CPU / 1,000 readings${db}, in the kernel ${kernel}, ` +
    `p50/p95/p99 ${r.latencyMs.p50}/${r.latencyMs.p95}/${r.latencyMs.p99} ms, ` +
    `${r.bytesPerReading} B/reading (${r.storedReadings.toLocaleString('en')} stored, ${r.readingsPerSeries} per probe, settled in ${r.settleSeconds} s${r.settled ? '' : ' — not fully'}${settle}), ` +
    `errors ${r.errors}, load ${r.loadAverageBefore[0]} → ${r.loadAverageAfter[0]}, machine busy ${Math.round(r.machineBusyShare * 100)} %\n` +
    windows
  );
}

async function postgresReachable(url: string): Promise<{ version: string } | { skip: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    // Its durability settings go beside the version: fsync and synchronous_commit decide what a commit costs.
    const { rows } = await client.query<{ v: string }>(
      `select current_setting('server_version') || ' (fsync ' || current_setting('fsync') ||
              ', synchronous_commit ' || current_setting('synchronous_commit') || ')' as v`,
    );
    return { version: rows[0]?.v ?? 'unknown' };
  } catch (err) {
    return { skip: `PostgreSQL not reachable at ${url}: ${(err as Error).message}` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

// What runs, and what is skipped and why.
const skipped: Record<string, string> = {};
const influx = locateInfluxd({ binary: args.influxd, install: !args['no-install'] });
if ('skip' in influx) {
  skipped.influxdb = influx.skip;
  console.warn(`InfluxDB skipped: ${influx.skip}`);
}
let postgresVersion: string | undefined;
if (STORES.includes('postgres')) {
  const pgState = await postgresReachable(args['database-url']);
  if ('skip' in pgState) {
    skipped['emberwatch-postgres'] = pgState.skip;
    console.warn(`${pgState.skip} — skipping Emberwatch on PostgreSQL`);
  } else postgresVersion = pgState.version;
}
const memory = new Database(':memory:');
const sqliteVersion = (memory.prepare('select sqlite_version() as v').get() as { v: string }).v;
memory.close();

type Starter = (stations: number) => Promise<Target>;
const emberwatchRuns: { name: TargetName; start: Starter }[] = [];
if (STORES.includes('sqlite')) {
  emberwatchRuns.push({ name: 'emberwatch-sqlite', start: (stations) => startEmberwatchSqlite(stations) });
}
if (postgresVersion) {
  const url = args['database-url'];
  emberwatchRuns.push({
    name: 'emberwatch-postgres',
    start: (stations) => startEmberwatchPostgres(stations, url),
  });
}
const influxRun: { name: TargetName; start: Starter } | undefined =
  'skip' in influx ? undefined : { name: 'influxdb', start: () => startInflux(influx.binary) };

const timedRuns = ROUNDS * emberwatchRuns.length * (influxRun ? 2 : 1);
process.stdout.write(
  `ingest side by side: ${STATIONS} stations × ${PROBES} probes (3 depths), packets of ${PROBES} readings, ` +
    `${CONCURRENCY} in flight; ${timedRuns} timed runs of ${WARMUP_PACKETS === undefined ? `${WARMUP} s` : `${WARMUP_PACKETS} packets' (at most ${WARMUP} s)`} warm-up + ` +
    `${PACKETS === undefined ? `${SECONDS} s` : `${PACKETS} packets (at most ${SECONDS} s)`} measured ` +
    `(${ROUNDS} round(s)), each on a fresh store, then the same ${(STORAGE_STATIONS * PROBES * STORAGE_POINTS).toLocaleString('en')} ` +
    `readings stored in each product\n`,
);

const runs: RunRecord[] = [];
const failures: { target: TargetName; round: number; error: string }[] = [];
async function runOne(name: TargetName, start: Starter, round: number): Promise<void> {
  if (interrupted) return;
  process.stdout.write(`round ${round} · ${name} …\n`);
  try {
    const record = await measure(() => start(STATIONS), round);
    runs.push(record);
    process.stdout.write(describe(record));
  } catch (err) {
    if (interrupted) return;
    const error = err instanceof Error ? err.message : String(err);
    failures.push({ target: name, round, error });
    console.error(`  failed: ${error}`);
  }
}

for (let round = 1; round <= ROUNDS && !interrupted; round++) {
  for (const run of emberwatchRuns) {
    await runOne(run.name, run.start, round);
    if (influxRun) await runOne(influxRun.name, influxRun.start, round);
  }
}

/**
 * Bytes per reading on the same data set for every product: the timed runs store as much as each
 * product managed to take, and InfluxDB's bytes per reading fall as its series grow, so comparing
 * their stores would favour the faster one. Here each product stores exactly the same readings —
 * `STORAGE_STATIONS` stations × PROBES probes × STORAGE_POINTS times 10 minutes apart (1008: a week).
 */
interface StorageRecord {
  target: TargetName;
  readings: number;
  complete: boolean;
  readingsPerSeries: number;
  bytesOnDisk: number;
  emptyStoreBytes: number;
  bytesPerReading: number;
  readingsTableBytesPerReading: number | undefined;
  settleSeconds: number;
  settled: boolean;
  loadAverageBefore: [number, number, number];
  loadAverageAfter: [number, number, number];
}
// The storage step's week of readings 10 minutes apart is always 90 days back (it would not fit in --live's hours).
const storageShape: LoadShape = { ...backlogShape, stations: STORAGE_STATIONS };
const storageTotal = STORAGE_STATIONS * PROBES * STORAGE_POINTS;
const storage: StorageRecord[] = [];
async function storeSameReadings(name: TargetName, start: Starter): Promise<void> {
  if (interrupted) return;
  process.stdout.write(`storage · ${name}: ${storageTotal.toLocaleString('en')} readings …\n`);
  const loadAverageBefore = loadAverage();
  let target: Target | undefined;
  const close = async () => {
    await target?.close();
  };
  cleanups.add(close);
  try {
    target = await start(STORAGE_STATIONS);
    const live = target;
    const result = await closedLoop({
      concurrency: CONCURRENCY,
      seconds: STORAGE_MAX_SECONDS,
      nextIndex: { value: 0 },
      maxIndex: STORAGE_STATIONS * STORAGE_POINTS,
      send: (index) => {
        const { station, ts } = packetAt(storageShape, index);
        return live.send(station, ts, probeReadings(storageShape, station, ts));
      },
      alive: () => live.alive(),
    });
    const settled = await live.settle(SETTLE_SECONDS);
    const record: StorageRecord = {
      target: name,
      readings: settled.storedReadings,
      complete: result.errors === 0 && settled.storedReadings === storageTotal,
      ...diskFigures(settled, live.emptyBytes, STORAGE_STATIONS),
      loadAverageBefore,
      loadAverageAfter: loadAverage(),
    };
    storage.push(record);
    const table =
      record.readingsTableBytesPerReading === undefined
        ? ''
        : ` (readings table ${record.readingsTableBytesPerReading})`;
    process.stdout.write(
      `  ${record.bytesPerReading} B/reading${table}, ${record.readings.toLocaleString('en')} stored` +
        `${record.complete ? '' : ` — INCOMPLETE: ${result.firstError ?? 'time ran out'}`}, settled in ${record.settleSeconds} s${record.settled ? '' : ' (not fully)'}\n`,
    );
  } catch (err) {
    if (interrupted) return;
    const error = err instanceof Error ? err.message : String(err);
    failures.push({ target: name, round: 0, error: `storage: ${error}` });
    console.error(`  failed: ${error}`);
  } finally {
    await close();
    cleanups.delete(close);
  }
}
if (STORAGE_POINTS > 0) {
  for (const run of [...emberwatchRuns, ...(influxRun ? [influxRun] : [])])
    await storeSameReadings(run.name, run.start);
}

/** Per round that ran both stores: PostgreSQL's rate and CPU per reading (with its backends) over SQLite's. */
interface PairedRatio {
  round: number;
  rate: number;
  cpuWithDatabase: number;
  /** With --windows: the CPU ratio of each part of the window, SQLite's and PostgreSQL's parts in order. */
  cpuWithDatabaseByWindow?: number[];
}
function pairedRatios(all: readonly RunRecord[]): PairedRatio[] {
  const out: PairedRatio[] = [];
  for (const sqliteRun of all.filter((r) => r.target === 'emberwatch-sqlite')) {
    const pgRun = all.find((r) => r.target === 'emberwatch-postgres' && r.round === sqliteRun.round);
    if (!pgRun || pgRun.cpuMsPer1000ReadingsWithDatabase === undefined) continue;
    out.push({
      round: sqliteRun.round,
      rate: round2(pgRun.readingsPerSecond / sqliteRun.readingsPerSecond),
      cpuWithDatabase: round2(pgRun.cpuMsPer1000ReadingsWithDatabase / sqliteRun.cpuMsPer1000Readings),
      ...(sqliteRun.windows && pgRun.windows
        ? {
            cpuWithDatabaseByWindow: pgRun.windows.map((w, i) =>
              round2(
                (w.cpuMsPer1000ReadingsWithDatabase ?? NaN) /
                  (sqliteRun.windows?.[i]?.cpuMsPer1000Readings ?? NaN),
              ),
            ),
          }
        : {}),
    });
  }
  return out;
}

// Medians over the rounds, and Emberwatch ÷ InfluxDB.
type Medians = {
  runs: number;
  readingsPerSecond: number;
  cpuMsPer1000Readings: number;
  cpuMsPer1000ReadingsWithDatabase: number | undefined;
  latencyMsP50: number;
  latencyMsP95: number;
  latencyMsP99: number;
  bytesPerReading: number;
  readingsTableBytesPerReading: number | undefined;
};
const medians: Partial<Record<TargetName, Medians>> = {};
for (const name of ['emberwatch-sqlite', 'emberwatch-postgres', 'influxdb'] as const) {
  const mine = runs.filter((r) => r.target === name);
  if (mine.length === 0) continue;
  const m = (pick: (r: RunRecord) => number) => median(mine.map(pick));
  const optional = (pick: (r: RunRecord) => number | undefined) => {
    const values = mine.map(pick).filter((v): v is number => v !== undefined);
    return values.length > 0 ? round2(median(values)) : undefined;
  };
  medians[name] = {
    runs: mine.length,
    readingsPerSecond: Math.round(m((r) => r.readingsPerSecond)),
    cpuMsPer1000Readings: round2(m((r) => r.cpuMsPer1000Readings)),
    cpuMsPer1000ReadingsWithDatabase: optional((r) => r.cpuMsPer1000ReadingsWithDatabase),
    latencyMsP50: round1(m((r) => r.latencyMs.p50)),
    latencyMsP95: round1(m((r) => r.latencyMs.p95)),
    latencyMsP99: round1(m((r) => r.latencyMs.p99)),
    bytesPerReading: round1(m((r) => r.bytesPerReading)),
    readingsTableBytesPerReading: optional((r) => r.readingsTableBytesPerReading),
  };
}

// Bytes per reading from the same data set when it was stored; otherwise from the timed runs' stores.
const storageOf = (name: TargetName) => storage.find((r) => r.target === name && r.complete);
const ratios: Record<
  string,
  {
    cpuPer1000: number;
    cpuPer1000WithDatabase?: number;
    rate: number;
    bytesPerReading: number;
    bytesFrom: 'same data set' | 'timed runs';
  }
> = {};
const base = medians.influxdb;
if (base) {
  for (const name of ['emberwatch-sqlite', 'emberwatch-postgres'] as const) {
    const e = medians[name];
    if (!e) continue;
    const sameE = storageOf(name);
    const sameI = storageOf('influxdb');
    ratios[name] = {
      cpuPer1000: round2(e.cpuMsPer1000Readings / base.cpuMsPer1000Readings),
      ...(e.cpuMsPer1000ReadingsWithDatabase === undefined
        ? {}
        : { cpuPer1000WithDatabase: round2(e.cpuMsPer1000ReadingsWithDatabase / base.cpuMsPer1000Readings) }),
      rate: round2(e.readingsPerSecond / base.readingsPerSecond),
      ...(sameE && sameI
        ? {
            bytesPerReading: round2(sameE.bytesPerReading / sameI.bytesPerReading),
            bytesFrom: 'same data set',
          }
        : { bytesPerReading: round2(e.bytesPerReading / base.bytesPerReading), bytesFrom: 'timed runs' }),
    };
  }
}

process.stdout.write(`\nmedians of ${ROUNDS} round(s):\n`);
for (const [name, m] of Object.entries(medians)) {
  const db =
    m.cpuMsPer1000ReadingsWithDatabase === undefined
      ? ''
      : ` (${m.cpuMsPer1000ReadingsWithDatabase} with PostgreSQL)`;
  process.stdout.write(
    `  ${name.padEnd(20)} ${m.readingsPerSecond.toLocaleString('en').padStart(8)} readings/s  ` +
      `${m.cpuMsPer1000Readings} ms CPU / 1,000 readings${db}  p50/p95/p99 ${m.latencyMsP50}/${m.latencyMsP95}/${m.latencyMsP99} ms  ` +
      `${m.bytesPerReading} B/reading  (${m.runs} run(s))\n`,
  );
}
if (storage.length > 0) {
  process.stdout.write(`the same ${storageTotal.toLocaleString('en')} readings stored:\n`);
  for (const r of storage) {
    process.stdout.write(
      `  ${r.target.padEnd(20)} ${r.bytesPerReading} B/reading${r.complete ? '' : ' (incomplete)'}\n`,
    );
  }
}
if (Object.keys(ratios).length > 0) {
  process.stdout.write('Emberwatch ÷ InfluxDB:\n');
  for (const [name, r] of Object.entries(ratios)) {
    const db =
      r.cpuPer1000WithDatabase === undefined ? '' : ` (${r.cpuPer1000WithDatabase}× with PostgreSQL's CPU)`;
    process.stdout.write(
      `  ${name.padEnd(20)} CPU per reading ${r.cpuPer1000}×${db}, rate ${r.rate}×, bytes per reading ${r.bytesPerReading}× (${r.bytesFrom})\n`,
    );
  }
}
// PostgreSQL ÷ SQLite round by round (issue 9 item 3): each round runs both side by side, so the ratio of a
// round is the figure a noisy machine disturbs least; its median is the one to carry.
const pairs = pairedRatios(runs);
if (pairs.length > 0) {
  process.stdout.write(
    `PostgreSQL ÷ SQLite, round by round: rate ${pairs.map((p) => p.rate).join(', ')} (median ${round2(
      median(pairs.map((p) => p.rate)),
    )}); CPU per reading with PostgreSQL's backends ${pairs.map((p) => p.cpuWithDatabase).join(', ')} (median ${round2(
      median(pairs.map((p) => p.cpuWithDatabase)),
    )})\n`,
  );
}
for (const p of pairs)
  if (p.cpuWithDatabaseByWindow)
    process.stdout.write(`  round ${p.round} by window: ${p.cpuWithDatabaseByWindow.join(', ')}\n`);
for (const [what, why] of Object.entries(skipped)) process.stdout.write(`skipped ${what}: ${why}\n`);

const smoke = SECONDS < 15 || ROUNDS < 3;
const resultsFile = resolve(root, args.results);
mkdirSync(dirname(resultsFile), { recursive: true });
writeFileSync(
  resultsFile,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      kind: smoke ? 'smoke' : 'full',
      commit: gitCommit(),
      machine: {
        cores: cpus().length,
        cpu: cpus()[0]?.model,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        sqlite: sqliteVersion,
        postgres: postgresVersion,
        influxdb: 'skip' in influx ? undefined : influxdVersion(influx.binary),
      },
      options: {
        seconds: SECONDS,
        warmupSeconds: WARMUP,
        warmupPackets: WARMUP_PACKETS,
        packets: PACKETS,
        windows: WINDOWS,
        rounds: ROUNDS,
        stations: STATIONS,
        probes: PROBES,
        depths: 3,
        readingsPerPacket: PROBES,
        concurrency: CONCURRENCY,
        stepSeconds: shape.stepSeconds,
        readingTimes: args.live ? 'live (the last 6 hours)' : '90 days back',
        settleSecondsMax: SETTLE_SECONDS,
        storageStations: STORAGE_STATIONS,
        storagePointsPerProbe: STORAGE_POINTS,
      },
      medians,
      storage,
      ratios,
      postgresOverSqlite: pairs,
      skipped,
      failures,
      runs,
    },
    null,
    2,
  ) + '\n',
);
process.exit(interrupted ? 130 : failures.length > 0 ? 1 : 0);
