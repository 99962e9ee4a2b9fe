import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BsConfResponse } from '@emberwatch/shared/contracts/baseStations';
import type { GetDataBreakSettingsResponse } from '@emberwatch/shared/contracts/dataBreaks';
import type {
  AuxMinmaxResponse,
  ProbeStopSettingsResponse,
  ReplacementHistoryResponse,
} from '@emberwatch/shared/contracts/stationAdmin';
import { batteryLevel } from '@emberwatch/shared/domain/batteryLevel';
import { DEMO_KITS } from '../src/features/activation/index.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * Issue 30 items 3 and 5 (decision 0094): a station's tools in the operator console — replace,
 * replacement history, remove, group, the fleet's probe stop settings — and the customer calls
 * POST bsConf, soc and auxMinmax.
 */
const H = 3600;
const codeOf = (bsId: string) => DEMO_KITS.find((k) => k.bsId === bsId)!.code;

describe(`the station tools on ${TEST_ENGINE}`, { timeout: 120_000 }, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ demoFans: true });
    for (const who of ['hay', 'grain', 'admin']) ids[who] = (await t.findUser(`${who}@demo.emberwatch`))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function tokenOf(who: string): Promise<string> {
    return (tokens[who] ??= await t.login(`${who}@demo.emberwatch`));
  }
  const get = async (url: string, who = 'admin') =>
    t.app.inject({ method: 'GET', url, headers: bearer(await tokenOf(who)) });
  const post = async (url: string, payload: object, who = 'admin') =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(await tokenOf(who)) });
  /** Runs with the demo admin at a staff level, then back to Root. */
  async function asLevel<T>(group: number, work: () => Promise<T>): Promise<T> {
    await t.store.db.updateTable('users').set({ admin_group: group }).where('id', '=', ids.admin!).execute();
    try {
      return await work();
    } finally {
      await t.store.db.updateTable('users').set({ admin_group: 0 }).where('id', '=', ids.admin!).execute();
    }
  }
  /** Sends readings as the station would (the station protocol), then settles the roll-ups. */
  async function send(
    bsId: string,
    readings: { sensor_id: string; temperatures: number[]; batt_voltage?: number }[],
  ) {
    const now = Math.floor(Date.now() / 1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station ${bsId}:${t.secretOf(bsId)}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'data', readings: readings.map((r) => ({ ...r, meas_ts: now - 60 })) }),
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.ingest.settleRollups();
  }
  /** A firmware update pending for a station, assigned as an operator would (its image added once). */
  const pendingUpdate = async (bsId: string) => {
    await post('/admin/addFirmwareImage', { rev: '9.1', notes: '', data: 'AAEC' });
    const { rev } = (await get(`/admin/getOTAForBS?bs=${bsId}`)).json<{ rev: string | null }>();
    const res = await post('/admin/saveOTAForBS', { bs: bsId, rev: '9.1', old_rev: rev });
    expect(res.statusCode, res.body).toBe(200);
  };
  const pendingUpdates = async () =>
    (
      await t.store.db
        .selectFrom('ota_pending' as never)
        .select('bs_id' as never)
        .execute()
    ).map((r) => (r as { bs_id: string }).bs_id);
  const stationRow = (id: string) =>
    t.store.db.selectFrom('base_stations').selectAll().where('id', '=', id).executeTakeFirst();
  const probesOn = async (id: string) =>
    (await t.store.db.selectFrom('probes').select('sensor_id').where('bs_id', '=', id).execute())
      .map((p) => p.sensor_id)
      .sort();

  describe('replaceBasestation', () => {
    it.each([
      [
        'the current station is not the account’s',
        { old_bs: 'F2000001', new_bs: 'F1900001' },
        404,
        1,
        'Cannot replace BS. Missing resources for current BS.',
      ],
      [
        'the current station does not exist',
        { old_bs: 'F7777777', new_bs: 'F1900001' },
        404,
        1,
        'Cannot replace BS. Missing resources for current BS.',
      ],
      [
        'the new id is a station',
        { old_bs: 'F1000003', new_bs: 'F1000001' },
        409,
        3,
        'Cannot replace BS. The new BS ID is already in use.',
      ],
      [
        'the new id is the current one',
        { old_bs: 'F1000003', new_bs: 'F1000003' },
        409,
        3,
        'Cannot replace BS. The new BS ID is already in use.',
      ],
      [
        'the new id was never registered',
        { old_bs: 'F1000003', new_bs: 'F1999999' },
        404,
        4,
        'Error in BS replacement with status 4',
      ],
    ])('refuses when %s, and changes nothing', async (_, body, http, status, text) => {
      const before = await probesOn('F1000003');
      const res = await post('/admin/replaceBasestation', { ...body, UID: ids.hay });
      expect(res.statusCode, res.body).toBe(http);
      expect(res.json()).toMatchObject({ status_code: status, error: text });
      expect(await probesOn('F1000003')).toEqual(before);
      expect(await stationRow('F1900001')).toBeUndefined();
    });

    it('refuses a new id that is not one capital letter and seven digits (400, the spec’s text)', async () => {
      for (const new_bs of ['f1900001', 'F19', '', 'FX900001']) {
        const res = await post('/admin/replaceBasestation', { old_bs: 'F1000003', new_bs, UID: ids.hay });
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain('Basestation ID is required');
      }
    });

    it('refuses a station merged with more than one other (status 2)', async () => {
      const grouped = await post('/admin/groupBSs', { bs_ids: ['F2000001', 'F2000002', 'F2000003'] });
      expect(grouped.statusCode, grouped.body).toBe(200);
      try {
        const res = await post('/admin/replaceBasestation', {
          old_bs: 'F2000001',
          new_bs: 'F1900001',
          UID: ids.grain,
        });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          status_code: 2,
          error: 'Cannot replace BS merged with more than 1 other BS.',
        });
      } finally {
        await post('/admin/groupBSs', { bs_ids: ['F2000001', 'F2000002'] });
        await post('/admin/groupBSs', { bs_ids: ['F2000003'] });
      }
    });

    it.each([
      ['Sales', 3],
      ['the owner', null],
    ])('refuses %s (403)', async (_, level) => {
      const send = () =>
        post(
          '/admin/replaceBasestation',
          { old_bs: 'F1000003', new_bs: 'F1900001', UID: ids.hay },
          level === null ? 'hay' : 'admin',
        );
      const res = level === null ? await send() : await asLevel(level, send);
      expect(res.statusCode).toBe(403);
      expect(await stationRow('F1000003')).toBeDefined();
    });

    it('as Tech staff moves the probes, storages and settings to a registered, unused station in one go, and records it', async () => {
      const probes = await probesOn('F1000003');
      expect(probes.length).toBeGreaterThan(0);
      const settings = {
        tempIntervalDegrees: 5,
        userBSIntervals: true,
        alarm_treshold_1: 450,
        alarm_treshold_2: 500,
      };
      expect((await post('/client/bsConf?basestationID=F1000003', settings, 'hay')).statusCode).toBe(200);
      const old = (await stationRow('F1000003'))!;
      await pendingUpdate('F1000003');
      const startedS = Math.floor(Date.now() / 1000) - 1;

      const res = await asLevel(2, () =>
        post('/admin/replaceBasestation', { old_bs: 'F1000003', new_bs: 'F1900001', UID: ids.hay }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status_code: 0, bs_id: 'F1900001' });

      expect(await stationRow('F1000003')).toBeUndefined();
      // The old device's pending firmware update is dropped, not handed to the new one.
      expect(await pendingUpdates()).toEqual([]);
      expect(await stationRow('F1900001')).toMatchObject({
        owner_user_id: ids.hay,
        display_name: old.display_name,
        timezone: old.timezone,
        last_data_ts: null,
      });
      expect(await probesOn('F1900001')).toEqual(probes);
      const conf = (await get('/client/bsConf?basestationID=F1900001', 'hay')).json<BsConfResponse>();
      expect(conf.sensor_configurations.map((c) => c.sensor_id_sys).sort()).toEqual(probes);
      // The station's own settings moved with it, and GET bsConf shows them (spec doc 2 §3).
      expect(conf).toMatchObject(settings);
      const oldReadings = await t.store.db
        .selectFrom('readings')
        .select('sensor_id')
        .where('bs_id', '=', 'F1000003')
        .limit(1)
        .execute();
      expect(oldReadings).toEqual([]);
      // The kit is spent: its code activates nothing any more.
      const again = await post('/admin/activateKit', { id: codeOf('F1900001'), kind: 'system' }, 'hay');
      expect(again.json()).toMatchObject({ status_code: 3 });
      expect((await get('/client/bsConf?basestationID=F1000003', 'hay')).statusCode).toBe(403);

      for (const id of ['F1000003', 'F1900001']) {
        const history = await get(`/admin/getReplacementHistory?BS_ID=${id}`);
        const results = history.json<ReplacementHistoryResponse>().results;
        expect(results.map(({ replaced_date: _, ...r }) => r)).toEqual([
          { replaced: 'F1000003', BS_ID: 'F1900001', admin: 'admin@demo.emberwatch' },
        ]);
        expect(results[0]!.replaced_date).toBeGreaterThanOrEqual(startedS);
      }
      // Sales reads the history; a customer does not.
      expect((await asLevel(3, () => get('/admin/getReplacementHistory?BS_ID=F1900001'))).statusCode).toBe(
        200,
      );
      expect((await get('/admin/getReplacementHistory?BS_ID=F1900001', 'hay')).statusCode).toBe(403);
    });
  });

  describe('deactivateBS', () => {
    it('refuses a station that holds probes (409), and a customer or Sales (403)', async () => {
      const res = await post('/admin/deactivateBS', { bs_id: 'F1000002' });
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain('Probes are configured on it');
      expect((await post('/admin/deactivateBS', { bs_id: 'F1000002' }, 'hay')).statusCode).toBe(403);
      expect((await asLevel(3, () => post('/admin/deactivateBS', { bs_id: 'F1000002' }))).statusCode).toBe(
        403,
      );
      expect(await stationRow('F1000002')).toBeDefined();
    });

    it('takes an empty station off an account with others, keeps nothing of it but its history, and opens its kit again', async () => {
      const added = await post('/admin/activateKit', {
        id: codeOf('F1900002'),
        kind: 'system',
        UID: ids.hay,
      });
      expect(added.statusCode, added.body).toBe(200);
      await pendingUpdate('F1900002');
      const res = await asLevel(2, () => post('/admin/deactivateBS', { bs_id: 'F1900002' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(await stationRow('F1900002')).toBeUndefined();
      // A firmware update pending for it goes with it.
      expect(await pendingUpdates()).not.toContain('F1900002');
      const list = (await get(`/client/basestationArray?UID=${ids.hay}`)).json<{
        results: { bs_id: string }[];
      }>();
      expect(list.results.map((s) => s.bs_id)).not.toContain('F1900002');
      // Its code works again.
      const back = await post('/admin/activateKit', { id: codeOf('F1900002'), kind: 'system' }, 'hay');
      expect(back.json()).toMatchObject({ status_code: 0 });
      expect((await post('/admin/deactivateBS', { bs_id: 'F1900002' })).statusCode).toBe(200);
    });

    it('refuses an unknown station (403)', async () => {
      expect((await post('/admin/deactivateBS', { bs_id: 'F7777777' })).statusCode).toBe(403);
    });
  });

  describe('Add BS for a customer', () => {
    it('Tech staff add a station to the account the UID names; Sales may not', async () => {
      const body = { id: codeOf('F1900002'), kind: 'system', UID: ids.hay };
      expect((await asLevel(3, () => post('/admin/activateKit', body))).statusCode).toBe(403);
      expect(await stationRow('F1900002')).toBeUndefined();
      const res = await asLevel(2, () => post('/admin/activateKit', body));
      expect(res.statusCode, res.body).toBe(200);
      expect(await stationRow('F1900002')).toMatchObject({ owner_user_id: ids.hay });
      expect((await post('/admin/deactivateBS', { bs_id: 'F1900002' })).statusCode).toBe(200);
    });
  });

  describe('groupBSs', () => {
    const groupOf = async (id: string) => (await stationRow(id))?.bs_group ?? null;

    it('groups stations of one account, then takes one out (the group of one dissolves)', async () => {
      const res = await asLevel(2, () => post('/admin/groupBSs', { bs_ids: ['F1000002', 'F1000001'] }));
      expect(res.json()).toEqual({ status_code: 0, bsGroup: 'G-F1000001' });
      expect([await groupOf('F1000001'), await groupOf('F1000002')]).toEqual(['G-F1000001', 'G-F1000001']);
      const out = await post('/admin/groupBSs', { bs_ids: ['F1000002'] });
      expect(out.json()).toEqual({ status_code: 0, bsGroup: null });
      expect([await groupOf('F1000001'), await groupOf('F1000002')]).toEqual([null, null]);
    });

    it('refuses stations of two accounts (400), Sales and customers (403), and changes nothing', async () => {
      const mixed = await post('/admin/groupBSs', { bs_ids: ['F1000001', 'F2000003'] });
      expect(mixed.statusCode).toBe(400);
      expect(
        (await asLevel(3, () => post('/admin/groupBSs', { bs_ids: ['F1000001', 'F1000002'] }))).statusCode,
      ).toBe(403);
      expect((await post('/admin/groupBSs', { bs_ids: ['F1000001', 'F1000002'] }, 'hay')).statusCode).toBe(
        403,
      );
      expect([await groupOf('F1000001'), await groupOf('F2000003')]).toEqual([null, null]);
    });
  });

  describe('probe stop settings', () => {
    it('answers the spec’s values until saved; Root and Admin change them, the data-break rules follow', async () => {
      const first = (await get('/admin/getProbeStopSettings')).json<ProbeStopSettingsResponse>();
      expect(first).toMatchObject({ settings: { defaultS: 4 * H, reportingIntervals: 3 }, updated_by: null });
      for (const level of [2, 3]) {
        const res = await asLevel(level, () =>
          post('/admin/saveProbeStopSettings', { defaultS: 6 * H, reportingIntervals: 4 }),
        );
        expect(res.statusCode).toBe(403);
      }
      expect(
        (await post('/admin/saveProbeStopSettings', { defaultS: 6 * H, reportingIntervals: 4 }, 'hay'))
          .statusCode,
      ).toBe(403);
      expect(
        (await post('/admin/saveProbeStopSettings', { defaultS: 999, reportingIntervals: 4 })).statusCode,
      ).toBe(400);
      expect(
        (await post('/admin/saveProbeStopSettings', { defaultS: 6 * H, reportingIntervals: 9 })).statusCode,
      ).toBe(400);

      const saved = await asLevel(1, () =>
        post('/admin/saveProbeStopSettings', { defaultS: 6 * H, reportingIntervals: 4 }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<ProbeStopSettingsResponse>()).toMatchObject({
        settings: { defaultS: 6 * H, reportingIntervals: 4 },
        updated_by: 'admin@demo.emberwatch',
      });
      // Every level reads them; an account that chose no delay now waits the fleet's.
      expect((await asLevel(3, () => get('/admin/getProbeStopSettings'))).statusCode).toBe(200);
      const account = (
        await get('/client/getDataBreakSettings', 'grain')
      ).json<GetDataBreakSettingsResponse>();
      expect(account.defaultS).toBe(6 * H);
      await post('/admin/saveProbeStopSettings', { defaultS: 4 * H, reportingIntervals: 3 });
    });
  });

  describe('the customer calls', () => {
    it('POST bsConf saves the station’s settings for the owner and admins, not a sub-user', async () => {
      const settings = {
        tempIntervalDegrees: null,
        userBSIntervals: false,
        alarm_treshold_1: 300,
        alarm_treshold_2: null,
      };
      // A station whose settings were never saved has the firmware's: nothing of its own.
      const before = (await get('/client/bsConf?basestationID=F1000001', 'hay')).json<BsConfResponse>();
      expect(before).toMatchObject({
        tempIntervalDegrees: null,
        userBSIntervals: false,
        alarm_treshold_1: null,
        alarm_treshold_2: null,
      });
      const res = await post('/client/bsConf?basestationID=F1000001', settings, 'hay');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status_code: 0, bs_id: 'F1000001', settings });
      // GET bsConf shows what was saved, to the owner and to a sub-user, who may not change it.
      for (const who of ['hay', 'hay-helper'])
        expect((await get('/client/bsConf?basestationID=F1000001', who)).json()).toMatchObject(settings);
      expect((await post('/client/bsConf', { ...settings, basestationID: 'F1000001' })).statusCode).toBe(200);
      expect((await post('/client/bsConf?basestationID=F1000001', settings, 'hay-helper')).statusCode).toBe(
        403,
      );
      expect((await post('/client/bsConf?basestationID=F2000001', settings, 'hay')).statusCode).toBe(403);
      expect((await post('/client/bsConf', settings, 'hay')).statusCode).toBe(400);
      expect(
        (await post('/client/bsConf?basestationID=F1000001', { ...settings, alarm_treshold_1: 99999 }, 'hay'))
          .statusCode,
      ).toBe(400);
    });

    it('soc answers each probe’s latest battery with its level, for whoever may see the station', async () => {
      await send('F1000001', [
        { sensor_id: 'H10001', temperatures: [300, 310, 320], batt_voltage: 356 },
        { sensor_id: 'H10002', temperatures: [300, 310, 320], batt_voltage: 325 },
      ]);
      const res = await get('/client/soc?basestationID=F1000001', 'hay');
      expect(res.statusCode, res.body).toBe(200);
      const results = res.json<{ results: { batt_voltage: number | null; level: number | null }[] }>()
        .results;
      expect(results.length).toBeGreaterThan(0);
      for (const r of results) expect(r.level).toBe(batteryLevel(r.batt_voltage));
      expect(results).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ sensor_id: 'H10001', batt_voltage: 356, level: 4, low: false }),
          expect.objectContaining({ sensor_id: 'H10002', batt_voltage: 325, level: 1, low: false }),
        ]),
      );
      expect((await get('/client/soc?basestationID=F1000001', 'grain')).statusCode).toBe(403);
    });

    it('auxMinmax answers the extremes of the station’s outdoor probes only', async () => {
      const outdoor = await t.store.db
        .selectFrom('fan_channels' as never)
        .select('outdoor_id' as never)
        .where('outdoor_id' as never, 'is not', null)
        .execute();
      const outdoorIds = new Set((outdoor as { outdoor_id: string }[]).map((r) => r.outdoor_id));
      expect(outdoorIds.size).toBeGreaterThan(0);
      const probe = await t.store.db
        .selectFrom('probes')
        .select(['sensor_id', 'bs_id'])
        .where('sensor_id', 'in', [...outdoorIds])
        .executeTakeFirstOrThrow();
      const owner = await t.store.db
        .selectFrom('base_stations')
        .innerJoin('users', 'users.id', 'base_stations.owner_user_id')
        .select('users.username')
        .where('base_stations.id', '=', probe.bs_id)
        .executeTakeFirstOrThrow();
      const who = owner.username.split('@')[0]!;
      const onStation = await probesOn(probe.bs_id);
      const plain = onStation.find((id) => !outdoorIds.has(id))!;
      await send(probe.bs_id, [
        { sensor_id: probe.sensor_id, temperatures: [120] },
        { sensor_id: plain, temperatures: [400, 410, 420] },
      ]);
      const res = await get(`/client/auxMinmax?basestationID=${probe.bs_id}`, who);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<AuxMinmaxResponse>();
      expect(body.results.length).toBeGreaterThan(0);
      for (const r of body.results) {
        expect(outdoorIds.has(r.a)).toBe(true);
        expect(r.min).toBeLessThanOrEqual(r.max);
      }
      expect(body.results.map((r) => r.a)).not.toContain(plain);
      const other = who === 'hay' ? 'grain' : 'hay';
      expect((await get(`/client/auxMinmax?basestationID=${probe.bs_id}`, other)).statusCode).toBe(403);
    });
  });
});
