import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * A customer's orders of extra services (POST /client/saveExtraServices, decision 0108): one open
 * order per account and kind, with the value asked for, until staff register the service
 * (registerService) or the customer withdraws it. Nothing here changes what the account has.
 */
export function extraServiceRequestsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('extra_service_requests')
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'integer', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('requested_by', 'integer', (c) => c.notNull())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('extra_service_requests_pk', ['user_id', 'kind'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('extra_service_requests').execute();
    },
  };
}
