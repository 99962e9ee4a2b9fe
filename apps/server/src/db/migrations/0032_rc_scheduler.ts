import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The RC units' schedulers (issue 13 item 3, getRcScheduler and saveRcScheduler; decision 0037
 * addendum): one row per controller that has one, the hours per weekday as JSON [[from, to] × 7].
 * A controller without a row holds no hours. Typed in features/fans/fans.tables.ts.
 */
export function rcSchedulerMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('fan_schedulers')
        .addColumn('fc_id', 'text', (c) =>
          c.primaryKey().references('fan_controllers.id').onDelete('cascade'),
        )
        .addColumn('scheduler_enabled', 'integer', (c) => c.notNull())
        .addColumn('disabled_hours', 'text', (c) => c.notNull())
        .addColumn('reverse_disabled', 'integer', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('fan_schedulers').execute();
    },
  };
}
