import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPrepared } from '../src/db/runPrepared.js';
import type { Database } from '../src/db/schema.js';
import { valueIn } from '../src/db/valueIn.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * valueIn and runPrepared (decision 0160): a list as one parameter selects what `in (…)` selects, with
 * one statement text for any number of values, which PostgreSQL then runs prepared.
 */
describe(`valueIn and runPrepared, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let stations: string[];
  beforeAll(async () => {
    t = await createTestApp();
    db = t.store.db;
    stations = (await db.selectFrom('base_stations').select('id').orderBy('id').execute()).map((r) => r.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const byList = (values: readonly string[]) =>
    db
      .selectFrom('base_stations')
      .select('id')
      .where(valueIn(t.store.engine, 'id', values, 'text'))
      .orderBy('id');

  it('selects what `in (…)` selects, for one value, several and ones no row has', async () => {
    expect(stations.length).toBeGreaterThan(3);
    const cases = [
      [stations[0] as string],
      stations.slice(1, 4),
      [...stations.slice(0, 2), 'no-such-station', `it's "quoted", {braced}`],
      ['no-such-station'],
    ];
    for (const values of cases) {
      const expected = await db
        .selectFrom('base_stations')
        .select('id')
        .where('id', 'in', values)
        .orderBy('id')
        .execute();
      expect(await runPrepared(db, byList(values))).toEqual(expected);
    }
  });

  it('writes one statement text whatever the number of values', () => {
    expect(byList(stations.slice(0, 1)).compile().sql).toBe(byList(stations).compile().sql);
  });

  it.runIf(TEST_ENGINE === 'postgres')('runs as a prepared statement on PostgreSQL', async () => {
    const query = byList(stations.slice(0, 2));
    const text = query.compile().sql;
    const prepared = await db.connection().execute(async (c) => {
      await runPrepared(c, query);
      return (
        await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements
        where statement = ${text}`.execute(c)
      ).rows[0]?.n;
    });
    expect(prepared).toBe(1);
  });
});
