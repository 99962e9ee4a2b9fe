import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Transaction } from 'kysely';
import type { IngestReading } from '@emberwatch/shared/contracts/ingest';
import type { Database } from '../../db/schema.js';
import { copyField, copyStatement, namedStatement } from '../../db/postgresClient.js';
import { intArray, textArray } from './postgresArrays.js';
import {
  RepeatedReadings,
  type IngestWriter,
  type PacketLogRow,
  type PacketOrigin,
  type SettledRollups,
  type StationUpdate,
  type WrittenReadings,
} from './ingestWriter.js';
import { RollupPace, type RollupPaceOptions } from './rollupPace.js';
import { tempsJson } from './tempsJson.js';
import { RollupDeltas } from './rollupDeltas.js';

const nothing = (): void => undefined;

/** The most depths a reading carries (MAX_DEPTHS of the ingest contract; migration 0038's columns). */
const DEPTHS = 8;
const depthNames = (prefix: string) => Array.from({ length: DEPTHS }, (_, d) => `${prefix}${d + 1}`);

/**
 * The lock one merge of the journal holds at a time, across instances, as a true once held or a false
 * when busy. Advisory locks are the database's, the journal is the schema's: the key names the schema.
 */
const MERGE_KEY = '7312, hashtext(current_schema())';
const ROLLUP_LOCK = `(select true from pg_advisory_xact_lock(${MERGE_KEY}))`;
const ROLLUP_TRY_LOCK = `pg_try_advisory_xact_lock(${MERGE_KEY})`;

/**
 * Journal columns of a commit's readings: arrays of the readings' insert, and one per depth (the
 * depths' JSON text is made again from those, for the few readings that become a probe's latest).
 * `$n` are the parameters each statement's own list below names (`commitParameters`,
 * `journalParameters`).
 */
const JOURNAL_COLUMNS = 'sensor_ids, times, bs_ids, sensor_rssi, bs_rssi, batt, instance, seq, created_ms';
// The keys are kept as their arrays' text (migration 0079): the same parameters as the readings' arrays.
const journalValues = (p: readonly number[]) =>
  `$${p[0]}::text[]::text, $${p[1]}::bigint[]::text, $${p[2]}::text[], $${p[3]}::int[], $${p[4]}::int[], $${p[5]}::int[],
   $${p[6]}::text, $${p[7]}::bigint, $${p[8]}::bigint`;

/** Who writes a journal row (migration 0041): this instance, the commit's number, the time. */
export interface JournalOwner {
  instance: string;
  seq: number;
  createdMs: number;
}
const depthColumns = (k: number) => depthNames('d').slice(0, k).join(', ');
const depthValues = (k: number, first: number) =>
  Array.from({ length: k }, (_, d) => `$${first + d}::int[]`).join(', ');

/**
 * The one statement of a commit (k: the most depths among its readings): stores the readings and, when
 * every one was new, the same arrays as a journal row for the roll-ups. PostgreSQL parses each array
 * parameter once, however often the statement names it.
 */
function commitStatementOf(k: number): string {
  // $1 ids, $2 times, $3 stations, $4 station times, $5 JSON, $6 and $7 signal, $8 battery, $9 count,
  // $10–$12 the journal row's owner, $13… depths (commitParameters).
  return `
    with stored as (
      insert into readings (sensor_id, meas_ts, bs_id, received_ts, temperature, temps, sensor_rssi, bs_rssi, batt)
      select * from unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[], $13::int[], $5::text[],
        $6::int[], $7::int[], $8::int[])
      on conflict (hour, sensor_id, meas_ts) do nothing
      returning sensor_id, meas_ts),
    counted as (select count(*)::int as n from stored),
    journal as (
      insert into ingest_rollup_journal (${JOURNAL_COLUMNS}, ${depthColumns(k)})
      select ${journalValues([1, 2, 3, 6, 7, 8, 10, 11, 12])}, ${depthValues(k, 13)} from counted where n = $9::int)
    -- One row back instead of one per reading: the keys stored only when some were not.
    select n, case when n < $9::int then (select array_agg(sensor_id || '|' || meas_ts) from stored) end as keys
    from counted`;
}

const commitParameters = (a: ReadingArrays, o: JournalOwner): unknown[] => [
  a.ids,
  a.times,
  a.bsIds,
  a.received,
  a.temps,
  a.sensorRssi,
  a.bsRssi,
  a.batt,
  a.count,
  o.instance,
  o.seq,
  o.createdMs,
  ...a.depths,
];

/** A journal row of the readings given (those that were new when some were repeats). */
function journalStatementOf(k: number): string {
  // $1 ids, $2 times, $3 stations, $4 and $5 signal, $6 battery, $7–$9 owner, $10… depths
  // (journalParameters).
  return `insert into ingest_rollup_journal (${JOURNAL_COLUMNS}, ${depthColumns(k)})
    values (${journalValues([1, 2, 3, 4, 5, 6, 7, 8, 9])}, ${depthValues(k, 10)})`;
}

