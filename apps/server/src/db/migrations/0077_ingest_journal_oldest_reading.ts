import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The oldest reading each journal row of keys names (decision 0157). Every ingest commit on PostgreSQL
 * now journals its readings' keys only, a station's backlog too: a merge from the journal reads their
 * values from `readings`. The packing job moves old readings out of `readings`, so it must not pack a
 * probe's day while a journal row of keys may name one of its readings; `oldest_ts` lets it pass over
 * the rows of live readings at once (their readings are newer than anything it packs).
 *
 * Rows written before this migration have none (null): the packing job treats them as naming old
 * readings, which at worst leaves a day raw until the next run.
 */
export function ingestJournalOldestReadingMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql`alter table ingest_rollup_journal add column oldest_ts bigint`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql`alter table ingest_rollup_journal drop column oldest_ts`.execute(db);
    },
  };
}
