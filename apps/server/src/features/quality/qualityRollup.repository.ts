import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ReadingHistory } from '../readings/index.js';
import type { DayRow, HourRow, StoredReading } from './foldHours.js';

/**
 * PostgreSQL: the advisory-lock space of one probe's roll-up (with the probe id's hash). Several
 * instances run the roll-up job; two folding the same probe at once would both delete the hours (none
 * committed yet) and both insert them, and the second insert fails on `quality_hourly_pk`. The lock
 * makes the second wait, then replace what the first wrote. SQLite has one writer at a time.
 */
export const QUALITY_ROLLUP_LOCK_SPACE = 7314;

/** Rows per insert: well under the bound-parameter limits of both stores. */
const ROWS_PER_INSERT = 500;

function* chunks<T>(rows: readonly T[], size = ROWS_PER_INSERT): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

export interface ProbeBehind {
  sensor_id: string;
  /** The newest reading stored for the probe (probe_latest). */
  latest: number;
  /** The newest reading already folded in; null for a probe the roll-up has never seen. */
  watermark: number | null;
}

/** The quality roll-up's SQL: reads `readings`, `probe_latest` and `probe_daily`, writes its own tables. */
export class QualityRollupRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly history: ReadingHistory,
    private readonly engine: 'sqlite' | 'postgres' = 'sqlite',
  ) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Probes with readings newer than their watermark (or none yet), oldest watermark first. */
  async probesBehind(limit: number): Promise<ProbeBehind[]> {
    const rows = await this.db
      .selectFrom('probe_latest')
      .leftJoin('quality_rollup_state', 'quality_rollup_state.sensor_id', 'probe_latest.sensor_id')
      .select([
        'probe_latest.sensor_id as sensor_id',
        'probe_latest.meas_ts as latest',
        'quality_rollup_state.watermark as watermark',
      ])
      .where((eb) =>
        eb.or([
          eb('quality_rollup_state.watermark', 'is', null),
          eb('probe_latest.meas_ts', '>', eb.ref('quality_rollup_state.watermark')),
        ]),
      )
      .orderBy(sql`coalesce(${sql.ref('quality_rollup_state.watermark')}, -1)`)
      .orderBy('probe_latest.sensor_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      sensor_id: r.sensor_id,
      latest: Number(r.latest),
      watermark: r.watermark === null ? null : Number(r.watermark),
    }));
  }

  firstReadingTs(sensorId: string): Promise<number | null> {
    return this.history.firstTs(sensorId);
  }

  /** A probe's readings in [from, to), in time order, recent and packed alike. */
  async readings(sensorId: string, from: number, to: number): Promise<StoredReading[]> {
    const rows = await this.history.range([sensorId], from, to, { toExclusive: true });
    return rows.map((r) => ({ meas_ts: Number(r.meas_ts), temps: r.temps, temperature: r.temperature }));
  }

  /** Replaces the hours of [from, to) with these (hours that lost their readings go). */
  async replaceHours(
    trx: Transaction<Database>,
    sensorId: string,
    from: number,
    to: number,
    hours: readonly HourRow[],
  ): Promise<void> {
    if (this.engine === 'postgres')
      await sql`select pg_advisory_xact_lock(${QUALITY_ROLLUP_LOCK_SPACE}::int, hashtext(${sensorId}))`.execute(
        trx,
      );
    await trx
      .deleteFrom('quality_hourly')
      .where('sensor_id', '=', sensorId)
      .where('hour', '>=', from)
      .where('hour', '<', to)
      .execute();
    for (const part of chunks(hours)) await trx.insertInto('quality_hourly').values(part).execute();
  }

  /** The stored hours of one probe in [from, to). */

  /** The running total of a probe's days before `day` (0 without any). */
  private async totalBefore(trx: Transaction<Database>, sensorId: string, day: number): Promise<number> {
    const row = await trx
      .selectFrom('quality_daily')
      .select('cum_tenths')
      .where('sensor_id', '=', sensorId)
      .where('day', '<', day)
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? Number(row.cum_tenths) : 0;
  }

  /**
   * Replaces the day rows of [from, to) of one probe with these, keeping the running totals true:
   * the new days count on from the total before `from`, and the days after `to` (a late day folded
   * again) move by the change.
   */
  async replaceDays(
    trx: Transaction<Database>,
    sensorId: string,
    from: number,
    to: number,
    days: readonly DayRow[],
  ): Promise<void> {
    const base = await this.totalBefore(trx, sensorId, from);
    const oldEnd = await this.totalBefore(trx, sensorId, to);
    await trx
      .deleteFrom('quality_daily')
      .where('sensor_id', '=', sensorId)
      .where('day', '>=', from)
      .where('day', '<', to)
      .execute();
    let total = base;
    const rows = [...days]
      .sort((a, b) => a.day - b.day)
      .map((d) => ({ ...d, cum_tenths: (total += d.hdd_tenths) }));
    for (const part of chunks(rows)) await trx.insertInto('quality_daily').values(part).execute();
    if (total !== oldEnd)
      await trx
        .updateTable('quality_daily')
        .set((eb) => ({ cum_tenths: eb('cum_tenths', '+', total - oldEnd) }))
        .where('sensor_id', '=', sensorId)
        .where('day', '>=', to)
        .execute();
  }

  async setWatermark(trx: Transaction<Database>, sensorId: string, watermark: number, nowS: number) {
    await trx
      .insertInto('quality_rollup_state')
      .values({ sensor_id: sensorId, watermark, updated_ts: nowS })
      .onConflict((oc) =>
        oc.column('sensor_id').doUpdateSet((eb) => ({
          watermark: eb.ref('excluded.watermark'),
          updated_ts: eb.ref('excluded.updated_ts'),
        })),
      )
      .execute();
  }

  /**
   * Days since `since` that ingest counted differently from the roll-up (probe_daily.n ≠ the day's
   * folded readings) and that lie wholly before `before(probe)`: readings that arrived later than
   * the job's look-back. Limited, so one run stays short.
   */
  async daysOutOfStep(
    since: number,
    lookBackS: number,
    limit: number,
  ): Promise<{ sensor_id: string; day: number }[]> {
    const rows = await this.db
      .selectFrom('probe_daily as pd')
      .innerJoin('quality_rollup_state as s', 's.sensor_id', 'pd.sensor_id')
      .leftJoin('quality_daily as qd', (j) =>
        j.onRef('qd.sensor_id', '=', 'pd.sensor_id').onRef('qd.day', '=', 'pd.day'),
      )
      .select(['pd.sensor_id as sensor_id', 'pd.day as day'])
      .where('pd.day', '>=', since)
      .where(sql<boolean>`${sql.ref('pd.day')} + 86400 <= ${sql.ref('s.watermark')} - ${lookBackS}`)
      .where((eb) => eb.or([eb('qd.n', 'is', null), eb('qd.n', '<>', eb.ref('pd.n'))]))
      .orderBy('pd.day')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ sensor_id: r.sensor_id, day: Number(r.day) }));
  }
}
