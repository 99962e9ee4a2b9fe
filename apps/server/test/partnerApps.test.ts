import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivateKitResponse } from '@emberwatch/shared/contracts/activation';
import { ACTIVATION_REFUSALS } from '@emberwatch/shared/domain/activation/activationStatus';
import { activationDb, DEMO_KITS } from '../src/features/activation/index.js';
import { NOT_HAY_APP, NOT_HAY_APP_ACCOUNT } from '../src/features/partner-apps/partnerApps.policy.js';
import { api } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const USERS = ['hay', 'hay-helper', 'grain', 'master', 'admin'] as const;
const code = (bsOrSet: string) => DEMO_KITS.find((k) => k.bsId === bsOrSet || k.setId === bsOrSet)!.code;

/**
 * The Haytech app's activations (issue 33 item 5; spec doc 1 §7 "Also POST /activateHaytechAppBS,
 * /activateHaytechAppProbeset", doc 2 §8 activation statuses; decision 0117). The hay farm is made a
 * hay-app account here; the grain farm stays a main-system account.
 */
describe(`the Haytech app's activations on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of USERS) ids[u] = (await t.findUser(`${u}@demo.emberwatch`))!.id;
    await t.store.db
      .updateTable('users')
      .set({ partner_app: 'haytech' })
      .where('id', '=', ids.hay!)
      .execute();
    for (const u of USERS) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
  });
  afterAll(async () => {
    await t.close();
  });

  const kit = (bsOrSet: string) =>
    activationDb(t.store.db)
      .selectFrom('activation_kits')
      .selectAll()
      .where((eb) => eb.or([eb('bs_id', '=', bsOrSet), eb('set_id', '=', bsOrSet)]))
      .executeTakeFirstOrThrow();
  const refusal = (res: { statusCode: number; json: <T>() => T }) => {
    const body = res.json<{ status_code: number; error: string }>();
    return [res.statusCode, body.status_code, body.error];
  };

  it('a hay-app owner activates a base station kit by its code into its account', async () => {
    const res = await call.post('hay', '/activateHaytechAppBS', { id: code('F1900001') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ActivateKitResponse>()).toEqual({
      status_code: 0,
      kit: { kind: 'system', bs_id: 'F1900001', set_id: null, probes: [] },
    });
    const row = await t.store.db
      .selectFrom('base_stations')
      .selectAll()
      .where('id', '=', 'F1900001')
      .executeTakeFirst();
    expect(row?.owner_user_id).toBe(ids.hay);
  });

  it("refuses as the app's own activation does, with the spec's statuses and texts (2, 3, 22)", async () => {
    const again = await call.post('hay', '/activateHaytechAppBS', { id: code('F1900001') });
    expect(refusal(again)).toEqual([409, 3, ACTIVATION_REFUSALS[3].message]);
    const wrong = await call.post('hay', '/activateHaytechAppBS', { id: 'ZZZZ-ZZZZ-ZZZZ' });
    expect(refusal(wrong)).toEqual([404, 2, ACTIVATION_REFUSALS[2].message]);
    // A kit of the Gari service is activated under the Gari service, not the Haytech app.
    const gari = await call.post('hay', '/activateHaytechAppBS', { id: code('F1900003') });
    expect(refusal(gari)).toEqual([
      403,
      22,
      'System with this activation code must be activated under Gari service.',
    ]);
    expect((await kit('F1900003')).claimed_ts).toBeNull();
    // A probe set's code is not a base station's.
    const set = await call.post('hay', '/activateHaytechAppBS', { id: code('HS-9001') });
    expect(refusal(set)[1]).toBe(2);
    expect((await kit('HS-9001')).claimed_ts).toBeNull();
  });

  it("a hay-app owner activates a probe set onto its station; a base station's code is not a set's", async () => {
    const res = await call.post('hay', '/activateHaytechAppProbeset', {
      id: code('HS-9001'),
      BS_ID: 'F1900001',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ActivateKitResponse>().kit).toEqual({
      kind: 'probes',
      bs_id: 'F1900001',
      set_id: 'HS-9001',
      probes: ['H90001', 'H90002', 'H90003', 'H90004'],
    });
    const station = await call.post('hay', '/activateHaytechAppProbeset', { id: code('F1900002') });
    expect(refusal(station)[1]).toBe(2);
    expect((await kit('F1900002')).claimed_ts).toBeNull();
  });

  it('is not the door of main-system accounts, sub-users or masters; nothing is claimed', async () => {
    const main = await call.post('grain', '/activateHaytechAppBS', { id: code('F1900002') });
    expect(refusal(main)).toEqual([403, 403, NOT_HAY_APP]);
    const mainSet = await call.post('grain', '/activateHaytechAppProbeset', { id: code('GS-9001') });
    expect(refusal(mainSet)).toEqual([403, 403, NOT_HAY_APP]);
    // The hay-app account's farm hand: the activation feature's own rule (only the owner activates).
    const helper = await call.post('hay-helper', '/activateHaytechAppBS', { id: code('F1900002') });
    expect(refusal(helper)).toEqual([
      403,
      403,
      'Only the account owner can activate base stations and probes.',
    ]);
    const master = await call.post('master', '/activateHaytechAppBS', { id: code('F1900002') });
    expect(master.statusCode).toBe(403);
    expect((await kit('F1900002')).claimed_ts).toBeNull();
    expect((await kit('GS-9001')).claimed_ts).toBeNull();
  });

  it('staff activate for a hay-app account they name, and for no other', async () => {
    const none = await call.post('admin', '/activateHaytechAppBS', { id: code('F1900002') });
    expect(none.statusCode).toBe(400);
    const other = await call.post('admin', '/activateHaytechAppBS', { id: code('F1900002'), UID: ids.grain });
    expect(refusal(other)).toEqual([400, 400, NOT_HAY_APP_ACCOUNT]);
    const ok = await call.post('admin', '/activateHaytechAppBS', { id: code('F1900002'), UID: ids.hay });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await kit('F1900002')).claimed_user_id).toBe(ids.hay);
  });

  it('answers bad input with 400 and changes nothing', async () => {
    for (const body of [
      {},
      { id: '' },
      { id: 7 },
      { id: code('GS-9001'), BS_ID: 'nope' },
      { id: code('GS-9001'), x: 1 },
    ]) {
      const res = await call.post('hay', '/activateHaytechAppProbeset', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await kit('GS-9001')).claimed_ts).toBeNull();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/activateHaytechAppBS',
      payload: { id: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
