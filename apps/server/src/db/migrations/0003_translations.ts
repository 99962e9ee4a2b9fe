import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Translations in the store (spec doc 1 §3 "Translation": id, key, text, category), seeded at start
 * from the bundled locale files. `edited` = 1 once a translator or admin saved the text: a re-seed
 * never overwrites it, while untouched rows follow the bundled text.
 */
export function translationsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const idColumn = engine === 'postgres' ? 'serial' : 'integer';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('translations')
        .addColumn('id', idColumn, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('edited', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addUniqueConstraint('translations_locale_key', ['locale', 'key'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('translations').execute();
    },
  };
}
