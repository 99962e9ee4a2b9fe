/**
 * Hay-quality benchmark (issue 10 item 6): GET /client/getQuality of one storage of 200 hay probes
 * holding a year of hourly readings, through the built server in its own process, on SQLite and on
 * PostgreSQL. The readings are written straight into a fresh store (1.75 million rows; the ingest
 * path has its own benchmark), then the quality roll-up job folds them in (timed: its catch-up
 * rate), then the server answers the year, the default 30 days and the overview, one request at a
 * time on a keep-alive connection, in rounds; the report gives each figure's median over the rounds
 * and the machine's load average around each round.
 *
 *   npx tsx bench/quality/run.ts [--stores sqlite,postgres] [--rounds 5] [--requests 100] [--probes 200]
 *
 * Results go to stdout and bench/results/quality.json. Target: a year of 200 probes ≤ 100 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore, type Store } from '../../apps/server/src/db/createDatabase.js';
import { QualityRollup } from '../../apps/server/src/features/quality/qualityRollup.js';
import { QualityRollupRepository } from '../../apps/server/src/features/quality/qualityRollup.repository.js';
import { ReadingHistory } from '../../apps/server/src/features/readings/readingHistory.js';
import { readingRowsFor } from '../support/readingRows.js';
import {
  BENCH_USERNAME,
  keepAliveClient,
  latencySummary,
  login,
  prepareStore,
  randomPort,
  startServer,
  stationId,
  stopServer,
  writeResults,
} from '../support/benchServer.js';
import { insertHayProbes } from '../support/insertHayProbes.js';
import { processCpuMs } from '../support/procStats.js';
import { databaseUrlOption } from '../support/databaseUrlOption.js';

// The server's packing job would move the seeded year into packed days while the calls are measured,
// adding its CPU to theirs (quality reads its own roll-ups, not the readings): keep it away.
process.env.READINGS_PACK_AFTER_DAYS ??= '3650';

const { values: args } = parseArgs({
  options: {
    stores: { type: 'string', default: 'sqlite,postgres' },
    rounds: { type: 'string', default: '5' },
    requests: { type: 'string', default: '100' },
    probes: { type: 'string', default: '200' },
    days: { type: 'string', default: '365' },
    'database-url': databaseUrlOption('test'),
  },
});
const ROUNDS = Number(args.rounds);
const REQUESTS = Number(args.requests);
const PROBES = Number(args.probes);
const DAYS = Number(args.days);
const DAY = 86_400;
const TARGET_MS = 100;

const probeId = (i: number) => `H${String(900_000 + i)}`;

/**
 * A probe's hour: a seasonal 15–25 °C, a daily swing, and per probe one heating episode of a few
 * weeks up to 40–68 °C (so about a fifth of the hours are above 30 °C), three depths and the handle.
 */
function tempAt(probe: number, hourIndex: number): number[] {
  const season = 200 + Math.round(50 * Math.sin((2 * Math.PI * hourIndex) / (365 * 24)));
  const daily = Math.round(20 * Math.sin((2 * Math.PI * hourIndex) / 24));
  const start = ((probe * 97) % 300) * 24;
  const length = (14 + (probe % 40)) * 24;
  const peak = 400 + ((probe * 37) % 280);
  const k = hourIndex - start;
  const heat = k >= 0 && k < length ? Math.round((peak - 200) * Math.sin((Math.PI * k) / length)) : 0;
  const core = season + heat;
  return [season + daily, core - 30, core, core - 15];
}

