import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetDataBreakSettingsResponse } from '@emberwatch/shared/contracts/dataBreaks';
import type { GetNotificationsResponse } from '@emberwatch/shared/contracts/notifications';
import type { EffectiveDataBreakDelays } from '@emberwatch/shared/domain/dataBreaks/dataBreakDelay';
import { api } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const M = 60;
const H = 3600;

/** Issue 27 item 2; docs/decisions/0071-data-break-delay.md. */
describe(`data-break delay settings on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  const clock = Math.floor(Date.now() / 1000);
  let hayId: number;
  let hayStorages: { id: number; bs_id: string }[];
  let grainStorage: number;

  const get = async (who: string, uid?: number) => {
    const res = await call.get(who, `/client/getDataBreakSettings${uid ? `?UID=${uid}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GetDataBreakSettingsResponse>();
  };
  const save = (who: string, body: object) => call.post(who, '/client/saveDataBreakSettings', body);
  const exportsOf = () =>
    t.features.find((f) => f.name === 'dataBreaks')!.exports as {
      effectiveDataBreakDelays: (ownerId: number) => Promise<EffectiveDataBreakDelays>;
    };

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    const tokens: Record<string, string> = {};
    for (const u of ['hay', 'grain', 'admin', 'master', 'hay-helper'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    const grainId = (await t.findUser('grain@demo.emberwatch'))!.id;
    const storages = await t.store.db
      .selectFrom('storages')
      .select(['id', 'bs_id', 'owner_user_id'])
      .execute();
    hayStorages = storages.filter((s) => s.owner_user_id === hayId);
    grainStorage = storages.find((s) => s.owner_user_id === grainId)!.id;
    expect(hayStorages.length).toBeGreaterThanOrEqual(2);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the spec’s 4 h, the bounds and every storage without an override at first', async () => {
    const s = await get('hay');
    expect(s).toMatchObject({ status_code: 0, delayS: null, defaultS: 4 * H, minS: 30 * M, maxS: 48 * H });
    expect(s.storages.map((x) => x.itemID).sort()).toEqual(hayStorages.map((x) => x.id).sort());
    expect(s.storages.every((x) => x.delayS === null)).toBe(true);
  });

  it('saves the owner’s account delay and one storage’s override, and the resolved delays follow', async () => {
    const [a, b] = hayStorages as [{ id: number; bs_id: string }, { id: number; bs_id: string }];
    const res = await save('hay', { delayS: 2 * H, storages: [{ itemID: a.id, delayS: 30 * M }] });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<GetDataBreakSettingsResponse>();
    expect(s.delayS).toBe(2 * H);
    expect(s.storages.find((x) => x.itemID === a.id)!.delayS).toBe(30 * M);
    expect(s.storages.find((x) => x.itemID === b.id)!.delayS).toBeNull();
    expect(await get('hay')).toEqual(s);

    const placed = await t.store.db
      .selectFrom('storage_probes')
      .select(['storage_id', 'sensor_id'])
      .where('owner_user_id', '=', hayId)
      .execute();
    const effective = await exportsOf().effectiveDataBreakDelays(hayId);
    for (const p of placed)
      expect(effective.probes.get(p.sensor_id)).toBe(p.storage_id === a.id ? 30 * M : 2 * H);
    // Storage a's station waits the 30 min of its most watchful storage.
    expect(effective.stations.get(a.bs_id)).toBe(30 * M);
  });

  it('lengthens a delay to three configured measurement intervals', async () => {
    const a = hayStorages[0]!;
    const [p] = await t.store.db
      .selectFrom('storage_probes')
      .select('sensor_id')
      .where('storage_id', '=', a.id)
      .execute();
    await t.store.db
      .updateTable('probes')
      .set({ measurement_interval: H })
      .where('sensor_id', '=', p!.sensor_id)
      .execute();
    expect((await exportsOf().effectiveDataBreakDelays(hayId)).probes.get(p!.sensor_id)).toBe(3 * H);
    await t.store.db
      .updateTable('probes')
      .set({ measurement_interval: null })
      .where('sensor_id', '=', p!.sensor_id)
      .execute();
  });

  it.each([
    ['under 30 min', { delayS: 29 * M }],
    ['over 48 h', { delayS: 48 * H + M }],
    ['not whole minutes', { delayS: 4 * H + 1 }],
    ['a storage’s out of bounds', { delayS: H, storages: [{ itemID: 1, delayS: 10 }] }],
    [
      'a storage listed twice',
      {
        delayS: H,
        storages: [
          { itemID: 1, delayS: H },
          { itemID: 1, delayS: 2 * H },
        ],
      },
    ],
    ['text', { delayS: '4h' }],
  ])('refuses %s with a clear 400 and changes nothing', async (_what, body) => {
    const before = await get('hay');
    const res = await save('hay', body);
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeGreaterThan(0);
    expect(await get('hay')).toEqual(before);
  });

  it('names the bounds in the refusal', async () => {
    const res = await save('hay', { delayS: 10 * M });
    expect(res.body).toContain('30 min');
    expect(res.body).toContain('48 h');
  });

  it('refuses a storage of another account (and one that does not exist), writing nothing', async () => {
    const before = await get('hay');
    const a = hayStorages[0]!;
    for (const itemID of [grainStorage, 999_999]) {
      const res = await save('hay', {
        delayS: 8 * H,
        storages: [
          { itemID: a.id, delayS: H },
          { itemID, delayS: H },
        ],
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await get('hay')).toEqual(before);
    expect(await get('grain')).toMatchObject({ delayS: null });
  });

  it('lets the sub-user and the authorised master read but not change; another account not even read', async () => {
    const own = await get('hay');
    expect(await get('hay-helper')).toEqual(own);
    expect(await get('master', hayId)).toEqual(own);
    const helper = await save('hay-helper', { delayS: 30 * M });
    expect(helper.statusCode).toBe(403);
    expect(helper.body).toContain('Only the account owner');
    expect((await save('master', { UID: hayId, delayS: 30 * M })).statusCode).toBe(403);
    expect((await call.get('grain', `/client/getDataBreakSettings?UID=${hayId}`)).statusCode).toBe(403);
    expect((await save('grain', { UID: hayId, delayS: 30 * M })).statusCode).toBe(403);
    expect(await get('hay')).toEqual(own);
  });

  it('lets an admin change it for the account; null returns to the default', async () => {
    const res = await save('admin', {
      UID: hayId,
      delayS: null,
      storages: [{ itemID: hayStorages[0]!.id, delayS: null }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = await get('hay');
    expect(s.delayS).toBeNull();
    expect(s.storages.every((x) => x.delayS === null)).toBe(true);
  });

  it('raises the in-app data break after the chosen delay instead of 4 h', async () => {
    const bs = hayStorages[0]!.bs_id;
    const stations = await t.store.db
      .selectFrom('base_stations')
      .select('id')
      .where('owner_user_id', '=', hayId)
      .execute();
    // Every station of the farm sent a minute ago, but this one 45 minutes ago.
    for (const s of stations)
      await t.store.db
        .updateTable('base_stations')
        .set({ last_data_ts: s.id === bs ? clock - 45 * M : clock - M })
        .where('id', '=', s.id)
        .execute();
    const breaks = async () => {
      const res = await call.get('hay', '/client/getNotifications');
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<GetNotificationsResponse>()
        .results.filter((n) => n.type === 'noBSData')
        .map((n) => n.id);
    };
    expect(await breaks()).toEqual([]);
    expect((await save('hay', { delayS: 30 * M })).statusCode).toBe(200);
    expect(await breaks()).toEqual([`noBSData:${bs}`]);
    expect((await save('hay', { delayS: H })).statusCode).toBe(200);
    expect(await breaks()).toEqual([]);
  });
});
