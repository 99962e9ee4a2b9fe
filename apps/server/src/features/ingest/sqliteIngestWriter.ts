import type SQLite from 'better-sqlite3';
import type { IngestReading } from '@emberwatch/shared/contracts/ingest';
import { mergeByTime, unpackDay, type PackedReading } from '../readings/index.js';
import {
  DAY_S,
  dailyFromRow,
  dayOf,
  foldReading,
  startDaily,
  type DailyRow,
  type DailyState,
} from './dailyRollup.js';
import type {
  IngestWriter,
  PacketLogRow,
  PacketOrigin,
  SettledRollups,
  StationUpdate,
  WrittenReadings,
} from './ingestWriter.js';
import { RollupPace, type RollupPaceOptions } from './rollupPace.js';
import { tempsJson } from './tempsJson.js';

const HOUR_S = 3_600;
/** Readings per multi-row insert: 100 × 10 parameters stays far below SQLite's limit. */
const CHUNK = 100;
const READING_COLUMNS =
  'hour, sensor_id, meas_ts, bs_id, received_ts, temperature, temps, sensor_rssi, bs_rssi, batt';

/** Probes whose current day is kept in memory; beyond this the map starts again (and reads the store). */
const MAX_CACHED_DAYS = 200_000;

export type SqliteIngestWriterOptions = RollupPaceOptions;

interface Statements {
  insertReading: SQLite.Statement;
  savepoint: SQLite.Statement;
  release: SQLite.Statement;
  rollbackTo: SQLite.Statement;
  upsertLatest: SQLite.Statement;
  findDaily: SQLite.Statement;
  upsertDaily: SQLite.Statement;
  updateStation: SQLite.Statement;
  logPacket: SQLite.Statement;
  owe: SQLite.Statement;
  owed: SQLite.Statement;
  forgive: SQLite.Statement;
  dayRaw: SQLite.Statement;
  dayPacked: SQLite.Statement;
}

/** What is folded of one probe and not yet written: its newest reading and the days it changed. */
interface ProbeRollups {
  /** The newest new reading, as its packet carried it, and the station it came through. */
  latest: IngestReading | undefined;
  latestBsId: string;
  days: DailyState[];
}

function prepare(db: SQLite.Database): Statements {
  const hours = Array.from({ length: 24 }, () => '?').join(', ');
  return {
    insertReading: db.prepare(
      // Keyed by the reading's hour first (migration 0036): a commit's readings share a few pages.
      `insert into readings (${READING_COLUMNS})
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (hour, sensor_id, meas_ts) do nothing`,
    ),
    savepoint: db.prepare('savepoint ingest_chunk'),
    release: db.prepare('release ingest_chunk'),
    rollbackTo: db.prepare('rollback to ingest_chunk'),
    upsertLatest: db.prepare(
      `insert into probe_latest (sensor_id, bs_id, meas_ts, temperature, temps, sensor_rssi, bs_rssi, batt)
       values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (sensor_id) do update set bs_id = excluded.bs_id, meas_ts = excluded.meas_ts,
         temperature = excluded.temperature, temps = excluded.temps, sensor_rssi = excluded.sensor_rssi,
         bs_rssi = excluded.bs_rssi, batt = excluded.batt
       where excluded.meas_ts > probe_latest.meas_ts`,
    ),
    findDaily: db.prepare(`select * from probe_daily where sensor_id = ? and day = ?`),
    upsertDaily: db.prepare(
      `insert into probe_daily (sensor_id, day, n, max_temp, min_temp, max_temps, min_temps, min_batt, max_batt)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (sensor_id, day) do update set n = excluded.n, max_temp = excluded.max_temp,
         min_temp = excluded.min_temp, max_temps = excluded.max_temps, min_temps = excluded.min_temps,
         min_batt = excluded.min_batt, max_batt = excluded.max_batt`,
    ),
    // Times only move forward: a delayed packet must not make a station look older than it is.
    updateStation: db.prepare(
      `update base_stations set
         last_data_ts = case when @data is null or (last_data_ts is not null and last_data_ts >= @data) then last_data_ts else @data end,
         last_boot_ts = case when @boot is null or (last_boot_ts is not null and last_boot_ts >= @boot) then last_boot_ts else @boot end,
         last_conf_ts = case when @conf is null or (last_conf_ts is not null and last_conf_ts >= @conf) then last_conf_ts else @conf end,
         firmware = coalesce(@firmware, firmware), version = coalesce(@version, version),
         bs_type = coalesce(@bs_type, bs_type)
       where id = @id`,
    ),
    logPacket: db.prepare(
      `insert into bs_packets (bs_id, type, ts, bytes_up, bytes_down, n_readings) values (?, ?, ?, ?, ?, ?)`,
    ),
    owe: db.prepare(`insert into ingest_rollups_owed (probe_days) values (?)`),
    owed: db.prepare(`select probe_days from ingest_rollups_owed`).pluck(),
    forgive: db.prepare(`delete from ingest_rollups_owed`),
    // One probe's raw readings of one day: one seek per hour of the (hour, probe, time) key.
    dayRaw: db.prepare(
      `select meas_ts, bs_id, received_ts, temperature, temps, sensor_rssi, bs_rssi, batt from readings
       where hour in (${hours}) and sensor_id = ? order by meas_ts`,
    ),
    dayPacked: db.prepare(`select data from readings_packed where sensor_id = ? and day = ?`).pluck(),
  };
}

