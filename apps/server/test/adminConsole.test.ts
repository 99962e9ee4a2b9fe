import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminBasestationsResponse,
  ConsoleInfoResponse,
  FindSystemResponse,
} from '@emberwatch/shared/contracts/adminConsole';
import { api } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const USERS = ['hay', 'hay-helper', 'grain', 'compost', 'master', 'visitor', 'admin'] as const;

/**
 * The admin bar and its station picker (issue 30 item 1, spec doc 1 §2 "Admin bar", §7 Admin GET
 * basestations and findSystem; decision 0088): staff only, every station of every account, found by
 * station id or name, probe id, user (username, name, e-mail), phone and SIM, by system family, a
 * page at a time.
 */
describe(`the admin console's station picker on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let call: ReturnType<typeof api>;
  let adminId = 0;
  const uid: Record<string, number> = {};

  const find = async (query: string) => {
    const res = await call.get('admin', `/admin/findSystem?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FindSystemResponse>();
  };
  const list = async (query: string) => {
    const res = await call.get('admin', `/admin/basestations?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminBasestationsResponse>();
  };
  const matches = (r: FindSystemResponse) => r.results.map((m) => [m.bs_id, m.matched.key, m.matched.value]);

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of USERS) {
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
      uid[u] = (await t.findUser(`${u}@demo.emberwatch`))!.id;
    }
    adminId = uid.admin!;
    call = api(t, tokens);
    // A hay-app farm and an account of the older Gari system, each with a station and a SIM.
    const { id: _id, ...row } = (await t.findUser('hay@demo.emberwatch'))!;
    for (const [kind, bsId, sim] of [
      ['haytech', 'HT000042', '89358011112222333344'],
      ['gari', 'G0000077', '89358019998887776665'],
    ] as const) {
      const user = await t.store.db
        .insertInto('users')
        .values({
          ...row,
          username: `${kind}-farmer`,
          firstname: kind === 'gari' ? 'Gunnar' : 'Heidi',
          lastname: 'Heinämäki',
          email: `${kind}@partner.example`,
          phone: kind === 'gari' ? '+358 40 555 1234' : null,
          partner_app: kind,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      uid[kind] = user.id;
      await t.store.db
        .insertInto('base_stations')
        .values({
          id: bsId,
          owner_user_id: user.id,
          bs_group: null,
          display_name: `${kind} barn`,
          timezone: null,
          bs_type: 2,
          version: null,
          firmware: null,
          sim,
          activation_ts: null,
          last_boot_ts: null,
          last_conf_ts: null,
          last_data_ts: null,
          credential_hash: 'x',
          created_ts: 0,
        })
        .execute();
    }
    await t.store.db
      .updateTable('base_stations')
      .set({ sim: '89358010000000001234' })
      .where('id', '=', 'F1000001')
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const PATHS = ['/admin/consoleInfo', '/admin/basestations', '/admin/findSystem?q=F1000001'];

  it.each(['hay', 'hay-helper', 'grain', 'compost', 'master', 'visitor'])(
    'refuses %s with 403 on every call, and says why',
    async (who) => {
      for (const path of PATHS) {
        const res = await call.get(who, path);
        expect(res.statusCode, `${who} ${path}`).toBe(403);
        expect(res.json<{ error: string }>().error).toMatch(/^Only admins/);
      }
    },
  );

  it.each([
    [0, 'root'],
    [1, 'admin'],
    [2, 'tech'],
    [3, 'sales'],
  ] as const)('answers staff level %s (%s) on every call', async (group, level) => {
    await t.store.db.updateTable('users').set({ admin_group: group }).where('id', '=', adminId).execute();
    try {
      for (const path of PATHS) expect((await call.get('admin', path)).statusCode, path).toBe(200);
      const info = (await call.get('admin', '/admin/consoleInfo')).json<ConsoleInfoResponse>();
      expect(info).toEqual({ status_code: 0, environment: t.kernel.config.env, staffLevel: level });
    } finally {
      await t.store.db.updateTable('users').set({ admin_group: 0 }).where('id', '=', adminId).execute();
    }
  });

  it('finds a station by its id: the exact one first, then those starting with it', async () => {
    const exact = await find('q=f1000002');
    expect(matches(exact)[0]).toEqual(['F1000002', 'stationId', 'F1000002']);
    expect(exact.results[0]!.owner).toEqual({
      UID: uid.hay,
      username: 'hay@demo.emberwatch',
      name: 'Hillside Hay Farm',
    });
    expect(exact.results[0]!.family).toBe('main');
    const starts = await find('q=F100&by=station');
    expect(matches(starts)).toEqual([
      ['F1000001', 'stationId', 'F1000001'],
      ['F1000002', 'stationId', 'F1000002'],
      ['F1000003', 'stationId', 'F1000003'],
    ]);
    expect(starts.more).toBe(false);
  });

  it('finds a station by its name, any case, anywhere in it', async () => {
    expect(matches(await find('q=SOUTH%20barn&by=station'))).toEqual([
      ['F1000002', 'stationName', 'South barn'],
    ]);
    expect(matches(await find('q=row%20b&by=station'))).toEqual([['F2000002', 'stationName', 'Bin row B']]);
  });

  it('finds a probe by its id, from its start, in capitals or not', async () => {
    expect(matches(await find('q=H10001&by=probe'))[0]).toEqual(['F1000001', 'probe', 'H10001']);
    const probes = await find('q=h1010&by=probe&limit=50');
    expect(probes.results.every((m) => m.bs_id === 'F1000002' && m.matched.value.startsWith('H1010'))).toBe(
      true,
    );
    expect(probes.results.map((m) => m.matched.value)).toEqual([
      'H10101',
      'H10102',
      'H10103',
      'H10104',
      'H10105',
      'H10106',
      'H10107',
      'H10108',
      'H10109',
    ]);
    // Only from the start: a probe id's middle finds nothing.
    expect((await find('q=0101&by=probe')).results).toEqual([]);
  });

  it('finds the stations of an account by a user’s username, name or e-mail, sub-users included', async () => {
    expect(matches(await find('q=grain@demo.emberwatch&by=user'))).toEqual([
      ['F2000001', 'username', 'grain@demo.emberwatch'],
      ['F2000002', 'username', 'grain@demo.emberwatch'],
      ['F2000003', 'username', 'grain@demo.emberwatch'],
    ]);
    expect(matches(await find('q=greenloop&by=user'))).toEqual([
      ['F3000001', 'name', 'Greenloop Compost Works'],
      ['F3000002', 'name', 'Greenloop Compost Works'],
    ]);
    expect(matches(await find('q=haytech@partner&by=user'))).toEqual([
      ['HT000042', 'email', 'haytech@partner.example'],
    ]);
    // The farm hand leads to the farm's stations.
    const helper = await find('q=hay-helper&by=user');
    expect(matches(helper)).toEqual([
      ['F1000001', 'username', 'hay-helper@demo.emberwatch'],
      ['F1000002', 'username', 'hay-helper@demo.emberwatch'],
      ['F1000003', 'username', 'hay-helper@demo.emberwatch'],
      ['F1000001', 'email', 'hay-helper@example.com'],
      ['F1000002', 'email', 'hay-helper@example.com'],
      ['F1000003', 'email', 'hay-helper@example.com'],
    ]);
    expect(helper.results[0]!.owner.UID).toBe(uid.hay);
  });

  it('finds a phone number by its digits, however it is written', async () => {
    expect(matches(await find('q=(202)%20555-0102&by=phone'))).toEqual([
      ['F2000001', 'phone', '+12025550102'],
      ['F2000002', 'phone', '+12025550102'],
      ['F2000003', 'phone', '+12025550102'],
    ]);
    expect(matches(await find('q=040-555-1234&by=phone'))).toEqual([]);
    expect(matches(await find('q=40%20555%201234&by=phone'))).toEqual([
      ['G0000077', 'phone', '+358 40 555 1234'],
    ]);
  });

  it('finds a station by its SIM', async () => {
    expect(matches(await find('q=0000000001234&by=sim'))).toEqual([
      ['F1000001', 'sim', '89358010000000001234'],
    ]);
    expect(matches(await find('q=89358019998887776665'))).toEqual([
      ['G0000077', 'sim', '89358019998887776665'],
    ]);
  });

  it('with any key, lists exact matches first, then starts, then the rest', async () => {
    const r = await find('q=gari');
    expect(matches(r)).toEqual([
      ['G0000077', 'stationName', 'gari barn'],
      ['G0000077', 'username', 'gari-farmer'],
      ['G0000077', 'email', 'gari@partner.example'],
    ]);
    expect(r.results[0]!.family).toBe('gari');
    expect(r.results[0]!.owner).toEqual({ UID: uid.gari, username: 'gari-farmer', name: 'Gunnar Heinämäki' });
  });

  it('keeps to the family asked for', async () => {
    // Demo barn, North barn, South barn: equally good, by name.
    expect((await find('q=barn&family=main')).results.map((m) => m.bs_id)).toEqual([
      'F4000001',
      'F1000001',
      'F1000002',
    ]);
    expect((await find('q=barn&family=haytech')).results.map((m) => m.bs_id)).toEqual(['HT000042']);
    expect((await find('q=barn&family=gari')).results.map((m) => m.bs_id)).toEqual(['G0000077']);
  });

  it('with fewer than three characters matches only from the start, and takes % and _ literally', async () => {
    expect((await find('q=00')).results).toEqual([]);
    expect(matches(await find('q=HT&by=station'))).toEqual([['HT000042', 'stationId', 'HT000042']]);
    expect((await find('q=%25')).results).toEqual([]);
    expect((await find('q=F1_00')).results).toEqual([]);
    expect((await find('q=F_%25')).results).toEqual([]);
  });

  it('answers a page at a time and says whether more follow', async () => {
    const all = await find('q=@demo.emberwatch&by=user&limit=50');
    expect(all.more).toBe(false);
    expect(all.results.length).toBeGreaterThan(8);
    const first = await find('q=@demo.emberwatch&by=user&limit=4');
    const second = await find('q=@demo.emberwatch&by=user&limit=4&offset=4');
    expect(first.more).toBe(true);
    expect([...matches(first), ...matches(second)]).toEqual(matches(all).slice(0, 8));
  });

  it.each([
    ['q='],
    ['q=%20%20'],
    ['q=x&limit=0'],
    ['q=x&limit=51'],
    ['q=x&offset=-1'],
    ['q=x&by=fax'],
    ['q=x&family=other'],
    [`q=${'x'.repeat(65)}`],
    ['q=x&extra=1'],
  ])('refuses findSystem?%s with 400', async (query) => {
    const res = await call.get('admin', `/admin/findSystem?${query}`);
    expect(res.statusCode, res.body).toBe(400);
  });

  const stationIds = async () =>
    (await t.store.db.selectFrom('base_stations').select('id').orderBy('id').execute()).map((r) => r.id);

  it('lists every station by id, a page at a time, with owner, family and probe count', async () => {
    const ids = await stationIds();
    const page = await list('limit=3');
    expect(page.total).toBe(ids.length);
    expect(page.results.map((s) => s.bs_id)).toEqual(ids.slice(0, 3));
    expect(page.results.find((s) => s.bs_id === 'F1000001')).toEqual({
      bs_id: 'F1000001',
      display_name: 'North barn',
      family: 'main',
      owner: { UID: uid.hay, username: 'hay@demo.emberwatch', name: 'Hillside Hay Farm' },
      probeCount: 14,
      last_data_ts: null,
    });
    const next = await list('limit=3&offset=3');
    expect(next.results.map((s) => s.bs_id)).toEqual(ids.slice(3, 6));
    const last = await list(`limit=50&offset=${ids.length - 2}`);
    expect(last.results.map((s) => s.bs_id)).toEqual(['G0000077', 'HT000042']);
    expect(last.total).toBe(ids.length);
  });

  it('lists by family and by text in the id, the name or the owner', async () => {
    expect((await list('family=gari')).results.map((s) => [s.bs_id, s.family])).toEqual([
      ['G0000077', 'gari'],
    ]);
    const hayApp = await list('family=haytech');
    expect([hayApp.total, hayApp.results.map((s) => s.bs_id)]).toEqual([1, ['HT000042']]);
    expect((await list('family=main')).total).toBe((await stationIds()).length - 2);
    expect((await list('q=prairie')).results.map((s) => s.bs_id)).toEqual([
      'F2000001',
      'F2000002',
      'F2000003',
    ]);
    expect((await list('q=WINDROWS&family=main')).results.map((s) => s.bs_id)).toEqual([
      'F3000001',
      'F3000002',
      'F4000003',
    ]);
    expect((await list('q=100_')).total).toBe(0);
  });

  it.each([['limit=0'], ['limit=101'], ['offset=-1'], ['family=all'], [`q=${'x'.repeat(65)}`]])(
    'refuses basestations?%s with 400',
    async (query) => {
      const res = await call.get('admin', `/admin/basestations?${query}`);
      expect(res.statusCode, res.body).toBe(400);
    },
  );
});
