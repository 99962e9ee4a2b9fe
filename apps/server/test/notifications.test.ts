import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetNotificationsResponse, Notification } from '@emberwatch/shared/contracts/notifications';
import type { UserInfoResponse } from '@emberwatch/shared/contracts/users';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import type { Notify } from '../src/features/notifications/index.js';
import { evaluatorOf, monitorOnHayStorage } from './support/monitorHelpers.js';
import { api, ingest } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const BS = 'F1000001';
const H = 3600;

/** Issue 11 items 5–6; spec doc 1 §2, §4, §7; doc 3 §2–§4, §9; decision 0047. */
describe(`notifications on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let clock = Math.floor(Date.now() / 1000);
  let hayId: number;
  let storageId: number;
  let probes: string[];

  /** Moves the server's clock; the users log in again, as access tokens live minutes. */
  const move = async (seconds: number) => {
    clock += seconds;
    const tokens: Record<string, string> = {};
    for (const u of ['hay', 'grain', 'master', 'hay-helper', 'admin', 'compost'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
  };

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    await move(0);
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    const placed = await monitorOnHayStorage(t, call, {
      name: 'Hot hay',
      rules: [{ id: 1, type: 'ABS_MAX', settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: 600 } }],
    });
    storageId = placed.storageId;
    probes = placed.probes;
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (who: string, uid?: number) => {
    const res = await call.get(who, `/client/getNotifications${uid ? `?UID=${uid}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GetNotificationsResponse>();
  };
  const find = (l: GetNotificationsResponse, id: string): Notification | undefined =>
    l.results.find((n) => n.id === id);
  const notifyOf = () =>
    (t.features.find((f) => f.name === 'notifications')!.exports as { notify: Notify }).notify;

  it('tells of a hot reading on a monitored storage, linked to the storage, unread', async () => {
    const [p] = probes as [string];
    await ingest(t, BS, [{ sensor_id: p, meas_ts: clock - 60, temperatures: [300, 655] }]);
    await evaluatorOf(t).idle();
    const l = await list('hay');
    expect(find(l, `storageMax:${storageId}`)).toMatchObject({
      importance: 1,
      type: 'storageMax',
      url: `/storages/${storageId}`,
      bs: BS,
      unread: true,
      props: { itemID: storageId, count: 1, maxTemp: 655, probeIDs: [p] },
    });
    // The hay farmer has the Insight service: the general 65 °C safety alert sees it too (doc 1 §2, §9).
    expect(find(l, 'globalAlert:safety')).toMatchObject({
      importance: 1,
      url: '/probes',
      props: { text: 'safety', limit: 65, maxTemp: 655 },
    });
    expect(find(l, 'globalAlert:safety')!.props.probeIDs).toContain(p);
    expect(l.unread).toBe(l.results.filter((n) => n.unread).length);
  });

  it('counts nothing once looked at, and a new alert again', async () => {
    expect((await call.post('hay', '/client/notificationsSeen', {})).statusCode).toBe(200);
    clock += 10;
    expect((await list('hay')).unread).toBe(0);
    const second = probes[1]!;
    clock += 10;
    await ingest(t, BS, [{ sensor_id: second, meas_ts: clock - 5, temperatures: [610] }]);
    await evaluatorOf(t).idle();
    const l = await list('hay');
    expect(find(l, `storageMax:${storageId}`)).toMatchObject({ unread: true, props: { count: 2 } });
    expect(l.unread).toBeGreaterThanOrEqual(1);
  });

  it('keeps an ended alert for a day, as a warning with its peak, then lets it go', async () => {
    const [p, second] = probes as [string, string];
    clock += 60;
    await ingest(t, BS, [
      { sensor_id: p, meas_ts: clock - 30, temperatures: [300, 690] },
      { sensor_id: p, meas_ts: clock - 20, temperatures: [300, 200] },
      { sensor_id: second, meas_ts: clock - 20, temperatures: [200] },
    ]);
    await evaluatorOf(t).idle();
    const entry = find(await list('hay'), `storageMax:${storageId}`);
    expect(entry).toMatchObject({ importance: 2, props: { ended: true, maxTemp: 690, count: 2 } });
    await move(25 * H);
    const later = await list('hay');
    expect(find(later, `storageMax:${storageId}`)).toBeUndefined();
    // A day without data: every station of the farm has stopped sending (doc 3 §9, over 4 h).
    expect(find(later, `noBSData:${BS}`)).toMatchObject({ url: '/probes', importance: 2, bs: BS });
    await move(-25 * H);
  });

  it('tells of probes that stopped while their station still sends', async () => {
    const [p] = probes as [string];
    await move(5 * H);
    await ingest(t, BS, [{ sensor_id: p, meas_ts: clock - 10, temperatures: [200, 200] }]);
    const l = await list('hay');
    expect(find(l, `noBSData:${BS}`)).toBeUndefined();
    const silent = find(l, `noProbeData:${BS}`);
    expect(silent).toMatchObject({ url: '/probes', bs: BS });
    expect(silent!.props.probesIDs).not.toContain(p);
    expect(silent!.props.nProbes).toBe(silent!.props.probesIDs!.length);
  });

  it('reminds the owner of a plan about to end and an expired SIM; not the farm hand or the master', async () => {
    await t.store.db
      .updateTable('users')
      .set({ plan_due_ts: clock + 5 * 86_400 })
      .where('id', '=', hayId)
      .execute();
    await t.store.db
      .updateTable('base_stations')
      .set({ sim_exp_ts: clock - 86_400 })
      .where('id', '=', BS)
      .execute();
    const owner = await list('hay');
    expect(find(owner, 'reminder:plan')).toMatchObject({
      url: '/account/services/checkout/?type=plan',
      props: { days: 5 },
    });
    expect(find(owner, `reminderSimExpired:${BS}`)).toMatchObject({
      url: '/account/services/checkout/?type=sim',
      props: { days: 1 },
    });
    const hand = await list('hay-helper');
    expect(hand.results.some((n) => n.type.startsWith('reminder'))).toBe(false);
    expect(find(hand, `noProbeData:${BS}`)).toBeDefined();
    const master = await list('master', hayId);
    expect(master.results.some((n) => n.type.startsWith('reminder') || n.type === 'noAlerts')).toBe(false);
    expect(find(master, `noProbeData:${BS}`)).toBeDefined();
    const admin = await list('admin', hayId);
    expect(find(admin, 'reminder:plan')).toBeDefined();
    await t.store.db.updateTable('base_stations').set({ sim_exp_ts: null }).where('id', '=', BS).execute();
  });

  // Spec doc 1 §3 api_plan.due; doc 3 reminders "API < 30 days, API expired within 40 days".
  it('reminds the owner of an API plan about to end, and of one expired within 40 days only', async () => {
    const setApi = (due: number | null) =>
      t.store.db.updateTable('users').set({ api_plan_due_ts: due }).where('id', '=', hayId).execute();
    expect((await list('hay')).results.some((n) => n.type.startsWith('reminderAPI'))).toBe(false);
    await setApi(clock + 12 * 86_400);
    expect(find(await list('hay'), 'reminderAPI:api')).toMatchObject({
      url: '/account/services/checkout/?type=api',
      props: { days: 12 },
    });
    expect((await list('hay-helper')).results.some((n) => n.type.startsWith('reminderAPI'))).toBe(false);
    await setApi(clock + 45 * 86_400);
    expect((await list('hay')).results.some((n) => n.type.startsWith('reminderAPI'))).toBe(false);
    await setApi(clock - 39 * 86_400);
    expect(find(await list('hay'), 'reminderAPIExpired:api')).toMatchObject({ props: { days: 39 } });
    await setApi(clock - 41 * 86_400);
    expect((await list('hay')).results.some((n) => n.type.startsWith('reminderAPI'))).toBe(false);
    await setApi(null);
  });

  it('refuses another account’s notifications, and bad input, changing nothing', async () => {
    const compostId = (await t.findUser('compost@demo.emberwatch'))!.id;
    for (const [who, uid] of [
      ['grain', hayId],
      ['hay-helper', compostId],
      ['master', compostId],
    ] as const) {
      expect((await call.get(who, `/client/getNotifications?UID=${uid}`)).statusCode, who).toBe(403);
      expect((await call.post(who, '/client/notificationsSeen', { UID: uid })).statusCode, who).toBe(403);
    }
    expect((await call.get('hay', '/client/getNotifications?UID=x')).statusCode).toBe(400);
    expect((await call.post('hay', '/client/notificationsSeen', { UID: 'x' })).statusCode).toBe(400);
    expect((await call.post('hay', '/client/notificationsSeen', { extra: 1 })).statusCode).toBe(400);
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/client/getNotifications' });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('shows what another feature posts (notify) to whoever pays, a day long', async () => {
    await notifyOf()(t.store.db, hayId, 'dailyCap', { text: 'sms', count: 50 }, 'sms');
    await t.store.db
      .transaction()
      .execute((trx) => notifyOf()(trx, hayId, 'dailyCap', { text: 'sms', count: 50 }, 'sms'));
    const entry = find(await list('hay'), 'dailyCap:posted:sms');
    expect(entry).toMatchObject({
      url: '/account/services',
      unread: true,
      props: { text: 'sms', count: 50 },
    });
    // A notice without a count of its own counts how often it was posted.
    await notifyOf()(t.store.db, hayId, 'dailyCap', { text: 'voice' }, 'voice');
    await notifyOf()(t.store.db, hayId, 'dailyCap', { text: 'voice' }, 'voice');
    expect(find(await list('hay'), 'dailyCap:posted:voice')?.props).toEqual({ text: 'voice', count: 2 });
    expect(find(await list('hay-helper'), 'dailyCap:posted:sms')).toBeUndefined();
    await move(86_400 + 1);
    expect(find(await list('hay'), 'dailyCap:posted:sms')).toBeUndefined();
    await move(-86_400 - 1);
  });

  it('gives a gari or hay-app account no notifications (spec doc 1 §4)', async () => {
    await t.store.db.updateTable('users').set({ partner_app: 'gari' }).where('id', '=', hayId).execute();
    expect(await list('hay')).toEqual({ status_code: 0, results: [], unread: 0 });
    await t.store.db.updateTable('users').set({ partner_app: null }).where('id', '=', hayId).execute();
  });
});

describe(`news on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp();
    const tokens: Record<string, string> = {};
    for (const u of ['hay', 'grain', 'master', 'admin', 'hay-helper'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
  });
  afterAll(async () => {
    await t.close();
  });

  // Spec doc 1 §3, §7: the news are in the user info; newsSeenDate goes back with POST /client/userInfo.
  const news = async (who: string) => {
    const res = await call.get(who, '/client/userInfo');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<UserInfoResponse>().userinfo;
  };
  const seen = (who: string, body: object) => call.post(who, '/client/userInfo', body);

  it('lists the news newest first, the popup item marked, nothing seen yet', async () => {
    const n = await news('hay');
    expect(n.news.map((i) => i.id)).toEqual([3, 2, 1]);
    expect(n.news[0]).toMatchObject({ title: 'Notifications in the top bar', icon: 'feature', link: null });
    expect(n).toMatchObject({ popupNews: [3], newsUrls: [null, null, null], newsSeenDate: null });
    expect(n.newsEmail).toContain('@');
  });

  it('speaks the user’s language', async () => {
    const res = await call.post('grain', '/client/uiPrefs', { prefs: { language: 'fi' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await news('grain')).news[0]!.title).toBe('Ilmoitukset yläpalkissa');
  });

  it('saves newsSeenDate, only forward, never beyond now', async () => {
    const [newest, older] = (await news('hay')).news;
    expect((await seen('hay', { newsSeenDate: newest!.date })).statusCode).toBe(200);
    expect((await news('hay')).newsSeenDate).toBe(newest!.date);
    expect((await seen('hay', { newsSeenDate: older!.date })).statusCode).toBe(200);
    expect((await news('hay')).newsSeenDate).toBe(newest!.date);
    const far = Math.floor(Date.now() / 1000) + 365 * 86_400;
    expect((await seen('hay', { newsSeenDate: far })).statusCode).toBe(200);
    expect((await news('hay')).newsSeenDate!).toBeLessThan(far);
  });

  it('gives masters no news and marks none seen for admins or masters (spec doc 1 §6, §7)', async () => {
    expect((await news('master')).news).toEqual([]);
    expect((await news('admin')).news).toHaveLength(3);
    for (const who of ['admin', 'master']) {
      expect((await seen(who, { newsSeenDate: 1 })).statusCode, who).toBe(403);
      expect((await news(who)).newsSeenDate, who).toBeNull();
    }
  });

  it('lets a sub-user save its own newsSeenDate, though not change the account', async () => {
    const [newest] = (await news('hay-helper')).news;
    expect((await seen('hay-helper', { newsSeenDate: newest!.date })).statusCode).toBe(200);
    expect((await news('hay-helper')).newsSeenDate).toBe(newest!.date);
    expect((await seen('hay-helper', { firstname: 'Someone' })).statusCode).toBe(403);
  });

  it('refuses a bad date', async () => {
    for (const body of [{}, { newsSeenDate: 'x' }, { newsSeenDate: -1 }, { newsSeenDate: 1.5 }])
      expect((await seen('grain', body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await news('grain')).newsSeenDate).toBeNull();
  });
});

describe(`the alert memory commits with its alert on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  it('leaves nothing when the alert’s transaction rolls back, and is written when it commits', async () => {
    const t = await createTestApp();
    try {
      const call = api(t, { hay: await t.login('hay@demo.emberwatch') });
      const { storageId, probes } = await monitorOnHayStorage(t, call, {
        name: 'Hot hay',
        rules: [{ id: 1, type: 'ABS_MAX', settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: 600 } }],
      });
      const evaluator = evaluatorOf(t);
      let fail = true;
      // A later recorder of the same transaction fails: the alert and everything written with it go.
      evaluator.onAlertEffects(() => (fail ? Promise.reject(new Error('outbox down')) : Promise.resolve()));
      const memory = () =>
        t.store.db
          .selectFrom('notifications' as never)
          .select(['subject' as never])
          .execute() as Promise<{ subject: string }[]>;
      const now = Math.floor(Date.now() / 1000);
      await ingest(t, BS, [{ sensor_id: probes[0]!, meas_ts: now - 30, temperatures: [650] }]);
      await evaluator.idle();
      expect(await memory()).toEqual([]);
      fail = false;
      await ingest(t, BS, [{ sensor_id: probes[0]!, meas_ts: now - 20, temperatures: [660] }]);
      await evaluator.idle();
      expect(await memory()).toEqual([{ subject: String(storageId) }]);
    } finally {
      await t.close();
    }
  });
});
