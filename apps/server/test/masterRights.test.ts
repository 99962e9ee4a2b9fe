import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BsConfResponse } from '@emberwatch/shared/contracts/baseStations';
import type {
  GetMonitorsResponse,
  ProcessStorageMonitorsResponse,
} from '@emberwatch/shared/contracts/monitors';
import type { GetStoragesResponse } from '@emberwatch/shared/contracts/storages';
import type { UserInfoAndConfResponse } from '@emberwatch/shared/contracts/users';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { api, ingest } from './support/probeHelpers.js';
import { evaluatorOf, monitorOnHayStorage } from './support/monitorHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const BS = 'F1000001';

/**
 * Issue 32 items 3 and 4 (decision 0108): a master reads every view of a farm that authorised it and
 * changes nothing; a grand master also edits sites, storages and monitors; getUserInfoAndConf and
 * processStorageMonitors. The route × role matrices (readRights, writeRights) send every call as both;
 * this file follows a master through a farm's views and the two new calls' answers.
 */
describe(`a master on an authorised farm, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let hayId: number;
  let masterId: number;
  let storages: GetStoragesResponse['results'];
  const now = Math.floor(Date.now() / 1000);

  const asGrandMaster = (on: boolean) =>
    t.store.db
      .updateTable('users')
      .set({ grand_master: on ? 1 : 0 })
      .where('id', '=', masterId)
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    const tokens: Record<string, string> = {};
    for (const u of ['hay', 'grain', 'master']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    masterId = (await t.findUser('master@demo.emberwatch'))!.id;
    await ingest(t, BS, [{ sensor_id: 'H10001', meas_ts: now - 600, temperatures: [300, 290] }]);
    storages = (await call.get('hay', '/client/getStorages')).json<GetStoragesResponse>().results;
  });
  afterAll(async () => {
    await t.close();
  });

  describe.each([false, true])('grand master %s', (grand) => {
    beforeAll(() => asGrandMaster(grand));

    it.each([
      `/client/sensorData?BS_ID=${BS}&sensorID=H10001&startTS=${now - 86_400}`,
      `/client/data2?basestationID=${BS}&sensorId=H10001&fromDate=${now - 86_400}`,
      `/client/snapshot?basestationID=${BS}&sensorIDs=H10001&fromDate=${now - 86_400}`,
      `/client/minmaxData?basestationID=${BS}`,
      `/client/data?basestationID=${BS}`,
      `/client/bsConf?basestationID=${BS}`,
      `/client/getSite?BS_ID=${BS}`,
      '/client/getStorages?UID={hay}',
      '/client/getMonitors?UID={hay}',
      '/client/getQualityOverview?UID={hay}',
      '/client/getUserInfoAndConf?UID={hay}',
    ])('reads %s', async (url) => {
      const res = await call.get('master', url.replace('{hay}', String(hayId)));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    });

    it('reads the probe’s readings themselves, not an empty answer', async () => {
      const res = await call.get('master', `/client/data?basestationID=${BS}`);
      expect(res.json<{ results: { sensor_id: string }[] }>().results.map((r) => r.sensor_id)).toContain(
        'H10001',
      );
    });

    it(
      grand ? 'edits storages and monitors (sites: writeRights.test.ts)' : 'changes no storage or monitor',
      async () => {
        const s = storages.find((x) => x.BS_ID === BS)!;
        const { UID: _u, undefinedLayoutType: _l, updated_ts: _t, ...item } = s;
        const saved = await call.post('master', '/client/saveStorage', {
          UID: hayId,
          item: { ...item, name: grand ? 'Renamed by the advisor' : 'Not allowed' },
        });
        const monitor = await call.post('master', '/client/saveMonitor', {
          UID: hayId,
          item: {
            name: 'Advisor',
            rules: [{ id: 1, type: 'ABS_MAX', settings: defaultRuleSettings('ABS_MAX') }],
            defaultMonitor: false,
            compost: false,
          },
        });
        const expected = grand ? 200 : 403;
        expect(saved.statusCode, saved.body).toBe(expected);
        expect(monitor.statusCode, monitor.body).toBe(expected);
        const after = (await call.get('hay', '/client/getStorages')).json<GetStoragesResponse>().results;
        expect(after.find((x) => x.itemID === s.itemID)!.name).toBe(
          grand ? 'Renamed by the advisor' : s.name,
        );
      },
    );

    it('never renames a probe, grand or not (spec doc 2 §4)', async () => {
      const res = await call.post('master', '/client/sensorConf', {
        bs_id: BS,
        sensorConfigurations: [{ sensor_id_sys: 'H10001', sensor_name: 'Advisor’s name' }],
      });
      expect(res.statusCode).toBe(403);
    });
  });
});

describe(`GET /client/getUserInfoAndConf on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let hayId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const tokens: Record<string, string> = {};
    for (const u of ['hay', 'grain', 'master', 'visitor']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the user info and each of its stations’ configuration, as userInfo and bsConf do', async () => {
    const res = await call.get('hay', '/client/getUserInfoAndConf');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<UserInfoAndConfResponse>();
    const info = (await call.get('hay', '/client/userInfo')).json<{ userinfo: unknown }>().userinfo;
    expect(body.userinfo).toEqual(info);
    expect(body.bsConfs.map((c) => c.bs_id)).toEqual(body.userinfo.bs_list.map((b) => b.bsId));
    expect(body.bsConfs.length).toBeGreaterThan(0);
    const first = (
      await call.get('hay', `/client/bsConf?basestationID=${body.bsConfs[0]!.bs_id}`)
    ).json<BsConfResponse>();
    const { status_code: _, ...conf } = first;
    expect(body.bsConfs[0]).toEqual(conf);
  });

  it('answers a master the farm it names, and its own view with every authorised station', async () => {
    const farm = (
      await call.get('master', `/client/getUserInfoAndConf?UID=${hayId}`)
    ).json<UserInfoAndConfResponse>();
    expect(farm.userinfo.U_ID).toBe(hayId);
    expect(farm.bsConfs.map((c) => c.bs_id)).toContain(BS);
    const own = (await call.get('master', '/client/getUserInfoAndConf')).json<UserInfoAndConfResponse>();
    // Authorised by the hay and grain farms (the compost site has not answered).
    expect(own.bsConfs.map((c) => c.bs_id)).toEqual(expect.arrayContaining([BS]));
    expect(own.bsConfs.length).toBeGreaterThan(farm.bsConfs.length);
  });

  it.each(['grain', 'visitor'])('refuses %s naming the hay farm (403), with no data', async (who) => {
    const res = await call.get(who, `/client/getUserInfoAndConf?UID=${hayId}`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(BS);
  });
});

