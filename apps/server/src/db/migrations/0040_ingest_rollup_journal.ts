import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * PostgreSQL's journal of deferred roll-ups (decision 0064). Each ingest commit adds one row: its new
 * readings as arrays (probe, time, station, signal, battery, and one array per depth), the same arrays
 * it inserted into `readings`. A merge deletes the rows it can see and folds them into
 * probe_latest and probe_daily in the same transaction, so each row is merged exactly once, by
 * whichever server instance gets there first — a crashed instance's rows included.
 *
 * Under load the table is written and emptied about once a second, so (auto)vacuum is told to clean
 * it, and the out-of-line arrays of its deleted rows, after a fixed number of dead rows rather than a
 * share of a table that is nearly always empty.
 *
 * SQLite keeps its own list of owed probe-days (migration 0039): it has a single writer, which can
 * rebuild them from the readings.
 */
export function ingestRollupJournalMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      const depths = Array.from({ length: 8 }, (_, i) => `d${i + 1} integer[]`).join(', ');
      await sql
        .raw(
          `create table ingest_rollup_journal (
            id bigserial primary key,
            sensor_ids text[] not null,
            times bigint[] not null,
            bs_ids text[] not null,
            sensor_rssi integer[] not null,
            bs_rssi integer[] not null,
            batt integer[] not null,
            ${depths})
          with (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000,
            toast.autovacuum_vacuum_scale_factor = 0, toast.autovacuum_vacuum_threshold = 10000)`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await db.schema.dropTable('ingest_rollup_journal').execute();
    },
  };
}
