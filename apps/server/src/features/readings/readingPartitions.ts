import { sql, type Kysely, type Transaction } from 'kysely';
import {
  addMonths,
  longestKeptFrom,
  monthPastRetention,
  monthsToPrepare,
  PARTITION_MONTHS_AHEAD,
  type RetentionHorizons,
} from '@emberwatch/shared/domain/readingRetention';
import type { Database } from '../../db/schema.js';
import {
  defaultPartitionName,
  detachMonthPartition,
  ensureMonthPartition,
  listMonthPartitions,
  PARTITIONED_TABLES,
  partitionName,
  type MonthPartition,
  type PartitionedTable,
} from '../../db/monthPartitions.js';

/** One instance at a time changes the partitions of a schema (its own lock space, as ingest's). */
const PARTITIONS_LOCK = sql`select pg_advisory_xact_lock(7313, hashtext(current_schema()))`;
/**
 * How long a partition change waits for its lock before giving up until the next run. Attaching,
 * detaching and dropping wait for readers of the table to finish, and every reader and writer that
 * comes after waits behind them: a few seconds of ingest at worst, never a long chart query's length.
 */
const LOCK_TIMEOUT = sql`set local lock_timeout = '3s'`;

const TABLES = Object.keys(PARTITIONED_TABLES) as PartitionedTable[];

/**
 * PostgreSQL's monthly partitions of `readings` and `readings_packed` (decision 0135): the partitions
 * job makes the current month's and the next three months' ahead of the readings that will fill them;
 * the retention job drops the months past every account's horizon (detach, then drop: the rows go
 * as one file, not as millions of deletes and a vacuum); `detach` lets an operator keep a month aside.
 */
export class ReadingPartitions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly nowS: () => number,
    private readonly horizons: RetentionHorizons,
  ) {}

  /**
   * Makes the missing partitions of the current month and the months ahead, and of every month still
   * kept that has rows waiting in the default partition (late readings of a month never made, or a
   * store restored from before its months were made): those rows move into their month. The names made.
   */
  async prepare(): Promise<string[]> {
    const made: string[] = [];
    const nowS = this.nowS();
    // Both tables get the same months: a month's readings are packed into its packed days later.
    const months = new Set(monthsToPrepare(nowS));
    for (const table of TABLES) for (const m of await this.monthsWaiting(table, nowS)) months.add(m);
    for (const table of TABLES)
      for (const month of [...months].sort((a, b) => a - b))
        if (await this.change((trx) => ensureMonthPartition(trx, table, month)))
          made.push(partitionName(table, month));
    return made;
  }

  /** The months, within every horizon and no further ahead than prepared, of rows in the default partition. */
  private async monthsWaiting(table: PartitionedTable, nowS: number): Promise<number[]> {
    const key = sql.ref(PARTITIONED_TABLES[table]);
    const { rows } = await sql<{ month: string }>`
      select distinct extract(epoch from date_trunc('month', to_timestamp(${key}) at time zone 'UTC'))::bigint as month
      from ${sql.table(defaultPartitionName(table))}
      where ${key} >= ${longestKeptFrom(nowS, this.horizons)}
        and ${key} < ${addMonths(nowS, PARTITION_MONTHS_AHEAD + 1)}`.execute(this.db);
    return rows.map((r) => Number(r.month));
  }

  /** The table's month partitions, oldest first. */
  list(table: PartitionedTable): Promise<MonthPartition[]> {
    return listMonthPartitions(this.db, table);
  }

  /**
   * Detaches the table's partition of the month holding `month` and keeps it as a table of its own;
   * its name, or null when there is none.
   */
  async detach(table: PartitionedTable, month: number): Promise<string | null> {
    const name = partitionName(table, month);
    const part = (await this.list(table)).find((p) => p.name === name);
    if (!part) return null;
    await this.change((trx) => detachMonthPartition(trx, table, name));
    return name;
  }

  /** Detaches and drops every month partition whose rows are all past every horizon; the names dropped. */
  async dropPast(): Promise<string[]> {
    const dropped: string[] = [];
    const nowS = this.nowS();
    const horizons = this.horizons;
    for (const table of TABLES)
      for (const part of await this.list(table)) {
        if (!monthPastRetention(part.from, nowS, horizons)) continue;
        await this.change(async (trx) => {
          await detachMonthPartition(trx, table, part.name);
          await sql.raw(`drop table ${part.name}`).execute(trx);
        });
        dropped.push(part.name);
      }
    return dropped;
  }

  private change<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await LOCK_TIMEOUT.execute(trx);
      await PARTITIONS_LOCK.execute(trx);
      return fn(trx);
    });
  }
}
