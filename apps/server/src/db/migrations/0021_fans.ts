import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Fan controllers (issue 13, docs/decisions/0037-fan-control.md, docs/fan-controller-protocol.md):
 *
 * - fan_controllers: a controller registered to an account, with the SHA-256 of its secret, when it
 *   last polled, whether the server has marked it offline (and logged that), and what it last
 *   reported of its air sensor and its network;
 * - fan_channels: one row per channel — what it is assigned to (storage, outdoor probe, station,
 *   batch, monitor), the user's manual command, the server's command with its revision, the decision's
 *   state, the offline rule handed out, and the channel's last report (mode, output, counters);
 * - fan_events: the RC event log, a row whenever what a channel does or why changes.
 */
export function fansMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('fan_controllers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('channels', 'integer', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('firmware', 'text')
        .addColumn('last_poll_ts', ts)
        .addColumn('offline', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('offline_since_ts', ts)
        .addColumn('offline_logged', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('climate', 'text')
        .addColumn('connection', 'text')
        .addColumn('created_ts', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('fan_controllers_by_owner')
        .on('fan_controllers')
        .columns(['owner_user_id', 'id'])
        .execute();

      await db.schema
        .createTable('fan_channels')
        .addColumn('fc_id', 'text', (c) => c.notNull().references('fan_controllers.id').onDelete('cascade'))
        .addColumn('channel', 'integer', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('verbose', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('in_use', 'integer', (c) => c.references('storages.id').onDelete('set null'))
        .addColumn('use_ts', ts)
        .addColumn('outdoor_id', 'text')
        .addColumn('bs_id', 'text')
        .addColumn('batch_ref', 'integer')
        .addColumn('monitor_ref', 'integer')
        .addColumn('is_manual', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('manual_command', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('command', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rev', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rule_type', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('offline_rule', 'text', (c) => c.notNull())
        .addColumn('decided_ts', ts)
        .addColumn('fc_mode', 'text')
        .addColumn('drive', 'integer')
        .addColumn('applied_rev', 'integer')
        .addColumn('mode_change_ts', ts)
        .addColumn('drive_change_ts', ts)
        .addColumn('counter_on', ts, (c) => c.notNull().defaultTo(0))
        .addColumn('counter_off', ts, (c) => c.notNull().defaultTo(0))
        .addColumn('switches', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cycle_secs', 'integer')
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('fan_channels_pk', ['fc_id', 'channel'])
        .execute();
      await db.schema.createIndex('fan_channels_by_storage').on('fan_channels').column('in_use').execute();

      await db.schema
        .createTable('fan_events')
        .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('fc_id', 'text', (c) => c.notNull().references('fan_controllers.id').onDelete('cascade'))
        .addColumn('channel', 'integer', (c) => c.notNull())
        .addColumn('ts', ts, (c) => c.notNull())
        .addColumn('batch_ref', 'integer')
        .addColumn('command', 'integer', (c) => c.notNull())
        .addColumn('net', 'text')
        .addColumn('fc_mode', 'text')
        .addColumn('vent_mode', 'text')
        .addColumn('comm', 'text', (c) => c.notNull())
        .addColumn('manual', 'integer', (c) => c.notNull())
        .addColumn('data_ts', ts)
        .addColumn('temps', 'text')
        .addColumn('cycle', ts)
        .addColumn('secs', 'integer')
        .execute();
      await db.schema
        .createIndex('fan_events_by_channel')
        .on('fan_events')
        .columns(['fc_id', 'channel', 'ts'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('fan_events').execute();
      await db.schema.dropTable('fan_channels').execute();
      await db.schema.dropTable('fan_controllers').execute();
    },
  };
}
