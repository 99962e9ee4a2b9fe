import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Alert delivery (issue 12, decision 0045): a transactional outbox in two steps.
 *
 * - delivery_alerts: one row per alert raised on a storage's probe, written by the monitor evaluation
 *   in the same transaction that records the alert (and marked by the transaction that ends it). The
 *   planner turns it into messages, repeats them until someone acknowledges, and words the all-clear.
 * - delivery_messages: the outbox itself — one row per message to one recipient on one channel, with
 *   its attempts, lease, outcome and the provider's id. Workers claim due rows (SKIP LOCKED on
 *   PostgreSQL); a claim is a lease, so a worker killed mid-send leaves a row another claims later.
 * - delivery_inbound: inbound provider callbacks already handled (an SMS reply, a key pressed in a
 *   call), by the provider's id, so a callback delivered twice acts once.
 * - delivery_keys: keys the server makes once and keeps (the web-push VAPID pair).
 */
export function deliveryMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const id = engine === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('delivery_alerts')
        .addColumn('id', id, (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('monitor_id', 'integer', (c) => c.notNull())
        .addColumn('rule_id', 'integer', (c) => c.notNull())
        .addColumn('rule_type', 'text', (c) => c.notNull())
        .addColumn('sensor_id', 'text', (c) => c.notNull())
        // -1 for "the average of the depths", so the unique key below holds (NULLs are all distinct).
        .addColumn('depth', 'integer', (c) => c.notNull())
        .addColumn('alert_ts', ts, (c) => c.notNull())
        .addColumn('temperature', 'integer', (c) => c.notNull())
        .addColumn('threshold', 'integer')
        .addColumn('is_min', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_step_ts', ts)
        .addColumn('clear_pending', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cleared_ts', ts)
        .addColumn('clear_reason', 'text')
        .addColumn('storage_id', 'integer')
        .addColumn('ack_by_user_id', 'integer')
        .addColumn('ack_ts', ts)
        .addColumn('ack_via', 'text')
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addUniqueConstraint('delivery_alerts_once', [
          'owner_user_id',
          'monitor_id',
          'rule_id',
          'sensor_id',
          'depth',
          'alert_ts',
        ])
        .execute();
      await db.schema
        .createIndex('delivery_alerts_due')
        .on('delivery_alerts')
        .columns(['status', 'next_step_ts'])
        .execute();
      await db.schema
        .createIndex('delivery_alerts_by_storage')
        .on('delivery_alerts')
        .columns(['owner_user_id', 'storage_id', 'id'])
        .execute();

      await db.schema
        .createTable('delivery_messages')
        .addColumn('id', id, (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('delivery_alert_id', 'integer')
        .addColumn('storage_id', 'integer')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient_user_id', 'integer')
        .addColumn('recipient_name', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('sender', 'text')
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('html', 'text')
        .addColumn('payload', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_ts', ts, (c) => c.notNull())
        .addColumn('lease_until_ts', ts)
        .addColumn('last_error', 'text')
        .addColumn('provider_id', 'text')
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addColumn('sent_ts', ts)
        .execute();
      await db.schema
        .createIndex('delivery_messages_due')
        .on('delivery_messages')
        .columns(['status', 'next_attempt_ts'])
        .execute();
      await db.schema
        .createIndex('delivery_messages_by_alert')
        .on('delivery_messages')
        .columns(['delivery_alert_id', 'id'])
        .execute();
      await db.schema
        .createIndex('delivery_messages_by_owner')
        .on('delivery_messages')
        .columns(['owner_user_id', 'channel', 'created_ts'])
        .execute();

      await db.schema
        .createTable('delivery_inbound')
        .addColumn('provider_id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('delivery_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of ['delivery_keys', 'delivery_inbound', 'delivery_messages', 'delivery_alerts'])
        await db.schema.dropTable(t).execute();
    },
  };
}
