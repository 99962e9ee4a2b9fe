import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { reusableQuery } from '../../db/reusableQuery.js';
import type { Engine } from '../../db/engine.js';
import { mergeByTime } from './mergeByTime.js';
import { unpackDay, unpackDayColumns, type PackedReading } from './packedDay.js';
import { hourIn, readingHours } from './readingHours.js';

/** A raw reading's columns but its probe: what a probe's packed day keeps of each reading. */
export const READING_VALUE_COLUMNS = [
  'meas_ts',
  'bs_id',
  'received_ts',
  'temperature',
  'temps',
  'sensor_rssi',
  'bs_rssi',
  'batt',
] as const;

/** A raw reading's columns (the `hour` key part is not one of them). */
export const READING_COLUMNS = ['sensor_id', ...READING_VALUE_COLUMNS] as const;

export type HistoryReading = PackedReading & { sensor_id: string };

/** A probe's reading with its depths as tenths of °C, not JSON text (`firstReadings`). */
export type DecodedReading = Omit<PackedReading, 'temps'> & { temps: (number | null)[] };

const DAY_S = 86_400;
/** Probes per packed-day look-up: well under SQLite's and PostgreSQL's bound-parameter limits. */
const PACKED_LOOKUP_CHUNK = 1_000;
const dayOf = (ts: number): number => ts - (((ts % DAY_S) + DAY_S) % DAY_S);
/** A probe's first `batch` packed days in [fromDay, to]: a page of the public API's, compiled once (0143). */
const packedDaysFrom = reusableQuery(
  ['sensorId', 'fromDay', 'to', 'batch'],
  (db: Kysely<Database>, v: { sensorId: string; fromDay: number; to: number; batch: number }) =>
    db
      .selectFrom('readings_packed')
      .select(['day', 'data'])
      .where('sensor_id', '=', v.sensorId)
      .where('day', '>=', v.fromDay)
      .where('day', '<=', v.to)
      .orderBy('day')
      .limit(v.batch),
);
/** Whether any probe has the day packed: asked by every ingest commit of old readings, compiled once. */
const anyPackedOn = reusableQuery(['day'], (db: Kysely<Database>, v: { day: number }) =>
  db.selectFrom('readings_packed').select('day').where('day', '=', v.day).limit(1),
);
/** Packed days a `firstReadings` look-up asks for at first: an hourly probe's days for the count. */
const firstDaysFor = (count: number): number => Math.ceil(count / 24) + 1;

/**
 * A probe's stored history, recent and packed alike (decision 0054). Every reader of past readings —
 * charts, the data table, the export, the quality roll-up — goes through here, so none of them knows
 * whether a day has been packed yet.
 *
 * A day can be in both tables for a moment: a late reading of a packed day waits in `readings` until
 * the next packing run merges it. A measurement time found in both is the packed one (the first
 * stored wins, as with a duplicate in `readings`).
 */
