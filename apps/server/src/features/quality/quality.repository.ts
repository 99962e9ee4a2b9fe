import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, QualityRollupStateTable } from '../../db/schema.js';

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

  /**
   * Heat-degree hours of whole days [from, to) per probe: the difference of two running totals, the
   * last day before `to` and the last before `from` (two index seeks per probe, whatever the span).
   */
  async daySums(sensorIds: readonly string[], from: number, to: number): Promise<DaySum[]> {
    if (sensorIds.length === 0 || from >= to) return [];
    const lastBefore =
      (bound: number) => (eb: ExpressionBuilder<Database & { s: QualityRollupStateTable }, 's'>) =>
        eb
          .selectFrom('quality_daily as d')
          .whereRef('d.sensor_id', '=', 's.sensor_id')
          .where('d.day', '<', bound)
          .orderBy('d.day', 'desc')
          .limit(1);
    const rows = await this.db
      .selectFrom('quality_rollup_state as s')
      .select((eb) => [
        's.sensor_id',
        lastBefore(to)(eb).select('d.cum_tenths').as('cum_to'),
        lastBefore(to)(eb).select('d.day').as('last_day'),
        lastBefore(from)(eb).select('d.cum_tenths').as('cum_from'),
      ])
      .where('s.sensor_id', 'in', sensorIds)
      .execute();
    return rows.flatMap((r) => {
      const lastDay = r.last_day === null ? null : Number(r.last_day);
      if (lastDay === null || lastDay < from) return [];
      return [
        {
          sensor_id: r.sensor_id,
          hdd_tenths: Number(r.cum_to ?? 0) - Number(r.cum_from ?? 0),
          last_day: lastDay,
        },
      ];
    });
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
