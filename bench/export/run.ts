/**
 * Export benchmark (issue 10 item 7): the spreadsheet export of a month of a 200-probe storage,
 * hourly readings of three depths (144,000 readings; 24 a day is the most a probe can be set to, so
 * this is the heaviest month), from the store to the finished .xlsx bytes. In one process: the
 * server's ExportService with the real access rules over a fresh SQLite store (the readings written
 * straight in), each answer serialised and parsed as JSON as it would cross the wire, and the web
 * app's own runExport (calls of 20 probes, the sheets, the app's .xlsx writer — writeXlsx, decision
 * 0041 — zipping the workbook). What it leaves out: the network and HTTP framing, and that the
 * browser's JavaScript engine and its garbage collector run it instead of Node's.
 *
 *   npx tsx bench/export/run.ts [--rounds 5] [--probes 200] [--days 30] [--per-day 24] [--results export]
 *
 * The first round of the run also loads the writer (in the browser: its chunk, once per page load);
 * it is reported with the others, and the median is over all rounds.
 *
 * Results go to stdout and bench/results/export.json. Target: ≤ 2 s for a month of 200 probes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ExportDataResponse } from '@emberwatch/shared/contracts/export';
import { openStore } from '../../apps/server/src/db/createDatabase.js';
import { ExportRepository } from '../../apps/server/src/features/export/export.repository.js';
import { ExportService } from '../../apps/server/src/features/export/export.service.js';
import { ReadingHistory } from '../../apps/server/src/features/readings/readingHistory.js';
import { AccessRepository, AccessService } from '../../apps/server/src/http/access/index.js';
import { runExport, type ExportJob } from '../../apps/web/src/features/export/runExport.js';
import { BENCH_USERNAME, prepareStore, stationId, writeResults } from '../support/benchServer.js';
import { median } from '../support/procStats.js';
import { insertHayProbes } from '../support/insertHayProbes.js';
import { readingRowsFor } from '../support/readingRows.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    probes: { type: 'string', default: '200' },
    days: { type: 'string', default: '30' },
    'per-day': { type: 'string', default: '24' },
    results: { type: 'string', default: 'export' },
  },
});
const ROUNDS = Number(args.rounds);
const PROBES = Number(args.probes);
const DAYS = Number(args.days);
const PER_DAY = Number(args['per-day']);
const STEP_S = 86_400 / PER_DAY;
const TARGET_MS = 2_000;

const probeId = (i: number) => `H${String(800_000 + i)}`;

async function seed(dataDir: string) {
  await prepareStore({ dataDir, stations: 1 });
  const store = openStore({ sqlitePath: join(dataDir, 'emberwatch.db') });
  const db = store.db;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', BENCH_USERNAME)
    .executeTakeFirstOrThrow();
  const bs = stationId(0);
  const now = Math.floor(Date.now() / 1000);
  const ids = Array.from({ length: PROBES }, (_, i) => probeId(i));
  await insertHayProbes(db, bs, ids, now, (id) => `Probe ${id}`);
  const end = Math.floor(now / STEP_S) * STEP_S - STEP_S;
  const count = DAYS * PER_DAY;
  for (let p = 0; p < PROBES; p++) {
    const rows = [];
    for (let k = 0; k < count; k++) {
      const ts = end - (count - 1 - k) * STEP_S;
      const temps = [180 + ((p + k) % 40), 250 + ((p * 7 + k) % 90), 300 + ((p * 3 + k) % 150)];
      rows.push({
        sensor_id: ids[p] as string,
        meas_ts: ts,
        bs_id: bs,
        received_ts: ts,
        temperature: temps[1] as number,
        temps: JSON.stringify(temps),
        sensor_rssi: -70,
        bs_rssi: -75,
        batt: 360,
      });
    }
    for (let i = 0; i < rows.length; i += 1_000)
      await db
        .insertInto('readings')
        .values(readingRowsFor(store.engine, rows.slice(i, i + 1_000)))
        .execute();
  }
  return { store, userId: user.id, bs, ids, now, readings: PROBES * count };
}

const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-export-bench-'));
try {
  const t0 = performance.now();
  const { store, userId, bs, ids, now, readings } = await seed(dataDir);
  console.log(`seeded ${readings} readings of ${PROBES} probes in ${Math.round(performance.now() - t0)} ms`);
  const access = new AccessService(new AccessRepository(store.db));
  const service = new ExportService(
    new ExportRepository(new ReadingHistory(store.db, store.engine)),
    access,
    () => now,
  );
  const actor = await access.actorFor(userId);
  const day = (ts: number) => new Date(ts * 1000).toISOString().slice(0, 10);
  const job = (layout: ExportJob['layout']): ExportJob => ({
    storageName: 'Bench barn',
    probes: ids.map((id) => ({ id, name: `Probe ${id}` })),
    // The last DAYS days, today included (as the dialog's default period).
    period: { fromDay: day(now - (DAYS - 1) * 86_400), toDay: day(now) },
    layout,
    unit: 'C',
    dateFormat: 'd.M.yyyy',
    timeFormat: 'HH:mm',
    labels: {
      time: 'Time',
      probe: 'Probe',
      probeName: 'Name',
      depth: (n, u) => `Depth ${n} (°${u})`,
      allProbes: 'All probes',
    },
    nowS: now,
  });

  const cases: object[] = [];
  for (const layout of ['perProbe', 'oneSheet'] as const) {
    const rounds: {
      totalMs: number;
      cpuMsPer1000Rows: number;
      fetchMs: number;
      calls: number;
      rows: number;
      bytes: number;
      load: [number, number];
    }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const loadBefore = loadavg()[0] ?? 0;
      let fetchMs = 0;
      let calls = 0;
      let rows = 0;
      const start = performance.now();
      const cpu0 = process.cpuUsage();
      const file = await runExport(job(layout), async (q) => {
        const f0 = performance.now();
        const answer = await service.exportData(actor, {
          basestationID: bs,
          sensorIDs: q.sensorIDs,
          fromTS: q.fromTS,
          toTS: q.toTS,
        });
        // What the route writes and the browser reads.
        const parsed = JSON.parse(JSON.stringify(answer)) as ExportDataResponse;
        fetchMs += performance.now() - f0;
        calls++;
        rows += parsed.results.length;
        return parsed.results;
      });
      const totalMs = performance.now() - start;
      // CPU time of the whole export (one process: reads and workbook), per 1,000 rows written: the
      // figure a busy machine disturbs least, beside the wall time the target is stated in.
      const cpu = process.cpuUsage(cpu0);
      const cpuMsPer1000Rows = ((cpu.user + cpu.system) / 1000 / Math.max(rows, 1)) * 1000;
      rounds.push({
        totalMs: Math.round(totalMs),
        cpuMsPer1000Rows: Math.round(cpuMsPer1000Rows * 10) / 10,
        fetchMs: Math.round(fetchMs),
        calls,
        rows,
        bytes: file.data.byteLength,
        load: [loadBefore, loadavg()[0] ?? 0],
      });
      console.log(
        `${layout} round ${r + 1}: ${Math.round(totalMs)} ms, CPU ${cpuMsPer1000Rows.toFixed(1)} ms per 1,000 rows (reads ${Math.round(fetchMs)} ms in ${calls} calls, ${rows} rows, ${(file.data.byteLength / 1e6).toFixed(1)} MB), load ${loadBefore.toFixed(2)} → ${(loadavg()[0] ?? 0).toFixed(2)}`,
      );
    }
    const medianMs = median(rounds.map((x) => x.totalMs));
    cases.push({
      layout,
      medianMs,
      medianFetchMs: median(rounds.map((x) => x.fetchMs)),
      medianCpuMsPer1000Rows: median(rounds.map((x) => x.cpuMsPer1000Rows)),
      withinTarget: medianMs <= TARGET_MS,
      rounds,
    });
    console.log(
      `${layout}: median ${medianMs} ms (target ≤ ${TARGET_MS} ms), CPU ${median(rounds.map((x) => x.cpuMsPer1000Rows))} ms per 1,000 rows`,
    );
  }
  await store.close();
  writeResults(args.results, {
    date: new Date().toISOString(),
    probes: PROBES,
    days: DAYS,
    readingsPerDay: PER_DAY,
    readings,
    targetMs: TARGET_MS,
    cases,
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
