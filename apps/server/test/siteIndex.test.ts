import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetMultisiteDataResponse, MultisiteSite } from '@emberwatch/shared/contracts/siteIndex';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { api, ingest } from './support/probeHelpers.js';

const DAY = 86_400;

/**
 * GET /client/getMultisiteData (issue 32 item 2, decision 0105): who gets the site index and what
 * each site shows — the hottest probe now, open alerts, the newest reading's age — with the caller's
 * own site names applied.
 */
describe(`the site index on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let call: ReturnType<typeof api>;
  const uid: Record<string, number> = {};
  const nowS = Math.floor(Date.now() / 1000);
  const probesOf = (bsId: string) => t.stations.find((s) => s.bs_id === bsId)!.probes.map((p) => p.sensor_id);

  const index = async (who: string) => {
    const res = await call.get(who, '/client/getMultisiteData');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GetMultisiteDataResponse>();
  };
  const siteOf = (r: GetMultisiteDataResponse, bsId: string): MultisiteSite =>
    r.farms.flatMap((f) => f.sites).find((s) => s.BS_ID === bsId)!;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['hay', 'grain', 'compost', 'admin', 'master', 'hay-helper', 'visitor']) {
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
      uid[u] = (await t.findUser(`${u}@demo.emberwatch`))!.id;
    }
    call = api(t, tokens);

    const [a, b, c, d] = probesOf('F1000001') as [string, string, string, string];
    // F1000001: a is hottest by its deeper point; b reads hotter before its correction of −1 °C; c's
    // 90 °C is 8 days old, no temperature now; d is disabled.
    await ingest(t, 'F1000001', [
      { sensor_id: a, meas_ts: nowS - 600, temperatures: [200, 451, 300] },
      { sensor_id: b, meas_ts: nowS - 300, temperatures: [455] },
      { sensor_id: c, meas_ts: nowS - 8 * DAY, temperatures: [900] },
      { sensor_id: d, meas_ts: nowS - 60, temperatures: [990] },
    ]);
    await t.store.db
      .updateTable('probes')
      .set({ corrections: JSON.stringify([{ date: nowS - 2 * DAY, factor: -1, user: uid.hay }]) })
      .where('sensor_id', '=', b)
      .execute();
    await t.store.db.updateTable('probes').set({ disabled: 1 }).where('sensor_id', '=', d).execute();
    // F1000002: two days old (over 24 h); F1000003: eight days old (not available).
    await ingest(t, 'F1000002', [
      { sensor_id: probesOf('F1000002')[0]!, meas_ts: nowS - 2 * DAY, temperatures: [250] },
    ]);
    await ingest(t, 'F1000003', [
      { sensor_id: probesOf('F1000003')[0]!, meas_ts: nowS - 8 * DAY, temperatures: [300] },
    ]);

    // Two current alerts of a hay monitor on F1000001's probe a, one on another farm's probe it names.
    await t.store.db
      .insertInto('monitors')
      .values({
        owner_user_id: uid.hay!,
        item_id: 9001,
        name: 'Site index test',
        default_monitor: 0,
        compost: 0,
        demo_type: null,
        rules: '[]',
        created_ts: nowS,
        updated_ts: nowS,
        updated_by: null,
      })
      .execute();
    const alert = (sensor_id: string, depth: number) => ({
      ts: nowS - 600,
      resetTS: null,
      sensor_id,
      depth,
      temperature: 451,
      peak: 451,
      TP: null,
      isMin: false,
    });
    await t.store.db
      .insertInto('monitor_rule_state')
      .values({
        owner_user_id: uid.hay!,
        monitor_id: 9001,
        rule_id: 1,
        state: '{}',
        current_alerts: JSON.stringify([alert(a, 1), alert(a, 2), alert(probesOf('F2000001')[0]!, 0)]),
        alert_history: '[]',
        watermark: nowS,
        updated_ts: nowS,
      })
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows a master the farms that authorised it, each with its stations, and no other farm', async () => {
    const r = await index('master');
    expect(Math.abs(r.now - nowS)).toBeLessThan(600);
    // The demo's master is authorised by the hay and grain farms; the compost works only got a request.
    expect(r.farms.map((f) => f.UID).sort()).toEqual([uid.hay, uid.grain].sort());
    const hay = r.farms.find((f) => f.UID === uid.hay)!;
    expect(hay.sites.map((s) => s.BS_ID)).toEqual(['F1000001', 'F1000002', 'F1000003']);
    expect(hay.username).toBe('hay@demo.emberwatch');
  });

  it('names the hottest probe now: its hottest depth, corrected; not a stale or disabled one', async () => {
    const [a, , , d] = probesOf('F1000001');
    const site = siteOf(await index('master'), 'F1000001');
    expect(site.hottest).toMatchObject({ sensor_id: a, temperature: 451, meas_ts: nowS - 600 });
    // The disabled probe's reading is not the newest either: it is left out altogether.
    expect(site.lastDataTs).toBe(nowS - 300);
    expect(site.probes).toBe(probesOf('F1000001').length - 1);
    expect(site.hottest?.sensor_id).not.toBe(d);
    expect(site.freshness).toBe('fresh');
  });

  it('classes the newest reading: over 24 h, over 7 days (no temperature), none', async () => {
    const r = await index('master');
    expect(siteOf(r, 'F1000002')).toMatchObject({ freshness: 'over24h', lastDataTs: nowS - 2 * DAY });
    expect(siteOf(r, 'F1000002').hottest?.temperature).toBe(250);
    expect(siteOf(r, 'F1000003')).toMatchObject({ freshness: 'notAvailable', hottest: null });
    expect(siteOf(r, 'F2000002')).toMatchObject({ freshness: 'noData', lastDataTs: null, hottest: null });
  });

  it("shows a station's new readings at the next request, though the index keeps its probes", async () => {
    const before = siteOf(await index('master'), 'F2000003');
    expect(before.freshness).toBe('noData');
    const probe = probesOf('F2000003')[0]!;
    await ingest(t, 'F2000003', [{ sensor_id: probe, meas_ts: nowS - 120, temperatures: [333, 388] }]);
    expect(siteOf(await index('master'), 'F2000003')).toMatchObject({
      freshness: 'fresh',
      lastDataTs: nowS - 120,
      hottest: { sensor_id: probe, temperature: 388 },
    });
  });

  it("counts the farm's current alerts on the station's probes, not another farm's probe", async () => {
    const r = await index('master');
    expect(siteOf(r, 'F1000001').openAlerts).toBe(2);
    expect(siteOf(r, 'F1000002').openAlerts).toBe(0);
    expect(siteOf(r, 'F2000001').openAlerts).toBe(0);
  });

  it("applies the caller's own site names, else the station's display name", async () => {
    const before = siteOf(await index('master'), 'F1000002');
    expect(before.siteName).toBeNull();
    expect(before.name).toBe(before.stationName ?? 'F1000002');
    const saved = await call.post('master', '/client/saveSiteNames', {
      siteNames: [{ siteUID: uid.hay, BS_ID: 'F1000002', name: 'North barns' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = siteOf(await index('master'), 'F1000002');
    expect(after).toMatchObject({ name: 'North barns', siteName: 'North barns' });
    expect(after.stationName).toBe(before.stationName);
  });

  it('lists its own stations to an account with the siteindex flag and several, and to its sub-users', async () => {
    expect((await call.get('hay', '/client/getMultisiteData')).statusCode).toBe(403);
    await t.store.db.updateTable('users').set({ siteindex: 1 }).where('id', '=', uid.hay!).execute();
    try {
      for (const who of ['hay', 'hay-helper']) {
        const r = await index(who);
        expect(r.farms.map((f) => f.UID)).toEqual([uid.hay]);
        expect(r.farms[0]!.sites.map((s) => s.BS_ID)).toEqual(['F1000001', 'F1000002', 'F1000003']);
        // The master's names are its own: not applied for the farm's people.
        expect(siteOf(r, 'F1000002').siteName).toBeNull();
      }
    } finally {
      await t.store.db.updateTable('users').set({ siteindex: 0 }).where('id', '=', uid.hay!).execute();
    }
  });

  it('refuses an account with the flag but one station, accounts without it, staff and the visitor', async () => {
    // The compost works with the flag, after one of its two stations went to the grain farm.
    await t.store.db.updateTable('users').set({ siteindex: 1 }).where('id', '=', uid.compost!).execute();
    await t.store.db
      .updateTable('base_stations')
      .set({ owner_user_id: uid.grain! })
      .where('id', '=', 'F3000002')
      .execute();
    try {
      for (const who of ['compost', 'grain', 'admin', 'visitor']) {
        const res = await call.get(who, '/client/getMultisiteData');
        expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
        expect(res.json<{ error: string }>().error).toBe(
          'The site index is for master users and for accounts with several base stations.',
        );
      }
    } finally {
      await t.store.db
        .updateTable('base_stations')
        .set({ owner_user_id: uid.compost! })
        .where('id', '=', 'F3000002')
        .execute();
      await t.store.db.updateTable('users').set({ siteindex: 0 }).where('id', '=', uid.compost!).execute();
    }
  });

  it('drops a farm once it withdraws the authorisation', async () => {
    await t.store.db
      .updateTable('master_authorizations')
      .set({ authorized: 0 })
      .where('master_user_id', '=', uid.master!)
      .where('owner_user_id', '=', uid.grain!)
      .execute();
    try {
      expect((await index('master')).farms.map((f) => f.UID)).toEqual([uid.hay]);
    } finally {
      await t.store.db
        .updateTable('master_authorizations')
        .set({ authorized: 1 })
        .where('master_user_id', '=', uid.master!)
        .where('owner_user_id', '=', uid.grain!)
        .execute();
    }
  });
});
