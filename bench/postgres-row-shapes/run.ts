/**
 * What a raw reading's row costs PostgreSQL, by the shape of the row (issue 34 item 6): the same readings
 * written by COPY, as the ingest writer sends them, into tables that differ in one thing each, and one
 * probe's 48 hours read back from the two shapes a redesign would choose between. The figure is the
 * backend's CPU time (/proc/<pid>/task/<tid>/schedstat, what a busy machine disturbs least), per 1,000
 * readings written or per read, median of the rounds; each round runs every shape once, in a rotated
 * order, and gives each shape's ratio to the row with its key (the shape `readings` has today).
 *
 *   npx tsx bench/postgres-row-shapes/run.ts [--rounds 5] [--probes 2000] [--times 100] [--reads 200]
 *     [--database-url postgres://postgres@127.0.0.1:5432/test] [--results FILE]
 *
 * Shapes written (each emptied and a checkpoint taken before its COPY):
 *   row-keyed     a row per reading keyed (hour, sensor_id, meas_ts), `hour` generated: as `readings`
 *   row-parent    the same through a parent partitioned by month (as `readings` is), its one partition
 *   row-unkeyed   a row per reading without the key
 *   row-bare      without the key and without the generated `hour`
 *   row-keyed-c   keyed, `sensor_id` in the `C` collation instead of the database's
 *   row-hour      keyed, `hour` a plain column the COPY names (the writer computes it) instead of generated
 *   row-number    keyed, the probe an integer (a number a table of probes would give it) instead of its id
 *   packet        a row per station packet (100 probes): scalars for the station and times, arrays for
 *                 the probes' ids and values, keyed (hour, bs_id, meas_ts)
 * Reads: a probe's 48 hours by the hours named (as readingHours.ts names them), from rows by their key,
 * and from its station's packets (`array_position` of the probe, its values taken at that index).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { copyStatement } from '../../apps/server/src/db/postgresClient.js';
import { openBackendSession } from '../support/backendSession.js';
import { loadAverage, median } from '../support/procStats.js';
import { positive } from '../support/positiveArg.js';
import { databaseUrlOption } from '../support/databaseUrlOption.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    probes: { type: 'string', default: '2000' },
    times: { type: 'string', default: '100' },
    reads: { type: 'string', default: '200' },
    'database-url': databaseUrlOption('test'),
    results: { type: 'string', default: 'bench/results/postgres-row-shapes.json' },
  },
});
const ROUNDS = Math.round(positive('rounds', args.rounds, 50));
const PROBES = Math.round(positive('probes', args.probes, 20_000) / 100) * 100 || 100;
const TIMES = Math.round(positive('times', args.times, 1_000));
const READS = Math.round(positive('reads', args.reads, 10_000));
/** The readings' first time: 2026-12-04, ten minutes apart, all in one month. */
const START_TS = 1_796_342_400;
const STEP_S = 600;
/** 48 hours at 10 minutes, for the reads. */
const READ_TIMES = 288;
const SCHEMA = `bench_row_shapes_${process.pid}`;

const ROW_COLUMNS = 'sensor_id, meas_ts, bs_id, received_ts, temperature, temps, sensor_rssi, bs_rssi, batt';
const PACKET_COLUMNS =
  'bs_id, meas_ts, received_ts, sensor_ids, temperature, temps, sensor_rssi, bs_rssi, batt';
const rowTable = (
  name: string,
  o: { key?: boolean; hour?: boolean | 'written'; collateC?: boolean; probeNumber?: boolean } = {},
) => `
  create table ${name} (
    sensor_id ${o.probeNumber ? 'integer' : 'text'} ${o.collateC ? 'collate "C" ' : ''}not null, meas_ts bigint not null, bs_id text not null,
    received_ts bigint not null, temperature integer not null, temps text not null,
    sensor_rssi integer, bs_rssi integer, batt integer
    ${o.hour === false ? '' : o.hour === 'written' ? ', hour integer not null' : ', hour integer generated always as ((meas_ts / 3600)::integer) stored'}
    ${o.key ? ', primary key (hour, sensor_id, meas_ts)' : ''})`;
const packetTable = (name: string) => `
  create table ${name} (
    bs_id text not null, meas_ts bigint not null, received_ts bigint not null, sensor_ids text[] not null,
    temperature integer[] not null, temps integer[] not null, sensor_rssi integer[], bs_rssi integer,
    batt integer[], hour integer generated always as ((meas_ts / 3600)::integer) stored,
    primary key (hour, bs_id, meas_ts))`;

/** Which of copyTexts' texts a shape's COPY sends, and the columns it names. */
type CopyForm = 'rows' | 'hourRows' | 'numberedRows' | 'packets';
const COPY_COLUMNS: Record<CopyForm, string> = {
  rows: ROW_COLUMNS,
  hourRows: `${ROW_COLUMNS}, hour`,
  numberedRows: ROW_COLUMNS,
  packets: PACKET_COLUMNS,
};

