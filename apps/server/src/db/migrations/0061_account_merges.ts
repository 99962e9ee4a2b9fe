import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Account merges (issue 31 item 4, decision 0101): one row per merge of an account into another,
 * written in the merge's transaction and never changed: who was merged into whom, when, by which staff
 * member, and what moved (JSON counts). The usernames are kept as text, so the record reads the same
 * whatever becomes of the accounts. A merged account is blocked; this row says why.
 */
export function accountMergesMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('account_merges')
        .addColumn('id', engine === 'postgres' ? 'serial' : 'integer', (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('source_user_id', 'integer', (c) => c.notNull())
        .addColumn('source_username', 'text', (c) => c.notNull())
        .addColumn('target_user_id', 'integer', (c) => c.notNull())
        .addColumn('target_username', 'text', (c) => c.notNull())
        .addColumn('merged_ts', ts, (c) => c.notNull())
        .addColumn('admin', 'text', (c) => c.notNull())
        .addColumn('counts', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('account_merges_source_idx')
        .on('account_merges')
        .column('source_user_id')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('account_merges').execute();
    },
  };
}
