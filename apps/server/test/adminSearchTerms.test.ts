import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FindSystemResponse } from '@emberwatch/shared/contracts/adminConsole';
import { api } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * The picker's search terms stay current (decision 0088 "One table of search terms", migration
 * 0051): whatever writes a station's id, name or SIM or a user's username, name, e-mail or phone —
 * a route, an import, a hand-made fix — the next search finds the new text and no longer the old.
 */
describe(`the station picker's search terms on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let call: ReturnType<typeof api>;
  const uid: Record<string, number> = {};

  const find = async (query: string) => {
    const res = await call.get('admin', `/admin/findSystem?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FindSystemResponse>().results.map((m) => [m.bs_id, m.matched.key, m.matched.value]);
  };
  /** The stored terms of a station or a user, as (kind, term, value). */
  const termsOf = async (owner: { bsId: string } | { userId: number }) => {
    const where = 'bsId' in owner ? sql`bs_id = ${owner.bsId}` : sql`user_id = ${owner.userId}`;
    const res = await sql<{ kind: string; term: string; value: string }>`select kind, term, value
      from admin_search_terms where ${where} order by kind`.execute(t.store.db);
    return res.rows.map((r) => [r.kind, r.term, r.value]);
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['hay', 'hay-helper', 'admin']) {
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
      uid[u] = (await t.findUser(`${u}@demo.emberwatch`))!.id;
    }
    call = api(t, tokens);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a station by its new name once its owner renames it, and no longer by the old', async () => {
    const before = await find('q=South%20barn&by=station');
    expect(before).toContainEqual(['F1000002', 'stationName', 'South barn']);
    const res = await call.post('hay', '/client/updateBsDisplayName', {
      bs_id: 'F1000002',
      display_name: 'Quernstone Loft',
    });
    expect(res.json()).toEqual({ status_code: 0 });
    expect(await find('q=quernstone&by=station')).toEqual([['F1000002', 'stationName', 'Quernstone Loft']]);
    expect(await find('q=South%20barn&by=station')).toEqual([]);
    // An empty name clears it: the station is found by its id only.
    await call.post('hay', '/client/updateBsDisplayName', { bs_id: 'F1000002', display_name: '' });
    expect(await find('q=quernstone&by=station')).toEqual([]);
    expect(await termsOf({ bsId: 'F1000002' })).toEqual([['stationId', 'f1000002', 'F1000002']]);
  });

  it('finds a station by a SIM set on it, and no longer once it is cleared', async () => {
    expect(await find('q=4455667788&by=sim')).toEqual([]);
    await t.store.db
      .updateTable('base_stations')
      .set({ sim: '89358014455667788990' })
      .where('id', '=', 'F1000003')
      .execute();
    expect(await find('q=4455667788&by=sim')).toEqual([['F1000003', 'sim', '89358014455667788990']]);
    await t.store.db.updateTable('base_stations').set({ sim: null }).where('id', '=', 'F1000003').execute();
    expect(await find('q=4455667788&by=sim')).toEqual([]);
  });

  it("finds the account's stations by a user's new phone, and no longer by the old", async () => {
    const stations = (
      await t.store.db
        .selectFrom('base_stations')
        .select('id')
        .where('owner_user_id', '=', uid.hay!)
        .orderBy('id')
        .execute()
    ).map((s) => s.id);
    expect(stations.length).toBeGreaterThan(0);
    // The farm hand's phone finds the farm's stations (the hand's main user owns them).
    await t.store.db
      .updateTable('users')
      .set({ phone: '+358 40 777 2468' })
      .where('id', '=', uid['hay-helper']!)
      .execute();
    expect(await find('q=407772468&by=phone')).toEqual(stations.map((s) => [s, 'phone', '+358 40 777 2468']));
    // Every key at once: the phone among the user keys.
    expect(await find('q=407772468')).toEqual(stations.map((s) => [s, 'phone', '+358 40 777 2468']));
    await t.store.db
      .updateTable('users')
      .set({ phone: '+44 20 7946 0011' })
      .where('id', '=', uid['hay-helper']!)
      .execute();
    expect(await find('q=407772468&by=phone')).toEqual([]);
    expect(await find('q=2079460011&by=phone')).toEqual(
      stations.map((s) => [s, 'phone', '+44 20 7946 0011']),
    );
    expect(await termsOf({ userId: uid['hay-helper']! })).toContainEqual([
      'phone',
      '442079460011',
      '+44 20 7946 0011',
    ]);
  });

  it("finds a station by a user's new name and username, and forgets a deleted user", async () => {
    const { id: _id, ...row } = (await t.findUser('hay@demo.emberwatch'))!;
    const hand = await t.store.db
      .insertInto('users')
      .values({
        ...row,
        username: 'zephyrine-hand',
        email: null,
        phone: null,
        main_user_id: uid.hay!,
        firstname: 'Zephyrine',
        lastname: 'Quist',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await find('q=zephyrine&by=user')).map((m) => m[1])).toEqual(
      expect.arrayContaining(['username', 'name']),
    );
    await t.store.db.updateTable('users').set({ lastname: 'Ulverton' }).where('id', '=', hand.id).execute();
    expect(await find('q=quist&by=user')).toEqual([]);
    expect(
      (await find('q=ulverton&by=user')).every((m) => m[1] === 'name' && m[2] === 'Zephyrine Ulverton'),
    ).toBe(true);
    await t.store.db.deleteFrom('users').where('id', '=', hand.id).execute();
    expect(await find('q=zephyrine&by=user')).toEqual([]);
    expect(await termsOf({ userId: hand.id })).toEqual([]);
  });

  it('finds a probe as soon as it is added to a station, and the station a new id names', async () => {
    expect(await find('q=H77123&by=probe')).toEqual([]);
    await t.store.db
      .insertInto('probes')
      .values({
        sensor_id: 'H771234',
        bs_id: 'F1000001',
        sensor_name: null,
        kind: 'hay',
        depths: 3,
        disabled: 0,
        storage_location: null,
        col: null,
        real_bs: 'F1000001',
        created_ts: 0,
      })
      .execute();
    expect(await find('q=H77123&by=probe')).toEqual([['F1000001', 'probe', 'H771234']]);
    expect(await find('q=h771234')).toEqual([['F1000001', 'probe', 'H771234']]);
  });

  it('holds the terms of every station and user, and nothing else', async () => {
    // Rebuilt from the tables as the migration fills it, the stored terms are the same rows.
    const count = async (q: ReturnType<typeof sql>) => Number((await q.execute(t.store.db)).rows.length);
    const stationsWithName = await count(
      sql`select id from base_stations where display_name is not null and display_name <> ''`,
    );
    const stationsWithSim = await count(
      sql`select id from base_stations where sim is not null and sim <> ''`,
    );
    const stations = await count(sql`select id from base_stations`);
    const stored = await count(sql`select bs_id from admin_search_terms where bs_id is not null`);
    expect(stored).toBe(stations + stationsWithName + stationsWithSim);
    const orphans =
      await count(sql`select t.user_id from admin_search_terms t left join users u on u.id = t.user_id
      where t.user_id is not null and u.id is null`);
    expect(orphans).toBe(0);
  });
});
