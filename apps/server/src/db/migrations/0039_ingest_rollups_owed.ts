import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The roll-ups (probe_latest, probe_daily) a commit of readings left to be written later (decision
 * 0062). On SQLite, under load, ingest folds the roll-ups in memory and writes them at most once a
 * second; each commit that leaves some unwritten records here, in the same transaction as its
 * readings, which probe-days they are, so a server killed before writing them rebuilds exactly those
 * from the readings when it starts. A commit that writes the roll-ups empties the table. PostgreSQL
 * never uses it: several instances write there, and it keeps a journal of values instead (migration
 * 0040, decision 0064).
 *
 * Also an index of packed days by day: ingest asks whether any probe's day is packed before it asks
 * which of a commit's readings a packed day holds, and for a day nothing is packed of (every recent
 * day, and every day of a store that never packed) that is one seek instead of one per probe.
 */
export function ingestRollupsOwedMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('ingest_rollups_owed')
        .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
        // One line per probe-day, `<sensor_id> <day>`.
        .addColumn('probe_days', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('readings_packed_day_idx').on('readings_packed').column('day').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('readings_packed_day_idx').execute();
      await db.schema.dropTable('ingest_rollups_owed').execute();
    },
  };
}
