/**
 * Public API measurements walk (issue 33 item 3, decision 0111): a year of one probe's hourly
 * readings (8,760 readings × its depths) on SQLite, packed as the server packs days older than
 * READINGS_PACK_AFTER_DAYS, then one paged walk through `GET /api/v1/getMeasurements` with an API key,
 * over HTTP against the built server (apps/server/dist/main.js, its own process), following
 * `next_cursor` until it is null; the client parses every page as JSON, as an integrator's would.
 *
 *   npx tsx bench/public-api/run.ts [--rounds 5] [--walks 5] [--limit 1000] [--depths 3] [--results public-api]
 *
 * Each round walks `--walks` times, each walk with a fresh key (the per-key rate limit never bites),
 * after walks that are not counted (the server's first calls compile its code paths). Reported per
 * round: readings served per second of wall time, the server process's CPU time per 1,000 readings
 * (the time its threads ran, from /proc/<pid>/task/<tid>/schedstat, in ns; /proc/<pid>/stat's 10 ms
 * ticks were a tenth of a walk's CPU, so one walk's figure moved by a tick's worth) and the 1-minute
 * load average before and after. The median of the rounds is the result.
 *
 * BENCH_SERVER_MAIN=<another tree>/apps/server/dist/main.js measures that build instead, on the same
 * seed and client: run it alternately with this tree's build to compare two versions side by side.
 *
 * BENCH_KEEP=1 leaves the seeded data folder in place (to read the store in-process afterwards).
 *
 * Results go to stdout and bench/results/public-api.json. Target: ≥ 100,000 readings/s on SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { GetMeasurementsResponse } from '@emberwatch/shared/contracts/publicApi';
import { openStore } from '../../apps/server/src/db/createDatabase.js';
import { QualityRollup } from '../../apps/server/src/features/quality/qualityRollup.js';
import { QualityRollupRepository } from '../../apps/server/src/features/quality/qualityRollup.repository.js';
import { ReadingHistory } from '../../apps/server/src/features/readings/readingHistory.js';
import { ReadingPacker } from '../../apps/server/src/features/readings/readingPacker.js';
import {
  BENCH_USERNAME,
  login,
  prepareStore,
  randomPort,
  startServer,
  stationId,
  stopServer,
  writeResults,
} from '../support/benchServer.js';
import {
  loadAverage,
  median,
  processCpuMs,
  processCpuMsFine,
  processUserSystemMs,
} from '../support/procStats.js';
import { storeProbeReadings } from '../support/readingRows.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    walks: { type: 'string', default: '5' },
    limit: { type: 'string', default: '1000' },
    depths: { type: 'string', default: '3' },
    results: { type: 'string', default: 'public-api' },
  },
});
const ROUNDS = Number(args.rounds);
const WALKS = Number(args.walks);
const LIMIT = Number(args.limit);
const DEPTHS = Number(args.depths);
const TARGET_PER_S = 100_000;
const HOUR_S = 3_600;
const READINGS = 365 * 24;
/** The server's default (config.ts READINGS_PACK_AFTER_DAYS): older days live packed, as in production. */
const PACK_AFTER_DAYS = 3;
const SENSOR = 'H900001';
/** How long the server's CPU is watched with no call before the rounds. */
const IDLE_MS = 3_000;

async function seed(dataDir: string) {
  await prepareStore({ dataDir, stations: 1, login: true });
  const store = openStore({ sqlitePath: join(dataDir, 'emberwatch.db') });
  const db = store.db;
  const now = Math.floor(Date.now() / 1000);
  const bs = stationId(0);
  await db
    .updateTable('users')
    .set({ api_plan_due_ts: now + 90 * 86_400 })
    .where('username', '=', BENCH_USERNAME)
    .execute();
  await db
    .insertInto('probes')
    .values({
      sensor_id: SENSOR,
      bs_id: bs,
      sensor_name: 'Bench probe',
      kind: 'H',
      depths: DEPTHS,
      disabled: 0,
      storage_location: null,
      col: null,
      real_bs: bs,
      created_ts: now - 400 * 86_400,
      corrections: null,
      measurement_interval: null,
      receiving_time: null,
    })
    .execute();
  const end = Math.floor(now / HOUR_S) * HOUR_S;
  const first = end - (READINGS - 1) * HOUR_S;
  const rows = Array.from({ length: READINGS }, (_, k) => {
    const ts = first + k * HOUR_S;
    const temps = Array.from({ length: DEPTHS }, (_, d) => 180 + d * 35 + ((k * 7 + d * 11) % 60));
    return {
      sensor_id: SENSOR,
      meas_ts: ts,
      bs_id: bs,
      received_ts: ts + 4,
      temperature: Math.max(...temps),
      temps: JSON.stringify(temps),
      sensor_rssi: -70 - (k % 9),
      bs_rssi: -75,
      batt: 360 - Math.floor(k / 1_000),
    };
  });
  await storeProbeReadings(store, rows);
  const packed = await new ReadingPacker(db, store.engine, () => now, PACK_AFTER_DAYS, {
    info: () => undefined,
  }).run();
  // The quality roll-up job would fold the seeded year while the walks are measured (its first pass
  // 2 s after the start, then every 30 s), adding its CPU to theirs: fold it now, as the job would.
  await new QualityRollup(
    new QualityRollupRepository(db, new ReadingHistory(db, store.engine), store.engine),
    () => now,
    60_000,
  ).catchUp();
  await store.close();
  return { bs, from: first, to: end, packed };
}

