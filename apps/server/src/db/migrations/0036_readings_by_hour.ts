import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * SQLite's raw readings keyed by (hour of the reading, probe, time) instead of (probe, time)
 * (issue 9 item 2, decision 0060). Keyed by probe, every reading of a commit lands on its own probe's
 * last page, and the commit writes about one 4 KiB page to the WAL per reading; keyed by hour first, a
 * commit's readings of the same hour share a few pages (bench/ingest-layout: 3.0–3.7 against 7.6–8.1 ms
 * of SQLite's CPU per 1,000 readings). Duplicates are still found by the key (the hour follows from the
 * time), and a probe's range is read by one seek per hour that holds rows — few, since packing
 * (decision 0054) leaves only the last days as rows.
 *
 * PostgreSQL keeps its (probe, time) key: its rows are stored in arrival order already, and only the
 * index is by probe.
 */
export function readingsByHourMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'sqlite') return;
      await sql`create table readings_by_hour (
        hour integer not null,
        sensor_id text not null,
        meas_ts integer not null,
        bs_id text not null,
        received_ts integer not null,
        temperature integer not null,
        temps text not null,
        sensor_rssi integer,
        bs_rssi integer,
        batt integer,
        constraint readings_pk primary key (hour, sensor_id, meas_ts)
      ) without rowid`.execute(db);
      await sql`insert into readings_by_hour
        (hour, sensor_id, meas_ts, bs_id, received_ts, temperature, temps, sensor_rssi, bs_rssi, batt)
        select meas_ts / 3600, sensor_id, meas_ts, bs_id, received_ts, temperature, temps, sensor_rssi, bs_rssi, batt
        from readings order by meas_ts / 3600, sensor_id, meas_ts`.execute(db);
      await sql`drop table readings`.execute(db);
      await sql`alter table readings_by_hour rename to readings`.execute(db);
    },
  };
}
