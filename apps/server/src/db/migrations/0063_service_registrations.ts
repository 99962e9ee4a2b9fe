import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Services registered by staff (issue 31 item 5, decision 0103): each registration of a customer's
 * storages, users allowance or limited data tier, with its optional end, kept after it ends as the
 * account's history. The value in force is the account's own column (users.storages_enabled,
 * sub_user_count, limit_free_data), which the rest of the product reads.
 */
export function serviceRegistrationsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const id = engine === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('service_registrations')
        .addColumn('id', id, (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'integer', (c) => c.notNull())
        .addColumn('start_ts', ts, (c) => c.notNull())
        .addColumn('until_ts', ts)
        .addColumn('ended_ts', ts)
        .addColumn('ended_by', 'text')
        .addColumn('note', 'text')
        .addColumn('staff_user_id', 'integer')
        .execute();
      // An account's history, and the running ones of a kind.
      await db.schema
        .createIndex('service_registrations_user_idx')
        .on('service_registrations')
        .columns(['user_id', 'kind'])
        .execute();
      // The expiry job's scan: running registrations by their end.
      await db.schema
        .createIndex('service_registrations_until_idx')
        .on('service_registrations')
        .columns(['ended_ts', 'until_ts'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('service_registrations').execute();
    },
  };
}
