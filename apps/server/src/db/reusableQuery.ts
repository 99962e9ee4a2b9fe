import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { namedStatement } from './postgresClient.js';

/** What a stand-in for a named value looks like while the query is compiled (no real value does). */
const STAND_IN = '\u0000reusable-query-value:';

type Slot = { name: string } | { value: unknown };

/**
 * A Kysely query built and compiled once per store, then run with new values (decision 0143).
 * Building and compiling a select costs Kysely tens of µs on every call, more than SQLite takes to
 * run a key look-up: the calls every request of the public API makes (its key, account, probe) are
 * compiled the first time and reused, the SQL text the same as the builder's.
 *
 * `build` gets a stand-in for each named value and must use it as one bound value (`where x = v`,
 * `limit v`), not in a list (`in`) or a function that changes it: a stand-in missing from the
 * compiled values is refused when the query is first compiled.
 */
export function reusableQuery<DB, A extends Record<string, unknown>, R>(
  names: readonly (keyof A & string)[],
  build: (db: Kysely<DB>, values: A) => Compilable<R>,
): (db: Kysely<DB>, values: A) => Promise<R[]> {
  // One compilation per store: PostgreSQL and SQLite write different SQL.
  const compiled = new WeakMap<Kysely<DB>, { sql: string; slots: Slot[] }>();
  const compile = (db: Kysely<DB>) => {
    const standIns = Object.fromEntries(names.map((n) => [n, `${STAND_IN}${n}`])) as unknown as A;
    const query = build(db, standIns).compile();
    const slots = query.parameters.map((p): Slot => {
      if (typeof p !== 'string' || !p.includes(STAND_IN)) return { value: p };
      const name = p.startsWith(STAND_IN) ? p.slice(STAND_IN.length) : '';
      // A value made from a stand-in (a pattern, a list's text) would be bound as the stand-in's text.
      if (!names.includes(name))
        throw new Error(`reusableQuery: ${p.replace(STAND_IN, '')} is not one bound value`);
      return { name };
    });
    for (const n of names)
      if (!slots.some((s) => 'name' in s && s.name === n))
        throw new Error(`reusableQuery: the value ${n} is not one bound value of the query`);
    // Its text never changes: on PostgreSQL a prepared statement, planned once per connection.
    const entry = { sql: namedStatement(query.sql), slots };
    compiled.set(db, entry);
    return entry;
  };
  return async (db, values) => {
    const { sql, slots } = compiled.get(db) ?? compile(db);
    const parameters = slots.map((s) => ('name' in s ? values[s.name] : s.value));
    const result = await db.executeQuery<R>(CompiledQuery.raw(sql, parameters));
    return result.rows;
  };
}