interface Shape {
  name: string;
  /** The table COPY writes into (the parent, for row-parent). */
  table: string;
  form: CopyForm;
}
const SHAPES: Shape[] = [
  { name: 'row-keyed', table: 'row_keyed', form: 'rows' },
  { name: 'row-parent', table: 'row_parent', form: 'rows' },
  { name: 'row-unkeyed', table: 'row_unkeyed', form: 'rows' },
  { name: 'row-bare', table: 'row_bare', form: 'rows' },
  { name: 'row-keyed-c', table: 'row_keyed_c', form: 'rows' },
  { name: 'row-hour', table: 'row_hour', form: 'hourRows' },
  { name: 'row-number', table: 'row_number', form: 'numberedRows' },
  { name: 'packet', table: 'packet', form: 'packets' },
];

/** A probe's values at a time: a daily-looking spread, three depths. */
const valuesOf = (p: number) => ({
  temperature: 200 + (p % 50),
  temps: [200 + (p % 50), 210 + (p % 40), 220 + (p % 30)],
  sensorRssi: -(60 + (p % 30)),
  batt: 3600 + (p % 100),
});
const sensorId = (p: number) => `H${100_000 + p}`;
const stationId = (s: number) => `BS${String(s).padStart(4, '0')}`;

/**
 * The readings in COPY's text format: as rows of the row shapes, the same with their hour last (the
 * row-hour shape), with the probe as a number rather than its text id (the row-number shape: a probe
 * numbered by a table of its own), and as rows of the packet shape.
 */
