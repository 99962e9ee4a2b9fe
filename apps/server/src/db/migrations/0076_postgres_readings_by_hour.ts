import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * PostgreSQL's raw readings keyed by (hour of the reading, probe, time), as SQLite's have been since
 * migration 0036 (issue 34 item 6, decision 0156). Keyed by probe first, each reading of a commit went
 * into its own probe's place in an index as large as all raw readings, and the index insert was the
 * largest part of a commit's backend CPU (a descent through pages no cache held); keyed by hour first, a
 * commit's readings of the same hour go into the few pages of that hour.
 *
 * `hour` is a generated column: PostgreSQL computes it from `meas_ts` on every insert (COPY too), so no
 * writer names it, and a row cannot hold a wrong one. Reads name the hours they want
 * (readings/readingHours.ts), as on SQLite.
 *
 * On a store with data the column's values are written into every row and the key built again, in the
 * migrations' one transaction; raw rows are only the days not yet packed, so this is short.
 */
export function postgresReadingsByHourMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql`alter table readings add column hour integer generated always as ((meas_ts / 3600)::integer) stored`.execute(
        db,
      );
      await sql`alter table readings drop constraint readings_pk`.execute(db);
      await sql`alter table readings add constraint readings_pk primary key (hour, sensor_id, meas_ts)`.execute(
        db,
      );
      await sql`analyze readings`.execute(db);
    },
  };
}
