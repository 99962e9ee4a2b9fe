import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryLogResponse, OutboxResponse } from '@emberwatch/shared/contracts/delivery';
import type { GetMonitorsResponse } from '@emberwatch/shared/contracts/monitors';
import type { SentinelCallResponse } from '@emberwatch/shared/contracts/sentinel';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { twilioSignature } from '../src/features/delivery/channels/twilioSignature.js';
import {
  deliveryOf,
  evaluatorOf,
  mailText,
  monitoredStorageWithMessaging,
} from './support/deliveryHelpers.js';
import { api, ingest } from './support/probeHelpers.js';
import { startSentinelReceiver } from './support/sentinelReceiver.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const BS = 'F1000001';
const HAY = 'hay@demo.emberwatch';
const PUBLIC_URL = 'http://emberwatch.test';
const REPEAT_S = 30 * 60;

describe(`alert delivery on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let storageId: number;
  let probes: string[];
  let clock = Math.floor(Date.now() / 1000);
  const t0 = clock - 3600;

  const messages = () =>
    t.store.db
      .withTables<{
        delivery_messages: {
          id: number;
          channel: string;
          kind: string;
          status: string;
          step: number;
          body: string;
          address: string;
        };
      }>()
      .selectFrom('delivery_messages')
      .selectAll()
      .orderBy('id')
      .execute();
  const settle = async () => {
    await evaluatorOf(t).idle();
    await deliveryOf(t).pump();
  };
  const inbound = (url: string, params: Record<string, string>, sign = true) => {
    const token = t.standIns.sms.authToken;
    return t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(sign ? { 'x-twilio-signature': twilioSignature(token, `${PUBLIC_URL}${url}`, params) } : {}),
      },
      payload: new URLSearchParams(params).toString(),
    });
  };

  // Tokens last 15 minutes of the test's clock, which these tests move by hours.
  const relogin = async () => {
    call = api(t, {
      hay: await t.login(HAY),
      grain: await t.login('grain@demo.emberwatch'),
      admin: await t.login('admin@demo.emberwatch'),
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock, env: { PUBLIC_URL, DELIVERY_MAX_REPEATS: '2' } });
    await relogin();
    ({ storageId, probes } = await monitoredStorageWithMessaging(t, call, 'hay', HAY, BS));
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends an SMS to the fake provider and an e-mail over SMTP when a stack crosses its limit', async () => {
    const p = probes[0]!;
    await ingest(t, BS, [
      { sensor_id: p, meas_ts: t0, temperatures: [500, 500, 500] },
      { sensor_id: p, meas_ts: t0 + 600, temperatures: [500, 650, 500] },
    ]);
    await settle();
    const sent = await messages();
    expect(sent.map((m) => [m.channel, m.kind, m.status])).toEqual([
      ['sms', 'raise', 'sent'],
      ['email', 'raise', 'sent'],
    ]);
    const sms = t.standIns.sms.messages();
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ kind: 'sms', to: '+12025550101', from: '+358401234567' });
    expect(sms[0]!.body).toContain('65.0 °C, above the limit 60.0 °C');
    expect(sms[0]!.body).toContain('depth 2');
    expect(sms[0]!.body).toContain('Reply OK');
    expect(sms[0]!.body).toContain(`${PUBLIC_URL}/storages/${storageId}/probes/${p}`);
    const mails = t.standIns.smtp.mails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['hay@example.com']);
    const text = mailText(mails[0]!.raw);
    expect(text).toMatch(/Subject: Emberwatch alert: /);
    expect(text).toContain(`${PUBLIC_URL}/delivery/ack?a=`);
    expect(text).toContain('text/html');
  });

  it('repeats at the interval while nobody acknowledges', async () => {
    await settle();
    expect(await messages()).toHaveLength(2);
    clock += REPEAT_S;
    await settle();
    const repeats = (await messages()).filter((m) => m.kind === 'repeat');
    expect(repeats.map((m) => [m.channel, m.step, m.status])).toEqual([
      ['sms', 1, 'sent'],
      ['email', 1, 'sent'],
    ]);
    expect(repeats[0]!.body).toMatch(/^Reminder 1: Emberwatch alert/);
  });

  it("refuses an inbound SMS without the provider's signature; a signed OK acknowledges", async () => {
    const res = await inbound(
      '/delivery/sms/inbound',
      { MessageSid: 'SMx1', From: '+12025550101', Body: 'OK' },
      false,
    );
    expect(res.statusCode).toBe(403);
    const res2 = await inbound('/delivery/sms/inbound', {
      MessageSid: 'SMx1',
      From: '+12025550101',
      Body: 'OK',
    });
    // A forged signature (signed for another URL) is refused too.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/delivery/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(t.standIns.sms.authToken, 'http://elsewhere/x', {
          MessageSid: 'SMx2',
        }),
      },
      payload: 'MessageSid=SMx2&From=%2B12025550101&Body=OK',
    });
    expect(forged.statusCode).toBe(403);
    expect(res2.statusCode).toBe(200);
    expect(res2.body).toContain('<Message>Emberwatch: alerts acknowledged: 1. Thank you.</Message>');
  });

  it('the reply OK acknowledged the alert in the monitor, and the repeats stop', async () => {
    await relogin();
    const monitors = (await call.get('hay', '/client/getMonitors')).json<GetMonitorsResponse>().results;
    const alert = monitors.find((m) => m.name === 'Hot stack')!.rules[0]!.currentAlerts![0]!;
    const hay = (await t.findUser(HAY))!;
    expect(alert.ack).toMatchObject({ by: hay.id, at: clock });
    const before = (await messages()).length;
    clock += 3 * REPEAT_S;
    await settle();
    expect(await messages()).toHaveLength(before);
    // The same callback delivered again acts once: nothing new to acknowledge, nothing sent.
    const again = await inbound('/delivery/sms/inbound', {
      MessageSid: 'SMx1',
      From: '+12025550101',
      Body: 'OK',
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).not.toContain('<Message>');
  });

  it('sends the all-clear when the stack cools, by SMS and e-mail, asking nothing', async () => {
    const p = probes[0]!;
    await ingest(t, BS, [{ sensor_id: p, meas_ts: t0 + 1200, temperatures: [500, 500, 500] }]);
    await settle();
    const clears = (await messages()).filter((m) => m.kind === 'clear');
    expect(clears.map((m) => [m.channel, m.status])).toEqual([
      ['sms', 'sent'],
      ['email', 'sent'],
    ]);
    expect(clears[0]!.body).toMatch(/has ended/);
    expect(clears[0]!.body).not.toContain('Reply OK');
  });

  it("shows the storage's delivery log to its account, not to another", async () => {
    await relogin();
    const res = await call.get('hay', `/client/getDeliveryLog?itemID=${storageId}`);
    expect(res.statusCode, res.body).toBe(200);
    const [a] = res.json<DeliveryLogResponse>().alerts;
    expect(a).toMatchObject({
      sensor_id: probes[0],
      depth: 1,
      temperature: 650,
      threshold: 600,
      status: 'cleared',
    });
    expect(a!.ack).toMatchObject({ via: 'sms', byName: 'Hillside Hay Farm' });
    expect(a!.messages.map((m) => `${m.kind}:${m.channel}:${m.status}`)).toEqual([
      'raise:sms:sent',
      'raise:email:sent',
      'repeat:sms:sent',
      'repeat:email:sent',
      'clear:sms:sent',
      'clear:email:sent',
    ]);
    const hay = (await t.findUser(HAY))!;
    const other = await call.get('grain', `/client/getDeliveryLog?itemID=${storageId}&UID=${hay.id}`);
    expect(other.statusCode).toBe(403);
    const own = await call.get('grain', `/client/getDeliveryLog?itemID=${storageId}`);
    expect(own.json<DeliveryLogResponse>().alerts).toEqual([]);
  });

  it('lists every message on the outbox page for admins only', async () => {
    expect((await call.get('hay', '/admin/getOutbox')).statusCode).toBe(403);
    const res = await call.get('admin', '/admin/getOutbox?limit=3');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OutboxResponse>();
    expect(body.senders).toEqual({ email: 'local', sms: 'fake' });
    expect(body.messages).toHaveLength(3);
    expect(body.messages[0]!.id).toBeGreaterThan(body.messages[1]!.id);
  });

  it('words the messages in the language the person chose in the settings', async () => {
    await relogin();
    const prefs = await call.post('hay', '/client/uiPrefs', { prefs: { language: 'de' } });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const before = t.standIns.sms.messages().length;
    const q = probes[1]!;
    await ingest(t, BS, [
      { sensor_id: q, meas_ts: t0 + 2400, temperatures: [500, 500, 500] },
      { sensor_id: q, meas_ts: t0 + 3000, temperatures: [660, 500, 500] },
    ]);
    await settle();
    const sms = t.standIns.sms.messages().slice(before);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('Emberwatch-Alarm: Sonde');
    expect(sms[0]!.body).toMatch(/Antworten Sie OK [0-9A-Z]+ zum Bestätigen\./);
  });
});

/**
 * Issue 27 item 10: a rise-rate alert says it is a rate; the all-clear (SMS, e-mail, the Sentinel
 * webhook) carries the value that ended it and when; times name their zone — the station's, else the
 * account's.
 */
describe(`what the messages say, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let probes: string[];
  let receiver: Awaited<ReturnType<typeof startSentinelReceiver>>;
  let secret = 'unknown';
  const clock = Math.floor(Date.now() / 1000);
  const t0 = clock - 4 * 3600;
  const settle = async () => {
    await evaluatorOf(t).idle();
    await deliveryOf(t).pump();
  };

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock, env: { PUBLIC_URL, SENTINEL_ALLOW_PRIVATE: '1' } });
    call = api(t, {
      hay: await t.login(HAY),
      admin: await t.login('admin@demo.emberwatch'),
    });
    receiver = await startSentinelReceiver({ secret: () => secret, nowS: () => clock });
    const owner = (await t.findUser(HAY))!;
    const set = await call.post('admin', '/admin/setSentinelAlerts', {
      UID: owner.id,
      sentinelAlerts: { siteID: 'HILL-1', url: receiver.url },
    });
    expect(set.statusCode, set.body).toBe(200);
    secret = (await call.post('hay', '/sentinelCall', {})).json<SentinelCallResponse>().secret!;
    // The storage's station has no zone of its own: the account's (its other stations') is used.
    await t.store.db.updateTable('base_stations').set({ timezone: null }).where('id', '=', BS).execute();
    ({ probes } = await monitoredStorageWithMessaging(
      t,
      call,
      'hay',
      HAY,
      BS,
      { sms: true, email: true, sentinel: true },
      {
        id: 1,
        type: 'RISE_RATE',
        settings: { ...defaultRuleSettings('RISE_RATE'), alertLimit: 5, turnPoint: 6 },
      },
    ));
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('a rise-rate alert says the rise and the rate, in the zone of the account', async () => {
    const p = probes[0]!;
    await ingest(t, BS, [
      { sensor_id: p, meas_ts: t0, temperatures: [300, 300, 300] },
      { sensor_id: p, meas_ts: t0 + 7200, temperatures: [300, 362, 300] },
    ]);
    await settle();
    const [sms] = t.standIns.sms.messages();
    expect(sms!.body).toContain('is 36.2 °C: it rose 6.2 °C within 6 h, more than 0.5 °C an hour.');
    expect(sms!.body).not.toContain('limit');
    expect(sms!.body).toMatch(/Reading time \d+\/\d+\/\d{4}, \d+:\d\d [AP]M GMT\+[23]\./);
    const [raise] = receiver.calls;
    expect(raise?.verified).toBe(true);
    expect(raise?.body).toMatchObject({ kind: 'raise', temperatureC: 36.2 });
    expect(raise?.body.text).toContain('more than 0.5 °C an hour');
  });

  it('the all-clear says the temperature it fell to and when: SMS, e-mail and Sentinel', async () => {
    const p = probes[0]!;
    await ingest(t, BS, [{ sensor_id: p, meas_ts: t0 + 3 * 3600, temperatures: [300, 295, 300] }]);
    await settle();
    const sms = t.standIns.sms.messages();
    expect(sms.at(-1)!.body).toMatch(
      /has ended: the temperature is back to 29\.5 °C\. Ended \d+\/\d+\/\d{4}, \d+:\d\d [AP]M GMT\+[23]\.$/,
    );
    const mails = t.standIns.smtp.mails();
    expect(mailText(mails.at(-1)!.raw)).toContain('the temperature is back to 29.5 °C');
    const clear = receiver.calls.at(-1)!;
    expect(clear.verified).toBe(true);
    expect(clear.body).toMatchObject({
      kind: 'clear',
      temperatureC: 29.5,
      alertTime: new Date((t0 + 3 * 3600) * 1000).toISOString(),
    });
    expect(clear.body.text).toContain('back to 29.5 °C');
  });
});
