import type { Kysely, Selectable } from 'kysely';
import type { Database, ProbeDailyTable, ReadingsTable } from '../../db/schema.js';

export type ReadingRow = Selectable<ReadingsTable>;
export type DailyChartRow = Pick<
  Selectable<ProbeDailyTable>,
  'sensor_id' | 'day' | 'max_temp' | 'min_temp' | 'max_temps' | 'min_batt'
>;
export type ChartReadingRow = Pick<ReadingRow, 'meas_ts' | 'temps'> &
  Partial<Pick<ReadingRow, 'sensor_rssi' | 'bs_rssi' | 'batt'>>;

/**
 * Reads of a probe's history. Every query names the probe and a time range, so it is one range scan
 * of the (sensor_id, meas_ts) primary key — the clustered order of `readings` on SQLite — or of the
 * (sensor_id, day) key of `probe_daily`.
 */
export class ProbeDataRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Chart readings in time order; signal and battery only when asked for. */
  chartReadings(sensorId: string, from: number, to: number, allFields: boolean): Promise<ChartReadingRow[]> {
    const q = this.db
      .selectFrom('readings')
      .where('sensor_id', '=', sensorId)
      .where('meas_ts', '>=', from)
      .where('meas_ts', '<=', to)
      .orderBy('meas_ts');
    return allFields
      ? q.select(['meas_ts', 'temps', 'sensor_rssi', 'bs_rssi', 'batt']).execute()
      : q.select(['meas_ts', 'temps']).execute();
  }

  /** Every stored field, in time order (the Data tab and the probe analysis). */
  readings(sensorId: string, from: number, to: number): Promise<ReadingRow[]> {
    return this.db
      .selectFrom('readings')
      .selectAll()
      .where('sensor_id', '=', sensorId)
      .where('meas_ts', '>=', from)
      .where('meas_ts', '<=', to)
      .orderBy('meas_ts')
      .execute();
  }

  /** Daily roll-ups of the probes for UTC days fromDay…toDay, by probe then day. */
  daily(sensorIds: readonly string[], fromDay: number, toDay: number): Promise<DailyChartRow[]> {
    if (sensorIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('probe_daily')
      .select(['sensor_id', 'day', 'max_temp', 'min_temp', 'max_temps', 'min_batt'])
      .where('sensor_id', 'in', sensorIds)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .orderBy('sensor_id')
      .orderBy('day')
      .execute();
  }
}
