/**
 * Packed readings benchmark (issue 9 item 4, decision 0054): bytes per stored reading before and after
 * packing, the packing job's CPU per 1,000 readings, and a month of one probe's raw readings read back
 * (what the month chart and the data table ask of the store) from raw rows and from packed days — on
 * SQLite and PostgreSQL, in one process, the readings written straight into a fresh store.
 *
 *   npx tsx bench/packing/run.ts [--stores sqlite,postgres] [--probes 100] [--days 60] [--per-day 72] [--rounds 3]
 *     [--warm-up-days 60] [--cpu-profile <file.cpuprofile>] [--results <file.json>]
 *
 * The data: a probe every 20 minutes by default (the simulator's cadence; `--per-day 24` is hourly),
 * three depths wandering by a random walk with sensor noise, signal jittering by a few dB, battery
 * slowly falling, arrival a few seconds after measurement — seeded, so every run packs the same bytes.
 *
 * Bytes: SQLite's own page accounting (dbstat: the table's pages, b-tree overhead and free space in
 * them included); PostgreSQL's pg_total_relation_size (heap, TOAST and the primary key) summed over
 * the table's month partitions (decision 0135), after VACUUM.
 *
 * The job's CPU: the first `--warm-up-days` probe-days are packed first and not counted (the code's
 * first use: V8 compiling and optimising it, SQLite's and zlib's first calls — tsx compiles the
 * modules when they are imported, before any of this), then a full garbage collection, so the seed's
 * garbage is not collected inside the window, then the rest is packed and counted: process.cpuUsage of
 * this process (every thread: the job's JavaScript, zlib, garbage collection and, on SQLite, the whole
 * database — statements, commits and WAL checkpoints) and on PostgreSQL also its backends serving this
 * process (their CPU time in /proc, found by the connection's application_name). `--cpu-profile` writes
 * a V8 CPU profile of the counted window (the profiler costs CPU too: not for published figures).
 * Month reads: each round reads the month of every probe once; the median of the rounds' medians.
 *
 * Results go to stdout and bench/results/packing.json (or the file `--results` names). Target: ≤ 16 bytes per packed reading, a month
 * read no slower than from raw rows (ratio packed / raw ≤ 1.5) and ≤ 10 ms.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openStore, type Store } from '../../apps/server/src/db/createDatabase.js';
import { ReadingHistory } from '../../apps/server/src/features/readings/readingHistory.js';
import { ReadingPacker } from '../../apps/server/src/features/readings/readingPacker.js';
import { percentile, prepareStore, round1, stationId, writeResults } from '../support/benchServer.js';
import { collectGarbage } from '../support/collectGarbage.js';
import { insertHayProbes } from '../support/insertHayProbes.js';
import { loadAverage, median, processCpuMsFine } from '../support/procStats.js';
import { storeProbeReadings } from '../support/readingRows.js';
import { databaseUrlOption } from '../support/databaseUrlOption.js';

const { values: args } = parseArgs({
  options: {
    stores: { type: 'string', default: 'sqlite,postgres' },
    probes: { type: 'string', default: '100' },
    days: { type: 'string', default: '60' },
    'per-day': { type: 'string', default: '72' },
    rounds: { type: 'string', default: '3' },
    'warm-up-days': { type: 'string', default: '60' },
    'cpu-profile': { type: 'string' },
    /** Another file for the results (a comparison's runs), so the recorded bench/results/packing.json stays. */
    results: { type: 'string' },
    'database-url': databaseUrlOption('test'),
  },
});
const PROBES = Number(args.probes);
const DAYS = Number(args.days);
const PER_DAY = Number(args['per-day']);
const ROUNDS = Number(args.rounds);
const WARM_UP_DAYS = Number(args['warm-up-days']);
const STEP_S = 86_400 / PER_DAY;
const DAY_S = 86_400;

const probeId = (i: number) => `H${String(900_000 + i)}`;