async function seed(store: Store, now: number): Promise<number> {
  const db = store.db;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', BENCH_USERNAME)
    .executeTakeFirstOrThrow();
  // A valid paid service: hay quality is for users with one (spec doc 3 §6).
  await db
    .updateTable('users')
    .set({ service_json: JSON.stringify({ plan: 2, trial: 0, period: 36, expDate: now + 365 * DAY }) })
    .where('id', '=', user.id)
    .execute();
  const bs = stationId(0);
  const ids = Array.from({ length: PROBES }, (_, i) => probeId(i));
  await insertHayProbes(db, bs, ids, now);
  // Ten stacks of 20 probes; the quality call reads only which probes a storage lists.
  const stacks = Array.from({ length: 10 }, (_, s) => ({
    sensors: ids
      .slice(s * 20, s * 20 + 20)
      .map((id, j) => ({ id, row: Math.floor(j / 6), column: j % 6, floor: 0 })),
  }));
  const storage = await db
    .insertInto('storages')
    .values({
      owner_user_id: user.id,
      bs_id: bs,
      name: 'Bench barn',
      type: 'Round bales',
      capacity: null,
      layout_type: 3,
      sensor_layout: null,
      stacks: JSON.stringify(stacks),
      monitor_id: null,
      layout_prefs: null,
      alert_messaging: null,
      quality_period: null,
      created_ts: now,
      updated_ts: now,
      updated_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('storage_probes')
    .values(ids.map((sensor_id) => ({ storage_id: storage.id, owner_user_id: user.id, sensor_id })))
    .execute();

  const end = Math.floor(now / 3_600) * 3_600 - 3_600;
  const hours = DAYS * 24;
  let batch: object[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await db
      .insertInto('readings')
      .values(readingRowsFor(store.engine, rows as { meas_ts: number }[]) as never)
      .execute();
  };
  for (let p = 0; p < PROBES; p++) {
    let last: { meas_ts: number; temps: number[] } | undefined;
    for (let h = 0; h < hours; h++) {
      const ts = end - (hours - 1 - h) * 3_600;
      const temps = tempAt(p, h);
      batch.push({
        sensor_id: ids[p],
        meas_ts: ts,
        bs_id: bs,
        received_ts: ts,
        temperature: temps[1],
        temps: JSON.stringify(temps),
        sensor_rssi: -70,
        bs_rssi: -75,
        batt: 360,
      });
      last = { meas_ts: ts, temps };
      if (batch.length >= 1_000) await flush();
    }
    await flush();
    await db
      .insertInto('probe_latest')
      .values({
        sensor_id: ids[p] as string,
        bs_id: bs,
        meas_ts: last!.meas_ts,
        temperature: last!.temps[1] as number,
        temps: JSON.stringify(last!.temps),
        sensor_rssi: -70,
        bs_rssi: -75,
        batt: 360,
      })
      .execute();
    if ((p + 1) % 50 === 0) process.stdout.write(`  seeded ${p + 1}/${PROBES} probes\n`);
  }
  return storage.id;
}

interface CaseResult {
  name: string;
  bytes: number;
  /** Median over the rounds of each round's p50 and p95. */
  latencyMsP50: number;
  latencyMsP95: number;
  /** Median over the rounds of the server process's CPU ms per request (/proc/<pid>/stat). */
  serverCpuMsPerRequest: number;
  rounds: {
    p50: number;
    p95: number;
    max: number;
    serverCpuMsPerRequest: number;
    loadBefore: number;
    loadAfter: number;
  }[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

async function runStore(engine: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-quality-'));
  const schema = `bq_${randomBytes(5).toString('hex')}`;
  const baseUrl = args['database-url'];
  const admin = engine === 'postgres' ? new pg.Client({ connectionString: baseUrl }) : undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    let serverUrl: string | undefined;
    if (admin) {
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await prepareStore({ dataDir, databaseUrl: baseUrl, pgSchema: schema, stations: 1, login: true });
      const u = new URL(baseUrl);
      u.searchParams.set('options', `-c search_path=${schema}`);
      serverUrl = u.toString();
    } else await prepareStore({ dataDir, stations: 1, login: true });

    const store = openStore({
      databaseUrl: admin ? baseUrl : undefined,
      sqlitePath: join(dataDir, 'emberwatch.db'),
      ...(admin ? { pgSchema: schema } : {}),
    });
    const now = Math.floor(Date.now() / 1000);
    process.stdout.write(`${engine}: writing ${DAYS} days of hourly readings for ${PROBES} probes …\n`);
    const t0 = performance.now();
    const storageId = await seed(store, now);
    const seedS = (performance.now() - t0) / 1000;
    const readings = PROBES * DAYS * 24;

    // The roll-up job's catch-up over the whole history, as a fresh server would run it.
    const rollup = new QualityRollup(
      new QualityRollupRepository(store.db, new ReadingHistory(store.db, store.engine), store.engine),
      () => now,
      60_000,
    );
    const t1 = performance.now();
    await rollup.catchUp();
    const rollupS = (performance.now() - t1) / 1000;
    await store.close();
    process.stdout.write(
      `  seeded in ${seedS.toFixed(0)} s; roll-up caught up in ${rollupS.toFixed(1)} s (${Math.round(readings / rollupS)} readings/s)\n`,
    );

    const port = randomPort();
    server = await startServer(dataDir, serverUrl, port);
    const token = await login(port);
    const client = keepAliveClient(port, token, 1);
    const cases: CaseResult[] = [];
    for (const [name, path] of [
      [`a year, ${PROBES} probes`, `/client/getQuality?itemID=${storageId}&from=${now - 365 * DAY}`],
      [
        `a set year ending yesterday, ${PROBES} probes`,
        `/client/getQuality?itemID=${storageId}&from=${now - 366 * DAY}&to=${now - DAY}`,
      ],
      [`the default 30 days, ${PROBES} probes`, `/client/getQuality?itemID=${storageId}`],
      ['the overview (/quality)', '/client/getQualityOverview'],
    ] as const) {
      for (let i = 0; i < 20; i++) await client.get(path); // warm-up
      const first = await client.get(path);
      if (first.status !== 200) throw new Error(`${name}: ${first.status} ${first.body}`);
      const rounds: CaseResult['rounds'] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const loadBefore = loadavg()[0] as number;
        const cpuBefore = processCpuMs(server.pid as number) as number;
        const lat: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const res = await client.get(path);
          if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
          lat.push(res.ms);
        }
        const l = latencySummary(lat);
        const cpuMs = (processCpuMs(server.pid as number) as number) - cpuBefore;
        rounds.push({
          p50: l.p50,
          p95: l.p95,
          max: l.max,
          serverCpuMsPerRequest: Math.round((cpuMs / REQUESTS) * 100) / 100,
          loadBefore,
          loadAfter: loadavg()[0] as number,
        });
      }
      const c: CaseResult = {
        name,
        bytes: first.bytes,
        latencyMsP50: median(rounds.map((x) => x.p50)),
        latencyMsP95: median(rounds.map((x) => x.p95)),
        serverCpuMsPerRequest: median(rounds.map((x) => x.serverCpuMsPerRequest)),
        rounds,
      };
      cases.push(c);
      process.stdout.write(
        `  ${name}: ${(c.bytes / 1024).toFixed(1)} kB, median p50 ${c.latencyMsP50} ms, median p95 ${c.latencyMsP95} ms, server CPU ${c.serverCpuMsPerRequest} ms per request (load ${rounds.map((x) => x.loadBefore.toFixed(1)).join('/')})\n`,
      );
    }
    client.close();
    return {
      engine,
      readings,
      seedSeconds: Math.round(seedS),
      rollupSeconds: Math.round(rollupS * 10) / 10,
      cases,
    };
  } finally {
    if (server) await stopServer(server);
    if (admin) {
      await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const engine of args.stores.split(',') as ('sqlite' | 'postgres')[])
  results.push(await runStore(engine));
writeResults('quality', {
  date: new Date().toISOString(),
  probes: PROBES,
  days: DAYS,
  rounds: ROUNDS,
  requestsPerRound: REQUESTS,
  targetMs: TARGET_MS,
  results,
});
