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
    if (!ATTEMPT_LOGS.has(r.table)) tables.set(r.table, [...(tables.get(r.table) ?? []), r.column]);
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

/** A table's row count and a hash of all its rows. */
export interface TablePrint {
  rows: number;
  hash: string;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * What the store holds, table by table: equal prints mean no row was added, removed or changed. Every
 * row is hashed (the demo store is small), not only a maximum id or timestamp, and the engine does
 * the work: one query joins each table's rows, sorted, into one text (PostgreSQL hashes it too).
 */
export async function storeFingerprint(
  store: Store,
  tables: StoreTable[],
): Promise<Record<string, TablePrint>> {
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
