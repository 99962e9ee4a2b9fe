import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The data-break delay (issue 27 item 2, decision 0071): how long an account's stations and probes may
 * stay silent before it is a data break, seconds (30 min – 48 h), on the account's main user; and a
 * storage's override of it. Null: not chosen (the account's follows the spec's 4 h, a storage the
 * account's). Columns, not a table: a deleted storage takes its override with it, and a storage id
 * reused later cannot inherit one.
 */
export function dataBreakDelayMigration(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('data_break_s', 'integer').execute();
      await db.schema.alterTable('storages').addColumn('data_break_s', 'integer').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('storages').dropColumn('data_break_s').execute();
      await db.schema.alterTable('users').dropColumn('data_break_s').execute();
    },
  };
}
