import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The alert logbook (issue 11 item 3): one row per thing that happened to a monitor's alerts — raised,
 * acknowledged, cleared (recovered, reset, probe removed), a probe fallen silent or back — and per rule
 * change, written in the same transaction as the change itself. Read per storage: the rows of its
 * monitor for its probes, and the monitor's rule changes. See decision 0033, addendum "Logbook".
 */
export function alertLogMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('alert_log')
        .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('monitor_id', 'integer', (c) => c.notNull())
        .addColumn('rule_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('sensor_id', 'text')
        .addColumn('depth', 'integer')
        .addColumn('temperature', 'integer')
        .addColumn('detail', 'text')
        .addColumn('by_user_id', 'integer')
        .addColumn('ts', ts, (c) => c.notNull())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('alert_log_by_monitor')
        .on('alert_log')
        .columns(['owner_user_id', 'monitor_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('alert_log').execute();
    },
  };
}
