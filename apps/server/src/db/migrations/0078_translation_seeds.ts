import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The mark of the last seed of the translations (decision 0163): which bundled texts, under which
 * schema, were last seeded into the store. A start whose build and schema give the same mark leaves the
 * 24,608 rows unread: the seed would change nothing. One row at most.
 */
export function translationSeedsMigration(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('translation_seeds')
        .addColumn('mark', 'text', (c) => c.notNull())
        .addColumn('seeded_ts', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('translation_seeds').execute();
    },
  };
}