/**
 * The ingest path's writes on SQLite, as statements prepared once and bound directly: Kysely would
 * build and compile the same few statements for every commit, which cost more CPU than SQLite's own
 * work. The caller's Kysely transaction holds the one connection, so these run inside it.
 *
 * SQLite has exactly one writer (this process), so the roll-ups (each probe's latest reading and its
 * daily extremes) are folded in memory. Under load they are written at most once a second, not once
 * per commit (decision 0062): a probe reporting every packet would otherwise cost two upserts per
 * reading, more than the reading itself. Every commit that leaves roll-ups unwritten records which
 * probe-days in `ingest_rollups_owed`, in its own transaction, so the store always knows what it
 * owes: after a crash, or a transaction that failed, the writer forgets what it kept and rebuilds
 * those probe-days from the readings (`recoverRollups`). Readers see the roll-ups at most a second
 * late under load; a quiet farm's commits write them at once.
 */
export class SqliteIngestWriter implements IngestWriter {
  private statements: Statements | undefined;
  /** Probe → its roll-up of the latest day it has readings of, as committed (written or owed). */
  private readonly daily = new Map<string, DailyState>();
  /** Probe → what is committed of it and not yet written (listed in `ingest_rollups_owed`). */
  private readonly pending = new Map<string, ProbeRollups>();
  /** The days the open transaction folded readings into (listed as owed if it does not write them). */
  private openDays = new Set<DailyState>();
  /** The days listed as owed since the roll-ups were last written: a later commit need not list them. */
  private readonly listed = new Set<DailyState>();
  /** Memory may be ahead of the store (a transaction failed): rebuild from the store before use. */
  private stale = true;
  private readonly pace: RollupPace;

  constructor(
    private readonly sqlite: SQLite.Database,
    options: SqliteIngestWriterOptions = {},
  ) {
    this.pace = new RollupPace(options);
  }

  private get s(): Statements {
    // Prepared on first use: the tables exist only once the migrations ran.
    return (this.statements ??= prepare(this.sqlite));
  }

  /** True while some committed readings' roll-ups are not written yet. */
  rollupsOwed(): boolean {
    return this.pending.size > 0;
  }

  /** Milliseconds until owed roll-ups are due (0: now). */
  rollupsDueInMs(): number {
    return this.pace.dueInMs();
  }

  writeReadings(
    _trx: unknown,
    origins: readonly PacketOrigin[],
    readings: readonly IngestReading[],
    packetOf: readonly number[],
  ): Promise<WrittenReadings> {
    this.recoverIfStale();
    const fresh = new Uint8Array(readings.length);
    const pending = this.pending;
    try {
      for (let from = 0; from < readings.length; from += CHUNK) {
        const to = Math.min(from + CHUNK, readings.length);
        this.insertChunk(origins, readings, packetOf, from, to, fresh);
        // Folded straight into what is owed: should the transaction fail, `forget` drops it all.
        for (let i = from; i < to; i++) {
          if (fresh[i] === 0) continue;
          const r = readings[i] as IngestReading;
          const day = dayOf(r.meas_ts);
          let p = pending.get(r.sensor_id);
          if (!p) pending.set(r.sensor_id, (p = { latest: undefined, latestBsId: '', days: [] }));
          if (!p.latest || r.meas_ts > p.latest.meas_ts) {
            p.latest = r;
            p.latestBsId = (origins[packetOf[i] as number] as PacketOrigin).bsId;
          }
          let state = p.days.find((d) => d.day === day);
          const batt = r.batt_voltage ?? null;
          if (state) foldReading(state, r.temperatures, batt);
          else p.days.push((state = this.dayToFold(r.sensor_id, day, r.temperatures, batt)));
          this.openDays.add(state);
        }
      }
    } catch (err) {
      this.forget();
      throw err;
    }
    return Promise.resolve({
      fresh,
      publish: () => undefined,
      // The transaction rolled back: what memory folded for it is not in the store.
      discard: () => this.forget(),
    });
  }

