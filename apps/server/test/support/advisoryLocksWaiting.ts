import type pg from 'pg';

/**
 * How many advisory locks sessions of the test database wait for (not yet granted), as seen from
 * another session: a commit blocked on a probe's lock shows here. Advisory locks are the database's,
 * so only this database's are counted.
 */
export async function advisoryLocksWaiting(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
      and database = (select oid from pg_database where datname = current_database())`,
  );
  return rows[0]?.n ?? 0;
}
