import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The account area (issue 14 item 1, decision 0036). The people themselves stay in `users` (a sub-user
 * is a user with main_user_id); these tables hold what the account area adds around them:
 *
 * - account_addresses: the postal address of the profile (spec doc 2 §3 "address, zip, city");
 * - account_phone_confirmations: the number a user confirmed with an SMS code (a phone is confirmed
 *   while users.phone is that number);
 * - account_codes: one pending code per user and purpose (phone, password, username), hashed, with its
 *   expiry, wrong attempts and the send window that paces resending;
 * - account_code_outbox: what the stand-in code sender "sent", for tests and the demo, until the SMS
 *   channel takes over.
 */
export function accountMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('account_addresses')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('address', 'text')
        .addColumn('zip', 'text')
        .addColumn('city', 'text')
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('account_phone_confirmations')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('phone_number', 'text', (c) => c.notNull())
        .addColumn('confirmed_ts', ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('account_codes')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('phone_number', 'text')
        .addColumn('old_phone', 'text')
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('expires_ts', ts, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent_ts', ts, (c) => c.notNull())
        .addColumn('window_start_ts', ts, (c) => c.notNull())
        .addColumn('sends_in_window', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('account_codes_pk', ['user_id', 'purpose'])
        .execute();

      await db.schema
        .createTable('account_code_outbox')
        .addColumn('id', engine === 'postgres' ? 'serial' : 'integer', (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('account_code_outbox_recipient')
        .on('account_code_outbox')
        .columns(['recipient', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('account_code_outbox').execute();
      await db.schema.dropTable('account_codes').execute();
      await db.schema.dropTable('account_phone_confirmations').execute();
      await db.schema.dropTable('account_addresses').execute();
    },
  };
}