export class ReadingHistory {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /** The probes' readings with from ≤ meas_ts ≤ to (or < to when `toExclusive`), by probe then time. */
  async range(
    sensorIds: readonly string[],
    from: number,
    to: number,
    opts: { toExclusive?: boolean } = {},
  ): Promise<HistoryReading[]> {
    if (sensorIds.length === 0 || to < from) return [];
    const hours = await readingHours(this.db, this.engine, from, to);
    const [recent, packed] = await Promise.all([
      hours.length === 0
        ? []
        : this.db
            .selectFrom('readings')
            .select(READING_COLUMNS)
            .where('hour', 'in', hours)
            .where('sensor_id', 'in', sensorIds)
            .where('meas_ts', '>=', from)
            .where('meas_ts', opts.toExclusive ? '<' : '<=', to)
            .orderBy('sensor_id')
            .orderBy('meas_ts')
            .execute(),
      this.db
        .selectFrom('readings_packed')
        .select(['sensor_id', 'data'])
        .where('sensor_id', 'in', sensorIds)
        .where('day', '>=', dayOf(from))
        .where('day', '<=', to)
        .orderBy('sensor_id')
        .orderBy('day')
        .execute(),
    ]);
    if (packed.length === 0) return recent;

    const inRange = (ts: number) => ts >= from && (opts.toExclusive ? ts < to : ts <= to);
    const unpacked = new Map<string, HistoryReading[]>();
    for (const row of packed) {
      let list = unpacked.get(row.sensor_id);
      if (!list) unpacked.set(row.sensor_id, (list = []));
      for (const r of unpackDay(row.data))
        if (inRange(r.meas_ts)) list.push({ sensor_id: row.sensor_id, ...r });
    }
    const recentOf = new Map<string, HistoryReading[]>();
    for (const r of recent) {
      let list = recentOf.get(r.sensor_id);
      if (!list) recentOf.set(r.sensor_id, (list = []));
      list.push(r);
    }
    const out: HistoryReading[] = [];
    for (const sensorId of [...new Set([...unpacked.keys(), ...recentOf.keys()])].sort()) {
      mergeByTime(unpacked.get(sensorId) ?? [], recentOf.get(sensorId) ?? [], out);
    }
    return out;
  }

