import type { Kysely, Selectable } from 'kysely';
import type { Database, ProbeDailyTable, ReadingsTable } from '../../db/schema.js';
import type { ReadingHistory } from '../readings/index.js';

/** A stored reading's fields (SQLite's `hour` key part is not one of them). */
export type ReadingRow = Omit<Selectable<ReadingsTable>, 'hour'>;
export type DailyChartRow = Pick<
  Selectable<ProbeDailyTable>,
  'sensor_id' | 'day' | 'max_temp' | 'min_temp' | 'max_temps' | 'min_batt'
>;
export type ChartReadingRow = Pick<ReadingRow, 'meas_ts' | 'temps'> &
  Partial<Pick<ReadingRow, 'sensor_rssi' | 'bs_rssi' | 'batt'>>;

/**
 * Reads of a probe's history. Every query names the probe and a time range: readings come from the
 * readings feature's history (recent rows and packed days alike), roll-ups are one range scan of the
 * (sensor_id, day) key of `probe_daily`.
 */
export class ProbeDataRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly history: ReadingHistory,
  ) {}

  /** Chart readings in time order; signal and battery only when asked for. */
  async chartReadings(
    sensorId: string,
    from: number,
    to: number,
    allFields: boolean,
  ): Promise<ChartReadingRow[]> {
    const rows = await this.history.range([sensorId], from, to);
    return allFields
      ? rows.map((r) => ({
          meas_ts: r.meas_ts,
          temps: r.temps,
          sensor_rssi: r.sensor_rssi,
          bs_rssi: r.bs_rssi,
          batt: r.batt,
        }))
      : rows.map((r) => ({ meas_ts: r.meas_ts, temps: r.temps }));
  }

  /** Every stored field, in time order (the Data tab and the probe analysis). */
  readings(sensorId: string, from: number, to: number): Promise<ReadingRow[]> {
    return this.history.range([sensorId], from, to);
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
