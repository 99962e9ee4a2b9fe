import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The server text catalog's mark (decision 0107): `max(updated_ts)` of the translations, asked once per
 * delivery pass, is one index lookup instead of a scan of every language's texts.
 */
export function translationsUpdatedIndexMigration(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('translations_updated_idx')
        .on('translations')
        .column('updated_ts')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('translations_updated_idx').execute();
    },
  };
}