/** One walk from the first page to the last; the readings counted from the parsed pages. */
async function walk(port: number, key: string, q: { bs: string; from: number; to: number }) {
  let cursor: string | null = null;
  let readings = 0;
  let pages = 0;
  let lastTs = -1;
  do {
    const url = new URL(`http://127.0.0.1:${port}/api/v1/getMeasurements`);
    url.search = new URLSearchParams({
      bs_id: q.bs,
      sensor_id: SENSOR,
      from: String(q.from),
      to: String(q.to),
      limit: String(LIMIT),
      ...(cursor !== null ? { cursor } : {}),
    }).toString();
    const res = await fetch(url, { headers: { 'x-api-key': key, accept: 'application/json' } });
    if (!res.ok) throw new Error(`getMeasurements: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as GetMeasurementsResponse;
    // A page starts after the last one: a repeat or a gap would be a wrong cursor, not a fast one.
    if (page.readings.length > 0 && page.readings[0]!.ts <= lastTs) throw new Error('pages overlap');
    lastTs = page.readings.at(-1)?.ts ?? lastTs;
    readings += page.readings.length;
    pages++;
    cursor = page.next_cursor;
  } while (cursor !== null);
  return { readings, pages };
}

const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-public-api-'));
try {
  const t0 = performance.now();
  const q = await seed(dataDir);
  console.log(
    `seeded ${READINGS} hourly readings of ${DEPTHS} depths (${q.packed.days} days packed) in ${Math.round(performance.now() - t0)} ms`,
  );
  const port = randomPort();
  const server = await startServer(dataDir, undefined, port);
  try {
    const token = await login(port);
    const newKey = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/generateKey?name=bench`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok) throw new Error(`generateKey: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { secret: string }).secret;
    };
    for (let w = 0; w < WALKS; w++) {
      const warm = await walk(port, await newKey(), q);
      if (warm.readings !== READINGS)
        throw new Error(`the walk served ${warm.readings} of ${READINGS} readings`);
    }
    const cpuMs = () => processCpuMsFine(server.pid!) ?? processCpuMs(server.pid!)!;
    // What the server spends with no call at all (its jobs' polling, the logs' flushes), per second:
    // counted in every round's CPU too, so shown beside it.
    const idle0 = cpuMs();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idleCpuMsPerS = Math.round(((cpuMs() - idle0) / IDLE_MS) * 1000 * 100) / 100;
    console.log(`idle server: ${idleCpuMsPerS} ms CPU per second`);
    const rounds: {
      readingsPerS: number;
      systemShare: number;
      serverCpuMsPer1000: number;
      wallMs: number;
      pages: number;
      readings: number;
      load1: [number, number];
    }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const keys: string[] = [];
      for (let w = 0; w < WALKS; w++) keys.push(await newKey());
      const loadBefore = loadAverage()[0];
      const cpu0 = cpuMs();
      const split0 = processUserSystemMs(server.pid!)!;
      const start = performance.now();
      let readings = 0;
      let pages = 0;
      for (const key of keys) {
        const one = await walk(port, key, q);
        readings += one.readings;
        pages += one.pages;
      }
      const wallMs = performance.now() - start;
      const serverCpuMs = cpuMs() - cpu0;
      const split1 = processUserSystemMs(server.pid!)!;
      // The kernel's share (the socket's sends, the store's reads), in 10 ms ticks: a rough split.
      const systemShare =
        Math.round(
          ((split1.system - split0.system) /
            Math.max(1, split1.user - split0.user + split1.system - split0.system)) *
            100,
        ) / 100;
      const round = {
        readingsPerS: Math.round(readings / (wallMs / 1000)),
        serverCpuMsPer1000: Math.round((serverCpuMs / readings) * 1000 * 100) / 100,
        systemShare,
        wallMs: Math.round(wallMs * 10) / 10,
        pages,
        readings,
        load1: [loadBefore, loadAverage()[0]] as [number, number],
      };
      rounds.push(round);
      console.log(
        `round ${r + 1}: ${WALKS} walks, ${readings} readings in ${pages} pages, ${round.wallMs} ms, ${round.readingsPerS} readings/s, server CPU ${round.serverCpuMsPer1000} ms per 1,000 readings (system ${Math.round(systemShare * 100)} %), load ${round.load1[0].toFixed(2)} → ${round.load1[1].toFixed(2)}`,
      );
    }
    const readingsPerS = median(rounds.map((x) => x.readingsPerS));
    const serverCpuMsPer1000 = median(rounds.map((x) => x.serverCpuMsPer1000));
    console.log(
      `median: ${readingsPerS} readings/s (target ≥ ${TARGET_PER_S}), server CPU ${serverCpuMsPer1000} ms per 1,000 readings`,
    );
    writeResults(args.results, {
      date: new Date().toISOString(),
      store: 'sqlite',
      transport: 'HTTP to the built server (keep-alive), JSON parsed by the client',
      readings: READINGS,
      depths: DEPTHS,
      pageLimit: LIMIT,
      walksPerRound: WALKS,
      server: process.env.BENCH_SERVER_MAIN ?? 'apps/server/dist/main.js',
      targetReadingsPerS: TARGET_PER_S,
      readingsPerS,
      serverCpuMsPer1000,
      idleCpuMsPerS,
      withinTarget: readingsPerS >= TARGET_PER_S,
      rounds,
    });
  } finally {
    await stopServer(server);
  }
} finally {
  if (!process.env.BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
}
