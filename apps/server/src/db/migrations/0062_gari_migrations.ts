import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The migrations from the older Gari system (issue 31 item 6, decision 0102): one row per older
 * account (its gari_id), with the Emberwatch account it went into and its state — started (written
 * before the migration's transaction, so a try that failed shows), completed, phone confirmed — and
 * the pending phone code (its keyed hash only, as the account feature keeps its codes).
 */
export function gariMigrationsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('gari_migrations')
        .addColumn('gari_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer')
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('created_account', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('stations', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('probes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('staff_user_id', 'integer', (c) => c.notNull())
        .addColumn('started_ts', ts, (c) => c.notNull())
        .addColumn('completed_ts', ts)
        .addColumn('phone_confirmed_ts', ts)
        .addColumn('last_error', 'text')
        .addColumn('code_hash', 'text')
        .addColumn('code_expires_ts', ts)
        .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('code_sent_ts', ts)
        .execute();
      // The account's state (the top bar's badge) and "is this user migrated into" (the username check).
      await db.schema
        .createIndex('gari_migrations_user_idx')
        .on('gari_migrations')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('gari_migrations').execute();
    },
  };
}