function copyTexts(times: number): Record<CopyForm, string> {
  const rows: string[] = [];
  const hourRows: string[] = [];
  const numberedRows: string[] = [];
  const packets: string[] = [];
  for (let t = 0; t < times; t++) {
    const ts = START_TS + t * STEP_S;
    for (let s = 0; s < PROBES / 100; s++) {
      const ids: string[] = [];
      const temperature: number[] = [];
      const temps: string[] = [];
      const rssi: number[] = [];
      const batt: number[] = [];
      for (let p = s * 100; p < (s + 1) * 100; p++) {
        const v = valuesOf(p);
        const rest = `${ts}\t${stationId(s)}\t${ts + 5}\t${v.temperature}\t[${v.temps.join(',')}]\t${v.sensorRssi}\t${-(70 + s)}\t${v.batt}`;
        const row = `${sensorId(p)}\t${rest}`;
        rows.push(`${row}\n`);
        numberedRows.push(`${100_000 + p}\t${rest}\n`);
        hourRows.push(`${row}\t${Math.floor(ts / 3600)}\n`);
        ids.push(sensorId(p));
        temperature.push(v.temperature);
        temps.push(`{${v.temps.join(',')}}`);
        rssi.push(v.sensorRssi);
        batt.push(v.batt);
      }
      packets.push(
        `${stationId(s)}\t${ts}\t${ts + 5}\t{${ids.join(',')}}\t{${temperature.join(',')}}\t{${temps.join(',')}}\t{${rssi.join(',')}}\t${-(70 + s)}\t{${batt.join(',')}}\n`,
      );
    }
  }
  return {
    rows: rows.join(''),
    hourRows: hourRows.join(''),
    numberedRows: numberedRows.join(''),
    packets: packets.join(''),
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

async function main() {
  const { query, cpuMs, end } = await openBackendSession(args['database-url']);
  const loadBefore = loadAverage();
  const written = copyTexts(TIMES);
  const forReads = copyTexts(READ_TIMES);
  const readings = PROBES * TIMES;
  try {
    await query(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}`);
    await query(`set search_path to ${SCHEMA}`);
    const lastTs = START_TS + Math.max(TIMES, READ_TIMES) * STEP_S;
    for (const sql of [
      rowTable('row_keyed', { key: true }),
      `${rowTable('row_parent', { key: true })} partition by range (meas_ts)`,
      `create table row_parent_month partition of row_parent for values from (${START_TS}) to (${lastTs})`,
      rowTable('row_unkeyed'),
      rowTable('row_bare', { hour: false }),
      rowTable('row_keyed_c', { key: true, collateC: true }),
      rowTable('row_hour', { key: true, hour: 'written' }),
      rowTable('row_number', { key: true, probeNumber: true }),
      packetTable('packet'),
      rowTable('read_rows', { key: true }),
      packetTable('read_packets'),
    ])
      await query(sql);

    // The reads' tables, written once: 48 hours of every probe in both shapes.
    await query(copyStatement(`copy read_rows (${ROW_COLUMNS}) from stdin`), [forReads.rows]);
    await query(copyStatement(`copy read_packets (${PACKET_COLUMNS}) from stdin`), [forReads.packets]);
    await query('vacuum analyze read_rows, read_packets');

    const hours = Array.from(
      { length: 48 },
      (_, i) => Math.floor(START_TS / 3600) + i + (START_TS % 3600 === 0 ? 0 : 1),
    );
    const probe = 50;
    const readFromRows = `select meas_ts, temperature, temps from read_rows
      where hour = any($1::int[]) and sensor_id = $2 order by hour, meas_ts`;
    const readFromPackets = `select meas_ts, temperature[i] as temperature, temps[i:i][1:3] as temps
      from read_packets, lateral (select array_position(sensor_ids, $2::text) as i) k
      where hour = any($1::int[]) and bs_id = $3 and i is not null order by hour, meas_ts`;
    const reads = [
      { name: 'read-rows', text: readFromRows, values: [hours, sensorId(probe)] },
      { name: 'read-packets', text: readFromPackets, values: [hours, sensorId(probe), stationId(0)] },
    ];
    for (const r of reads) {
      const got = (await query(r.text, r.values)).rowCount;
      if (got !== READ_TIMES) throw new Error(`${r.name} read ${got} readings, not ${READ_TIMES}`);
    }

    const writeMs: Record<string, number[]> = {};
    const writeRatio: Record<string, number[]> = {};
    const readMs: Record<string, number[]> = {};
    const readRatio: number[] = [];
    const loads: [number, number, number][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(loadAverage());
      const order = SHAPES.map((_, i) => SHAPES[(i + round) % SHAPES.length]!);
      const spent: Record<string, number> = {};
      for (const shape of order) {
        await query(`truncate ${shape.table}`);
        await query('checkpoint');
        const before = cpuMs();
        const result = await query(
          copyStatement(`copy ${shape.table} (${COPY_COLUMNS[shape.form]}) from stdin`),
          [written[shape.form]],
        );
        spent[shape.name] = ((cpuMs() - before) / readings) * 1000;
        const expected = shape.form === 'packets' ? readings / 100 : readings;
        if (result.rowCount !== expected)
          throw new Error(`${shape.name}: COPY wrote ${result.rowCount} rows, not ${expected}`);
      }
      for (const shape of SHAPES) {
        (writeMs[shape.name] ??= []).push(spent[shape.name]!);
        (writeRatio[shape.name] ??= []).push(spent[shape.name]! / spent['row-keyed']!);
      }
      const readSpent: Record<string, number> = {};
      for (const r of round % 2 === 0 ? reads : [...reads].reverse()) {
        const before = cpuMs();
        for (let i = 0; i < READS; i++) await query(r.text, r.values);
        readSpent[r.name] = (cpuMs() - before) / READS;
      }
      for (const r of reads) (readMs[r.name] ??= []).push(readSpent[r.name]!);
      readRatio.push(readSpent['read-packets']! / readSpent['read-rows']!);
      console.log(
        `round ${round + 1} (load ${loads[round]![0]}): ` +
          SHAPES.map((s) => `${s.name} ${round2(spent[s.name]!)}`).join(', ') +
          ` ms per 1,000 readings; reads ${round2(readSpent['read-rows']!)} / ${round2(readSpent['read-packets']!)} ms`,
      );
    }
    const sizes = (
      await query<{ t: string; bytes: string }>(
        `select t, pg_total_relation_size(t)::text as bytes from unnest(array['read_rows', 'read_packets']) t`,
      )
    ).rows;

    const summary = {
      date: new Date().toISOString(),
      kind: 'postgres-row-shapes',
      options: { rounds: ROUNDS, probes: PROBES, times: TIMES, reads: READS },
      postgres: ((await query('show server_version')).rows[0] as { server_version: string }).server_version,
      collation: (
        (await query('select datcollate from pg_database where datname = current_database()')).rows[0] as {
          datcollate: string;
        }
      ).datcollate,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAverage(),
      write: Object.fromEntries(
        SHAPES.map((s) => [
          s.name,
          {
            backendMsPer1000Readings: round2(median(writeMs[s.name]!)),
            ratioToRowKeyed: round2(median(writeRatio[s.name]!)),
            rounds: writeMs[s.name]!.map(round2),
          },
        ]),
      ),
      read: {
        backendMsPerRead: Object.fromEntries(reads.map((r) => [r.name, round2(median(readMs[r.name]!))])),
        packetsOverRows: round2(median(readRatio)),
        rounds: readRatio.map(round2),
        bytes: Object.fromEntries(sizes.map((s) => [s.t, Number(s.bytes)])),
      },
      loads,
    };
    console.log(
      `medians of ${ROUNDS} rounds (load ${loadBefore.join(', ')} → ${summary.loadAverageAfter.join(', ')}):`,
    );
    for (const s of SHAPES)
      console.log(
        `  ${s.name.padEnd(12)} ${summary.write[s.name]!.backendMsPer1000Readings} ms of backend CPU per 1,000 readings, ${summary.write[s.name]!.ratioToRowKeyed} of row-keyed`,
      );
    console.log(
      `  a probe's 48 hours: ${summary.read.backendMsPerRead['read-rows']} ms from rows, ${summary.read.backendMsPerRead['read-packets']} ms from packets (${summary.read.packetsOverRows} of rows); ` +
        `bytes ${summary.read.bytes.read_rows} as rows, ${summary.read.bytes.read_packets} as packets`,
    );
    writeFileSync(args.results, `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`wrote ${args.results}`);
  } finally {
    await query(`drop schema if exists ${SCHEMA} cascade`).catch(() => undefined);
    await end();
  }
}

await main();