/** A small seeded generator (LCG): every run writes the same readings. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

async function seed(store: Store, now: number): Promise<number> {
  const db = store.db;
  const bs = stationId(0);
  const ids = Array.from({ length: PROBES }, (_, i) => probeId(i));
  await insertHayProbes(db, bs, ids, now);
  const end = Math.floor(now / STEP_S) * STEP_S;
  const count = DAYS * PER_DAY;
  const rnd = random(42);
  for (let p = 0; p < PROBES; p++) {
    const walk = [200 + p, 300 + p, 250 + p];
    let batt = 370;
    const rows = [];
    for (let k = 0; k < count; k++) {
      const ts = end - (count - 1 - k) * STEP_S;
      for (let d = 0; d < 3; d++) walk[d]! += Math.round((rnd() - 0.5) * 4);
      const temps = walk.map((w) => w + Math.round((rnd() - 0.5) * 4));
      if (rnd() < 0.002) batt -= 1;
      rows.push({
        sensor_id: ids[p] as string,
        meas_ts: ts,
        bs_id: bs,
        received_ts: ts + 2 + Math.floor(rnd() * 8),
        temperature: temps[0] as number,
        temps: JSON.stringify(temps),
        sensor_rssi: -70 - Math.floor(rnd() * 6),
        bs_rssi: -60 - Math.floor(rnd() * 4),
        batt,
      });
    }
    await storeProbeReadings(store, rows);
  }
  return PROBES * count;
}

async function tableBytes(
  store: Store,
  table: 'readings' | 'readings_packed',
  admin: pg.Client | undefined,
  schema: string,
): Promise<number> {
  if (!admin) {
    const row = store
      .sqlite!.prepare(`select coalesce(sum(pgsize), 0) as b from dbstat where name = ?`)
      .get(table) as {
      b: number;
    };
    // WITHOUT ROWID tables keep their rows in the primary key's b-tree, named after the constraint.
    const pk = store
      .sqlite!.prepare(`select coalesce(sum(pgsize), 0) as b from dbstat where name like ?`)
      .get(`sqlite_autoindex_${table}_%`) as { b: number };
    return row.b + pk.b;
  }
  await admin.query(`vacuum analyze ${schema}.${table}`);
  // The table is partitioned by month (decision 0135): its own size is 0, its partitions hold the rows.
  const { rows } = await admin.query<{ b: string }>(
    `select coalesce(sum(pg_total_relation_size(relid)), 0) as b
     from pg_partition_tree('${schema}.${table}') where isleaf`,
  );
  return Number(rows[0]!.b);
}

/** CPU ms of this process and, on PostgreSQL, of its backends (application_name `schema`) so far. */
async function cpuNow(admin: pg.Client | undefined, schema: string) {
  const own = process.cpuUsage();
  const backends = new Map<number, number>();
  if (admin) {
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [schema],
    );
    for (const { pid } of rows) backends.set(pid, processCpuMsFine(pid) ?? 0);
  }
  return { ownMs: (own.user + own.system) / 1000, backends };
}

/** CPU ms spent between two `cpuNow`s: this process's, and its backends' (one that appeared counts from 0). */
function cpuSpent(a: Awaited<ReturnType<typeof cpuNow>>, b: Awaited<ReturnType<typeof cpuNow>>) {
  let backendMs = 0;
  for (const [pid, ms] of b.backends) backendMs += ms - (a.backends.get(pid) ?? 0);
  return { ownMs: b.ownMs - a.ownMs, backendMs };
}

/** Reads each probe's last 31 days once; per-read CPU milliseconds, sorted. */
async function monthReads(history: ReadingHistory, now: number): Promise<number[]> {
  const ms: number[] = [];
  for (let p = 0; p < PROBES; p++) {
    const before = process.cpuUsage();
    const rows = await history.range([probeId(p)], now - 31 * DAY_S, now);
    const used = process.cpuUsage(before);
    if (rows.length === 0) throw new Error('no readings read');
    ms.push((used.user + used.system) / 1000);
  }
  return ms.sort((a, b) => a - b);
}

