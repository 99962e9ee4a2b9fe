import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

describe(`who may see a base station, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['hay', 'grain', 'compost', 'admin', 'master', 'hay-helper', 'visitor'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    // One reading on a hay and a grain station, through the real ingest path.
    for (const [bs, sensor] of [
      ['F1000001', 'H10001'],
      ['F2000001', 'G20001'],
    ] as const) {
      await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/packets',
        headers: { authorization: `Station ${bs}:${t.secretOf(bs)}` },
        payload: {
          type: 'data',
          readings: [
            {
              sensor_id: sensor,
              meas_ts: now - 60,
              temperatures: [555, 544],
              sensor_RSSI: -70,
              bs_RSSI: -80,
              batt_voltage: 350,
            },
          ],
        },
      });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (who: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(tokens[who] as string) });

  it.each([
    ['the owner', 'hay', 'F1000001', 200],
    ['a sub-user of the owner', 'hay-helper', 'F1000001', 200],
    ['an authorised master', 'master', 'F2000001', 200],
    ['an admin', 'admin', 'F2000001', 200],
    ['another account', 'grain', 'F1000001', 403],
    ['another account', 'compost', 'F2000001', 403],
    ['a master the owner did not authorise', 'master', 'F3000001', 403],
  ])('%s (%s) asking for %s gets %i', async (_who, user, bs, status) => {
    for (const path of ['/client/data', '/client/bsConf']) {
      const res = await get(user, `${path}?basestationID=${bs}`);
      expect(res.statusCode).toBe(status);
      if (status === 403) {
        expect(res.json()).toEqual({
          status_code: 403,
          error: 'You do not have access to this base station.',
        });
      }
    }
  });

  it('refuses a station that does not exist exactly like a foreign one', async () => {
    const res = await get('hay', '/client/data?basestationID=Z9999999');
    expect(res.statusCode).toBe(403);
  });

  it('returns the latest reading of every probe with the spec field names', async () => {
    const res = await get('hay', '/client/data?basestationID=F1000001');
    expect(res.json()).toMatchObject({
      status_code: 0,
      bs_id: 'F1000001',
      results: [
        {
          sensor_id: 'H10001',
          temperature: 555,
          temperatures: [555, 544],
          meas_ts: now - 60,
          sensor_RSSI: -70,
          bs_RSSI: -80,
          batt_voltage: 350,
        },
      ],
    });
  });

  it('returns the station configuration with its probes', async () => {
    const conf = (await get('hay', '/client/bsConf?basestationID=F1000001')).json<{
      bs_id: string;
      sensor_configurations: { sensor_id_sys: string; realBs: string }[];
      typeLabel: string;
      conf_data: { timezone: string };
    }>();
    expect(conf.bs_id).toBe('F1000001');
    expect(conf.sensor_configurations).toHaveLength(14);
    expect(conf.sensor_configurations[0]).toMatchObject({ sensor_id_sys: 'H10001', realBs: 'F1000001' });
    expect(conf.typeLabel).toBe('Ethernet, G4');
    expect(conf.conf_data.timezone).toBe('Europe/Helsinki');
  });

  it('lists only the caller’s own stations, with group sizes', async () => {
    const hay = (await get('hay', '/client/basestationArray')).json<{ results: { bs_id: string }[] }>();
    expect(hay.results.map((r) => r.bs_id)).toEqual(['F1000001', 'F1000002', 'F1000003']);
    const grain = (await get('grain', '/client/basestationArray')).json<{
      results: { bs_id: string; groupSize: number; probeCount: number }[];
    }>();
    expect(grain.results.map((r) => [r.bs_id, r.groupSize])).toEqual([
      ['F2000001', 2],
      ['F2000002', 2],
      ['F2000003', 1],
    ]);
    expect(grain.results[0]?.probeCount).toBe(12);
  });

  // Issue 28 (decision 0079): the demo-mode visitor's switch shows the station of the chosen kind.
  it('says what each station holds, by its probes: the visitor has a hay, a grain and a compost station', async () => {
    const visitor = (await get('visitor', '/client/basestationArray')).json<{
      results: { bs_id: string; probeCount: number; probeKind: string | null }[];
    }>();
    expect(visitor.results.map((r) => [r.bs_id, r.probeKind, r.probeCount])).toEqual([
      ['F4000001', 'hay', 8],
      ['F4000002', 'grain', 6],
      ['F4000003', 'compost', 6],
    ]);
    const compost = (await get('compost', '/client/basestationArray')).json<{
      results: { probeKind: string | null }[];
    }>();
    expect(compost.results.map((r) => r.probeKind)).toEqual(['compost', 'compost']);
  });

  it('lets an admin act for a customer but not an ordinary user', async () => {
    const grainUid = (await get('grain', '/client/userInfo')).json<{ userinfo: { UID: number } }>().userinfo
      .UID;
    const asAdmin = await get('admin', `/client/basestationArray?UID=${grainUid}`);
    expect(asAdmin.json<{ results: unknown[] }>().results).toHaveLength(3);
    const asHay = await get('hay', `/client/userInfo?UID=${grainUid}`);
    expect(asHay.statusCode).toBe(403);
    expect(asHay.body).not.toContain('grain@demo');
  });

  it('gives user info with the spec field names and no secrets', async () => {
    const res = await get('hay', '/client/userInfo');
    const info = res.json<{ status_code: number; userinfo: Record<string, unknown> }>();
    expect(info.status_code).toBe(0);
    expect(info.userinfo).toMatchObject({
      username: 'hay@demo.emberwatch',
      bs_BS_IDs: ['F1000001', 'F1000002', 'F1000003'],
      bs_list: [
        { bsId: 'F1000001', bsName: 'North barn', bsGroup: null },
        expect.anything(),
        expect.anything(),
      ],
      plans: [{ planName: 'Premium', planLevel: 2, expired: false }],
      service: { plan: 2, period: 36 },
    });
    expect(res.body).not.toMatch(/password|hash|secret/i);
  });

  it('gives a sub-user the main account’s stations', async () => {
    const res = (await get('hay-helper', '/client/basestationArray')).json<{
      results: { bs_id: string }[];
    }>();
    expect(res.results.map((r) => r.bs_id)).toEqual(['F1000001', 'F1000002', 'F1000003']);
  });

  it('refuses every user call without a token', async () => {
    for (const url of [
      '/client/userInfo',
      '/client/basestationArray',
      '/client/bsConf?basestationID=F1000001',
      '/client/data?basestationID=F1000001',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status_code: 401 });
    }
  });

  it('refuses a malformed station id with a clear message', async () => {
    const res = await get('hay', '/client/data?basestationID=' + encodeURIComponent("x' or 1=1"));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/basestationID/);
  });
});

describe(`ui preferences, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('hay@demo.emberwatch');
  });
  afterAll(async () => {
    await t.close();
  });

  const save = (prefs: unknown, tok = token) =>
    t.app.inject({ method: 'POST', url: '/client/uiPrefs', headers: bearer(tok), payload: { prefs } });
  const current = async () =>
    (await t.app.inject({ method: 'GET', url: '/client/getSessionInfo', headers: bearer(token) })).json<{
      ui_preferences: Record<string, unknown>;
    }>().ui_preferences;

  it('saves a change at once and keeps the other preferences', async () => {
    const res = await save({ degrees: 'F' });
    expect(res.json()).toMatchObject({
      status_code: 0,
      ui_preferences: { degrees: 'F', chart_scale: [0, 60] },
    });
    expect(await current()).toMatchObject({ degrees: 'F', temperature_alert: 45 });
  });

  it.each([
    ['a temperature above 100 °C', { temperature_alert: 120 }],
    ['four colour steps', { color_steps: [0, 10, 20, 30] }],
    ['an unknown date format', { date_format: 'yyyy-MM-dd' }],
    ['an unsupported language', { language: 'sv' }],
    ['an unknown field', { favourite_colour: 'red' }],
  ])('refuses %s with 400 and changes nothing', async (_n, prefs) => {
    const before = await current();
    const res = await save(prefs);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ status_code: number; error: string }>().error).toMatch(/prefs/);
    expect(await current()).toEqual(before);
  });

  it('refuses to change another user’s preferences unless the caller is an admin', async () => {
    const grain = await t.login('grain@demo.emberwatch');
    const hayUid = (await t.app.inject({ method: 'GET', url: '/auth', headers: bearer(token) })).json<{
      UID: number;
    }>().UID;
    const res = await t.app.inject({
      method: 'POST',
      url: '/client/uiPrefs',
      headers: bearer(grain),
      payload: { prefs: { degrees: 'C' }, UID: hayUid },
    });
    expect(res.statusCode).toBe(403);
    const admin = await t.login('admin@demo.emberwatch');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/client/uiPrefs',
      headers: bearer(admin),
      payload: { prefs: { language: 'fi' }, UID: hayUid },
    });
    expect(ok.json()).toMatchObject({ status_code: 0, ui_preferences: { language: 'fi' } });
  });
});
