import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { IngestReading } from '@emberwatch/shared';
import type { Database } from '../../db/schema.js';
import { dayOf, foldReading, startDaily, type DailyState } from './dailyRollup.js';
import { intArray, textArray } from './postgresArrays.js';
import type {
  IngestWriter,
  PacketLogRow,
  PacketOrigin,
  StationUpdate,
  WrittenReadings,
} from './ingestWriter.js';

const nothing = (): void => undefined;

/**
 * probe_latest's part of a statement, as common table expressions (`gate`: a condition the rows must
 * meet, or nothing). probe_latest only moves forward in time, so late readings never overwrite newer
 * ones. A probe's row is updated in place (one heap write, where `on conflict do update` first locks
 * the row and then updates it: two). The rest go to the insert: a probe without a row yet, one whose
 * row is newer already (the conflict filter leaves it) and one another instance inserted meanwhile.
 */
function latestSteps(
  origins: readonly PacketOrigin[],
  readings: readonly IngestReading[],
  packetOf: readonly number[],
  tempsOf: readonly string[],
  newest: Map<string, number>,
  gate: RawBuilder<unknown>,
): RawBuilder<unknown> {
  // Sorted by probe: two commits lock shared rows in one order.
  const order = [...newest.keys()].sort();
  const at = order.map((id) => newest.get(id) as number);
  const rs = at.map((i) => readings[i] as IngestReading);
  return sql`
      lu as (
        select * from unnest(${textArray(order)}::text[],
          ${textArray(at.map((i) => (origins[packetOf[i] as number] as PacketOrigin).bsId))}::text[],
          ${intArray(rs.map((r) => r.meas_ts))}::bigint[], ${intArray(rs.map((r) => r.temperatures[0]))}::int[],
          ${textArray(at.map((i) => tempsOf[i] as string))}::text[], ${intArray(rs.map((r) => r.sensor_RSSI))}::int[],
          ${intArray(rs.map((r) => r.bs_RSSI))}::int[], ${intArray(rs.map((r) => r.batt_voltage))}::int[])
          as u(sensor_id, bs_id, meas_ts, temperature, temps, sensor_rssi, bs_rssi, batt) ${gate}),
      moved as (
        update probe_latest as l set bs_id = lu.bs_id, meas_ts = lu.meas_ts, temperature = lu.temperature,
          temps = lu.temps, sensor_rssi = lu.sensor_rssi, bs_rssi = lu.bs_rssi, batt = lu.batt
        from lu where l.sensor_id = lu.sensor_id and lu.meas_ts > l.meas_ts
        returning l.sensor_id),
      latest_new as (
        insert into probe_latest (sensor_id, bs_id, meas_ts, temperature, temps, sensor_rssi, bs_rssi, batt)
        select * from lu where not exists (select from moved where moved.sensor_id = lu.sensor_id)
        on conflict (sensor_id) do update set bs_id = excluded.bs_id, meas_ts = excluded.meas_ts,
          temperature = excluded.temperature, temps = excluded.temps, sensor_rssi = excluded.sensor_rssi,
          bs_rssi = excluded.bs_rssi, batt = excluded.batt
        where excluded.meas_ts > probe_latest.meas_ts)`;
}

/**
 * probe_daily's part of a statement, as common table expressions (`gate` as above). It adds the
 * commit's roll-ups to the stored ones without reading them: counts add up, and maxima and minima
 * combine column by column, per depth too (migration 0038: a column per depth, the JSON text
 * generated from them); greatest and least pass over a null, as a depth or battery only one side has.
 * Stored days are updated in place; a day without a row yet goes through the insert, whose `on
 * conflict` merges into a row another instance inserted meanwhile.
 */
function dailySteps(states: DailyState[], gate: RawBuilder<unknown>): RawBuilder<unknown> {
  states.sort((a, b) => (a.sensorId < b.sensorId ? -1 : a.sensorId > b.sensorId ? 1 : a.day - b.day));
  // Only as many depth columns as this commit's probes have: the others keep what they hold.
  let depths = 1;
  for (const s of states) if (s.maxTemps.length > depths) depths = s.maxTemps.length;
  const sides = (['max', 'min'] as const).map((side) => ({
    pick: side === 'max' ? 'greatest' : 'least',
    columns: Array.from({ length: depths }, (_, d) => `${side}_d${d + 1}`),
    values: Array.from({ length: depths }, (_, d) =>
      states.map((s) => (side === 'max' ? s.maxTemps : s.minTemps)[d] ?? null),
    ),
  }));
  const depthColumns = sides.flatMap((s) => s.columns);
  const names = sql.raw(
    ['sensor_id', 'day', 'n', 'max_temp', 'min_temp', 'min_batt', 'max_batt', ...depthColumns].join(', '),
  );
  const merge = (into: string, from: string) =>
    sql.raw(
      [
        `n = ${into}.n + ${from}.n`,
        `max_temp = greatest(${into}.max_temp, ${from}.max_temp)`,
        `min_temp = least(${into}.min_temp, ${from}.min_temp)`,
        `min_batt = least(${into}.min_batt, ${from}.min_batt)`,
        `max_batt = greatest(${into}.max_batt, ${from}.max_batt)`,
        ...sides.flatMap((s) => s.columns.map((c) => `${c} = ${s.pick}(${into}.${c}, ${from}.${c})`)),
      ].join(', '),
    );
  const depthValues = sql.join(sides.flatMap((s) => s.values.map((v) => sql`${intArray(v)}::int[]`)));
  return sql`
      du as (
        select * from unnest(${textArray(states.map((s) => s.sensorId))}::text[],
          ${intArray(states.map((s) => s.day))}::bigint[], ${intArray(states.map((s) => s.n))}::int[],
          ${intArray(states.map((s) => s.maxTemp))}::int[], ${intArray(states.map((s) => s.minTemp))}::int[],
          ${intArray(states.map((s) => s.minBatt))}::int[], ${intArray(states.map((s) => s.maxBatt))}::int[],
          ${depthValues}) as u(${names}) ${gate}),
      merged as (
        update probe_daily as d set ${merge('d', 'du')}
        from du where d.sensor_id = du.sensor_id and d.day = du.day
        returning d.sensor_id, d.day),
      daily_new as (
        insert into probe_daily (${names})
        select * from du where not exists (select from merged where merged.sensor_id = du.sensor_id and merged.day = du.day)
        on conflict (sensor_id, day) do update set ${merge('probe_daily', 'excluded')})`;
}