async function runStore(engine: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-packing-'));
  const schema = `bp_${randomBytes(5).toString('hex')}`;
  const baseUrl = args['database-url'];
  const admin = engine === 'postgres' ? new pg.Client({ connectionString: baseUrl }) : undefined;
  try {
    if (admin) {
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await prepareStore({ dataDir, databaseUrl: baseUrl, pgSchema: schema, stations: 1 });
    } else await prepareStore({ dataDir, stations: 1 });
    // The store's connections carry the schema's name, so their backends can be found.
    const storeUrl = new URL(baseUrl);
    storeUrl.searchParams.set('application_name', schema);
    const store = openStore({
      databaseUrl: admin ? storeUrl.toString() : undefined,
      sqlitePath: join(dataDir, 'emberwatch.db'),
      ...(admin ? { pgSchema: schema } : {}),
    });
    const now = Math.floor(Date.now() / 1000);
    process.stdout.write(`${engine}: writing ${DAYS} days × ${PER_DAY} readings for ${PROBES} probes …\n`);
    const readings = await seed(store, now);
    const rawBytes = await tableBytes(store, 'readings', admin, schema);
    const history = new ReadingHistory(store.db, store.engine);

    const rawReads: number[][] = [];
    for (let r = 0; r < ROUNDS; r++) rawReads.push(await monthReads(history, now));

    const load = loadAverage();
    const quiet = { info: () => undefined };
    const packer = new ReadingPacker(store.db, store.engine, () => now, 3, quiet);
    const warmBefore = await cpuNow(admin, schema);
    const warm = await packer.run(WARM_UP_DAYS);
    const warmCpu = cpuSpent(warmBefore, await cpuNow(admin, schema));
    collectGarbage();
    const profiler = args['cpu-profile'] ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const before = await cpuNow(admin, schema);
    const t0 = performance.now();
    const packed = await packer.run();
    const packCpu = cpuSpent(before, await cpuNow(admin, schema));
    const packS = (performance.now() - t0) / 1000;
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(args['cpu-profile'] as string, JSON.stringify(profile));
      profiler.disconnect();
    }
    const packedBytes = await tableBytes(store, 'readings_packed', admin, schema);
    const leftRaw = await tableBytes(store, 'readings', admin, schema);

    const packedReads: number[][] = [];
    for (let r = 0; r < ROUNDS; r++) packedReads.push(await monthReads(history, now));
    await store.close();

    const med = (runs: number[][], q: number) => round1(median(runs.map((run) => percentile(run, q))));
    const per1000 = (ms: number, n: number) => round1(ms / (n / 1000));
    const rawP50 = med(rawReads, 0.5);
    const packedP50 = med(packedReads, 0.5);
    const result = {
      engine,
      probes: PROBES,
      days: DAYS,
      perDay: PER_DAY,
      readings,
      packedReadings: warm.readings + packed.readings,
      packedDays: warm.days + packed.days,
      bytesPerReadingRaw: round1(rawBytes / readings),
      bytesPerReadingPacked: round1(packedBytes / (warm.readings + packed.readings)),
      rawLeftBytes: leftRaw,
      warmUp: {
        days: warm.days,
        readings: warm.readings,
        cpuMsPer1000: per1000(warmCpu.ownMs + warmCpu.backendMs, warm.readings),
      },
      measuredDays: packed.days,
      measuredReadings: packed.readings,
      packCpuMsPer1000: per1000(packCpu.ownMs + packCpu.backendMs, packed.readings),
      packCpuMsPer1000Process: per1000(packCpu.ownMs, packed.readings),
      packCpuMsPer1000Backends: engine === 'postgres' ? per1000(packCpu.backendMs, packed.readings) : null,
      packCpuCounts:
        engine === 'sqlite'
          ? 'all work (SQLite runs in this process), after a warm-up not counted'
          : 'this process and its PostgreSQL backends, after a warm-up not counted',
      packSeconds: round1(packS),
      cpuProfile: args['cpu-profile'] ?? null,
      monthReadCpuMs: { rawP50, rawP95: med(rawReads, 0.95), packedP50, packedP95: med(packedReads, 0.95) },
      monthReadRatioPackedToRaw: round1(packedP50 / rawP50),
      rounds: ROUNDS,
      loadAverage: load,
    };
    process.stdout.write(
      `${engine}: ${result.bytesPerReadingRaw} B/reading raw → ${result.bytesPerReadingPacked} B/reading packed ` +
        `(${result.packedDays} probe-days, ${result.packedReadings.toLocaleString('en')} readings; ${result.packCpuMsPer1000} ms CPU per 1,000 packed` +
        (engine === 'postgres'
          ? ` = ${result.packCpuMsPer1000Process} this process + ${result.packCpuMsPer1000Backends} backends`
          : '') +
        ` over ${packed.days} probe-days after ${warm.days} warming up at ${result.warmUp.cpuMsPer1000}, ${result.packCpuCounts}); ` +
        `month read CPU p50 ${rawP50} ms raw, ${packedP50} ms packed (×${result.monthReadRatioPackedToRaw}); load ${load.join(' ')}\n`,
    );
    return result;
  } finally {
    if (admin) {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const engine of args.stores.split(',') as ('sqlite' | 'postgres')[])
  results.push(await runStore(engine));
const record = { date: new Date().toISOString(), results };
if (args.results) {
  mkdirSync(dirname(resolve(args.results)), { recursive: true });
  writeFileSync(args.results, JSON.stringify(record, null, 2) + '\n');
} else writeResults('packing', record);
