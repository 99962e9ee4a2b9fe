import { sql, type Kysely } from 'kysely';
import { addMonths, monthsToPrepare } from '@emberwatch/shared/domain/readingRetention';
import type { Engine } from '../engine.js';
import type { Database } from '../schema.js';
import {
  defaultPartitionName,
  ensureMonthPartition,
  PARTITIONED_TABLES,
  type PartitionedTable,
} from '../monthPartitions.js';

/** Months further back or ahead than this get no partition of their own here: their rows go to the default. */
const SPAN_MONTHS = 120;

/**
 * PostgreSQL's `readings` and `readings_packed` become tables partitioned by UTC month (issue 34 item 3,
 * decision 0135): `readings` by `meas_ts`, `readings_packed` by `day`, with a default partition each.
 * A month past every account's horizon is then dropped as a table instead of deleted row by row, and
 * a chart's range reads only its months.
 *
 * On a store with data: the old table is renamed aside, the partitioned one made with the same columns
 * and keys, a partition made for every month that holds rows (within ten years of now; anything else
 * goes to the default partition) and for the current month and the three ahead, the rows copied over
 * (PostgreSQL routes each to its month) and the old table dropped, all in the migrations' one
 * transaction: a crash leaves the store as it was. The copy takes about as long as the rows take to
 * write once; ingest is not running while a server migrates at its start.
 *
 * SQLite keeps its tables.
 */
export function readingPartitionsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      const nowS = Math.floor(Date.now() / 1000);
      const lo = addMonths(nowS, -SPAN_MONTHS);
      const hi = addMonths(nowS, SPAN_MONTHS);
      for (const table of Object.keys(PARTITIONED_TABLES) as PartitionedTable[]) {
        const key = PARTITIONED_TABLES[table];
        const old = `${table}_unpartitioned`;
        await sql.raw(`alter table ${table} rename to ${old}`).execute(db);
        // Index names are the schema's: the old ones step aside for the new table's.
        await sql.raw(`alter index ${table}_pk rename to ${old}_pk`).execute(db);
        if (table === 'readings_packed')
          await sql.raw(`alter index readings_packed_day_idx rename to ${old}_day_idx`).execute(db);
        await sql
          .raw(
            `create table ${table} (like ${old} including defaults including constraints including storage,
              constraint ${table}_pk primary key (sensor_id, ${key})) partition by range (${key})`,
          )
          .execute(db);
        // The packing job's and ingest's "is any probe's day packed" look-ups (migration 0039).
        if (table === 'readings_packed')
          await sql`create index readings_packed_day_idx on readings_packed (day)`.execute(db);
        await sql
          .raw(`create table ${defaultPartitionName(table)} partition of ${table} default`)
          .execute(db);

        const { rows } = await sql<{ month: string }>`
          select distinct extract(epoch from date_trunc('month', to_timestamp(${sql.ref(key)}) at time zone 'UTC'))::bigint as month
          from ${sql.table(old)}`.execute(db);
        const months = new Set(monthsToPrepare(nowS));
        for (const r of rows) {
          const month = Number(r.month);
          if (month >= lo && month < hi) months.add(month);
        }
        for (const month of [...months].sort((a, b) => a - b))
          await ensureMonthPartition(db as Kysely<Database>, table, month);

        await sql.raw(`insert into ${table} select * from ${old}`).execute(db);
        await sql.raw(`drop table ${old}`).execute(db);
      }
      // Fresh statistics for the planner, which otherwise sees empty partitions until autovacuum comes.
      await sql`analyze readings, readings_packed`.execute(db);
    },
  };
}