const journalParameters = (a: ReadingArrays, o: JournalOwner): (string | number)[] => [
  a.ids,
  a.times,
  a.bsIds,
  a.sensorRssi,
  a.bsRssi,
  a.batt,
  o.instance,
  o.seq,
  o.createdMs,
  ...a.depths,
];

/** Each statement above for k depths, made once and run as a named statement. */
function byDepths(of: (k: number) => string, register = namedStatement): (k: number) => string {
  const made: string[] = [];
  return (k) => (made[k] ??= register(of(k)));
}
const commitStatement = byDepths(commitStatementOf);
const journalStatement = byDepths(journalStatementOf);

/**
 * The common commit, every reading new (decisions 0065 and 0157): the readings by COPY, then their
 * journal row of keys (probes, times, and the oldest time) by COPY, in one query. The first fails as a
 * whole when one reading was stored before, and the second does not run then. A merge from the journal
 * reads the values from `readings`; the packing job leaves a probe's days raw while a row of keys may
 * name one of their readings (decision 0157).
 */
const copyKeysStatement = copyStatement(
  'copy readings (sensor_id, meas_ts, bs_id, received_ts, temperature, temps, sensor_rssi, bs_rssi, batt) from stdin;' +
    ' copy ingest_rollup_journal (sensor_ids, times, instance, seq, created_ms, oldest_ts) from stdin',
);
// Exported with readingArrays for bench/postgres-copy-text, which measures what making them costs.
export const journalKeysRow = (a: ReadingArrays, o: JournalOwner): string =>
  `${copyField(a.ids)}\t${a.times}\t${copyField(o.instance)}\t${o.seq}\t${o.createdMs}\t${a.oldest}\n`;

/**
 * Journal rows one merge takes at most (a commit's readings each, hundreds to a few thousand under
 * load): a journal that grew long (merges failing for a while) is merged in steps, one after the other,
 * not in one statement of millions of readings.
 */
export const MERGE_ROWS = 200;

/** Which journal rows a merge takes (decision 0066); `$n` are its parameters, in `mergeParameters`. */
type MergeFilter =
  /** Every row (a starting server: what a crash left, whoever wrote it). */
  | 'all'
  /** This instance's rows ($1) but those it holds folded in memory ($2, their seqs). */
  | 'own'
  /** Rows written before $1 (epoch ms), by any instance: an instance that died left them. */
  | 'stale';
const mergeFilters: Record<MergeFilter, string> = {
  all: '',
  own: 'and instance = $1::text and seq <> all($2::bigint[])',
  stale: 'and created_ms < $1::bigint',
};

const DAILY_SIDES = (['max', 'min'] as const).map((side) => ({
  agg: side,
  pick: side === 'max' ? 'greatest' : 'least',
  columns: depthNames(`${side}_d`),
}));
const DAILY_COLUMNS = ['sensor_id', 'day', 'n', 'max_temp', 'min_temp', 'min_batt', 'max_batt'].concat(
  DAILY_SIDES.flatMap((s) => s.columns),
);
const LATEST_COLUMNS = 'sensor_id, bs_id, meas_ts, temperature, temps, sensor_rssi, bs_rssi, batt';

/**
 * The roll-ups written from two earlier CTEs: `lu`, each probe's newest reading (LATEST_COLUMNS), and
 * `du`, each probe-day's count and extremes (DAILY_COLUMNS). The newest reading moves probe_latest
 * forward (never back: a late reading does not overwrite a newer one); each probe-day's count, extremes
 * overall, per depth (migration 0038's columns) and of the battery are combined with the stored day's —
 * counts add up, maxima and minima combine, `greatest`/`least` pass over a null (a depth or battery
 * only one side has). Rows are updated in place; a probe or day without a row yet goes through the
 * insert.
 */
