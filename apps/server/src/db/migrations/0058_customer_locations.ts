import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The customers' locations (issue 31 item 1, decision 0098): one point per account, which staff set on
 * the customer's detail and the console's map shows. Degrees are kept as whole micro-degrees, so both
 * engines store the same integers.
 */
export function customerLocationsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('customer_locations')
        .addColumn('owner_user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('lat_e6', 'integer', (c) => c.notNull())
        .addColumn('lon_e6', 'integer', (c) => c.notNull())
        .addColumn('set_ts', ts, (c) => c.notNull())
        .addColumn('set_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('customer_locations').execute();
    },
  };
}
