import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The station picker's searches for text anywhere in a term (decision 0088; issue 30 item 9): on
 * PostgreSQL a trigram index (the `pg_trgm` extension, shipped with PostgreSQL and trusted, so the
 * database's owner may create it) lets `term like '%text%'` read the terms holding the text's
 * trigrams instead of every term of a kind. The extension lives in `public`, named in full, so every
 * schema of a database (the tests give each file one) shares it. Where it cannot be created (a
 * server built without it, a role that may not), the searches keep working by scanning, as before.
 * SQLite needs nothing: its scan of the narrow terms table is a few milliseconds.
 */
export function adminSearchTrigramsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      // A savepoint: a refused CREATE EXTENSION would otherwise abort the migration's transaction.
      await sql`savepoint admin_search_trgm`.execute(db);
      try {
        await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      } catch {
        // Another schema's migration may have created it a moment ago, or it is not available here.
        await sql`rollback to savepoint admin_search_trgm`.execute(db);
      }
      await sql`release savepoint admin_search_trgm`.execute(db);
      const installed = await sql<{ n: number }>`select count(*)::int as n from pg_extension
        where extname = 'pg_trgm'`.execute(db);
      if ((installed.rows[0]?.n ?? 0) === 0) return;
      await sql`create index admin_search_terms_trgm_idx on admin_search_terms
        using gin (term public.gin_trgm_ops)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      // The extension stays: other schemas of the database may use it.
      await sql`drop index if exists admin_search_terms_trgm_idx`.execute(db);
    },
  };
}
