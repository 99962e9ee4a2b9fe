import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Master users' registrations on the public /master page (decision 0104): one row per advisor
 * registering, until finalizeMasterUser makes a user of it (and deletes the row) or it expires a day
 * after its start. The row is not a user, so an unfinished registration cannot log in. It keeps the
 * secret naming it and the phone code as keyed hashes only, and the sends' pacing.
 */
export function masterRegistrationsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const idColumn = engine === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('master_registrations')
        .addColumn('id', idColumn, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('firstname', 'text', (c) => c.notNull())
        .addColumn('lastname', 'text')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('country', 'text')
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text')
        .addColumn('code_expires_ts', ts)
        .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent_ts', ts)
        .addColumn('window_start_ts', ts)
        .addColumn('sends_in_window', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('started_ts', ts, (c) => c.notNull())
        .execute();
      // One registration holds a username at a time, whatever its case (the users' check is the same).
      await sql`create unique index master_registrations_username_idx on master_registrations (lower(username))`.execute(
        db,
      );
      // The expiry job and the per-number pacing.
      await db.schema
        .createIndex('master_registrations_started_idx')
        .on('master_registrations')
        .column('started_ts')
        .execute();
      await db.schema
        .createIndex('master_registrations_phone_idx')
        .on('master_registrations')
        .column('phone')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('master_registrations').execute();
    },
  };
}
