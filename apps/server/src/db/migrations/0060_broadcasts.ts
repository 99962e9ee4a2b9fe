import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Broadcasts and news campaigns (issue 31 item 3, decision 0100):
 *
 * - broadcasts: each broadcast sent, with its channels, audience and texts per language (JSON);
 * - broadcast_recipients: one row per recipient and channel — the masked address, the language sent,
 *   its own status (queued, or capped before the outbox) and the outbox message that carries it;
 * - news (migration 0027) gains what makes an item a campaign: its audience, its schedule, who last
 *   changed it and a deletion mark (a deleted product item must not be seeded again at the next start).
 *
 * Campaigns made in the console take ids from 1000 up: the ids below are the product's own seeded news
 * (newsSeed.ts), inserted with their ids, which on PostgreSQL do not move the serial's sequence.
 */
export function broadcastsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const serial = engine === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('broadcasts')
        .addColumn('id', serial, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('channels', 'text', (c) => c.notNull())
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('texts', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('broadcast_recipients')
        .addColumn('id', serial, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('broadcast_id', 'integer', (c) =>
          c.notNull().references('broadcasts.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('address_masked', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('message_id', 'integer')
        .execute();
      await db.schema
        .createIndex('broadcast_recipients_broadcast')
        .on('broadcast_recipients')
        .column('broadcast_id')
        .execute();
      await db.schema.alterTable('news').addColumn('audience', 'text').execute();
      await db.schema.alterTable('news').addColumn('start_ts', ts).execute();
      await db.schema.alterTable('news').addColumn('end_ts', ts).execute();
      await db.schema.alterTable('news').addColumn('updated_ts', ts).execute();
      await db.schema
        .alterTable('news')
        .addColumn('updated_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.alterTable('news').addColumn('deleted_ts', ts).execute();
      if (engine === 'postgres')
        await sql`select setval(pg_get_serial_sequence('news', 'id'), greatest(999, (select coalesce(max(id), 0) from news)))`.execute(
          db,
        );
      else {
        await sql`insert into sqlite_sequence (name, seq) select 'news', 999 where not exists (select 1 from sqlite_sequence where name = 'news')`.execute(
          db,
        );
        await sql`update sqlite_sequence set seq = 999 where name = 'news' and seq < 999`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const column of [
        'deleted_ts',
        'updated_by_user_id',
        'updated_ts',
        'end_ts',
        'start_ts',
        'audience',
      ])
        await db.schema.alterTable('news').dropColumn(column).execute();
      await db.schema.dropTable('broadcast_recipients').execute();
      await db.schema.dropTable('broadcasts').execute();
    },
  };
}
