import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Alert groups (issue 27 items 1, 6 and 9; decision 0067). Alerts of one storage raised within a few
 * seconds of each other — or the silent probes of one base station — are told in one message, and
 * alerts raised while that message is open join its next repeat. The group carries what a single alert
 * carried before: its step, its next repeat, its acknowledgement and its all-clear.
 *
 * - delivery_groups: one row per group; `subject` is what groups ("storage:12", "station:F1000001"),
 *   `kind` 'alert' or 'dataBreak'. Status 'gathering' (its first messages are not written yet; they go
 *   at next_step_ts), 'open', 'acknowledged', 'cleared'.
 * - delivery_alerts.group_id: the group an alert was told in (null: not yet grouped); `told`: a message
 *   listed it, so it is owed the all-clear; `bs_id`: the station of a data break (rule_type noBSData or
 *   noProbeData, monitor and rule 0, sensor_id the station or the probe).
 * - delivery_messages.delivery_group_id: the group a message told of (an SMS reply acknowledges it).
 */
export function deliveryGroupsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const id = engine === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('delivery_groups')
        .addColumn('id', id, (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('storage_id', 'integer')
        .addColumn('bs_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_step_ts', ts)
        .addColumn('ack_by_user_id', 'integer')
        .addColumn('ack_ts', ts)
        .addColumn('ack_via', 'text')
        .addColumn('cleared_ts', ts)
        .addColumn('created_ts', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('delivery_groups_due')
        .on('delivery_groups')
        .columns(['status', 'next_step_ts'])
        .execute();
      await db.schema
        .createIndex('delivery_groups_by_subject')
        .on('delivery_groups')
        .columns(['owner_user_id', 'subject', 'status'])
        .execute();
      await db.schema.alterTable('delivery_alerts').addColumn('group_id', 'integer').execute();
      await db.schema
        .alterTable('delivery_alerts')
        .addColumn('told', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('delivery_alerts').addColumn('bs_id', 'text').execute();
      await db.schema
        .createIndex('delivery_alerts_by_group')
        .on('delivery_alerts')
        .columns(['group_id', 'id'])
        .execute();
      await db.schema.alterTable('delivery_messages').addColumn('delivery_group_id', 'integer').execute();
      await db.schema
        .createIndex('delivery_messages_by_group')
        .on('delivery_messages')
        .columns(['delivery_group_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('delivery_messages_by_group').execute();
      await db.schema.alterTable('delivery_messages').dropColumn('delivery_group_id').execute();
      await db.schema.dropIndex('delivery_alerts_by_group').execute();
      await db.schema.alterTable('delivery_alerts').dropColumn('bs_id').execute();
      await db.schema.alterTable('delivery_alerts').dropColumn('told').execute();
      await db.schema.alterTable('delivery_alerts').dropColumn('group_id').execute();
      await db.schema.dropTable('delivery_groups').execute();
    },
  };
}
