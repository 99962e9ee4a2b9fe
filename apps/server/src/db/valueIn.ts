import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Engine } from './engine.js';

/**
 * `column` is one of `values`, as one parameter whatever their count: a JSON array on SQLite, an array
 * of `type` on PostgreSQL. The statement's text is then the same for one value or thousands — no
 * statement runs out of bound parameters, and PostgreSQL can run it prepared (`runPrepared`, decision
 * 0160) instead of parsing and planning a new text for each count, as `in ($1, $2, …)` makes it. Each
 * value is still one seek of the column's index.
 */
export function valueIn(
  engine: Engine,
  column: string,
  values: readonly string[] | readonly number[],
  type: 'text' | 'int',
): RawBuilder<SqlBool> {
  if (engine === 'sqlite')
    return sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`;
  return type === 'text'
    ? sql<SqlBool>`${sql.ref(column)} = any(${[...values]}::text[])`
    : sql<SqlBool>`${sql.ref(column)} = any(${[...values]}::int[])`;
}