function applyRollups(): string {
  const merge = (into: string, from: string) =>
    [
      `n = ${into}.n + ${from}.n`,
      `max_temp = greatest(${into}.max_temp, ${from}.max_temp)`,
      `min_temp = least(${into}.min_temp, ${from}.min_temp)`,
      `min_batt = least(${into}.min_batt, ${from}.min_batt)`,
      `max_batt = greatest(${into}.max_batt, ${from}.max_batt)`,
      ...DAILY_SIDES.flatMap((s) => s.columns.map((c) => `${c} = ${s.pick}(${into}.${c}, ${from}.${c})`)),
    ].join(', ');
  return `
    moved as (
      update probe_latest as l set bs_id = lu.bs_id, meas_ts = lu.meas_ts, temperature = lu.temperature,
        temps = lu.temps, sensor_rssi = lu.sensor_rssi, bs_rssi = lu.bs_rssi, batt = lu.batt
      from lu where l.sensor_id = lu.sensor_id and lu.meas_ts > l.meas_ts
      returning l.sensor_id),
    latest_new as (
      insert into probe_latest (${LATEST_COLUMNS})
      select ${LATEST_COLUMNS} from lu
      where not exists (select from moved where moved.sensor_id = lu.sensor_id)
      on conflict (sensor_id) do update set bs_id = excluded.bs_id, meas_ts = excluded.meas_ts,
        temperature = excluded.temperature, temps = excluded.temps, sensor_rssi = excluded.sensor_rssi,
        bs_rssi = excluded.bs_rssi, batt = excluded.batt
      where excluded.meas_ts > probe_latest.meas_ts),
    merged as (
      update probe_daily as p set ${merge('p', 'du')}
      from du where p.sensor_id = du.sensor_id and p.day = du.day
      returning p.sensor_id, p.day),
    daily_new as (
      insert into probe_daily (${DAILY_COLUMNS.join(', ')})
      select ${DAILY_COLUMNS.join(', ')} from du
      where not exists (select from merged where merged.sensor_id = du.sensor_id and merged.day = du.day)
      on conflict (sensor_id, day) do update set ${merge('probe_daily', 'excluded')})`;
}

/**
 * The merge of the journal (`lock`: how it takes the merge lock — waiting, or giving up at once when
 * another transaction merges). It deletes the oldest `limit` journal rows of `filter` it sees and
 * folds their readings into the roll-ups (applyRollups).
 */
function mergeStatement(lock: string, limit: number, filter: MergeFilter): string {
  const d = depthNames('d');
  const depthAggs = DAILY_SIDES.flatMap((s) => s.columns.map((c, i) => `${s.agg}(${d[i]}) as ${c}`));
  return `
    with got as materialized (select ${lock} as ok),
    picked as materialized (
      select id from ingest_rollup_journal where (select ok from got) ${mergeFilters[filter]}
      order by id limit ${limit}),
    j as (delete from ingest_rollup_journal where id in (select id from picked) returning *),
    -- The rows' readings: from their arrays, or for a row of keys only, from readings (its depths out
    -- of the JSON text, parsed once per reading: "offset 0" keeps the subquery from being inlined).
    r as (
      select u.* from j cross join lateral unnest(j.sensor_ids::text[], j.times::bigint[], j.bs_ids, j.sensor_rssi, j.bs_rssi,
        j.batt, ${d.map((c) => `j.${c}`).join(', ')})
        as u(sensor_id, meas_ts, bs_id, sensor_rssi, bs_rssi, batt, ${d.join(', ')})
      where j.bs_ids is not null
      union all
      select x.sensor_id, x.meas_ts, x.bs_id, x.sensor_rssi, x.bs_rssi, x.batt,
        ${d.map((_, i) => `t.a[${i + 1}]`).join(', ')}
      from j cross join lateral unnest(j.sensor_ids::text[], j.times::bigint[]) as k(sensor_id, meas_ts)
        join readings x on x.hour = (k.meas_ts / 3600)::integer and x.sensor_id = k.sensor_id
          and x.meas_ts = k.meas_ts
        cross join lateral (select string_to_array(btrim(x.temps, '[]'), ',')::int[] as a offset 0) as t
      where j.bs_ids is null),
    -- Each probe's newest reading; sorted bytewise (collate "C"), which is all "distinct on" needs.
    lu as (
      select distinct on (sensor_id collate "C") sensor_id, bs_id, meas_ts, d1 as temperature,
        '[' || concat_ws(',', ${d.join(', ')}) || ']' as temps, sensor_rssi, bs_rssi, batt
      from r order by sensor_id collate "C", meas_ts desc),
    du as (
      select sensor_id, meas_ts / 86400 * 86400 as day, count(*)::int as n,
        max(greatest(${d.join(', ')})) as max_temp, min(least(${d.join(', ')})) as min_temp,
        min(batt) as min_batt, max(batt) as max_batt, ${depthAggs.join(', ')}
      from r group by 1, 2),
    ${applyRollups()}
    select (select ok from got) as ok, (select count(*)::int from j) as rows,
      (select count(*)::int from picked) as picked`;
}

/**
 * Takes the merge lock and counts which of this instance's rows ($1, seqs $2) are still in the
 * journal: all of them, unless a starting server or a sweep of stale rows merged some meanwhile.
 */
const checkStatement = (lock: string) => `
  with got as materialized (select ${lock} as ok)
  select (select ok from got) as ok, (select count(*)::int from ingest_rollup_journal
    where (select ok from got) and instance = $1::text and seq = any($2::bigint[])) as n`;

