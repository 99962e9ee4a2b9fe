import { sql, type Kysely } from 'kysely';
import { addMonths, monthLabel, monthStart } from '@emberwatch/shared/domain/readingRetention';
import type { Database } from './schema.js';

/**
 * PostgreSQL's monthly partitions of the reading tables (decision 0135): `readings` by its measurement
 * time, `readings_packed` by its day, each a range partition per UTC month named `<table>_y2026m11`,
 * and a default partition `<table>_default` that takes any row no month partition holds (a reading
 * far in the past or a month not made yet), so that no reading is ever refused for its time.
 *
 * Used by migration 0075, which converts the tables, and by the readings feature's jobs, which make
 * the months ahead and drop those past every horizon. SQLite has no partitions.
 */

export const PARTITIONED_TABLES = {
  readings: 'meas_ts',
  readings_packed: 'day',
} as const;
export type PartitionedTable = keyof typeof PARTITIONED_TABLES;

export interface MonthPartition {
  name: string;
  /** The month's first second (inclusive bound). */
  from: number;
  /** The next month's first second (exclusive bound). */
  to: number;
}

export const partitionName = (table: PartitionedTable, month: number): string =>
  `${table}_${monthLabel(month)}`;
export const defaultPartitionName = (table: PartitionedTable): string => `${table}_default`;

/** A bound as SQL text: only whole numbers ever reach the DDL. */
function bound(ts: number): string {
  if (!Number.isSafeInteger(ts)) throw new Error(`not a partition bound: ${ts}`);
  return String(ts);
}

/** The month partitions of `table` in the current schema, oldest first (the default is not one). */
export async function listMonthPartitions(
  db: Kysely<Database>,
  table: PartitionedTable,
): Promise<MonthPartition[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${table})`.execute(db);
  const out: MonthPartition[] = [];
  for (const r of rows) {
    // FOR VALUES FROM ('1793491200') TO ('1796083200'); the default partition says DEFAULT.
    const m = /FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)/.exec(r.bound);
    if (m) out.push({ name: r.name, from: Number(m[1]), to: Number(m[2]) });
  }
  return out.sort((a, b) => a.from - b.from);
}

/** The columns of `table` an insert may name (not generated), in their order. */
async function writableColumns(db: Kysely<Database>, table: PartitionedTable): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position`.execute(db);
  return rows.map((r) => r.name);
}

/** Whether the current schema holds the table (or partition) `name`. */
async function exists(db: Kysely<Database>, name: string): Promise<boolean> {
  const { rows } = await sql<{ oid: string | null }>`select to_regclass(${name})::oid as oid`.execute(db);
  return rows[0]?.oid != null;
}

/**
 * Makes the month partition of `table` holding `month` unless it exists; whether it made it. Run in the
 * caller's transaction. The partition is made as a table of its own and then attached: attaching
 * takes a lock that lets ingest write on, where CREATE TABLE … PARTITION OF would stop every reader
 * and writer of the table for its length. Rows of that month waiting in the default partition move
 * into it first (attaching refuses while the default holds any).
 */
export async function ensureMonthPartition(
  db: Kysely<Database>,
  table: PartitionedTable,
  month: number,
): Promise<boolean> {
  const from = monthStart(month);
  const to = addMonths(from, 1);
  const name = partitionName(table, from);
  if (await exists(db, name)) return false;
  const key = PARTITIONED_TABLES[table];
  // "including generated": readings' hour (migration 0076) is computed by each partition's own expression.
  await sql
    .raw(
      `create table ${name} (like ${table} including defaults including constraints including storage including generated)`,
    )
    .execute(db);
  const def = defaultPartitionName(table);
  if (await exists(db, def)) {
    // A generated column takes no value of an insert: the others are named, and it is computed again.
    const columns = (await writableColumns(db, table)).join(', ');
    await sql
      .raw(
        `with moved as (delete from ${def} where ${key} >= ${bound(from)} and ${key} < ${bound(to)} returning *)
         insert into ${name} (${columns}) select ${columns} from moved`,
      )
      .execute(db);
  }
  await sql
    .raw(`alter table ${table} attach partition ${name} for values from (${bound(from)}) to (${bound(to)})`)
    .execute(db);
  return true;
}

/**
 * Detaches the month partition `name` from `table`: its rows leave the table (no reader sees them)
 * and stay in a table of their own, to be archived (pg_dump -t) or dropped. Run in the caller's
 * transaction; it holds the table's strongest lock until the commit, so keep the transaction short.
 */
export async function detachMonthPartition(
  db: Kysely<Database>,
  table: PartitionedTable,
  name: string,
): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a partition name: ${name}`);
  await sql.raw(`alter table ${table} detach partition ${name}`).execute(db);
}