describe(`GET /data/processStorageMonitors on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let hayId: number;
  let monitorId: number;
  let storageId: number;
  let probe: string;
  const now = Math.floor(Date.now() / 1000);

  const alerts = async () =>
    (await call.get('hay', '/client/getMonitors'))
      .json<GetMonitorsResponse>()
      .results.find((m) => m.itemID === monitorId)!
      .rules.flatMap((r) => r.currentAlerts);
  const run = (who: string, query: string) => call.get(who, `/data/processStorageMonitors?${query}`);

  beforeAll(async () => {
    t = await createTestApp();
    const tokens: Record<string, string> = {};
    for (const u of ['hay', 'grain', 'master']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    // A reading above 25 °C arrives while no monitor watches its storage: nothing judges it then.
    const stored = (await call.get('hay', '/client/getStorages')).json<GetStoragesResponse>().results;
    const storage = stored.find((s) => s.BS_ID === BS)!;
    const rows = await t.store.db
      .selectFrom('storage_probes')
      .select('sensor_id')
      .where('storage_id', '=', storage.itemID)
      .orderBy('sensor_id')
      .execute();
    probe = rows[0]!.sensor_id;
    await ingest(t, BS, [{ sensor_id: probe, meas_ts: now - 60, temperatures: [400] }]);
    await evaluatorOf(t).idle();
    // Then the storage gets a monitor whose limit the reading is over; no reading has come since.
    const placed = await monitorOnHayStorage(
      t,
      call,
      {
        name: 'Limit',
        rules: [{ id: 1, type: 'ABS_MAX', settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: 250 } }],
      },
      BS,
    );
    monitorId = placed.monitorId;
    storageId = placed.storageId;
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['another account', 'grain', () => `BS_ID=${BS}&UID=${hayId}&itemIDs=${storageId}`],
    ['an unknown storage', 'hay', () => `BS_ID=${BS}&itemIDs=99999`],
    ['another account’s station', 'hay', () => `BS_ID=F2000001&itemIDs=${storageId}`],
  ])('refuses %s (403) and judges nothing', async (_, who, query) => {
    const res = await run(who, query());
    expect(res.statusCode, res.body).toBe(403);
    expect(await alerts()).toEqual([]);
  });

  it('refuses a query without storages (400)', async () => {
    expect((await run('hay', `BS_ID=${BS}&itemIDs=`)).statusCode).toBe(400);
  });

  it('runs the storage’s monitor now, for a read-only master too, and answers it with the alert raised', async () => {
    expect(await alerts()).toEqual([]);
    const res = await run('master', `BS_ID=${BS}&UID=${hayId}&itemIDs=${storageId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ProcessStorageMonitorsResponse>();
    expect(body.results.map((m) => m.itemID)).toEqual([monitorId]);
    expect(body.changes).toBeGreaterThan(0);
    expect(body.results[0]!.rules[0]!.currentAlerts).toEqual([expect.objectContaining({ sensor_id: probe })]);
    expect(await alerts()).toHaveLength(1);
    // A second run finds every reading judged: nothing changes, the alert stays.
    const again = (
      await run('hay', `BS_ID=${BS}&itemIDs=${storageId},${storageId}`)
    ).json<ProcessStorageMonitorsResponse>();
    expect(again.changes).toBe(0);
    expect(await alerts()).toHaveLength(1);
  });
});
