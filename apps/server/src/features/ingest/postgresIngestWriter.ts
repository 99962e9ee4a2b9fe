import { sql, type Transaction } from 'kysely';
import type { IngestReading } from '@emberwatch/shared';
import type { Database } from '../../db/schema.js';
import { dayOf, foldReading, startDaily, type DailyState } from './dailyRollup.js';
import type {
  IngestWriter,
  PacketLogRow,
  PacketOrigin,
  StationUpdate,
  WrittenReadings,
} from './ingestWriter.js';

const nothing = (): void => undefined;

function jsonInts(values: number[]): string {
  return JSON.stringify(values);
}

/**
 * The ingest path's writes on PostgreSQL: each kind of row in one statement of `unnest` arrays, so a
 * commit of thousands of readings costs a handful of round trips, and the daily roll-ups are merged
 * by the upsert itself (greatest/least per column and per depth, counts added) instead of read,
 * folded here and written back. The merge only combines, so it is right whatever another instance
 * committed meanwhile; commits that share probes still run one after the other (the probe locks the
 * service takes first), which keeps their row locks from deadlocking.
 */
export class PostgresIngestWriter implements IngestWriter {
  async writeReadings(
    trx: Transaction<Database>,
    origins: readonly PacketOrigin[],
    readings: readonly IngestReading[],
    packetOf: readonly number[],
  ): Promise<WrittenReadings> {
    const fresh = new Uint8Array(readings.length);
    // A reading repeated inside the commit is sent once: the first copy is the one stored.
    const first = new Map<string, number>();
    const ids: string[] = [];
    const times: number[] = [];
    const bsIds: string[] = [];
    const received: number[] = [];
    const temperature: number[] = [];
    const temps: string[] = [];
    const sensorRssi: (number | null)[] = [];
    const bsRssi: (number | null)[] = [];
    const batt: (number | null)[] = [];
    for (let i = 0; i < readings.length; i++) {
      const r = readings[i] as IngestReading;
      const key = `${r.sensor_id}|${r.meas_ts}`;
      if (first.has(key)) continue;
      first.set(key, i);
      const origin = origins[packetOf[i] as number] as PacketOrigin;
      ids.push(r.sensor_id);
      times.push(r.meas_ts);
      bsIds.push(origin.bsId);
      received.push(origin.receivedTs);
      temperature.push(r.temperatures[0] as number);
      temps.push(jsonInts(r.temperatures));
      sensorRssi.push(r.sensor_RSSI ?? null);
      bsRssi.push(r.bs_RSSI ?? null);
      batt.push(r.batt_voltage ?? null);
    }
    if (ids.length === 0) return { fresh, publish: nothing, discard: nothing };

    const { rows: inserted } = await sql<{ sensor_id: string; meas_ts: number }>`
      insert into readings (sensor_id, meas_ts, bs_id, received_ts, temperature, temps, sensor_rssi, bs_rssi, batt)
      select * from unnest(${ids}::text[], ${times}::bigint[], ${bsIds}::text[], ${received}::bigint[],
        ${temperature}::int[], ${temps}::text[], ${sensorRssi}::int[], ${bsRssi}::int[], ${batt}::int[])
      on conflict (sensor_id, meas_ts) do nothing
      returning sensor_id, meas_ts`.execute(trx);
    if (inserted.length === 0) return { fresh, publish: nothing, discard: nothing };

    // The new readings, folded per probe: its newest reading and its days.
    const newest = new Map<string, number>();
    const days = new Map<string, DailyState>();
    for (const row of inserted) {
      const i = first.get(`${row.sensor_id}|${row.meas_ts}`) as number;
      fresh[i] = 1;
      const r = readings[i] as IngestReading;
      const n = newest.get(r.sensor_id);
      if (n === undefined || r.meas_ts > (readings[n] as IngestReading).meas_ts) newest.set(r.sensor_id, i);
      const day = dayOf(r.meas_ts);
      const key = `${r.sensor_id}|${day}`;
      const state = days.get(key);
      const b = r.batt_voltage ?? null;
      if (state) foldReading(state, r.temperatures, b);
      else days.set(key, startDaily(r.sensor_id, day, r.temperatures, b));
    }

    await this.upsertLatest(trx, origins, readings, packetOf, newest);
    await this.mergeDaily(trx, [...days.values()]);
    return { fresh, publish: nothing, discard: nothing };
  }

  /** probe_latest only moves forward in time, so late readings never overwrite newer ones. */
  private async upsertLatest(
    trx: Transaction<Database>,
    origins: readonly PacketOrigin[],
    readings: readonly IngestReading[],
    packetOf: readonly number[],
    newest: Map<string, number>,
  ): Promise<void> {
    // Sorted by probe: two commits lock shared rows in one order.
    const order = [...newest.keys()].sort();
    const rs = order.map((id) => readings[newest.get(id) as number] as IngestReading);
    await sql`
      insert into probe_latest (sensor_id, bs_id, meas_ts, temperature, temps, sensor_rssi, bs_rssi, batt)
      select * from unnest(${order}::text[],
        ${order.map((id) => (origins[packetOf[newest.get(id) as number] as number] as PacketOrigin).bsId)}::text[],
        ${rs.map((r) => r.meas_ts)}::bigint[], ${rs.map((r) => r.temperatures[0])}::int[],
        ${rs.map((r) => jsonInts(r.temperatures))}::text[], ${rs.map((r) => r.sensor_RSSI ?? null)}::int[],
        ${rs.map((r) => r.bs_RSSI ?? null)}::int[], ${rs.map((r) => r.batt_voltage ?? null)}::int[])
      on conflict (sensor_id) do update set bs_id = excluded.bs_id, meas_ts = excluded.meas_ts,
        temperature = excluded.temperature, temps = excluded.temps, sensor_rssi = excluded.sensor_rssi,
        bs_rssi = excluded.bs_rssi, batt = excluded.batt
      where excluded.meas_ts > probe_latest.meas_ts`.execute(trx);
  }