/**
 * Writes roll-ups folded in memory (k: the most depths among them) and deletes the journal rows they
 * were folded from: $1 the instance, $2 the rows' seqs, $3–$10 each probe's newest reading
 * (LATEST_COLUMNS), $11… each probe-day (DAILY_COLUMNS up to depth k; deeper ones are null).
 */
function flushStatementOf(k: number): string {
  const arrays = (types: string[], first: number) => types.map((t, i) => `$${first + i}::${t}[]`).join(', ');
  const latestTypes = ['text', 'text', 'bigint', 'int', 'text', 'int', 'int', 'int'];
  const dailyTypes = ['text', 'bigint', 'int', 'int', 'int', 'int', 'int'];
  const depthTypes = Array<string>(2 * k).fill('int');
  const dailyNames = DAILY_COLUMNS.slice(0, 7).concat(DAILY_SIDES.flatMap((s) => s.columns.slice(0, k)));
  const absent = DAILY_SIDES.flatMap((s) => s.columns.slice(k)).map((c) => `, null::int as ${c}`);
  return `
    with gone as (delete from ingest_rollup_journal where instance = $1::text and seq = any($2::bigint[])),
    lu as (select * from unnest(${arrays(latestTypes, 3)}) as u(${LATEST_COLUMNS})),
    du as (select u.*${absent.join('')} from unnest(${arrays(dailyTypes.concat(depthTypes), 11)})
      as u(${dailyNames.join(', ')})),
    ${applyRollups()}
    select 1`;
}
const flushStatement = byDepths(flushStatementOf);

interface Merged {
  /** The merge lock was held (false: another transaction merges, and nothing was done). */
  ok: boolean;
  /** Journal rows folded in. */
  rows: number;
  /** Rows the merge saw at its limit: more may wait, for a merge right after. */
  more: boolean;
}

/** The readings at `indices` (or all) as array literals, one per column, and one per depth. */
export interface ReadingArrays {
  ids: string;
  times: string;
  /** The oldest reading's time (the journal row of keys says it, decision 0157). */
  oldest: number;
  bsIds: string;
  /** When each reading's packet arrived ('' in the COPY form: the rows carry it). */
  received: string;
  /** Each reading's depths as JSON ('' in the COPY form: the rows carry them). */
  temps: string;
  /** The values' arrays of a journal row with values ('' in the COPY form: its journal row has keys only). */
  sensorRssi: string;
  bsRssi: string;
  batt: string;
  /** Depth d of each reading (null where it has fewer), for d = 1 up to the most depths among them. */
  depths: string[];
  count: number;
  /** In the COPY form: the readings as rows of `readings` in COPY's text format (copyKeysStatement). */
  rows: string;
}

const UNIQUE_VIOLATION = '23505';
/**
 * After COPY met a repeat, commits skip repeats for this long: a station sending again what it was not
 * sure had arrived sends several packets of it, and each would otherwise cost a lost transaction.
 */
export const REPEATS_MS = 10_000;

export function readingArrays(
  origins: readonly PacketOrigin[],
  readings: readonly IngestReading[],
  packetOf: readonly number[],
  indices: Iterable<number> | undefined,
  /** copy: COPY's rows and the keys' arrays; arrays: every column as an array (the insert that skips repeats). */
  form: 'copy' | 'arrays',
): ReadingArrays {
  const copy = form === 'copy';
  const ids: string[] = [];
  const times: number[] = [];
  const bsIds: string[] = [];
  const received: number[] = [];
  const temps: string[] = [];
  const sensorRssi: (number | null)[] = [];
  const bsRssi: (number | null)[] = [];
  const batt: (number | null)[] = [];
  const byDepth: (number | null)[][] = [];
  let rows = '';
  let count = 0;
  let oldest = Number.POSITIVE_INFINITY;
  // Each packet's station as a COPY field, escaped once per packet rather than once per reading.
  const stationFields = copy ? origins.map((o) => copyField(o.bsId)) : [];
  const add = (i: number) => {
    const r = readings[i] as IngestReading;
    const origin = origins[packetOf[i] as number] as PacketOrigin;
    const t = r.temperatures;
    const sRssi = r.sensor_RSSI ?? null;
    const bRssi = r.bs_RSSI ?? null;
    const b = r.batt_voltage ?? null;
    ids.push(r.sensor_id);
    times.push(r.meas_ts);
    if (r.meas_ts < oldest) oldest = r.meas_ts;
    if (copy) {
      // Probe and station ids are checked serials; copyField escapes anything else all the same.
      rows += `${copyField(r.sensor_id)}\t${r.meas_ts}\t${stationFields[packetOf[i] as number] as string}\t${origin.receivedTs}\t${
        t[0] as number
      }\t${tempsJson(t)}\t${copyField(sRssi)}\t${copyField(bRssi)}\t${copyField(b)}\n`;
    } else {
      received.push(origin.receivedTs);
      temps.push(tempsJson(t));
      bsIds.push(origin.bsId);
      sensorRssi.push(sRssi);
      bsRssi.push(bRssi);
      batt.push(b);
      // A depth the reading lacks is null in its array (the arrays stay aligned).
      while (byDepth.length < t.length) byDepth.push(new Array<number | null>(count).fill(null));
      for (let d = 0; d < byDepth.length; d++) (byDepth[d] as (number | null)[]).push(t[d] ?? null);
    }
    count++;
  };
  if (indices) for (const i of indices) add(i);
  else for (let i = 0; i < readings.length; i++) add(i);
  return {
    ids: textArray(ids),
    times: intArray(times),
    oldest,
    bsIds: copy ? '' : textArray(bsIds),
    received: copy ? '' : intArray(received),
    temps: copy ? '' : textArray(temps),
    sensorRssi: copy ? '' : intArray(sensorRssi),
    bsRssi: copy ? '' : intArray(bsRssi),
    batt: copy ? '' : intArray(batt),
    depths: byDepth.map(intArray),
    count,
    rows,
  };
}

