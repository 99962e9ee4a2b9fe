import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Web push (issue 12 item 2, decision 0048):
 *
 * - push_subscriptions: one row per browser that gets a user's alerts — the push service's endpoint
 *   (unique: a browser's subscription belongs to the user who turned alerts on there last) and the
 *   browser's keys for the payload's encryption (RFC 8291), a label the user recognises, and when the
 *   push service last took or refused a message;
 * - push_vapid_keys: the server's VAPID key pair (RFC 8292), one row, made at the first start. Every
 *   instance signs with the same key: a browser's subscription is bound to the public key it was
 *   made with. The private key never leaves the server.
 */
export function pushMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const serial = engine === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', serial, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addColumn('last_success_ts', ts)
        .addColumn('last_failure_ts', ts)
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('push_subscriptions_by_user')
        .on('push_subscriptions')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('push_vapid_keys')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('private_key', 'text', (c) => c.notNull())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('push_vapid_keys').execute();
      await db.schema.dropTable('push_subscriptions').execute();
    },
  };
}