  /**
   * One probe's first `count` readings with from ≤ meas_ts ≤ to, in time order, the same readings
   * `range` gives (a time in both tables is the packed one) but with the depths as numbers: a page of
   * the public API, read with one query of each table (plus the hours holding raw rows) whatever the page's
   * span. The packed days are read a batch at a time in day order and unpacked only until the count
   * is reached; the raw rows are the first `count` of the range (decision 0127).
   */
  async firstReadings(sensorId: string, from: number, to: number, count: number): Promise<DecodedReading[]> {
    if (to < from || count <= 0) return [];
    const packed = await this.firstPacked(sensorId, from, to, count);
    // With `count` packed readings in hand, a raw one after the last of them cannot be among the
    // first `count`: only the packed span is asked of `readings` (late rows of packed days; the
    // hours walked are only that span's, not the raw days' at the end of a long range).
    const rawTo = packed.length === count ? (packed[count - 1] as DecodedReading).meas_ts : to;
    // The hours holding raw rows are found first (a few µs): a page of packed days only, most of a
    // walk's pages, has none and reads no raw rows at all; named as one parameter of the query (the
    // same SQL text, prepared once, whatever their count). The hours inside the raw query cost SQLite
    // about 0.2 ms even when none (decision 0143).
    const hours = await readingHours(this.db, this.engine, from, rawTo);
    const rows =
      hours.length === 0
        ? []
        : await this.db
            .selectFrom('readings')
            .select(READING_COLUMNS)
            .where(hourIn(this.engine, hours))
            .where('sensor_id', '=', sensorId)
            .where('meas_ts', '>=', from)
            .where('meas_ts', '<=', rawTo)
            .orderBy('meas_ts')
            .limit(count)
            .execute();
    const recent = new Array<DecodedReading>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      recent[i] = {
        meas_ts: r.meas_ts,
        bs_id: r.bs_id,
        received_ts: r.received_ts,
        temperature: r.temperature,
        temps: JSON.parse(r.temps) as (number | null)[],
        sensor_rssi: r.sensor_rssi,
        bs_rssi: r.bs_rssi,
        batt: r.batt,
      };
    }
    if (packed.length === 0) return recent;
    const out: DecodedReading[] = [];
    mergeByTime(packed, recent, out);
    if (out.length > count) out.length = count;
    return out;
  }

  /** The first `count` packed readings of the probe in [from, to], unpacking no day past them. */
  private async firstPacked(sensorId: string, from: number, to: number, count: number) {
    const out: DecodedReading[] = [];
    let fromDay = dayOf(from);
    // A batch of days is cheap to read (a few hundred bytes each); each is unpacked only when reached.
    // A sparse probe's next batch is twice as long.
    for (let batch = firstDaysFor(count); ; batch *= 2) {
      const rows = await packedDaysFrom(this.db, { sensorId, fromDay, to, batch });
      for (const row of rows) {
        const day = unpackDayColumns(row.data);
        for (let i = 0; i < day.n; i++) {
          const ts = day.ts[i] as number;
          if (ts < from || ts > to) continue;
          out.push({
            meas_ts: ts,
            bs_id: day.bs[i] as string,
            received_ts: ts + (day.delay[i] as number),
            temperature: day.temperature[i] as number,
            temps: day.temps[i] as (number | null)[],
            sensor_rssi: day.sensorRssi[i] as number | null,
            bs_rssi: day.bsRssi[i] as number | null,
            batt: day.batt[i] as number | null,
          });
          if (out.length === count) return out;
        }
      }
      if (rows.length < batch) return out;
      fromDay = Number(rows[rows.length - 1]!.day) + 1;
    }
  }

  /**
   * Which of these readings' times a packed day already holds (`sensor|ts` keys), read in the caller's
   * transaction: ingest asks for readings old enough to have been packed, so that a repeat of a packed
   * reading stays a duplicate.
   */
  async packedTimes(
    trx: Transaction<Database>,
    readings: readonly { sensor_id: string; meas_ts: number }[],
  ): Promise<Set<string>> {
    const found = new Set<string>();
    // Most days hold no packed row at all (recent ones always): one seek of the day index each says
    // so, before any probe is named.
    const days = new Set<number>();
    for (const r of readings) days.add(dayOf(r.meas_ts));
    const packedDays = new Set<number>();
    for (const day of days) {
      if ((await anyPackedOn(trx, { day })).length > 0) packedDays.add(day);
    }
    if (packedDays.size === 0) return found;
    // One query per packed day the readings fall on (an outage's burst spans a few), not one per probe
    // and day: a commit of old readings names thousands of probes.
    const sensorsOfDay = new Map<number, Set<string>>();
    for (const r of readings) {
      const day = dayOf(r.meas_ts);
      if (!packedDays.has(day)) continue;
      let sensors = sensorsOfDay.get(day);
      if (!sensors) sensorsOfDay.set(day, (sensors = new Set()));
      sensors.add(r.sensor_id);
    }
    for (const [day, sensors] of sensorsOfDay) {
      const ids = [...sensors];
      for (let i = 0; i < ids.length; i += PACKED_LOOKUP_CHUNK) {
        const rows = await trx
          .selectFrom('readings_packed')
          .select(['sensor_id', 'data'])
          .where('day', '=', day)
          .where('sensor_id', 'in', ids.slice(i, i + PACKED_LOOKUP_CHUNK))
          .execute();
        for (const row of rows)
          for (const r of unpackDay(row.data)) found.add(`${row.sensor_id}|${r.meas_ts}`);
      }
    }
    return found;
  }

  /** The probe's first stored measurement time, or null when it has none. */
  async firstTs(sensorId: string): Promise<number | null> {
    const hours = await readingHours(this.db, this.engine, 0, Number.MAX_SAFE_INTEGER);
    const [recent, packed] = await Promise.all([
      hours.length === 0
        ? undefined
        : this.db
            .selectFrom('readings')
            .select('meas_ts')
            .where('hour', 'in', hours)
            .where('sensor_id', '=', sensorId)
            .orderBy('meas_ts')
            .limit(1)
            .executeTakeFirst(),
      this.db
        .selectFrom('readings_packed')
        .select('data')
        .where('sensor_id', '=', sensorId)
        .orderBy('day')
        .limit(1)
        .executeTakeFirst(),
    ]);
    const firstPacked = packed ? unpackDay(packed.data)[0]?.meas_ts : undefined;
    const candidates = [recent?.meas_ts, firstPacked].filter((t): t is number => t !== undefined).map(Number);
    return candidates.length > 0 ? Math.min(...candidates) : null;
  }
}