  /**
   * Adds this commit's roll-ups to the stored ones without reading them: counts add up, maxima and
   * minima combine (greatest and least pass over a null, as a depth or battery only one side has),
   * and the per-depth arrays combine depth by depth.
   */
  private async mergeDaily(trx: Transaction<Database>, states: DailyState[]): Promise<void> {
    states.sort((a, b) => (a.sensorId < b.sensorId ? -1 : a.sensorId > b.sensorId ? 1 : a.day - b.day));
    const depthwise = (pick: 'greatest' | 'least', col: 'max_temps' | 'min_temps') =>
      sql.raw(`(select '[' || string_agg(${pick}(a::int, b::int)::text, ',' order by i) || ']'
        from rows from (json_array_elements_text(probe_daily.${col}::json),
                        json_array_elements_text(excluded.${col}::json)) with ordinality as d(a, b, i))`);
    await sql`
      insert into probe_daily (sensor_id, day, n, max_temp, min_temp, max_temps, min_temps, min_batt, max_batt)
      select * from unnest(${states.map((s) => s.sensorId)}::text[], ${states.map((s) => s.day)}::bigint[],
        ${states.map((s) => s.n)}::int[], ${states.map((s) => s.maxTemp)}::int[],
        ${states.map((s) => s.minTemp)}::int[], ${states.map((s) => jsonInts(s.maxTemps))}::text[],
        ${states.map((s) => jsonInts(s.minTemps))}::text[], ${states.map((s) => s.minBatt)}::int[],
        ${states.map((s) => s.maxBatt)}::int[])
      on conflict (sensor_id, day) do update set
        n = probe_daily.n + excluded.n,
        max_temp = greatest(probe_daily.max_temp, excluded.max_temp),
        min_temp = least(probe_daily.min_temp, excluded.min_temp),
        max_temps = ${depthwise('greatest', 'max_temps')},
        min_temps = ${depthwise('least', 'min_temps')},
        min_batt = least(probe_daily.min_batt, excluded.min_batt),
        max_batt = greatest(probe_daily.max_batt, excluded.max_batt)`.execute(trx);
  }

  async writeStations(
    trx: Transaction<Database>,
    updates: StationUpdate[],
    log: PacketLogRow[],
  ): Promise<void> {
    if (updates.length > 0) {
      const us = [...updates].sort((a, b) => (a.bs_id < b.bs_id ? -1 : a.bs_id > b.bs_id ? 1 : 0));
      // Times only move forward: a delayed packet must not make a station look older than it is. The
      // stations' rows are locked in id order first, so two commits never lock them crosswise.
      const forward = (col: string, v: string) =>
        sql.raw(
          `case when u.${v} is null or (s.${col} is not null and s.${col} >= u.${v}) then s.${col} else u.${v} end`,
        );
      await sql`
        with locked as materialized (
          select id from base_stations where id = any(${us.map((u) => u.bs_id)}::text[]) order by id for update
        )
        update base_stations as s set
          last_data_ts = ${forward('last_data_ts', 'data')},
          last_boot_ts = ${forward('last_boot_ts', 'boot')},
          last_conf_ts = ${forward('last_conf_ts', 'conf')},
          firmware = coalesce(u.firmware, s.firmware),
          version = coalesce(u.version, s.version),
          bs_type = coalesce(u.bs_type, s.bs_type)
        from unnest(${us.map((u) => u.bs_id)}::text[], ${us.map((u) => u.last_data_ts ?? null)}::bigint[],
          ${us.map((u) => u.last_boot_ts ?? null)}::bigint[], ${us.map((u) => u.last_conf_ts ?? null)}::bigint[],
          ${us.map((u) => u.firmware ?? null)}::text[], ${us.map((u) => u.version ?? null)}::text[],
          ${us.map((u) => u.bs_type ?? null)}::int[]) as u(id, data, boot, conf, firmware, version, bs_type)
        where s.id = u.id and s.id in (select id from locked)`.execute(trx);
    }
    if (log.length > 0) {
      await sql`
        insert into bs_packets (bs_id, type, ts, bytes_up, bytes_down, n_readings)
        select * from unnest(${log.map((p) => p.bs_id)}::text[], ${log.map((p) => p.type)}::text[],
          ${log.map((p) => p.ts)}::bigint[], ${log.map((p) => p.bytes_up)}::int[],
          ${log.map((p) => p.bytes_down)}::int[], ${log.map((p) => p.n_readings)}::int[])`.execute(trx);
    }
  }
}
