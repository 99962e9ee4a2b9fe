import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetMonitorsResponse } from '@emberwatch/shared/contracts/monitors';
import type { GetStoragesResponse } from '@emberwatch/shared/contracts/storages';
import { DEMO_ACCOUNTS, demoProbeIds } from '../src/features/demo/demoAccounts.js';
import { DEMO_HAY_LIMIT_C } from '../src/features/demo/demoMonitors.js';
import { seedDemoMonitors } from '../src/features/demo/seedDemoMonitors.js';
import type { MonitorEvaluator } from '../src/features/monitors/index.js';
import { deliveryOf } from './support/deliveryHelpers.js';
import { api, ingest } from './support/probeHelpers.js';
import { freePort } from './support/freePort.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const OWNERS = ['hay', 'grain', 'compost'] as const;

describe(`demo monitors on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    // The server's clock runs a minute after the seed's, as a user's first save always comes later.
    // It listens on PUBLIC_URL: the fake provider posts the keys pressed in a call back to it.
    // The port is free when picked and may be taken before the app listens (decision 0172): then again.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      t = await createTestApp({
        demoMonitors: true,
        nowS: () => Math.floor(Date.now() / 1000) + 60,
        env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
      });
      try {
        await t.app.listen({ port, host: '127.0.0.1' });
        break;
      } catch (error) {
        await t.close();
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 3) throw error;
      }
    }
    for (const u of [...OWNERS, 'admin']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
  });
  afterAll(async () => {
    await t.close();
  });

  const monitorsOf = async (who: string) =>
    (await call.get(who, '/client/getMonitors')).json<GetMonitorsResponse>().results;
  const storagesOf = async (who: string) =>
    (await call.get(who, '/client/getStorages')).json<GetStoragesResponse>().results;

  it.each([
    { who: 'hay', names: ['Hay — fire risk'] },
    { who: 'grain', names: ['Grain — hot spots'] },
    { who: 'compost', names: ['Compost — overheating'] },
  ])('gives the $who farm its monitor, default, on every storage', async ({ who, names }) => {
    const monitors = await monitorsOf(who);
    expect(monitors.map((m) => m.name)).toEqual(names);
    expect(monitors[0]!.defaultMonitor).toBe(true);
    const storages = await storagesOf(who);
    expect(storages.length).toBeGreaterThan(0);
    const owner = (await t.findUser(`${who}@demo.emberwatch`))!;
    for (const s of storages) {
      expect(s.monitor).toBe(monitors[0]!.itemID);
      // Its alerts reach the owner by e-mail and SMS (a reserved fictional number); the hay farm's
      // heating barn calls him too (decision 0072), the other storages do not.
      const calls = who === 'hay' && s.BS_ID === 'F1000001';
      expect(s.alertMessaging).toMatchObject({
        sms: { active: true, UIDS: [owner.id] },
        email: { active: true, UIDS: [owner.id] },
        voice: calls
          ? { active: true, UIDS: [owner.id], noCallHours: [0, 0], tempLimit: DEMO_HAY_LIMIT_C }
          : { active: false },
        sentinel: { active: false },
      });
    }
    expect(owner.phone).toMatch(/^\+1202555010\d$/);
    // Only the hay farm has voice calls switched on.
    expect(owner.voice_call_enabled).toBe(who === 'hay' ? 1 : 0);
  });

  it('watches hay at 55 °C, and compost with the compost rules', async () => {
    const [hay] = await monitorsOf('hay');
    expect(
      hay!.rules.map((r) => [r.type, 'alertLimit' in r.settings ? r.settings.alertLimit : null]),
    ).toEqual([
      ['ABS_MAX', DEMO_HAY_LIMIT_C * 10],
      ['REL_MAX', 100],
    ]);
    const [compost] = await monitorsOf('compost');
    expect(compost!.compost).toBe(true);
    expect(compost!.rules.every((r) => 'compostRule' in r.settings && r.settings.compostRule)).toBe(true);
  });

  it('marks stack 1 of the north barn as the heating stack in the stations file', () => {
    const north = t.stations.find((s) => s.bs_id === 'F1000001')!;
    expect(north.probes.slice(0, 5).map((p) => p.heating)).toEqual([1, 0.85, 0.7, 0.55, undefined]);
    for (const s of t.stations.filter((x) => x.bs_id !== 'F1000001'))
      expect(s.probes.every((p) => p.heating === undefined)).toBe(true);
  });

  it('raises an alert when the heating bale crosses 55 °C through the ingest protocol', async () => {
    const hayAccount = DEMO_ACCOUNTS.find((a) => a.username === 'hay@demo.emberwatch')!;
    const [bale] = demoProbeIds(hayAccount.stations[0]!);
    const now = Math.floor(Date.now() / 1000);
    await ingest(t, 'F1000001', [
      { sensor_id: bale!, meas_ts: now - 120, temperatures: [420, 510, 540] },
      { sensor_id: bale!, meas_ts: now - 60, temperatures: [450, 530, 561] },
    ]);
    const evaluator = (
      t.features.find((f) => f.name === 'monitors')!.exports as { evaluator: MonitorEvaluator }
    ).evaluator;
    await evaluator.idle();
    const [hay] = await monitorsOf('hay');
    const abs = hay!.rules.find((r) => r.type === 'ABS_MAX')!;
    expect(abs.currentAlerts).toEqual([expect.objectContaining({ sensor_id: bale, temperature: 561 })]);

    // The alert calls the owner: the call goes out through the outbox and the local fake provider
    // takes it, reading the alert and asking for the key 1 (decision 0072; README "voice call").
    const delivery = deliveryOf(t);
    await delivery.pump();
    const owner = (await t.findUser('hay@demo.emberwatch'))!;
    const calls = t.standIns.sms.messages().filter((m) => m.kind === 'voice');
    expect(calls).toEqual([expect.objectContaining({ to: owner.phone })]);
    expect(calls[0]!.body).toContain('<Gather');
    expect(calls[0]!.body).toContain('This is Emberwatch calling.');
    expect(calls[0]!.body).toContain('Press 1 to acknowledge this alert.');

    // The admin plays the farmer answering it (the outbox page's "Answer and press 1").
    const db = t.store.db.withTables<{
      delivery_messages: { id: number; channel: string; provider_id: string | null };
      delivery_alerts: { id: number; sensor_id: string; status: string; ack_via: string | null };
    }>();
    const voice = await db
      .selectFrom('delivery_messages')
      .select(['id', 'provider_id'])
      .where('channel', '=', 'voice')
      .executeTakeFirstOrThrow();
    expect(voice.provider_id).toBe(calls[0]!.sid);
    const sms = await db
      .selectFrom('delivery_messages')
      .select('id')
      .where('channel', '=', 'sms')
      .executeTakeFirstOrThrow();
    const press = (who: string, body: object) => call.post(who, '/admin/fakeCallKeys', body);
    expect((await press('hay', { messageId: voice.id })).statusCode).toBe(403);
    expect((await press('admin', { messageId: sms.id })).statusCode).toBe(404);
    expect((await press('admin', { messageId: 999_999 })).statusCode).toBe(404);
    expect((await press('admin', { messageId: voice.id, digits: 'OK' })).statusCode).toBe(400);
    const alert = () =>
      db.selectFrom('delivery_alerts').selectAll().where('sensor_id', '=', bale!).executeTakeFirstOrThrow();
    expect((await alert()).status).toBe('open');
    const pressed = await press('admin', { messageId: voice.id });
    expect(pressed.statusCode, pressed.body).toBe(200);
    expect(pressed.json()).toEqual({ status_code: 0, providerStatus: 200 });
    expect(await alert()).toMatchObject({ status: 'acknowledged', ack_via: 'voice' });
  });

  it('seeds nothing twice, and never again once a storage was saved without the monitor', async () => {
    const before = await t.store.db.selectFrom('monitors').selectAll().orderBy('owner_user_id').execute();
    expect(await seedDemoMonitors(t.store, 1)).toEqual({ created: 0 });
    expect(await t.store.db.selectFrom('monitors').selectAll().orderBy('owner_user_id').execute()).toEqual(
      before,
    );

    // The compost farmer takes the monitor off every storage and removes it: a restart keeps it gone.
    for (const s of await storagesOf('compost')) {
      const { UID: _u, undefinedLayoutType: _l, updated_ts: _t, ...item } = s;
      const saved = await call.post('compost', '/client/saveStorage', { item: { ...item, monitor: null } });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const [compost] = await monitorsOf('compost');
    expect(
      (await call.post('compost', '/client/removeMonitor', { itemID: compost!.itemID })).statusCode,
    ).toBe(200);
    expect(await seedDemoMonitors(t.store, 2)).toEqual({ created: 0 });
    expect(await monitorsOf('compost')).toEqual([]);
  });
});