/**
 * The ingest path's writes on PostgreSQL (decisions 0027 and 0061): each kind of row in one statement
 * of `unnest` arrays, passed as array literals built here, so a commit of thousands of readings costs
 * a handful of round trips. The roll-ups are updated in place and the daily one is merged by the
 * statement itself (greatest/least per column and per depth column, counts added) instead of read,
 * folded here and written back. The merge only combines, so it is right whatever another instance
 * committed meanwhile; commits that share probes still run one after the other (the probe locks the
 * service takes first), which keeps their row locks from deadlocking whatever order a plan updates
 * rows in.
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
    // The JSON of each stored reading's depths, by its index: probe_latest takes the same text.
    const tempsOf: string[] = new Array<string>(readings.length);
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
      const json = JSON.stringify(r.temperatures);
      tempsOf[i] = json;
      temps.push(json);
      sensorRssi.push(r.sensor_RSSI ?? null);
      bsRssi.push(r.bs_RSSI ?? null);
      batt.push(r.batt_voltage ?? null);
    }
    if (ids.length === 0) return { fresh, publish: nothing, discard: nothing };

    // The roll-ups are folded as if every reading were new, which is what a live station sends, so
    // that one statement stores the readings and writes the roll-ups: a round trip per commit
    // instead of three, each of which waits for the event loop under load. The roll-up parts of the
    // statement only write when every reading was stored; otherwise (duplicates) nothing of theirs
    // is written, and the roll-ups of the readings that were new follow in statements of their own.
    const all = this.fold(readings, first.values(), undefined);
    const gate = sql`where (select n from counted) = ${ids.length}`;
    const { rows } = await sql<{ n: number; keys: string[] | null }>`
      with stored as (
        insert into readings (sensor_id, meas_ts, bs_id, received_ts, temperature, temps, sensor_rssi, bs_rssi, batt)
        select * from unnest(${textArray(ids)}::text[], ${intArray(times)}::bigint[], ${textArray(bsIds)}::text[],
          ${intArray(received)}::bigint[], ${intArray(temperature)}::int[], ${textArray(temps)}::text[],
          ${intArray(sensorRssi)}::int[], ${intArray(bsRssi)}::int[], ${intArray(batt)}::int[])
        on conflict (sensor_id, meas_ts) do nothing
        returning sensor_id, meas_ts),
      counted as (select count(*)::int as n from stored),
      ${latestSteps(origins, readings, packetOf, tempsOf, all.newest, gate)},
      ${dailySteps(all.days, gate)}
      -- One row back instead of one per reading: the keys stored only when some were not.
      select n, case when n < ${ids.length} then (select array_agg(sensor_id || '|' || meas_ts) from stored) end as keys
      from counted`.execute(trx);
    const { n, keys } = rows[0] ?? { n: 0, keys: null };
    if (n === ids.length) {
      for (const i of first.values()) fresh[i] = 1;
      return { fresh, publish: nothing, discard: nothing };
    }
    if (n === 0) return { fresh, publish: nothing, discard: nothing };
    for (const key of keys ?? []) fresh[first.get(key) as number] = 1;
    const some = this.fold(readings, first.values(), fresh);
    await sql`with ${latestSteps(origins, readings, packetOf, tempsOf, some.newest, sql``)} select 1`.execute(
      trx,
    );
    await sql`with ${dailySteps(some.days, sql``)} select 1`.execute(trx);
    return { fresh, publish: nothing, discard: nothing };
  }

  /** The readings (those marked in `fresh`, or all), folded per probe: its newest reading and its days. */
  private fold(
    readings: readonly IngestReading[],
    indices: Iterable<number>,
    fresh: Uint8Array | undefined,
  ): { newest: Map<string, number>; days: DailyState[] } {
    const newest = new Map<string, number>();
    const days = new Map<string, DailyState>();
    for (const i of indices) {
      if (fresh && fresh[i] === 0) continue;
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
    return { newest, days: [...days.values()] };
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
