import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Engine } from './engine.js';

/**
 * `column` is one of `values`, as one parameter whatever their count: a JSON array on SQLite, a text
 * array on PostgreSQL. The statement's text is then the same for one station or eight, so PostgreSQL
 * can run it as a prepared statement (`runPrepared`) instead of parsing and planning a new text
 * for each count, as `in ($1, $2, …)` makes it. Each value is still one seek of the column's index.
 */
export function textIn(engine: Engine, column: string, values: readonly string[]): RawBuilder<SqlBool> {
  return engine === 'sqlite'
    ? sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`
    : sql<SqlBool>`${sql.ref(column)} = any(${[...values]}::text[])`;
}
