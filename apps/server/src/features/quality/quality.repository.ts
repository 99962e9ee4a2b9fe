import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface HourPoint {
  sensor_id: string;
  hour: number;
  max_temp: number;
}

export interface DaySum {
  sensor_id: string;
  /** Σ hdd_tenths over the days: tenth-°C·h. */
  hdd_tenths: number;
  /** The last day with readings among them. */
  last_day: number;
}

/** The quality call's reads of the roll-up (decision 0028); the job writes these tables. */
export class QualityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Heat-degree hours of whole days [from, to) per probe, summed in the store. */
  async daySums(sensorIds: readonly string[], from: number, to: number): Promise<DaySum[]> {
    if (sensorIds.length === 0 || from >= to) return [];
    const rows = await this.db
      .selectFrom('quality_daily')
      .select((eb) => [
        'sensor_id',
        eb.fn.sum<number | string>('hdd_tenths').as('hdd_tenths'),
        eb.fn.max<number | string>('day').as('last_day'),
      ])
      .where('sensor_id', 'in', sensorIds)
      .where('day', '>=', from)
      .where('day', '<', to)
      .groupBy('sensor_id')
      .execute();
    return rows.map((r) => ({
      sensor_id: r.sensor_id,
      hdd_tenths: Number(r.hdd_tenths),
      last_day: Number(r.last_day),
    }));
  }

  /** The hourly maxima of these probes in [from, to), by probe and hour. */
  async hours(sensorIds: readonly string[], from: number, to: number): Promise<HourPoint[]> {
    if (sensorIds.length === 0 || from >= to) return [];
    const rows = await this.db
      .selectFrom('quality_hourly')
      .select(['sensor_id', 'hour', 'max_temp'])
      .where('sensor_id', 'in', sensorIds)
      .where('hour', '>=', from)
      .where('hour', '<', to)
      .orderBy('sensor_id')
      .orderBy('hour')
      .execute();
    return rows.map((r) => ({ sensor_id: r.sensor_id, hour: Number(r.hour), max_temp: r.max_temp }));
  }
}