/** Times only move forward: a delayed packet must not make a station look older than it is. */
const forward = (col: string, v: string) =>
  `case when u.${v} is null or (s.${col} is not null and s.${col} >= u.${v}) then s.${col} else u.${v} end`;

/**
 * The station times and firmware ($1–$7, stationParameters) and the packet log (the next six,
 * packetLogParameters) in one statement, as a named statement per shape. The stations' rows are locked
 * in id order first, so two commits never lock them crosswise.
 */
function stationsStatementOf(stations: boolean, packets: boolean): string {
  const steps: string[] = [];
  if (stations)
    steps.push(`
      locked as materialized (
        select id from base_stations where id = any($1::text[]) order by id for update),
      updated as (
        update base_stations as s set
          last_data_ts = ${forward('last_data_ts', 'data')},
          last_boot_ts = ${forward('last_boot_ts', 'boot')},
          last_conf_ts = ${forward('last_conf_ts', 'conf')},
          firmware = coalesce(u.firmware, s.firmware),
          version = coalesce(u.version, s.version),
          bs_type = coalesce(u.bs_type, s.bs_type)
        from unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::int[])
          as u(id, data, boot, conf, firmware, version, bs_type)
        where s.id = u.id and s.id in (select id from locked))`);
  if (packets) {
    const p = stations ? 7 : 0;
    steps.push(`
      logged as (
        insert into bs_packets (bs_id, type, ts, bytes_up, bytes_down, n_readings)
        select * from unnest($${p + 1}::text[], $${p + 2}::text[], $${p + 3}::bigint[], $${p + 4}::int[],
          $${p + 5}::int[], $${p + 6}::int[]))`);
  }
  return namedStatement(`with ${steps.join(',')} select 1`);
}

const stationsStatements = new Map<string, string>();
const stationsStatement = (stations: boolean, packets: boolean): string => {
  const key = `${stations} ${packets}`;
  let text = stationsStatements.get(key);
  if (text === undefined) stationsStatements.set(key, (text = stationsStatementOf(stations, packets)));
  return text;
};

const stationParameters = (us: StationUpdate[]): unknown[] => [
  textArray(us.map((u) => u.bs_id)),
  intArray(us.map((u) => u.last_data_ts)),
  intArray(us.map((u) => u.last_boot_ts)),
  intArray(us.map((u) => u.last_conf_ts)),
  us.map((u) => u.firmware ?? null),
  us.map((u) => u.version ?? null),
  intArray(us.map((u) => u.bs_type)),
];

const packetLogParameters = (log: PacketLogRow[]): unknown[] => [
  textArray(log.map((p) => p.bs_id)),
  textArray(log.map((p) => p.type)),
  intArray(log.map((p) => p.ts)),
  intArray(log.map((p) => p.bytes_up)),
  intArray(log.map((p) => p.bytes_down)),
  intArray(log.map((p) => p.n_readings)),
];

/**
 * flushStatement's parameters for `d`: each column's array literal built in one pass over the probes
 * and one over their days (about 5,000 of each per second under load).
 */
