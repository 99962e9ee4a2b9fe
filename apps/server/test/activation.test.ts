import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ActivateKitResponse,
  GetKitResponse,
  RegisterMultipleBSsResponse,
  RegisterMultipleSetsResponse,
} from '@emberwatch/shared/contracts/activation';
import { activationDb, DEMO_KITS } from '../src/features/activation/index.js';
import {
  WRONG_CODES_PER_ACCOUNT,
  WRONG_CODE_WINDOW_S,
} from '../src/features/activation/activation.service.js';
import { api } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const USERS = ['hay', 'hay-helper', 'grain', 'compost', 'master', 'admin'] as const;
const PUBLIC_URL = 'https://ember.example';
const code = (bsOrSet: string) => DEMO_KITS.find((k) => k.bsId === bsOrSet || k.setId === bsOrSet)!.code;

/**
 * Activation by code (issue 14 item 5; spec doc 1 §4, §5, §8, doc 2 §7, §8; decision 0052) on the
 * demo's kits: a code claims its kit once, for the caller's own account.
 */
describe(`activation on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let clock = Math.floor(Date.now() / 1000);
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let call: ReturnType<typeof api>;

  const login = async () => {
    for (const u of USERS) tokens[u] = await t.login(`${u}@demo.emberwatch`);
  };
  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock, env: { PUBLIC_URL } });
    await login();
    for (const u of USERS) ids[u] = (await t.findUser(`${u}@demo.emberwatch`))!.id;
    call = api(t, tokens);
  });
  afterAll(async () => {
    await t.close();
  });

  const activate = (who: string, body: object) => call.post(who, '/admin/activateKit', body);
  /** A refusal as [HTTP status, the envelope's spec status]: refusals are non-2xx (docs/API.md). */
  const refusal = (res: { statusCode: number; json: <T>() => T }) => [
    res.statusCode,
    res.json<{ status_code: number; error: string }>().status_code,
  ];
  const kit = (bsOrSet: string) =>
    activationDb(t.store.db)
      .selectFrom('activation_kits')
      .selectAll()
      .where((eb) => eb.or([eb('bs_id', '=', bsOrSet), eb('set_id', '=', bsOrSet)]))
      .executeTakeFirstOrThrow();
  const station = (id: string) =>
    t.store.db.selectFrom('base_stations').selectAll().where('id', '=', id).executeTakeFirst();
  const probesOf = (ids: string[]) =>
    t.store.db
      .selectFrom('probes')
      .select(['sensor_id', 'bs_id', 'kind', 'depths'])
      .where('sensor_id', 'in', ids)
      .orderBy('sensor_id')
      .execute();

  it('seeds the demo kits open, once: seeding again adds nothing', async () => {
    const rows = await activationDb(t.store.db).selectFrom('activation_kits').selectAll().execute();
    expect(rows).toHaveLength(DEMO_KITS.length);
    expect(rows.every((r) => r.claimed_ts === null && r.code !== null)).toBe(true);
    const { seedDemoKits } = await import('../src/features/activation/index.js');
    expect(await seedDemoKits(t.store, clock)).toBe(0);
  });

  it('a base station code makes the station the caller’s, with the credential made for it', async () => {
    const before = await kit('F1900001');
    expect(await station('F1900001')).toBeUndefined();
    // Case, spaces and look-alike letters do not matter.
    const typed = ` ${code('F1900001').toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o')} `;
    const res = await activate('hay', { id: typed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ActivateKitResponse>()).toEqual({
      status_code: 0,
      kit: { kind: 'system', bs_id: 'F1900001', set_id: null, probes: [] },
    });
    const row = await station('F1900001');
    expect(row).toMatchObject({ owner_user_id: ids.hay, credential_hash: before.credential_hash });
    expect(Number(row!.activation_ts)).toBe(clock);
    const after = await kit('F1900001');
    expect(after).toMatchObject({ claimed_user_id: ids.hay, code: null });
    // The owner's station list has it now.
    const list = await call.get('hay', '/client/basestationArray');
    expect(list.body).toContain('F1900001');
  });

  it('a claimed code answers 3 to anyone, its owner too, and tells nothing of the account', async () => {
    for (const who of ['hay', 'grain']) {
      const res = await activate(who, { id: code('F1900001') });
      expect(refusal(res)).toEqual([409, 3]);
    }
    expect((await station('F1900001'))!.owner_user_id).toBe(ids.hay);
    expect(await call.get('grain', '/client/basestationArray').then((r) => r.body)).not.toContain('F1900001');
  });

  it('an unknown code, or a code of the other kind, is status 2 and changes nothing', async () => {
    expect(refusal(await activate('grain', { id: 'ZZZZ-ZZZZ-ZZZZ' }))).toEqual([404, 2]);
    expect(refusal(await activate('grain', { id: code('HS-9001') }))).toEqual([404, 2]);
    expect(refusal(await activate('grain', { id: code('F1900002'), kind: 'probes' }))).toEqual([404, 2]);
    expect((await kit('HS-9001')).claimed_ts).toBeNull();
    expect((await kit('F1900002')).claimed_ts).toBeNull();
  });

  it('a kit of the Gari service is status 22 for everyone else', async () => {
    expect(refusal(await activate('grain', { id: code('F1900003') }))).toEqual([403, 22]);
    expect(await station('F1900003')).toBeUndefined();
  });

  it('a probe set joins the named station of the account, with its depths and material', async () => {
    const res = await activate('hay', { id: code('HS-9001'), kind: 'probes', BS_ID: 'F1000002' });
    expect(res.statusCode, res.body).toBe(200);
    const ids4 = ['H90001', 'H90002', 'H90003', 'H90004'];
    expect(res.json()).toEqual({
      status_code: 0,
      kit: { kind: 'probes', bs_id: 'F1000002', set_id: 'HS-9001', probes: ids4 },
    });
    expect(await probesOf(ids4)).toEqual(
      ids4.map((sensor_id) => ({ sensor_id, bs_id: 'F1000002', kind: 'hay', depths: 3 })),
    );
    // The station's configuration lists them.
    const conf = await call.get('hay', '/client/bsConf?basestationID=F1000002');
    expect(conf.statusCode).toBe(200);
    expect(conf.body).toContain('H90001');
    // "probe set already active" afterwards.
    expect(refusal(await activate('hay', { id: code('HS-9001'), kind: 'probes' }))).toEqual([409, 3]);
  });

  it('without a station named, a set goes to the account’s first station', async () => {
    const res = await activate('grain', { id: code('GS-9001'), kind: 'probes' });
    expect(res.json<ActivateKitResponse>().kit?.bs_id).toBe('F2000001');
    const rows = await probesOf(['G90001']);
    expect(rows[0]).toMatchObject({ kind: 'grain', depths: 4 });
  });

  it('a set with a probe another account already has is "already active" and claims nothing', async () => {
    // A grain station heard H90011 first (discovery, decision 0013): its history is grain's.
    const grainStation = (
      await t.store.db
        .selectFrom('base_stations')
        .select('id')
        .where('owner_user_id', '=', ids.grain!)
        .executeTakeFirstOrThrow()
    ).id;
    await t.store.db
      .insertInto('probes')
      .values({
        sensor_id: 'H90011',
        bs_id: grainStation,
        sensor_name: null,
        kind: 'hay',
        depths: 3,
        disabled: 0,
        storage_location: null,
        col: null,
        real_bs: grainStation,
        created_ts: clock,
      })
      .execute();
    const res = await activate('hay', { id: code('HS-9002'), kind: 'probes', BS_ID: 'F1000001' });
    expect(refusal(res)).toEqual([409, 3]);
    expect((await kit('HS-9002')).claimed_ts).toBeNull();
    expect(await probesOf(['H90011', 'H90012'])).toEqual([
      { sensor_id: 'H90011', bs_id: grainStation, kind: 'hay', depths: 3 },
    ]);
    await t.store.db.deleteFrom('probes').where('sensor_id', '=', 'H90011').execute();
  });

  it('refuses another account’s station as the target with a 403, and claims nothing', async () => {
    const res = await activate('hay', { id: code('HS-9002'), kind: 'probes', BS_ID: 'F2000001' });
    expect(res.statusCode).toBe(403);
    const unknown = await activate('hay', { id: code('HS-9002'), kind: 'probes', BS_ID: 'F9999999' });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual(res.json());
    expect((await kit('HS-9002')).claimed_ts).toBeNull();
  });

  it('sub-users and masters may not activate; nobody names another account but an admin', async () => {
    for (const who of ['hay-helper', 'master']) {
      const res = await activate(who, { id: code('F1900002') });
      expect(res.statusCode, who).toBe(403);
    }
    const foreign = await activate('hay', { id: code('F1900002'), UID: ids.grain });
    expect(foreign.statusCode).toBe(403);
    expect((await kit('F1900002')).claimed_ts).toBeNull();
  });

  it('a demo-mode account (spec doc 2 §6) activates nothing', async () => {
    await t.store.db.updateTable('users').set({ demo: 1 }).where('id', '=', ids.grain!).execute();
    const res = await activate('grain', { id: code('F1900002') });
    expect(res.statusCode).toBe(403);
    await t.store.db.updateTable('users').set({ demo: 0 }).where('id', '=', ids.grain!).execute();
    expect((await kit('F1900002')).claimed_ts).toBeNull();
  });

  it('an admin activates for a customer named by UID, and must name one', async () => {
    const none = await activate('admin', { id: code('F1900002') });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ path: 'UID' });
    const notOwner = await activate('admin', { id: code('F1900002'), UID: ids['hay-helper'] });
    expect(notOwner.statusCode).toBe(400);
    const res = await activate('admin', { id: code('F1900002'), UID: ids.compost });
    expect(res.json()).toMatchObject({ status_code: 0 });
    expect((await station('F1900002'))!.owner_user_id).toBe(ids.compost);
  });

  it('bad input is a 400 that changes nothing', async () => {
    for (const body of [
      {},
      { id: '' },
      { id: 'x' },
      { id: 'A'.repeat(65) },
      { id: code('HS-9002'), kind: 'station' },
      { id: code('HS-9002'), kind: 'probes', BS_ID: 'f1000001' },
      { id: code('HS-9002'), kind: 'probes', extra: 1 },
      { id: 12345678 },
    ]) {
      const res = await activate('hay', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await kit('HS-9002')).claimed_ts).toBeNull();
  });

  it('admins list the kits with their codes and QR codes; claimed kits keep no code', async () => {
    expect((await call.get('hay', '/admin/getKit')).statusCode).toBe(403);
    const open = await call.get('admin', '/admin/getKit');
    expect(open.statusCode, open.body).toBe(200);
    expect(open.headers['cache-control']).toBe('no-store');
    const results = open.json<GetKitResponse>().results;
    const set = results.find((k) => k.set_id === 'HS-9002')!;
    expect(set.code).toBe(code('HS-9002'));
    expect(set.activationUrl).toBe(`${PUBLIC_URL}/activation?code2=${code('HS-9002')}`);
    expect(set.qrSvg).toMatch(/^<svg[^>]*>/);
    expect(results.find((k) => k.bs_id === 'F1900003')!.activationUrl).toContain('?code1=');
    expect(results.some((k) => k.bs_id === 'F1900001')).toBe(false);
    const claimed = (await call.get('admin', '/admin/getKit?state=claimed')).json<GetKitResponse>().results;
    const first = claimed.find((k) => k.bs_id === 'F1900001')!;
    expect(first).toMatchObject({
      code: null,
      qrSvg: null,
      activationUrl: null,
      claimed: { UID: ids.hay, username: 'hay@demo.emberwatch', bs_id: 'F1900001', ts: clock },
    });
    expect(JSON.stringify(claimed)).not.toContain(code('F1900001'));
  });

  it(`allows ${WRONG_CODES_PER_ACCOUNT} wrong codes a window per account, then 429 even for a good one`, async () => {
    for (let i = 0; i < WRONG_CODES_PER_ACCOUNT; i++)
      expect(refusal(await activate('compost', { id: `WRONG-${i}` }))).toEqual([404, 2]);
    const blocked = await activate('compost', { id: code('HS-9002'), kind: 'probes' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await kit('HS-9002')).claimed_ts).toBeNull();
    // Another account is not held up (the same address allows more).
    expect(refusal(await activate('grain', { id: 'WRONG-X' }))).toEqual([404, 2]);
    clock += WRONG_CODE_WINDOW_S + 1;
    await login();
    const later = await activate('compost', { id: code('HS-9002'), kind: 'probes' });
    expect(later.json()).toMatchObject({ status_code: 0 });
  });

  it('two accounts racing for one code: exactly one gets it', async () => {
    // A fresh kit for the race.
    await activationDb(t.store.db)
      .insertInto('activation_kits')
      .values({
        kind: 'system',
        code_hash: (await import('../src/features/activation/kitCodes.js')).kitCodeHash('RACE-0000-0001'),
        code: 'RACE-0000-0001',
        bs_id: 'F1900009',
        set_id: null,
        probes: '[]',
        credential_hash: 'a'.repeat(64),
        partner_app: null,
        created_ts: clock,
      })
      .execute();
    const answers = await Promise.all(
      ['hay', 'grain', 'hay', 'grain'].map((who) => activate(who, { id: 'RACE-0000-0001' })),
    );
    const statuses = answers.map((a) => `${a.statusCode} ${a.json<{ status_code: number }>().status_code}`);
    expect(statuses.sort()).toEqual(['200 0', '409 3', '409 3', '409 3']);
    expect(
      await t.store.db.selectFrom('base_stations').select('id').where('id', '=', 'F1900009').execute(),
    ).toHaveLength(1);
  });
  const sendAs = (bsId: string, secret: string, sensorId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station ${bsId}:${secret}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        type: 'data',
        readings: [{ sensor_id: sensorId, meas_ts: clock - 60, temperatures: [215] }],
      }),
    });

  it('admins register station kits: a code each and the secret once; the station sends once activated', async () => {
    for (const who of ['hay', 'master']) {
      const res = await call.post(who, '/admin/registerMultipleBSs', { bs_ids: ['F1900010'] });
      expect(res.statusCode, who).toBe(403);
    }
    const res = await call.post('admin', '/admin/registerMultipleBSs', { bs_ids: ['F1900010', 'F1900011'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const made = res.json<RegisterMultipleBSsResponse>().results;
    expect(made.map((m) => m.bs_id)).toEqual(['F1900010', 'F1900011']);
    for (const m of made)
      expect(m.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const { secret, code: stationCode } = made[0]!;
    // The secret is nowhere in the store; the kit list has the code, not the secret.
    const listed = await call.get('admin', '/admin/getKit');
    expect(listed.body).toContain(stationCode);
    expect(listed.body).not.toContain(secret);
    // Unknown until claimed.
    expect((await sendAs('F1900010', secret, 'H95555')).statusCode).toBe(401);
    expect((await activate('grain', { id: stationCode })).json()).toMatchObject({ status_code: 0 });
    const sent = await sendAs('F1900010', secret, 'H95555');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ stored: 1 });
    expect(await probesOf(['H95555'])).toEqual([
      { sensor_id: 'H95555', bs_id: 'F1900010', kind: 'hay', depths: 1 },
    ]);
  });

  it('refuses a station id that is a station or a kit already, and then makes none', async () => {
    const before = await activationDb(t.store.db).selectFrom('activation_kits').select('id').execute();
    for (const bs_ids of [
      ['F1900012', 'F1000001'],
      ['F1900012', 'F1900003'],
    ]) {
      const res = await call.post('admin', '/admin/registerMultipleBSs', { bs_ids });
      expect(res.statusCode, res.body).toBe(409);
    }
    for (const bs_ids of [[], ['f1900012'], ['F1900012', 'F1900012']]) {
      const res = await call.post('admin', '/admin/registerMultipleBSs', { bs_ids });
      expect(res.statusCode, JSON.stringify(bs_ids)).toBe(400);
    }
    const after = await activationDb(t.store.db).selectFrom('activation_kits').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('admins register probe sets; a set id or probe in use is refused and nothing is made', async () => {
    const set = {
      set_id: 'HS-9100',
      probes: [
        { sensor_id: 'H91001', depths: 2 },
        { sensor_id: 'H91002', depths: 2 },
      ],
    };
    expect((await call.post('hay', '/admin/registerMultipleSets', { sets: [set] })).statusCode).toBe(403);
    const res = await call.post('admin', '/admin/registerMultipleSets', { sets: [set] });
    expect(res.statusCode, res.body).toBe(200);
    const [made] = res.json<RegisterMultipleSetsResponse>().results;
    expect(made!.set_id).toBe('HS-9100');
    const before = await activationDb(t.store.db).selectFrom('activation_kits').select('id').execute();
    for (const sets of [
      [{ ...set, probes: [{ sensor_id: 'H91003', depths: 2 }] }],
      [{ set_id: 'HS-9101', probes: [{ sensor_id: 'H91001', depths: 2 }] }],
      [{ set_id: 'HS-9101', probes: [{ sensor_id: 'H10001', depths: 3 }] }],
    ])
      expect((await call.post('admin', '/admin/registerMultipleSets', { sets })).statusCode).toBe(409);
    for (const sets of [
      [],
      [{ set_id: 'HS-9101', probes: [] }],
      [{ set_id: 'HS-9101', probes: [{ sensor_id: 'h91009', depths: 2 }] }],
      [{ set_id: 'HS-9101', probes: [{ sensor_id: 'H91009', depths: 0 }] }],
      [
        { set_id: 'HS-9101', probes: [{ sensor_id: 'H91009', depths: 2 }] },
        { set_id: 'HS-9102', probes: [{ sensor_id: 'H91009', depths: 2 }] },
      ],
    ])
      expect((await call.post('admin', '/admin/registerMultipleSets', { sets })).statusCode).toBe(400);
    const after = await activationDb(t.store.db).selectFrom('activation_kits').select('id').execute();
    expect(after).toHaveLength(before.length);
    // The new set activates like any other.
    const act = await activate('hay', { id: made!.code, kind: 'probes', BS_ID: 'F1000001' });
    expect(act.json()).toMatchObject({
      status_code: 0,
      kit: { set_id: 'HS-9100', probes: ['H91001', 'H91002'] },
    });
  });
});
