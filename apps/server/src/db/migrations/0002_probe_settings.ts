import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Probe properties saved through /client/sensorConf (spec doc 2 §3 "Probe configuration also carries
 * receiving_time, measurement_interval, corrections"): corrections as a JSON list, the measurement
 * interval in seconds, the receiving time 4–10. Null means "not set" (the station's default).
 * One column per statement: SQLite's ALTER TABLE adds a single column at a time.
 */
export function probeSettingsMigration(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('probes').addColumn('corrections', 'text').execute();
      await db.schema.alterTable('probes').addColumn('measurement_interval', 'integer').execute();
      await db.schema.alterTable('probes').addColumn('receiving_time', 'integer').execute();
    },
  };
}