function flushParameters(instance: string, d: RollupDeltas): string[] {
  const k = d.depths;
  const latest: (number | string | null)[][] = Array.from({ length: 8 }, () => []);
  const daily: (number | string | null)[][] = Array.from({ length: 7 + 2 * k }, () => []);
  for (const [id, p] of d.probes) {
    const l = [id, p.latestBsId, p.latestTs, p.latestTemps[0] as number, tempsJson(p.latestTemps)];
    for (let c = 0; c < 5; c++) (latest[c] as unknown[]).push(l[c]);
    (latest[5] as unknown[]).push(p.latestSensorRssi);
    (latest[6] as unknown[]).push(p.latestBsRssi);
    (latest[7] as unknown[]).push(p.latestBatt);
    for (const s of p.days) {
      const row = [s.sensorId, s.day, s.n, s.maxTemp, s.minTemp, s.minBatt, s.maxBatt];
      for (let c = 0; c < 7; c++) (daily[c] as unknown[]).push(row[c]);
      for (let i = 0; i < k; i++) {
        (daily[7 + i] as unknown[]).push(s.maxTemps[i] ?? null);
        (daily[7 + k + i] as unknown[]).push(s.minTemps[i] ?? null);
      }
    }
  }
  const text = new Set([0, 1, 4]);
  return [
    instance,
    intArray(d.seqs),
    ...latest.map((a, c) => (text.has(c) ? textArray(a as string[]) : intArray(a as (number | null)[]))),
    ...daily.map((a, c) => (c === 0 ? textArray(a as string[]) : intArray(a as (number | null)[]))),
  ];
}

/** This transaction's new readings, folded into the roll-ups when it writes them or once it commits. */
interface OwnReadings {
  /** Its journal row's seq; undefined when it wrote none (every reading was a repeat). */
  seq: number | undefined;
  origins: readonly PacketOrigin[];
  readings: readonly IngestReading[];
  packetOf: readonly number[];
  fresh: Uint8Array;
  /** Written with the roll-ups by this transaction's settleRollups: nothing to keep at the commit. */
  written: boolean;
}

function foldOwn(into: RollupDeltas, own: OwnReadings): void {
  if (own.seq === undefined) return;
  const { readings, origins, packetOf, fresh } = own;
  for (let i = 0; i < readings.length; i++)
    if (fresh[i] === 1)
      into.fold(readings[i] as IngestReading, (origins[packetOf[i] as number] as PacketOrigin).bsId);
  into.seqs.push(own.seq);
}

/**
 * Journal rows older than this (of the writing instance's clock) are taken by any instance's merge:
 * their instance died and will not write them. A living instance writes its own within a second or
 * two; if one was only slow, its next write finds its rows gone and merges the rest from the journal
 * (decision 0066).
 */
export const STALE_MS = 60_000;
/** How often an instance that writes roll-ups looks for stale rows. */
export const SWEEP_MS = 10_000;

/**
 * The ingest path's writes on PostgreSQL (decisions 0027, 0061, 0064, 0065, 0066 and 0157). A commit
 * copies its readings into `readings` and their keys, as arrays, into `ingest_rollup_journal` as one
 * row named by this instance and the commit's number (a commit that met repeats journals the values of
 * its new readings instead). The roll-ups (probe_latest, probe_daily) are
 * written at once while the farm is quiet and at most once a second under load (the same pace as
 * SQLite, decision 0062). The instance folds each committed row's readings in memory (RollupDeltas), and
 * writing the roll-ups is one statement that adds those to the stored ones and deletes exactly the rows
 * they came from, after checking, under the merge lock, that every one of them is still there.
 *
 * The journal is what makes that safe with several instances and crashes: a row is deleted by whoever
 * folds it in, in the same transaction. Rows an instance left when it crashed are merged from the journal
 * (its arrays, or the readings its keys name, in SQL) by a starting server, or by any instance once stale
 * (STALE_MS). Should such a merge take rows a living instance holds in memory, that instance's check
 * finds them missing: it forgets what it folded and merges its remaining rows from the journal instead,
 * so every reading still counts once. One merge runs at a time (an advisory lock), so their row locks
 * never cross; a commit whose write would have to wait leaves it to the one running and tries again
 * later.
 */
export class PostgresIngestWriter implements IngestWriter {
  private readonly pace: RollupPace;
  /** This instance's name in the journal (migration 0041). */
  private readonly instance = randomUUID();
  private seq = 0;
  /** Committed rows of this instance, folded, not written yet. */
  private deltas = new RollupDeltas();
  /** Rows of this instance in the journal that `deltas` does not hold: merged from the journal. */
  private ownRowsOwed = false;
  private lastSweepMs = Number.NEGATIVE_INFINITY;
  /** Until when commits skip repeats instead of COPY (REPEATS_MS). */
  private repeatsUntil = Number.NEGATIVE_INFINITY;
  /** Each transaction's new readings, from writeReadings to its settleRollups and commit. */
  private readonly own = new WeakMap<Transaction<Database>, OwnReadings>();
  private readonly mergeRows: number;

  constructor(
    options: RollupPaceOptions & {
      /** Journal rows per merge (MERGE_ROWS; tests lower it). */
      mergeRows?: number;
    } = {},
  ) {
    this.pace = new RollupPace(options);
    this.mergeRows = options.mergeRows ?? MERGE_ROWS;
  }

