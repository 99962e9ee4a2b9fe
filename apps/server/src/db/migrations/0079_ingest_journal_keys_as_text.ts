import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The journal's keys as the text of their arrays (decision 0184). Every ingest commit on PostgreSQL adds
 * one journal row naming its readings (probes and times, hundreds to a thousand of each under load),
 * and nearly every row is deleted a second later by the instance that wrote it, unread (decision 0066).
 * As `text[]` and `bigint[]` each row's two arrays were parsed element by element as they arrived, and
 * compressed with pglz to be stored out of line: about a ninth of the backends' time under load, for
 * values read back only after a crash or by the packing job. Kept as text, they are parsed only by the
 * statements that read them (`::text[]`, `::bigint[]`), and compressed with LZ4 where the server has it
 * (PostgreSQL 14 and later, built with it: Debian's and the official images are).
 */
export function ingestJournalKeysAsTextMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql`alter table ingest_rollup_journal
        alter column sensor_ids type text using sensor_ids::text,
        alter column times type text using times::text`.execute(db);
      const { rows } = await sql<{ lz4: boolean }>`
        select coalesce(bool_or('lz4' = any(enumvals)), false) as lz4
        from pg_settings where name = 'default_toast_compression'`.execute(db);
      if (rows[0]?.lz4)
        await sql`alter table ingest_rollup_journal
          alter column sensor_ids set compression lz4,
          alter column times set compression lz4`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql`alter table ingest_rollup_journal
        alter column sensor_ids type text[] using sensor_ids::text[],
        alter column times type bigint[] using times::bigint[]`.execute(db);
    },
  };
}
