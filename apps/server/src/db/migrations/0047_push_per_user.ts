import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Push subscriptions per user (issue 28 item 1, decision 0073): a browser's endpoint was unique, so
 * the user who turned alerts on there last took the row, and with it the other user's device —
 * silently, and by anyone who knew the endpoint. Now the key is (user, endpoint): two users of one
 * browser (a family tablet) each keep their own row, and no call of one user can remove another's.
 *
 * PostgreSQL drops the constraint and adds the new one. SQLite cannot drop a column's UNIQUE, so the
 * table is rebuilt with its rows and ids (the unique index on (user_id, endpoint) also serves the
 * lookups by user that push_subscriptions_by_user served).
 */
export function pushPerUserMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const columns = [
    'id',
    'user_id',
    'endpoint',
    'p256dh',
    'auth',
    'label',
    'created_ts',
    'last_success_ts',
    'last_failure_ts',
    'last_error',
  ] as const;

  /** SQLite: the table again, its unique key `unique` (the columns named), rows and ids kept. */
  async function rebuild(
    db: Kysely<unknown>,
    unique: { name: string; columns: (typeof columns)[number][] },
  ): Promise<void> {
    type Row = Record<(typeof columns)[number], unknown>;
    const anyDb = db as Kysely<{ push_subscriptions: Row; push_subscriptions_next: Row }>;
    await db.schema
      .createTable('push_subscriptions_next')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('created_ts', ts, (c) => c.notNull())
      .addColumn('last_success_ts', ts)
      .addColumn('last_failure_ts', ts)
      .addColumn('last_error', 'text')
      .addUniqueConstraint(unique.name, unique.columns)
      .execute();
    await anyDb
      .insertInto('push_subscriptions_next')
      .columns(columns)
      .expression(anyDb.selectFrom('push_subscriptions').select(columns))
      .execute();
    await db.schema.dropTable('push_subscriptions').execute();
    await db.schema.alterTable('push_subscriptions_next').renameTo('push_subscriptions').execute();
  }

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const key = {
        name: 'push_subscriptions_user_endpoint',
        columns: ['user_id', 'endpoint'] as (typeof columns)[number][],
      };
      if (engine === 'postgres') {
        await db.schema
          .alterTable('push_subscriptions')
          .dropConstraint('push_subscriptions_endpoint_key')
          .execute();
        await db.schema.dropIndex('push_subscriptions_by_user').execute();
        await db.schema.alterTable('push_subscriptions').addUniqueConstraint(key.name, key.columns).execute();
        return;
      }
      await rebuild(db, key);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      // One row per endpoint again: the one made last stays (the rule before this migration).
      const anyDb = db as Kysely<{ push_subscriptions: { id: number; endpoint: string } }>;
      await anyDb
        .deleteFrom('push_subscriptions as p')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('push_subscriptions as q')
              .select('q.id')
              .whereRef('q.endpoint', '=', 'p.endpoint')
              .whereRef('q.id', '>', 'p.id'),
          ),
        )
        .execute();
      if (engine === 'postgres') {
        await db.schema
          .alterTable('push_subscriptions')
          .dropConstraint('push_subscriptions_user_endpoint')
          .execute();
        await db.schema
          .alterTable('push_subscriptions')
          .addUniqueConstraint('push_subscriptions_endpoint_key', ['endpoint'])
          .execute();
      } else {
        await rebuild(db, { name: 'push_subscriptions_endpoint_key', columns: ['endpoint'] });
      }
      await db.schema
        .createIndex('push_subscriptions_by_user')
        .on('push_subscriptions')
        .column('user_id')
        .execute();
    },
  };
}
