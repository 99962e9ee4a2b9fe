import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Store } from '../../src/db/createDatabase.js';

export interface StoreTable {
  name: string;
  columns: string[];
}

/**
 * Tables that record the attempt itself, refused or not: the audit trail writes every staff write,
 * its refusals included, before it runs (decision 0089), and the station call log every station call
 * (decision 0090), the server's own log and access log every call and line, and the test readings
 * of stations not yet activated, which the ingest refuses (decision 0095). "Nothing stored" means
 * nothing else changed; audit.test.ts, stationLogs.test.ts and diagnostics.test.ts check what these
 * hold. Also each instance's report of its live connections, rewritten every 10 s by a timer whatever
 * the calls do (decision 0096; liveConnections.test.ts).
 */
export const ATTEMPT_LOGS: ReadonlySet<string> = new Set([
  'audit_entries',
  'audit_outcomes',
  'station_calls',
  'live_instances',
  'server_logs',
  'access_logs',
  'station_test_readings',
]);

/** The table the watch triggers write to (storeFingerprint): which tables a committed write touched. */
const WATCH_LOG = 'test_store_writes';

/**
 * Every table of the store and its columns, but the attempt logs: SQLite's, or those of the test's
 * schema on PostgreSQL.
 */
export async function storeTables(store: Store): Promise<StoreTable[]> {
  const rows =
    store.engine === 'postgres'
      ? await sql<{ table: string; column: string }>`
          select c.table_name as "table", c.column_name as "column"
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
            -- A partition's rows are its table's (the monthly readings, decision 0135): counted once.
            and not (select relispartition from pg_class where oid = to_regclass(c.table_name))
          order by c.table_name, c.ordinal_position`.execute(store.db)
      : await sql<{ table: string; column: string }>`
          select m.name as "table", p.name as "column"
          from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and m.name not like 'sqlite_%'
          order by m.name, p.cid`.execute(store.db);
  const tables = new Map<string, string[]>();
  for (const r of rows.rows)
    if (!ATTEMPT_LOGS.has(r.table) && r.table !== WATCH_LOG)
      tables.set(r.table, [...(tables.get(r.table) ?? []), r.column]);
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

/** A table's row count and a hash of all its rows. */
export interface TablePrint {
  rows: number;
  hash: string;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

interface Watch {
  /** The tables with watch triggers. */
  watched: ReadonlySet<string>;
  /** Each table's print as of the last call. */
  prints: Map<string, TablePrint>;
}
const watches = new WeakMap<Store, Promise<Watch>>();

/**
 * What the store holds, table by table: equal prints mean no row was added, removed or changed. Every
 * row is hashed, not only a maximum id or timestamp, and the engine does the work: one query joins each
 * table's rows, sorted, into one text (PostgreSQL hashes it too).
 *
 * Hashing every table on every call cost the schema fuzz 18 of its 31 s (225 prints of the demo store),
 * so only the first call hashes them all: it also puts a trigger on each table that notes, in the same
 * transaction as the write, which table a committed insert, update or delete touched, and each later
 * call hashes again only the tables noted since (and takes their notes, `delete … returning`: a note
 * committed meanwhile stays for the next call, whose hash will see its write). What is compared is still
 * the tables' contents: a job that rewrites a row as it was changes no print.
 */
export async function storeFingerprint(
  store: Store,
  tables: StoreTable[],
): Promise<Record<string, TablePrint>> {
  let watching = watches.get(store);
  if (!watching) {
    watching = watch(store, tables);
    watches.set(store, watching);
  }
  const state = await watching;
  const unwatched = tables.filter((t) => !state.watched.has(t.name)).map((t) => t.name);
  if (unwatched.length > 0)
    throw new Error(`not watched since the store's first print: ${unwatched.join(', ')}`);
  const noted = await sql<{ tbl: string }>`delete from ${sql.table(WATCH_LOG)} returning tbl`.execute(
    store.db,
  );
  const touched = new Set(noted.rows.map((r) => r.tbl));
  const stale = tables.filter((t) => touched.has(t.name) || !state.prints.has(t.name));
  for (const [name, print] of Object.entries(await hashTables(store, stale))) state.prints.set(name, print);
  return Object.fromEntries(tables.map((t) => [t.name, state.prints.get(t.name)!]));
}

/** Puts the watch triggers on every table of `tables` (before their first hash, so no write is missed). */
async function watch(store: Store, tables: StoreTable[]): Promise<Watch> {
  const statements: string[] = [];
  if (store.engine === 'postgres') {
    // Schema-qualified: the triggers fire in every connection of the pool, whatever its search path.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db);
    const schema = ident(rows[0]!.schema);
    const fn = `${schema}.test_store_write_noted`;
    statements.push(
      `create table ${schema}.${ident(WATCH_LOG)} (tbl text not null)`,
      // The table's own name comes as the argument: on a partition (the monthly readings) TG_TABLE_NAME
      // would be the partition's.
      `create function ${fn}() returns trigger language plpgsql as $$
       begin insert into ${schema}.${ident(WATCH_LOG)} (tbl) values (tg_argv[0]); return null; end $$`,
    );
    for (const { name } of tables) {
      const table = `${schema}.${ident(name)}`;
      const arg = literal(name);
      statements.push(
        `create trigger test_store_write_id after insert or delete on ${table}
         for each row execute function ${fn}(${arg})`,
        // As text: a row with a json column has no equality operator.
        `create trigger test_store_write_u after update on ${table}
         for each row when (old::text is distinct from new::text) execute function ${fn}(${arg})`,
        `create trigger test_store_write_t after truncate on ${table}
         for each statement execute function ${fn}(${arg})`,
      );
    }
  } else {
    statements.push(`create table ${ident(WATCH_LOG)} (tbl text not null)`);
    for (const { name, columns } of tables) {
      const note = `begin insert into ${ident(WATCH_LOG)} (tbl) values (${literal(name)}); end`;
      // quote(), as the hash writes them: `1 = 1.0` in SQLite, but a print that held 1 would change.
      const same = columns.map((c) => `quote(old.${ident(c)}) is quote(new.${ident(c)})`).join(' and ');
      for (const event of ['insert', 'delete'])
        statements.push(`create trigger ${ident(`test_store_write_${event}_${name}`)}
          after ${event} on ${ident(name)} ${note}`);
      statements.push(`create trigger ${ident(`test_store_write_update_${name}`)}
        after update on ${ident(name)} when not (${same}) ${note}`);
    }
  }
  for (const statement of statements) await sql.raw(statement).execute(store.db);
  return { watched: new Set(tables.map((t) => t.name)), prints: new Map() };
}

/** The prints of `tables`, hashed in one query. */
async function hashTables(store: Store, tables: StoreTable[]): Promise<Record<string, TablePrint>> {
  if (tables.length === 0) return {};
  const parts = tables.map(({ name, columns }) =>
    store.engine === 'postgres'
      ? `select ${literal(name)} as name, count(*)::int as n,
           coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as body
         from ${ident(name)} as t`
      : // quote() writes each value as an SQL literal: NULL, 'text', 12, X'0A1B'.
        `select ${literal(name)} as name, count(*) as n, coalesce(group_concat(r, char(10)), '') as body
         from (select ${columns.map((c) => `quote(${ident(c)})`).join(` || ',' || `)} as r
               from ${ident(name)} order by 1)`,
  );
  const result = await sql<{
    name: string;
    n: number;
    body: string;
  }>`${sql.raw(parts.join('\nunion all\n'))}`.execute(store.db);
  const prints: Record<string, TablePrint> = {};
  for (const r of result.rows)
    prints[r.name] = {
      rows: Number(r.n),
      hash: createHash('sha256').update(r.body).digest('hex').slice(0, 16),
    };
  return prints;
}
