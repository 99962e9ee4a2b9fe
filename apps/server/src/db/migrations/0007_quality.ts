import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The hay-quality roll-up (docs/decisions/0028-hay-quality-service.md), written by the quality
 * feature's own background job from `readings`, never by ingest:
 * - `quality_hourly`: per probe and UTC hour, the hottest reading (max over depths), tenths of °C,
 *   and how many readings it saw;
 * - `quality_daily`: per probe and UTC day, the day's heat-degree hours above 30 °C in tenth-°C·h
 *   (Σ over its hours of max(0, max − 300)) and the running total of the probe's days up to it, so
 *   any run of whole days is the difference of two rows;
 * - `quality_rollup_state`: per probe, the newest reading time already folded in (the watermark
 *   that makes the job incremental and resumable).
 */
export function qualityMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Clustered by probe and time on SQLite (as readings): a probe's days or hours are one scan.
      let hourly = db.schema
        .createTable('quality_hourly')
        .addColumn('sensor_id', 'text', (c) => c.notNull())
        .addColumn('hour', ts, (c) => c.notNull())
        .addColumn('max_temp', 'integer', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('quality_hourly_pk', ['sensor_id', 'hour']);
      if (engine === 'sqlite') hourly = hourly.modifyEnd(sql`without rowid`);
      await hourly.execute();

      let daily = db.schema
        .createTable('quality_daily')
        .addColumn('sensor_id', 'text', (c) => c.notNull())
        .addColumn('day', ts, (c) => c.notNull())
        .addColumn('hdd_tenths', ts, (c) => c.notNull())
        .addColumn('cum_tenths', ts, (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('quality_daily_pk', ['sensor_id', 'day']);
      if (engine === 'sqlite') daily = daily.modifyEnd(sql`without rowid`);
      await daily.execute();

      await db.schema
        .createTable('quality_rollup_state')
        .addColumn('sensor_id', 'text', (c) => c.primaryKey())
        .addColumn('watermark', ts, (c) => c.notNull())
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('quality_rollup_state').execute();
      await db.schema.dropTable('quality_daily').execute();
      await db.schema.dropTable('quality_hourly').execute();
    },
  };
}
