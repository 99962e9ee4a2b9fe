import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ActivateKitResponse,
  AdminActivationResponse,
  GetKitResponse,
} from '@emberwatch/shared/contracts/activation';
import { activationDb, DEMO_KITS } from '../src/features/activation/index.js';
import { api } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const USERS = ['hay', 'hay-helper', 'grain', 'compost', 'master', 'admin'] as const;
const code = (bsOrSet: string) => DEMO_KITS.find((k) => k.bsId === bsOrSet || k.setId === bsOrSet)!.code;

/**
 * The remaining activation admin calls (spec doc 1 §7 "Admin POST": activateUsersSet (BS_ID, UID,
 * set_id), activateKitAdmin, removeSet, undoBSActivation; decision 0059): admins only, a 400 with the
 * reason for bad input and a 409 for a kit or station in the wrong state, and nothing changed then.
 */
describe(`activation admin calls on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const clock = Math.floor(Date.now() / 1000);
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    for (const u of USERS) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    for (const u of USERS) ids[u] = (await t.findUser(`${u}@demo.emberwatch`))!.id;
    call = api(t, tokens);
  });
  afterAll(async () => {
    await t.close();
  });

  const kits = () =>
    activationDb(t.store.db).selectFrom('activation_kits').selectAll().orderBy('id').execute();
  const kit = async (bsOrSet: string) =>
    (await kits()).find((k) => k.bs_id === bsOrSet || k.set_id === bsOrSet);
  const station = (id: string) =>
    t.store.db.selectFrom('base_stations').selectAll().where('id', '=', id).executeTakeFirst();
  const probesOn = (bsId: string) =>
    t.store.db
      .selectFrom('probes')
      .select('sensor_id')
      .where('bs_id', '=', bsId)
      .orderBy('sensor_id')
      .execute();
  const snapshot = async () =>
    JSON.stringify({
      kits: await kits(),
      stations: await t.store.db
        .selectFrom('base_stations')
        .select(['id', 'owner_user_id'])
        .orderBy('id')
        .execute(),
      probes: await t.store.db
        .selectFrom('probes')
        .select(['sensor_id', 'bs_id'])
        .orderBy('sensor_id')
        .execute(),
    });

  const calls = (k: { id: number }) =>
    [
      ['/admin/activateUsersSet', { BS_ID: 'F1000001', UID: ids.hay, set_id: 'HS-9001' }],
      ['/admin/activateKitAdmin', { kit_id: k.id, UID: ids.hay }],
      ['/admin/removeSet', { set_id: 'GS-9001' }],
      ['/admin/undoBSActivation', { BS_ID: 'F1000001' }],
    ] as const;

  it('refuses everyone but admins with 403, and changes nothing', async () => {
    const before = await snapshot();
    const systemKit = (await kit('F1900002'))!;
    for (const who of ['hay', 'hay-helper', 'grain', 'master'])
      for (const [path, body] of calls(systemKit)) {
        const res = await call.post(who, path, body);
        expect(res.statusCode, `${who} ${path}`).toBe(403);
      }
    expect(await snapshot()).toBe(before);
  });

  it('activateUsersSet puts a probe set on the account station by its id, once', async () => {
    const res = await call.post('admin', '/admin/activateUsersSet', {
      BS_ID: 'F1000002',
      UID: ids.hay,
      set_id: 'HS-9002',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminActivationResponse>()).toEqual({
      status_code: 0,
      kit: {
        kind: 'probes',
        bs_id: 'F1000002',
        set_id: 'HS-9002',
        probes: ['H90011', 'H90012', 'H90013', 'H90014'],
      },
    });
    expect((await probesOn('F1000002')).map((p) => p.sensor_id)).toEqual(
      expect.arrayContaining(['H90011', 'H90012', 'H90013', 'H90014']),
    );
    expect(await kit('HS-9002')).toMatchObject({
      claimed_user_id: ids.hay,
      claimed_bs_id: 'F1000002',
      code: null,
    });
    // Its code is spent too.
    const again = await call.post('hay', '/admin/activateKit', { id: code('HS-9002'), kind: 'probes' });
    expect([again.statusCode, again.json<{ status_code: number }>().status_code]).toEqual([409, 3]);
    const twice = await call.post('admin', '/admin/activateUsersSet', {
      BS_ID: 'F1000001',
      UID: ids.hay,
      set_id: 'HS-9002',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('activateUsersSet answers 400 with the reason for a bad set, account or station, and changes nothing', async () => {
    const before = await snapshot();
    const bad: [object, string][] = [
      [{ BS_ID: 'F1000001', UID: ids.hay, set_id: 'NO-SUCH' }, 'set_id'],
      // Another account's station.
      [{ BS_ID: 'F2000001', UID: ids.hay, set_id: 'HS-9001' }, 'BS_ID'],
      [{ BS_ID: 'F9999999', UID: ids.hay, set_id: 'HS-9001' }, 'BS_ID'],
      [{ BS_ID: 'F1000001', UID: 999_999, set_id: 'HS-9001' }, 'UID'],
      // A sub-user, a master: not a customer account.
      [{ BS_ID: 'F1000001', UID: ids['hay-helper'], set_id: 'HS-9001' }, 'UID'],
      [{ BS_ID: 'F1000001', UID: ids.master, set_id: 'HS-9001' }, 'UID'],
      [{ BS_ID: 'f1000001', UID: ids.hay, set_id: 'HS-9001' }, 'BS_ID'],
      [{ BS_ID: 'F1000001', UID: ids.hay }, 'set_id'],
      [{ BS_ID: 'F1000001', UID: ids.hay, set_id: 'HS-9001', extra: 1 }, ''],
    ];
    for (const [body, field] of bad) {
      const res = await call.post('admin', '/admin/activateUsersSet', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body.length).toBeGreaterThan(0);
      if (field) expect(res.body, JSON.stringify(body)).toContain(field);
    }
    expect(await snapshot()).toBe(before);
  });

  it('activateKitAdmin activates a station kit by its kit id; a Gari kit or unknown id is a 400', async () => {
    const systemKit = (await kit('F1900002'))!;
    const res = await call.post('admin', '/admin/activateKitAdmin', { kit_id: systemKit.id, UID: ids.grain });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminActivationResponse>().kit).toEqual({
      kind: 'system',
      bs_id: 'F1900002',
      set_id: null,
      probes: [],
    });
    expect(await station('F1900002')).toMatchObject({
      owner_user_id: ids.grain,
      credential_hash: systemKit.credential_hash,
    });
    expect(
      (await call.post('admin', '/admin/activateKitAdmin', { kit_id: systemKit.id, UID: ids.hay }))
        .statusCode,
    ).toBe(409);

    const before = await snapshot();
    const gari = (await kit('F1900003'))!;
    const refused = await call.post('admin', '/admin/activateKitAdmin', { kit_id: gari.id, UID: ids.hay });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Gari');
    for (const body of [{ kit_id: 999_999, UID: ids.hay }, { kit_id: 0, UID: ids.hay }, { UID: ids.hay }])
      expect(
        (await call.post('admin', '/admin/activateKitAdmin', body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('undoBSActivation takes an untouched station out of the account and its label code works again', async () => {
    const res = await call.post('admin', '/admin/undoBSActivation', { BS_ID: 'F1900002' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await station('F1900002')).toBeUndefined();
    expect(await kit('F1900002')).toMatchObject({
      claimed_ts: null,
      claimed_user_id: null,
      claimed_bs_id: null,
    });
    expect((await call.get('grain', '/client/basestationArray')).body).not.toContain('F1900002');
    // The admin's open list has it again (its code was forgotten: no QR code to print anew).
    const open = (await call.get('admin', '/admin/getKit?state=open')).json<GetKitResponse>().results;
    expect(open.find((k) => k.bs_id === 'F1900002')).toMatchObject({ code: null, claimed: null });
    const reclaimed = await call.post('hay', '/admin/activateKit', { id: code('F1900002') });
    expect(reclaimed.json<ActivateKitResponse>()).toMatchObject({
      status_code: 0,
      kit: { bs_id: 'F1900002' },
    });
    expect(await station('F1900002')).toMatchObject({ owner_user_id: ids.hay });
  });

  it('undoBSActivation refuses a station in use (409) or not made from a kit (400), and changes nothing', async () => {
    // Hay's new station gets a probe set: it is in use now.
    const set = await call.post('admin', '/admin/activateUsersSet', {
      BS_ID: 'F1900002',
      UID: ids.hay,
      set_id: 'HS-9001',
    });
    expect(set.statusCode, set.body).toBe(200);
    const before = await snapshot();
    const inUse = await call.post('admin', '/admin/undoBSActivation', { BS_ID: 'F1900002' });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.body).toContain('probes');
    // A demo station has reported and was not made from a kit; an unknown one does not exist.
    for (const BS_ID of ['F1000001', 'F9999999', 'F1900001']) {
      const res = await call.post('admin', '/admin/undoBSActivation', { BS_ID });
      expect(res.statusCode, BS_ID).toBe(400);
      expect(res.body).toContain('BS_ID');
    }
    expect((await call.post('admin', '/admin/undoBSActivation', { BS_ID: 'nope' })).statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('removeSet deletes an open set kit (its code stops working); an activated or unknown set is refused', async () => {
    const res = await call.post('admin', '/admin/removeSet', { set_id: 'GS-9001' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await kit('GS-9001')).toBeUndefined();
    const gone = await call.post('grain', '/admin/activateKit', { id: code('GS-9001'), kind: 'probes' });
    expect([gone.statusCode, gone.json<{ status_code: number }>().status_code]).toEqual([404, 2]);

    const before = await snapshot();
    const activated = await call.post('admin', '/admin/removeSet', { set_id: 'HS-9002' });
    expect(activated.statusCode).toBe(409);
    expect(activated.body).toContain('activated');
    for (const body of [{ set_id: 'GS-9001' }, { set_id: '' }, {}])
      expect((await call.post('admin', '/admin/removeSet', body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(await snapshot()).toBe(before);
  });
});
