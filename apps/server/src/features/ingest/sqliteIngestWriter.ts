import type SQLite from 'better-sqlite3';
import type { IngestReading } from '@emberwatch/shared';
import {
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
  StationUpdate,
  WrittenReadings,
} from './ingestWriter.js';

const HOUR_S = 3_600;

/** Probes whose current day is kept in memory; beyond this the map starts again (and reads the store). */
const MAX_CACHED_DAYS = 200_000;

interface Statements {
  insertReading: SQLite.Statement;
  upsertLatest: SQLite.Statement;
  findDaily: SQLite.Statement;
  upsertDaily: SQLite.Statement;
  updateStation: SQLite.Statement;
  logPacket: SQLite.Statement;
}

/** What a commit touched of one probe: its newest new reading and the days it folded readings into. */
interface Touched {
  newest: number;
  days: DailyState[];
}

function prepare(db: SQLite.Database): Statements {
  return {
    insertReading: db.prepare(
      // Keyed by the reading's hour first (migration 0036): a commit's readings share a few pages.
      `insert into readings (hour, sensor_id, meas_ts, bs_id, received_ts, temperature, temps, sensor_rssi, bs_rssi, batt)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (hour, sensor_id, meas_ts) do nothing`,
    ),
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
  };
}

/**
 * The ingest path's writes on SQLite, as statements prepared once and bound directly: Kysely would
 * build and compile the same few statements for every commit, which cost more CPU than SQLite's own
 * work. The caller's Kysely transaction holds the one connection, so these run inside it.
 *
 * SQLite has exactly one writer (this process), so each probe's current daily roll-up is kept in
 * memory: a commit folds its readings into it, writes each touched day once, and a commit that rolls
 * back makes the writer forget the days it touched (they are read from the store again).
 */
export class SqliteIngestWriter implements IngestWriter {
  private statements: Statements | undefined;
  /** Probe → its roll-up of the latest day it has readings of, as committed. */
  private readonly daily = new Map<string, DailyState>();

  constructor(private readonly sqlite: SQLite.Database) {}

  private get s(): Statements {
    // Prepared on first use: the tables exist only once the migrations ran.
    return (this.statements ??= prepare(this.sqlite));
  }

  writeReadings(
    _trx: unknown,
    origins: readonly PacketOrigin[],
    readings: readonly IngestReading[],
    packetOf: readonly number[],
  ): Promise<WrittenReadings> {
    const s = this.s;
    const fresh = new Uint8Array(readings.length);
    const touched = new Map<string, Touched>();
    const forget = (): void => {
      for (const sensorId of touched.keys()) this.daily.delete(sensorId);
    };
    try {
      for (let i = 0; i < readings.length; i++) {
        const r = readings[i] as IngestReading;
        const origin = origins[packetOf[i] as number] as PacketOrigin;
        const temps = r.temperatures;
        const batt = r.batt_voltage ?? null;
        const { changes } = s.insertReading.run(
          Math.floor(r.meas_ts / HOUR_S),
          r.sensor_id,
          r.meas_ts,
          origin.bsId,
          origin.receivedTs,
          temps[0],
          JSON.stringify(temps),
          r.sensor_RSSI ?? null,
          r.bs_RSSI ?? null,
          batt,
        );
        if (changes === 0) continue;
        fresh[i] = 1;
        const day = dayOf(r.meas_ts);
        const t = touched.get(r.sensor_id);
        if (!t) {
          touched.set(r.sensor_id, { newest: i, days: [this.dayToFold(r.sensor_id, day, temps, batt)] });
          continue;
        }
        if (r.meas_ts > (readings[t.newest] as IngestReading).meas_ts) t.newest = i;
        const state = t.days.find((d) => d.day === day);
        if (state) foldReading(state, temps, batt);
        else t.days.push(this.dayToFold(r.sensor_id, day, temps, batt));
      }

      for (const [sensorId, t] of touched) {
        const r = readings[t.newest] as IngestReading;
        s.upsertLatest.run(
          sensorId,
          (origins[packetOf[t.newest] as number] as PacketOrigin).bsId,
          r.meas_ts,
          r.temperatures[0],
          JSON.stringify(r.temperatures),
          r.sensor_RSSI ?? null,
          r.bs_RSSI ?? null,
          r.batt_voltage ?? null,
        );
        for (const d of t.days) {
          s.upsertDaily.run(
            sensorId,
            d.day,
            d.n,
            d.maxTemp,
            d.minTemp,
            JSON.stringify(d.maxTemps),
            JSON.stringify(d.minTemps),
            d.minBatt,
            d.maxBatt,
          );
        }
      }
    } catch (err) {
      // Kept days may be folded already; the transaction will roll back, so read them again.
      forget();
      throw err;
    }

    return Promise.resolve({
      fresh,
      publish: () => {
        if (this.daily.size + touched.size > MAX_CACHED_DAYS) this.daily.clear();
        for (const [sensorId, t] of touched) {
          let latest = t.days[0] as DailyState;
          for (const d of t.days) if (d.day > latest.day) latest = d;
          const kept = this.daily.get(sensorId);
          if (kept !== latest && (!kept || kept.day <= latest.day)) this.daily.set(sensorId, latest);
        }
      },
      // The kept days were folded in place: the store rolled back, so they are read from it again.
      discard: forget,
    });
  }

  /**
   * The probe's day as stored with the reading folded in: the kept one itself (folded in place, and
   * forgotten if the commit rolls back), or read from the store.
   */
  private dayToFold(sensorId: string, day: number, temps: number[], batt: number | null): DailyState {
    const kept = this.daily.get(sensorId);
    let state: DailyState | undefined;
    if (kept && kept.day === day) state = kept;
    else {
      const row = this.s.findDaily.get(sensorId, day) as DailyRow | undefined;
      if (row) state = dailyFromRow(row);
    }
    if (!state) return startDaily(sensorId, day, temps, batt);
    foldReading(state, temps, batt);
    return state;
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
