import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryLogResponse } from '@emberwatch/shared/contracts/delivery';
import type { GetMonitorsResponse } from '@emberwatch/shared/contracts/monitors';
import type { DeliveryTables } from '../src/features/delivery/delivery.tables.js';
import {
  deliveryOf,
  evaluatorOf,
  mailText,
  monitoredStorageWithMessaging,
  smsReplyFrom,
} from './support/deliveryHelpers.js';
import { api, ingest } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const HAY = 'hay@demo.emberwatch';
const PUBLIC_URL = 'http://emberwatch.test';
const REPEAT_S = 30 * 60;
const WAIT_S = 5;

/** Issue 27 items 6 and 9 (decision 0067): alerts raised together are told together. */
describe(`grouped alert delivery on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let north: { storageId: number; probes: string[] };
  let south: { storageId: number; probes: string[] };
  const names = new Map<string, string>();
  const nameOf = (p: string) => names.get(p) ?? p;
  let clock = Math.floor(Date.now() / 1000);
  const t0 = clock - 3600;
  const sms = () => t.standIns.sms.messages();
  const mails = () => t.standIns.smtp.mails();
  const settle = async () => {
    await evaluatorOf(t).idle();
    await deliveryOf(t).pump();
  };
  const hot = (bs: string, probes: string[], ts: number, temp = 650) =>
    ingest(
      t,
      bs,
      probes.flatMap((p) => [
        { sensor_id: p, meas_ts: ts - 600, temperatures: [500, 500, 500] },
        { sensor_id: p, meas_ts: ts, temperatures: [500, temp, 500] },
      ]),
    );
  let replies = 0;
  const reply = (body: string) =>
    smsReplyFrom(t, PUBLIC_URL, { MessageSid: `SMg${++replies}`, From: '+12025550101', Body: body });

  const relogin = async () => {
    call = api(t, { hay: await t.login(HAY) });
  };

  beforeAll(async () => {
    t = await createTestApp({
      nowS: () => clock,
      env: { PUBLIC_URL, DELIVERY_GROUP_WAIT_S: String(WAIT_S), DELIVERY_MAX_REPEATS: '2' },
    });
    await relogin();
    north = await monitoredStorageWithMessaging(t, call, 'hay', HAY, 'F1000001');
    south = await monitoredStorageWithMessaging(t, call, 'hay', HAY, 'F1000002');
    for (const p of await t.store.db.selectFrom('probes').select(['sensor_id', 'sensor_name']).execute())
      names.set(p.sensor_id, p.sensor_name?.trim() || p.sensor_id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('waits the gathering seconds, then tells four probes crossing together in one SMS and one e-mail', async () => {
    await hot('F1000001', north.probes.slice(0, 3), t0);
    await settle();
    expect(sms()).toHaveLength(0);
    clock += 2;
    await hot('F1000001', [north.probes[3]!], t0 + 60, 700);
    await settle();
    expect(sms()).toHaveLength(0);
    clock += WAIT_S;
    await settle();
    expect(sms()).toHaveLength(1);
    expect(mails()).toHaveLength(1);
    const body = sms()[0]!.body;
    // The hottest (70.0 °C) leads; the three others follow.
    expect(
      body.startsWith(
        `Emberwatch alert: probe ${nameOf(north.probes[3]!)}, depth 2 in North barn is 70.0 °C`,
      ),
    ).toBe(true);
    expect(body).toContain('Also in alert:');
    for (const p of north.probes.slice(0, 3)) expect(body).toContain(`${nameOf(p)} (65.0 °C)`);
    expect(body).toMatch(/Reply OK [0-9A-Z]+ to acknowledge\./);
    expect(mailText(mails()[0]!.raw)).toContain('(4 probes)');
  });

  it('lets an alert raised while the message is open join its next repeat instead of its own message', async () => {
    clock += 60;
    await hot('F1000001', [north.probes[4]!], t0 + 120);
    await settle();
    expect(sms()).toHaveLength(1);
    clock += REPEAT_S;
    await settle();
    expect(sms()).toHaveLength(2);
    expect(sms()[1]!.body).toMatch(/^Reminder 1: /);
    expect(sms()[1]!.body).toContain(`${nameOf(north.probes[4]!)} (65.0 °C)`);
    // The storage's delivery log shows each alert with the group's messages that told of it.
    await relogin();
    const log = (
      await call.get('hay', `/client/getDeliveryLog?itemID=${north.storageId}`)
    ).json<DeliveryLogResponse>();
    const kinds = (sensor: string) =>
      log.alerts.find((a) => a.sensor_id === sensor)!.messages.map((m) => `${m.kind}:${m.channel}`);
    expect(kinds(north.probes[0]!)).toEqual(['raise:sms', 'raise:email', 'repeat:sms', 'repeat:email']);
    expect(kinds(north.probes[4]!)).toEqual(['repeat:sms', 'repeat:email']);
    expect(log.alerts.find((a) => a.sensor_id === north.probes[0])).toMatchObject({ step: 1 });
  });

  it('answers a plain OK with the choices when two messages are open, and OK with a code acknowledges one group', async () => {
    await hot('F1000002', south.probes.slice(0, 2), t0 + 180);
    await settle();
    clock += WAIT_S;
    await settle();
    const southSms = sms().at(-1)!.body;
    expect(southSms).toContain('(65.0 °C)');
    const northCode = /Reply OK ([0-9A-Z]+)/.exec(sms()[0]!.body)![1]!;
    const southCode = /Reply OK ([0-9A-Z]+)/.exec(southSms)![1]!;
    expect(northCode).not.toBe(southCode);

    const which = await reply('OK');
    expect(which).toContain(`OK ${northCode} for North barn`);
    expect(which).toContain(`OK ${southCode} for South barn`);

    expect(await reply(`ok ${southCode}`)).toBe('Emberwatch: alerts acknowledged: 2. Thank you.');
    await relogin();
    const monitors = (await call.get('hay', '/client/getMonitors')).json<GetMonitorsResponse>().results;
    const alerts = monitors.flatMap((m) => m.rules.flatMap((r) => r.currentAlerts ?? []));
    const acked = alerts.filter((a) => a.ack).map((a) => a.sensor_id);
    expect(acked.sort()).toEqual(south.probes.slice(0, 2).sort());

    // The north group is the only one open now: a plain OK acknowledges all five of its alerts.
    expect(await reply('OK')).toBe('Emberwatch: alerts acknowledged: 5. Thank you.');
    const before = sms().length;
    clock += 3 * REPEAT_S;
    await settle();
    expect(sms()).toHaveLength(before);
  });

  it('sends one all-clear for the group once every alert of it has ended', async () => {
    const before = sms().length;
    const cool = (probes: string[], ts: number) =>
      ingest(
        t,
        'F1000001',
        probes.map((p) => ({ sensor_id: p, meas_ts: ts, temperatures: [500, 500, 500] })),
      );
    await cool(north.probes.slice(0, 4), t0 + 1200);
    await settle();
    expect(sms()).toHaveLength(before);
    // The four that ended are noted while the fifth stays on (a step that writes no group field).
    const noted = await t.store.db
      .withTables<DeliveryTables>()
      .selectFrom('delivery_alerts')
      .select(['sensor_id', 'status', 'clear_pending'])
      .where('sensor_id', 'in', north.probes.slice(0, 4))
      .where('storage_id', '=', north.storageId)
      .execute();
    expect(noted.length).toBeGreaterThan(0);
    expect(noted.filter((a) => a.status !== 'cleared' || a.clear_pending !== 0)).toEqual([]);
    await cool([north.probes[4]!], t0 + 1260);
    await settle();
    expect(sms()).toHaveLength(before + 1);
    expect(sms().at(-1)!.body).toMatch(/^Emberwatch: the alerts of 5 probes in North barn have ended/);
  });
});
