/**
 * What SQLite alone costs per reading in the ingest benchmark's load shape, by table layout
 * (docs/decisions/0027-ingest-hot-path.md): 5,000 probes, one new reading of each probe per round,
 * commits of 3,200 readings, WAL with synchronous=FULL as the server runs it. No HTTP, no server:
 * the store's own CPU time (user and system) per 1,000 readings, for
 *
 * - `clustered`: today's readings table, WITHOUT ROWID keyed by (probe, time), where a chart reads
 *   one contiguous range; every reading lands on its probe's last page, so a commit writes about one
 *   page to the WAL per reading;
 * - `arrival`: the same rows in arrival order (rowid table, no other index), where a commit writes
 *   only the pages its rows fill;
 * - `hourly`: WITHOUT ROWID keyed by (hour of the reading, probe, time): a commit's readings of one
 *   hour share a few pages, duplicates are still found by the key, and a probe's range is read by one
 *   seek per hour (`hour IN (…)`) — cheap while packing keeps only the last few days as rows.
 *
 * With `--step-seconds` the readings come closer together than the 10 minutes stations send by default
 * (`--step-seconds 30` is the ingest benchmark's `--live` spacing): the more readings a probe has in one
 * hour, the more of the hourly layout's pages each commit touches. Beside the CPU, the bytes the store
 * handed to write() per reading (/proc/self/io `wchar`: WAL frames and checkpoints), which a busy machine
 * does not move.
 *
 *   npx tsx bench/ingest-layout/run.ts [--rounds 60] [--warmup-rounds 20] [--step-seconds 600]
 *     [--layouts clustered,arrival,hourly]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { loadAverage } from '../support/procStats.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '40' },
    'warmup-rounds': { type: 'string', default: '20' },
    'step-seconds': { type: 'string', default: '600' },
    layouts: { type: 'string', default: 'clustered,arrival,hourly' },
  },
});
const ROUNDS = Number(args.rounds);
const WARMUP = Number(args['warmup-rounds']);
const PROBES = 5_000;
const PER_COMMIT = 3_200;
const STEP_S = Number(args['step-seconds']);
if (!Number.isInteger(STEP_S) || STEP_S < 1 || STEP_S > 3_600) {
  console.error('--step-seconds takes a whole number of seconds from 1 to 3600');
  process.exit(2);
}

const columns =
  'sensor_id text not null, meas_ts integer not null, bs_id text not null, received_ts integer not null, ' +
  'temperature integer not null, temps text not null, sensor_rssi integer, bs_rssi integer, batt integer';
const layouts = {
  clustered: `create table readings (${columns}, primary key (sensor_id, meas_ts)) without rowid`,
  arrival: `create table readings (id integer primary key, ${columns})`,
  hourly: `create table readings (hour integer not null, ${columns}, primary key (hour, sensor_id, meas_ts)) without rowid`,
} as const;

/** Bytes this process has passed to write() so far (Linux). */
function bytesWritten(): number {
  const line = readFileSync('/proc/self/io', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('wchar:'));
  return Number(line?.split(/\s+/)[1] ?? 0);
}

function measure(layout: keyof typeof layouts): { user: number; system: number; bytes: number } {
  const dir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-layout-'));
  const db = new Database(join(dir, 'layout.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('wal_autocheckpoint = 8000');
    db.exec(layouts[layout]);
    const insert = db.prepare(
      layout === 'hourly'
        ? 'insert into readings (hour, sensor_id, meas_ts, bs_id, received_ts, temperature, temps, sensor_rssi, bs_rssi, batt) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
        : 'insert into readings (sensor_id, meas_ts, bs_id, received_ts, temperature, temps, sensor_rssi, bs_rssi, batt) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const hourly = layout === 'hourly';
    const begin = db.prepare('begin');
    const commit = db.prepare('commit');
    const probes = Array.from({ length: PROBES }, (_, i) => `H${100_000 + ((i * 7_919) % 100_000)}`);
    let ts = 1_700_000_000;
    const rounds = (n: number) => {
      for (let r = 0; r < n; r++) {
        ts += STEP_S;
        for (let c = 0; c < PROBES; c += PER_COMMIT) {
          begin.run();
          for (let k = c; k < Math.min(PROBES, c + PER_COMMIT); k++) {
            const row = [probes[k], ts, 'B1000000', ts, 200 + (k % 50), '[200,210,220]', -70, -60, 300];
            if (hourly) insert.run(Math.floor(ts / 3600), ...row);
            else insert.run(...row);
          }
          commit.run();
        }
      }
    };
    rounds(WARMUP);
    const before = process.cpuUsage();
    const wroteBefore = bytesWritten();
    rounds(ROUNDS);
    const used = process.cpuUsage(before);
    const readings = ROUNDS * PROBES;
    return {
      user: used.user / readings,
      system: used.system / readings,
      bytes: (bytesWritten() - wroteBefore) / readings,
    };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const chosen = args.layouts.split(',').filter(Boolean);
for (const layout of chosen) {
  if (!(layout in layouts)) {
    console.error(`--layouts takes clustered, arrival and hourly, not ${layout}`);
    process.exit(2);
  }
}
console.log(
  `SQLite alone, ${PROBES} probes, a reading of each every ${STEP_S} s, ${PER_COMMIT} readings per commit, ${ROUNDS} rounds after ${WARMUP} (load ${loadAverage().join(' ')})`,
);
for (const layout of [...chosen, ...chosen] as (keyof typeof layouts)[]) {
  const { user, system, bytes } = measure(layout);
  console.log(
    `  ${layout.padEnd(10)} ${(user + system).toFixed(2)} ms CPU / 1,000 readings (user ${user.toFixed(2)}, system ${system.toFixed(2)}), ${Math.round(bytes)} B written / reading`,
  );
}
