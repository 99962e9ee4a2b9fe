import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Probe properties saved through /client/sensorConf (spec doc 2 §3 "Probe configuration also carries
 * receiving_time, measurement_interval, corrections"): corrections as a JSON list, the measurement
 * interval in seconds, the receiving time 4–10. Null means "not set" (the station's default).
 * One column per statement: SQLite's ALTER TABLE adds a single column at a time.
 */
export function probeSettingsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('probes').addColumn('corrections', 'text').execute();
      await db.schema.alterTable('probes').addColumn('measurement_interval', 'integer').execute();
      await db.schema.alterTable('probes').addColumn('receiving_time', 'integer').execute();

      // Year charts, snapshots and extremes read one probe's run of days from probe_daily. On SQLite a
      // WITHOUT ROWID table is clustered by its primary key (sensor_id, day), so that run is one
      // contiguous range instead of an index walk plus a row lookup per day — as `readings` already is.
      if (engine === 'sqlite') {
        await db.schema
          .createTable('probe_daily_clustered')
          .addColumn('sensor_id', 'text', (c) => c.notNull())
          .addColumn('day', 'integer', (c) => c.notNull())
          .addColumn('n', 'integer', (c) => c.notNull())
          .addColumn('max_temp', 'integer', (c) => c.notNull())
          .addColumn('min_temp', 'integer', (c) => c.notNull())
          .addColumn('max_temps', 'text', (c) => c.notNull())
          .addColumn('min_temps', 'text', (c) => c.notNull())
          .addColumn('min_batt', 'integer')
          .addColumn('max_batt', 'integer')
          .addPrimaryKeyConstraint('probe_daily_clustered_pk', ['sensor_id', 'day'])
          .modifyEnd(sql`without rowid`)
          .execute();
        await sql`insert into probe_daily_clustered (sensor_id, day, n, max_temp, min_temp, max_temps, min_temps, min_batt, max_batt)
          select sensor_id, day, n, max_temp, min_temp, max_temps, min_temps, min_batt, max_batt from probe_daily`.execute(
          db,
        );
        await db.schema.dropTable('probe_daily').execute();
        await db.schema.alterTable('probe_daily_clustered').renameTo('probe_daily').execute();
      }
    },
  };
}
