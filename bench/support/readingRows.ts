import type { Store } from '../../apps/server/src/db/createDatabase.js';
import type { Engine } from '../../apps/server/src/db/engine.js';
import type { ReadingsTable } from '../../apps/server/src/db/schema.js';

/**
 * Raw reading rows as a bench writes them straight into `readings`: the table is keyed by the reading's
 * hour first, which on SQLite the row must carry (migration 0036); on PostgreSQL the column is generated
 * (migration 0076) and an insert must not name it.
 */
export function readingRowsFor<R extends { meas_ts: number }>(engine: Engine, rows: readonly R[]): R[] {
  return engine === 'sqlite' ? rows.map((r) => ({ ...r, hour: Math.floor(r.meas_ts / 3_600) })) : [...rows];
}

/** A raw reading row as `readings` holds it (without SQLite's hour, which `readingRowsFor` adds). */
export type RawReadingRow = Omit<ReadingsTable, 'hour'>;

/**
 * Stores one probe's readings, in time order, straight into `readings` (1,000 rows a statement) and
 * makes the last one the probe's latest, as ingest would have left them.
 */
export async function storeProbeReadings(store: Store, rows: readonly RawReadingRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1_000)
    await store.db
      .insertInto('readings')
      .values(readingRowsFor(store.engine, rows.slice(i, i + 1_000)))
      .execute();
  const last = rows.at(-1);
  if (!last) return;
  const { sensor_id, bs_id, meas_ts, temperature, temps, sensor_rssi, bs_rssi, batt } = last;
  await store.db
    .insertInto('probe_latest')
    .values({ sensor_id, bs_id, meas_ts, temperature, temps, sensor_rssi, bs_rssi, batt })
    .execute();
}
