import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Who wrote each journal row (decision 0066): the writing server instance (a name it draws when it
 * starts), the commit's number within that instance, and when it was written (epoch ms, the
 * instance's clock). An instance folds its own committed rows in memory and, when it writes the
 * roll-ups, deletes exactly those rows by (instance, seq); rows left by an instance that crashed are
 * merged from the journal as before (decision 0064), by a starting server or, once stale, by any.
 * Rows already in the journal get an empty instance and time 0: stale at once, merged by the next
 * merge of any instance.
 *
 * A row may now hold only its readings' keys (probe and time; the other arrays null): a merge from the
 * journal reads their values from `readings`. Only a commit with readings old enough to be packed soon
 * journals the values themselves (decision 0066).
 */
export function ingestJournalOwnerMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql`alter table ingest_rollup_journal
        add column instance text not null default '',
        add column seq bigint not null default 0,
        add column created_ms bigint not null default 0,
        alter column bs_ids drop not null,
        alter column sensor_rssi drop not null,
        alter column bs_rssi drop not null,
        alter column batt drop not null`.execute(db);
      await sql`create index ingest_rollup_journal_owner on ingest_rollup_journal (instance, seq)`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql`drop index ingest_rollup_journal_owner`.execute(db);
      await sql`alter table ingest_rollup_journal drop column instance, drop column seq, drop column created_ms`.execute(
        db,
      );
    },
  };
}
