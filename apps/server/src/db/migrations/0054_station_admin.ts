import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The base-station tools of the operator console (issue 30 items 3 and 5, decision 0094):
 * - bs_replacements: every replacement of a station by another (spec doc 2 §3 "Replacement history:
 *   replaced, BS_ID, replaced_date, admin"), with the account it happened in; never changed;
 * - probe_stop_settings: the fleet's data-break defaults, one row (id 1) once an operator saved them;
 *   without it the spec's values hold;
 * - station_settings: a station's settings saved by POST /client/bsConf, one row per station.
 */
export function stationAdminMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('bs_replacements')
        .addColumn('id', engine === 'postgres' ? 'serial' : 'integer', (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('replaced', 'text', (c) => c.notNull())
        .addColumn('bs_id', 'text', (c) => c.notNull())
        .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('replaced_ts', ts, (c) => c.notNull())
        .addColumn('admin', 'text', (c) => c.notNull())
        .execute();
      // A station's history is asked by either of its ids.
      await db.schema
        .createIndex('bs_replacements_replaced_idx')
        .on('bs_replacements')
        .column('replaced')
        .execute();
      await db.schema.createIndex('bs_replacements_bs_idx').on('bs_replacements').column('bs_id').execute();
      await db.schema
        .createTable('probe_stop_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('default_s', 'integer', (c) => c.notNull())
        .addColumn('reporting_intervals', 'integer', (c) => c.notNull())
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('station_settings')
        .addColumn('bs_id', 'text', (c) => c.primaryKey())
        .addColumn('temp_interval_degrees', 'integer')
        .addColumn('user_bs_intervals', 'integer', (c) => c.notNull())
        .addColumn('alarm_threshold_1', 'integer')
        .addColumn('alarm_threshold_2', 'integer')
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('station_settings').execute();
      await db.schema.dropTable('probe_stop_settings').execute();
      await db.schema.dropTable('bs_replacements').execute();
    },
  };
}