  /**
   * Inserts readings [from, to) in one statement and marks those stored now in `fresh`. Nearly always
   * every one is new; when the statement stored fewer (a repeat, stored before or twice in the
   * chunk), it is undone to its savepoint and the chunk inserted one by one to tell which.
   */
  private insertChunk(
    origins: readonly PacketOrigin[],
    readings: readonly IngestReading[],
    packetOf: readonly number[],
    from: number,
    to: number,
    fresh: Uint8Array,
  ): void {
    const s = this.s;
    const n = to - from;
    // A full chunk binds from one array kept for the purpose (SQLite copies the values as it binds).
    const args = n === CHUNK ? this.chunkArgs : new Array<string | number | null>(n * 10);
    for (let i = from, k = 0; i < to; i++, k += 10) {
      const r = readings[i] as IngestReading;
      const origin = origins[packetOf[i] as number] as PacketOrigin;
      args[k] = Math.floor(r.meas_ts / HOUR_S);
      args[k + 1] = r.sensor_id;
      args[k + 2] = r.meas_ts;
      args[k + 3] = origin.bsId;
      args[k + 4] = origin.receivedTs;
      args[k + 5] = r.temperatures[0] as number;
      args[k + 6] = tempsJson(r.temperatures);
      args[k + 7] = r.sensor_RSSI ?? null;
      args[k + 8] = r.bs_RSSI ?? null;
      args[k + 9] = r.batt_voltage ?? null;
    }
    s.savepoint.run();
    const { changes } = this.insertMany(n).run(args);
    if (changes === n) {
      s.release.run();
      fresh.fill(1, from, to);
      return;
    }
    s.rollbackTo.run();
    s.release.run();
    for (let i = from, k = 0; i < to; i++, k += 10) {
      if (s.insertReading.run(args.slice(k, k + 10)).changes > 0) fresh[i] = 1;
    }
  }

  private readonly manyStatements = new Map<number, SQLite.Statement>();
  private readonly chunkArgs = new Array<string | number | null>(CHUNK * 10);

