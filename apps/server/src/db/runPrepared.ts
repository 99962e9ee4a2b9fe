import type { Compilable, Kysely } from 'kysely';
import { namedStatement } from './postgresClient.js';

/**
 * Runs a Kysely query whose text is the same on every call (no `in (…)` list of changing length: see
 * `valueIn`) as a named prepared statement on PostgreSQL: parsed and planned once per connection
 * instead of on every call. For the few queries that run after every ingest commit, where the planning
 * cost more backend time than the query itself (decision 0160). On SQLite the query runs as it would.
 */
export async function runPrepared<DB, R>(db: Kysely<DB>, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  namedStatement(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
}
