import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Notifications and news (issue 11 items 5–6, decision 0047). Most notifications are computed when
 * asked, from what the store already holds (station and probe times, the monitors' current alerts,
 * preferences, plan and SIM dates); these tables keep only what cannot be computed again:
 *
 * - notifications: what happened and may since be over — an alert raised on a storage (written in the
 *   alert's own transaction) or a notice another feature posts (`notify`, e.g. a used-up daily SMS
 *   allowance) — one row per account, kind and subject, raised again in place;
 * - notification_conditions: when a computed condition with no time of its own (a general alert, a
 *   storage whose alerts reach nobody) was first seen, so the badge counts it once;
 * - notification_readers: per user, when they last looked at the notifications, and newsSeenDate;
 * - news: the product news items, their texts per language as JSON.
 */
export function notificationsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const serial = engine === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('notifications')
        .addColumn('id', serial, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notifications_subject')
        .on('notifications')
        .columns(['owner_user_id', 'kind', 'subject'])
        .unique()
        .execute();

      await db.schema
        .createTable('notification_conditions')
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('first_ts', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_conditions_pk', ['owner_user_id', 'id'])
        .execute();

      await db.schema
        .createTable('notification_readers')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('seen_ts', ts)
        .addColumn('news_seen_ts', ts)
        .execute();

      await db.schema
        .createTable('news')
        .addColumn('id', serial, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('published_ts', ts, (c) => c.notNull())
        .addColumn('icon', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('popup', 'integer', (c) => c.notNull())
        .addColumn('texts', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['news', 'notification_readers', 'notification_conditions', 'notifications'])
        await db.schema.dropTable(table).execute();
    },
  };
}
