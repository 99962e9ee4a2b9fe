import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The Sentinel webhook target of an account (issue 12, decision 0046; spec doc 3 §3 user
 * `sentinelAlerts {siteID, url}`): one row per account that has one, with the account's signing secret.
 *
 * The secret is kept as it is, not hashed: the server signs with it (HMAC-SHA256), so it must be able
 * to read it back. It leaves the server once, to the account's owner (`secret_shown`), and never in a
 * log. One receiver tells its sites apart by siteID, so a (site_id, url) pair belongs to one account.
 */
export function sentinelMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sentinel_targets')
        .addColumn('owner_user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('secret_created_ts', ts, (c) => c.notNull())
        .addColumn('secret_shown', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sentinel_targets_by_target')
        .on('sentinel_targets')
        .columns(['site_id', 'url'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('sentinel_targets').execute();
    },
  };
}