  async writeReadings(
    trx: Transaction<Database>,
    origins: readonly PacketOrigin[],
    readings: readonly IngestReading[],
    packetOf: readonly number[],
    repeats = false,
  ): Promise<WrittenReadings> {
    const fresh = new Uint8Array(readings.length);
    if (readings.length === 0) return { fresh, publish: nothing, discard: nothing };
    const owner: JournalOwner = {
      instance: this.instance,
      seq: ++this.seq,
      createdMs: Math.floor(this.pace.nowMs()),
    };
    const own: OwnReadings = { seq: owner.seq, origins, readings, packetOf, fresh, written: false };
    if (repeats || this.pace.nowMs() < this.repeatsUntil) {
      if (!(await this.writeWithRepeats(trx, origins, readings, packetOf, fresh, owner))) own.seq = undefined;
    } else {
      // The common case, every reading new: COPY, with the journal row of keys. COPY cannot skip a
      // repeat: it fails, and with it the transaction (a savepoint around it would cost every commit a
      // round trip and a subtransaction), which the service runs again with `repeats`.
      const all = readingArrays(origins, readings, packetOf, undefined, 'copy');
      try {
        await trx.executeQuery(CompiledQuery.raw(copyKeysStatement, [all.rows, journalKeysRow(all, owner)]));
      } catch (err) {
        if ((err as { code?: unknown }).code !== UNIQUE_VIOLATION) throw err;
        this.repeatsUntil = this.pace.nowMs() + REPEATS_MS;
        throw new RepeatedReadings();
      }
      fresh.fill(1);
    }
    this.own.set(trx, own);
    return {
      fresh,
      // Committed and not written with the roll-ups in its own transaction: owed, held in memory.
      publish: () => {
        if (!own.written) foldOwn(this.deltas, own);
      },
      discard: nothing,
    };
  }

  /**
   * Some readings were stored before (a station sending again what it was not sure had arrived), or
   * repeated within the commit: an insert that skips those (the first copy is the one stored), with the
   * journal row in the same statement when none was; otherwise the new ones are journalled on their own.
   * Returns whether a journal row was written (not when every reading was a repeat).
   */
  private async writeWithRepeats(
    trx: Transaction<Database>,
    origins: readonly PacketOrigin[],
    readings: readonly IngestReading[],
    packetOf: readonly number[],
    fresh: Uint8Array,
    owner: JournalOwner,
  ): Promise<boolean> {
    const all = readingArrays(origins, readings, packetOf, undefined, 'arrays');
    const { rows } = await trx.executeQuery<{ n: number; keys: string[] | null }>(
      CompiledQuery.raw(commitStatement(all.depths.length), commitParameters(all, owner)),
    );
    const { n, keys } = rows[0] ?? { n: 0, keys: null };
    if (n === 0) return false;
    if (n === all.count) {
      fresh.fill(1);
      return true;
    }
    const stored = new Set(keys ?? []);
    const freshAt: number[] = [];
    for (let i = 0; i < readings.length; i++) {
      const r = readings[i] as IngestReading;
      const key = `${r.sensor_id}|${r.meas_ts}`;
      if (!stored.delete(key)) continue;
      fresh[i] = 1;
      freshAt.push(i);
    }
    const some = readingArrays(origins, readings, packetOf, freshAt, 'arrays');
    await trx.executeQuery(
      CompiledQuery.raw(journalStatement(some.depths.length), journalParameters(some, owner)),
    );
    return true;
  }

  rollupsOwed(): boolean {
    return !this.deltas.empty || this.ownRowsOwed;
  }

  rollupsDueInMs(): number {
    return this.pace.dueInMs();
  }

  /**
   * Last step of each transaction: writes the roll-ups this instance owes — its committed rows folded
   * in memory and this transaction's own readings — when forced, while the farm is quiet, or once the
   * interval has passed since the last write. Forced, it waits for a merge another transaction runs
   * (the caller holds no probe locks then); otherwise it leaves the roll-ups to a later try.
   */
  async settleRollups(
    trx: Transaction<Database>,
    opts: { force: boolean; fresh: number },
  ): Promise<SettledRollups> {
    const own = this.own.get(trx);
    this.own.delete(trx);
    const journaled = own?.seq !== undefined;
    const now = this.pace.nowMs();
    const write = this.pace.writesNow(now, opts.fresh, opts.force);
    const owed = this.rollupsOwed();
    if (!(owed || journaled) || !write)
      return { complete: !(owed || journaled), publish: nothing, discard: nothing };

    // What this write covers: the rows folded so far (taken out, so commits ending meanwhile fold into
    // a fresh set) and this transaction's. `taken` itself stays as it was, for a rollback to put back.
    const taken = this.deltas;
    this.deltas = new RollupDeltas();
    const writing = new RollupDeltas();
    if (own) foldOwn(writing, own);
    writing.absorb(taken);
    const restore = () => this.deltas.absorb(taken);

    try {
      return await this.write(trx, opts.force, now, own, writing, restore);
    } catch (err) {
      // The transaction fails: its statements are undone, and the rows taken out are owed again.
      restore();
      throw err;
    }
  }

