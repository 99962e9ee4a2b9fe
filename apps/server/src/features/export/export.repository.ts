import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ExportReadingRow {
  sensor_id: string;
  meas_ts: number;
  temps: string;
}

/** Readings for the export: one range scan of the (sensor_id, meas_ts) key per probe. */
export class ExportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The probes' readings from `from` to `to` (both included), by probe then measurement time. */
  readings(sensorIds: readonly string[], from: number, to: number): Promise<ExportReadingRow[]> {
    if (sensorIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('readings')
      .select(['sensor_id', 'meas_ts', 'temps'])
      .where('sensor_id', 'in', sensorIds)
      .where('meas_ts', '>=', from)
      .where('meas_ts', '<=', to)
      .orderBy('sensor_id')
      .orderBy('meas_ts')
      .execute();
  }
}
