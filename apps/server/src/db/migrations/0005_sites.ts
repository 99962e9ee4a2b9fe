import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Site plans (spec doc 3 §3 "Site"): one per account and base station, its dimensions, labels and
 * storage entries as JSON text (the server completes and prunes the entries on every read, spec doc 3
 * §4), and `site_names`, each user's own names for the sites it sees (spec doc 2 §3 "Site name record").
 * See docs/decisions/0025-site-plan-store.md.
 */
export function sitesMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sites')
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('bs_id', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addPrimaryKeyConstraint('sites_pk', ['owner_user_id', 'bs_id'])
        .execute();

      await db.schema
        .createTable('site_names')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('site_uid', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('bs_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('site_names_pk', ['user_id', 'site_uid', 'bs_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('site_names').execute();
      await db.schema.dropTable('sites').execute();
    },
  };
}