  /** The insert of n readings in one statement, prepared once per n. */
  private insertMany(n: number): SQLite.Statement {
    let statement = this.manyStatements.get(n);
    if (!statement) {
      const rows = Array.from({ length: n }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
      statement = this.sqlite.prepare(
        `insert into readings (${READING_COLUMNS}) values ${rows} on conflict (hour, sensor_id, meas_ts) do nothing`,
      );
      this.manyStatements.set(n, statement);
    }
    return statement;
  }

  /**
   * The probe's day as committed with the reading folded in: what is owed of it, the kept latest day,
   * the store's row, or a new day. Folded in place: should the transaction roll back, the writer
   * forgets all it keeps and rebuilds from the store (`forget`), which lists every roll-up it owes.
   */
  private dayToFold(sensorId: string, day: number, temps: number[], batt: number | null): DailyState {
    const kept = this.daily.get(sensorId);
    let state = kept && kept.day === day ? kept : undefined;
    if (!state) {
      const row = this.s.findDaily.get(sensorId, day) as DailyRow | undefined;
      if (row) state = dailyFromRow(row);
    }
    if (state) foldReading(state, temps, batt);
    else state = startDaily(sensorId, day, temps, batt);
    // The probe's latest day is kept across writes: the next commit folds onto it without a read.
    if (state !== kept && (!kept || kept.day < day)) {
      if (this.daily.size >= MAX_CACHED_DAYS) this.daily.clear();
      this.daily.set(sensorId, state);
    }
    return state;
  }

  /**
   * Ends the transaction's roll-up work: writes everything owed (its own folds included) when `force`,
   * while few new readings are owed, or once a second; otherwise records its probe-days as owed.
   */
  settleRollups(_trx: unknown, opts: { force: boolean; fresh: number }): SettledRollups {
    this.recoverIfStale();
    const openDays = this.openDays;
    const now = this.pace.nowMs();
    const write = this.pace.writesNow(now, opts.fresh, opts.force);
    this.openDays = new Set();
    if (!write) {
      const lines: string[] = [];
      for (const d of openDays) {
        if (this.listed.has(d)) continue;
        this.listed.add(d);
        lines.push(`${d.sensorId} ${d.day}`);
      }
      if (lines.length > 0) this.s.owe.run(lines.join('\n'));
    }
    if (!write)
      return { complete: this.pending.size === 0, publish: () => undefined, discard: () => this.forget() };
    this.writePending();
    return {
      complete: true,
      publish: () => {
        this.pending.clear();
        this.listed.clear();
        this.pace.wrote(now);
      },
      discard: () => this.forget(),
    };
  }

  /** Writes every owed roll-up and empties the list of what is owed. */
  private writePending(): void {
    const s = this.s;
    for (const [sensorId, p] of this.pending) {
      const r = p.latest;
      if (r) {
        s.upsertLatest.run(
          sensorId,
          p.latestBsId,
          r.meas_ts,
          r.temperatures[0],
          tempsJson(r.temperatures),
          r.sensor_RSSI ?? null,
          r.bs_RSSI ?? null,
          r.batt_voltage ?? null,
        );
      }
      for (const d of p.days) writeDaily(s, d);
    }
    s.forgive.run();
  }

  /** Memory no longer matches the store (a transaction failed): start again from the store. */
  private forget(): void {
    this.daily.clear();
    this.pending.clear();
    this.openDays = new Set();
    this.listed.clear();
    this.stale = true;
  }

  private recoverIfStale(): void {
    if (!this.stale) return;
    this.recoverRollups();
  }

  /**
   * Rebuilds the roll-ups the store owes (a server killed between a commit and its roll-ups, or a
   * failed transaction) from the readings themselves, raw and packed: each owed probe-day's extremes
   * and count, and each owed probe's latest reading if it is newer than the stored one. Runs in the
   * caller's transaction; returns the probe-days rebuilt.
   */
  recoverRollups(_trx?: unknown): number {
    const s = this.s;
    this.daily.clear();
    this.pending.clear();
    this.listed.clear();
    this.stale = false;
    const owed = new Map<string, Set<number>>();
    for (const text of s.owed.all() as string[]) {
      for (const line of text.split('\n')) {
        const at = line.lastIndexOf(' ');
        if (at <= 0) continue;
        const sensorId = line.slice(0, at);
        let days = owed.get(sensorId);
        if (!days) owed.set(sensorId, (days = new Set()));
        days.add(Number(line.slice(at + 1)));
      }
    }
    let rebuilt = 0;
    for (const [sensorId, days] of owed) {
      let newest: PackedReading | undefined;
      for (const day of days) {
        const readings = this.dayReadings(sensorId, day);
        if (readings.length === 0) continue;
        let state: DailyState | undefined;
        for (const r of readings) {
          const temps = JSON.parse(r.temps) as number[];
          if (!state) state = startDaily(sensorId, day, temps, r.batt);
          else foldReading(state, temps, r.batt);
          if (!newest || r.meas_ts > newest.meas_ts) newest = r;
        }
        writeDaily(s, state as DailyState);
        rebuilt += 1;
      }
      if (newest) {
        s.upsertLatest.run(
          sensorId,
          newest.bs_id,
          newest.meas_ts,
          newest.temperature,
          newest.temps,
          newest.sensor_rssi,
          newest.bs_rssi,
          newest.batt,
        );
      }
    }
    s.forgive.run();
    return rebuilt;
  }

  /** A probe's stored readings of a UTC day, packed and raw (a time in both counts once, packed). */
  private dayReadings(sensorId: string, day: number): PackedReading[] {
    const s = this.s;
    const first = Math.floor(day / HOUR_S);
    const hours = Array.from({ length: DAY_S / HOUR_S }, (_, i) => first + i);
    const raw = s.dayRaw.all(...hours, sensorId) as PackedReading[];
    const packed = s.dayPacked.get(sensorId, day) as Uint8Array | undefined;
    if (!packed) return raw;
    const out: PackedReading[] = [];
    mergeByTime(unpackDay(packed), raw, out);
    return out;
  }

  writeStations(_trx: unknown, updates: StationUpdate[], log: PacketLogRow[]): Promise<void> {
    const s = this.s;
    for (const u of updates) {
      s.updateStation.run({
        id: u.bs_id,
        data: u.last_data_ts ?? null,
        boot: u.last_boot_ts ?? null,
        conf: u.last_conf_ts ?? null,
        firmware: u.firmware ?? null,
        version: u.version ?? null,
        bs_type: u.bs_type ?? null,
      });
    }
    for (const p of log) s.logPacket.run(p.bs_id, p.type, p.ts, p.bytes_up, p.bytes_down, p.n_readings);
    return Promise.resolve();
  }
}

function writeDaily(s: Statements, d: DailyState): void {
  s.upsertDaily.run(
    d.sensorId,
    d.day,
    d.n,
    d.maxTemp,
    d.minTemp,
    tempsJson(d.maxTemps),
    tempsJson(d.minTemps),
    d.minBatt,
    d.maxBatt,
  );
}