  /** settleRollups once it writes: the check, the write from memory, and the merges from the journal. */
  private async write(
    trx: Transaction<Database>,
    force: boolean,
    now: number,
    own: OwnReadings | undefined,
    writing: RollupDeltas,
    restore: () => void,
  ): Promise<SettledRollups> {
    const check = await this.first<{ ok: boolean; n: number }>(
      trx,
      checkStatement(force ? ROLLUP_LOCK : ROLLUP_TRY_LOCK),
      [this.instance, intArray(writing.seqs)],
    );
    if (check?.ok !== true) {
      restore();
      // Tried and left to another transaction's merge: the next try is an interval later.
      return { complete: false, publish: () => this.pace.wrote(now), discard: nothing };
    }
    const allThere = check.n === writing.seqs.length;
    if (allThere && !writing.empty) await this.flush(trx, writing);
    if (own) own.written = true;
    // Some of the rows were merged by another instance (see the class): the rest, and any of this
    // instance's rows not held in memory, are merged from the journal — but not those folded since.
    let more = false;
    if (!allThere || this.ownRowsOwed)
      more = (await this.merge(trx, true, 'own', [this.instance, intArray(this.deltas.seqs)])).more;
    const sweep = now - this.lastSweepMs >= SWEEP_MS;
    const swept = sweep ? await this.merge(trx, true, 'stale', [Math.floor(now - STALE_MS)]) : undefined;
    return {
      complete: !more,
      publish: () => {
        this.ownRowsOwed = more;
        if (swept) this.lastSweepMs = swept.more ? Number.NEGATIVE_INFINITY : now;
        // A merge that stopped at its limit is followed by the next one at once.
        this.pace.wrote(more ? Number.NEGATIVE_INFINITY : now);
      },
      // Rolled back: the rows are still in the journal, and still owed.
      discard: restore,
    };
  }

  /** Merges everything the journal holds (a starting server: what a crash left); in the caller's transaction. */
  async recoverRollups(trx: Transaction<Database>): Promise<number> {
    let rows = 0;
    for (let more = true; more;) {
      const merged = await this.merge(trx, true, 'all', []);
      rows += merged.rows;
      more = merged.more;
    }
    return rows;
  }

  private async first<T>(trx: Transaction<Database>, text: string, parameters: unknown[]) {
    return (await trx.executeQuery<T>(CompiledQuery.raw(text, parameters))).rows[0];
  }

  /** Writes folded roll-ups and deletes their journal rows (flushStatement). */
  private async flush(trx: Transaction<Database>, d: RollupDeltas): Promise<void> {
    await trx.executeQuery(CompiledQuery.raw(flushStatement(d.depths), flushParameters(this.instance, d)));
  }

  /**
   * Runs one merge of the journal's rows of `filter`; not `ok` when another transaction's merge held
   * the lock and `wait` was not asked.
   */
  private async merge(
    trx: Transaction<Database>,
    wait: boolean,
    filter: MergeFilter,
    parameters: unknown[],
  ): Promise<Merged> {
    const r = await this.first<{ ok: boolean; rows: number; picked: number }>(
      trx,
      this.mergeText(wait, filter),
      parameters,
    );
    return { ok: r?.ok === true, rows: r?.rows ?? 0, more: (r?.picked ?? 0) >= this.mergeRows };
  }

  private readonly mergeTexts = new Map<string, string>();
  private mergeText(wait: boolean, filter: MergeFilter): string {
    const key = `${wait} ${filter}`;
    let text = this.mergeTexts.get(key);
    if (text === undefined)
      this.mergeTexts.set(
        key,
        (text = namedStatement(mergeStatement(wait ? ROLLUP_LOCK : ROLLUP_TRY_LOCK, this.mergeRows, filter))),
      );
    return text;
  }

  /** The stations' update and the packet log in one statement (one round trip per commit). */
  async writeStations(
    trx: Transaction<Database>,
    updates: StationUpdate[],
    log: PacketLogRow[],
  ): Promise<void> {
    if (updates.length === 0 && log.length === 0) return;
    const us = [...updates].sort((a, b) => (a.bs_id < b.bs_id ? -1 : a.bs_id > b.bs_id ? 1 : 0));
    const parameters = [
      ...(us.length > 0 ? stationParameters(us) : []),
      ...(log.length > 0 ? packetLogParameters(log) : []),
    ];
    await trx.executeQuery(CompiledQuery.raw(stationsStatement(us.length > 0, log.length > 0), parameters));
  }
}
