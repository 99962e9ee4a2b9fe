import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { reusableQuery } from '../src/db/reusableQuery.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * reusableQuery (decision 0143): a query compiled once per store and run again with new values
 * gives what the builder gives for those values, with the builder's SQL.
 */
describe(`reusableQuery, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let db: Kysely<Database>;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.store.db;
  });
  afterAll(async () => {
    await t.close();
  });

  const builder = (d: Kysely<Database>, v: { owner: number; from: string; most: number }) =>
    d
      .selectFrom('base_stations')
      .select(['id', 'owner_user_id'])
      .where('owner_user_id', '=', v.owner)
      .where('id', '>=', v.from)
      // A constant of the builder's own stays with the query.
      .where('id', '!=', 'no-such-station')
      .orderBy('id')
      .limit(v.most);

  it('gives the builder’s rows for every set of values, compiled once', async () => {
    let builds = 0;
    const q = reusableQuery(
      ['owner', 'from', 'most'],
      (d: Kysely<Database>, v: Parameters<typeof builder>[1]) => {
        builds++;
        return builder(d, v);
      },
    );
    const owners = await db.selectFrom('base_stations').select('owner_user_id').distinct().execute();
    expect(owners.length).toBeGreaterThan(1);
    let nonEmpty = 0;
    for (const { owner_user_id: owner } of owners)
      for (const from of ['', 'F1000002', 'zzz'])
        for (const most of [1, 2, 50]) {
          const v = { owner, from, most };
          const rows = await q(db, v);
          expect(rows).toEqual(await builder(db, v).execute());
          if (rows.length > 0) nonEmpty++;
        }
    expect(nonEmpty).toBeGreaterThan(3);
    expect(builds).toBe(1);
  });

  it('runs the builder’s SQL text', async () => {
    const seen: string[] = [];
    const q = reusableQuery(
      ['owner', 'from', 'most'],
      (d: Kysely<Database>, v: Parameters<typeof builder>[1]) => {
        const b = builder(d, v);
        seen.push(b.compile().sql);
        return b;
      },
    );
    await q(db, { owner: 1, from: '', most: 3 });
    expect(seen).toEqual([builder(db, { owner: 1, from: '', most: 3 }).compile().sql]);
  });

  it('refuses a value the query changes before binding it (a pattern made from it)', async () => {
    const q = reusableQuery(['prefix'], (d: Kysely<Database>, v: { prefix: string }) =>
      d.selectFrom('base_stations').select('id').where('id', 'like', `${v.prefix}%`),
    );
    await expect(q(db, { prefix: 'F1' })).rejects.toThrow(/prefix% is not one bound value/);
  });
});
