import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The operator console's connections (issue 30 item 7, decision 0096): the live channel's switches
 * (users whose live updates are off, the push on or off), each server instance's last report of its
 * connections, the fan controllers' test responses and their log.
 */
export function connectionsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('live_muted_users')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('since_ts', ts, (c) => c.notNull())
        .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createTable('live_settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('ts', ts, (c) => c.notNull())
        .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createTable('live_instances')
        .addColumn('instance', 'text', (c) => c.primaryKey())
        .addColumn('started_ts', ts, (c) => c.notNull())
        .addColumn('seen_ts', ts, (c) => c.notNull())
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('rc_test_responses')
        .addColumn('fc_id', 'text', (c) =>
          c.primaryKey().references('fan_controllers.id').onDelete('cascade'),
        )
        .addColumn('channel', 'integer')
        .addColumn('command', 'integer', (c) => c.notNull())
        .addColumn('once', 'integer', (c) => c.notNull())
        .addColumn('minutes', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled_ts', ts)
        .addColumn('expires_ts', ts)
        .addColumn('answered_ts', ts)
        .addColumn('answers', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('set_ts', ts, (c) => c.notNull())
        .addColumn('set_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createTable('rc_test_log')
        .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('fc_id', 'text', (c) => c.notNull())
        .addColumn('ts', ts, (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('channel', 'integer')
        .addColumn('command', 'integer')
        .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('rc_test_log_fc_ts_idx')
        .on('rc_test_log')
        .columns(['fc_id', 'ts'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('rc_test_log').execute();
      await db.schema.dropTable('rc_test_responses').execute();
      await db.schema.dropTable('live_instances').execute();
      await db.schema.dropTable('live_settings').execute();
      await db.schema.dropTable('live_muted_users').execute();
    },
  };
}
