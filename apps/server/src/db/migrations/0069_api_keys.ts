import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * An account's public API keys (GET /api/v1/generateKey, the account page's keys; decision 0109):
 * the hash of each key's secret, never the secret, with its name, scope, revocation and last use.
 */
export function apiKeysMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addColumn('revoked_ts', ts)
        .addColumn('last_used_ts', ts)
        .addColumn('last_used_ip', 'text')
        .execute();
      await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('api_keys').execute();
    },
  };
}
