import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryTables } from '../src/features/delivery/delivery.tables.js';
import {
  deliveryOf,
  evaluatorOf,
  mailText,
  monitoredStorageWithMessaging,
  signedCallback,
} from './support/deliveryHelpers.js';
import { api, ingest } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const BS = 'F1000001';
const HAY = 'hay@demo.emberwatch';
const PUBLIC_URL = 'http://emberwatch.test';

describe(`acknowledging from a call or an e-mail on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let probes: string[];
  let clock = Math.floor(Date.now() / 1000);
  const t0 = clock - 3600;
  const db = () => t.store.db.withTables<DeliveryTables>();
  const settle = async () => {
    await evaluatorOf(t).idle();
    await deliveryOf(t).pump();
  };
  const alertOf = (sensor: string) =>
    db().selectFrom('delivery_alerts').selectAll().where('sensor_id', '=', sensor).executeTakeFirstOrThrow();
  const heat = async (sensor: string) => {
    await ingest(t, BS, [
      { sensor_id: sensor, meas_ts: t0, temperatures: [500, 500, 500] },
      { sensor_id: sensor, meas_ts: t0 + 600, temperatures: [720, 500, 500] },
    ]);
    await settle();
  };

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock, env: { PUBLIC_URL } });
    const call = api(t, { hay: await t.login(HAY) });
    await t.store.db
      .updateTable('users')
      .set({ voice_call_enabled: 1 })
      .where('username', '=', HAY)
      .execute();
    ({ probes } = await monitoredStorageWithMessaging(t, call, 'hay', HAY, BS, { email: true, voice: true }));
    // Calls day and night, above 60 °C (the default limit).
    const storage = await t.store.db
      .selectFrom('storage_probes')
      .select('storage_id')
      .where('sensor_id', '=', probes[0]!)
      .executeTakeFirstOrThrow();
    const row = await t.store.db
      .selectFrom('storages')
      .select('alert_messaging')
      .where('id', '=', storage.storage_id)
      .executeTakeFirstOrThrow();
    const m = JSON.parse(row.alert_messaging!) as { voice: { noCallHours: number[] } };
    m.voice.noCallHours = [0, 0];
    await t.store.db
      .updateTable('storages')
      .set({ alert_messaging: JSON.stringify(m) })
      .where('id', '=', storage.storage_id)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });
  /** The acknowledgement link of a mail, as a path. */
  const linkIn = (raw: string) =>
    /http:\/\/emberwatch\.test(\/delivery\/ack\?a=\d+&u=\d+&e=\d+&s=[\w-]+)/.exec(mailText(raw))![1]!;

  it('calls above the voice limit; pressing 1 acknowledges, once', async () => {
    await heat(probes[0]!);
    const calls = t.standIns.sms.messages().filter((m) => m.kind === 'voice');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toContain('<Say language="en-GB">This is Emberwatch calling.');
    expect(calls[0]!.body).toContain('Press 1 to acknowledge');
    const voice = await db()
      .selectFrom('delivery_messages')
      .selectAll()
      .where('channel', '=', 'voice')
      .executeTakeFirstOrThrow();
    const url = `/delivery/voice/gather?m=${voice.id}`;
    const press = (digits: string) =>
      signedCallback(t, PUBLIC_URL, url, { CallSid: calls[0]!.sid, Digits: digits, From: calls[0]!.to });

    const wrongKey = await press('2');
    expect(wrongKey.statusCode).toBe(200);
    expect((await alertOf(probes[0]!)).status).toBe('open');
    const res = await press('1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<Say>The alert is acknowledged. The reminders stop.</Say>');
    expect(await alertOf(probes[0]!)).toMatchObject({ status: 'acknowledged', ack_via: 'voice' });
    expect((await press('1')).statusCode).toBe(200);
  });

  it("the e-mail's link shows a page; only its button acknowledges; a changed link is refused", async () => {
    await heat(probes[1]!);
    const mails = t.standIns.smtp.mails();
    const link = linkIn(mails.at(-1)!.raw);
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post"');
    expect((await alertOf(probes[1]!)).status).toBe('open'); // opening the link (a mail scanner) is not enough
    const forged = await t.app.inject({
      method: 'POST',
      url: link.replace(/a=(\d+)/, (_m, a: string) => `a=${Number(a) + 1}`),
    });
    expect(forged.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'POST', url: link });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('The alert is acknowledged');
    expect(await alertOf(probes[1]!)).toMatchObject({ status: 'acknowledged', ack_via: 'email' });
  });

  let third = '';
  it('a link with its expiry moved on is refused: nothing is acknowledged', async () => {
    await heat(probes[2]!);
    third = linkIn(t.standIns.smtp.mails().at(-1)!.raw);
    const longer = third.replace(/e=(\d+)/, (_m, e: string) => `e=${Number(e) + 30 * 86_400}`);
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: longer,
        headers: { 'accept-language': 'de-DE,de;q=0.9' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Dieser Link ist nicht gültig.');
      expect(res.body).toContain('Es wurde nichts bestätigt.');
      expect(res.body).not.toContain('<form');
    }
    expect((await alertOf(probes[2]!)).status).toBe('open');
  });

  it("a link older than 7 days says it expired, in its reader's language, and acknowledges nothing", async () => {
    clock += 7 * 86_400 + 1;
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: third });
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain('This link has expired: acknowledgement links work for 7 days.');
      expect(res.body).toContain('Nothing has been acknowledged.');
      expect(res.body).not.toContain('<form');
    }
    expect((await alertOf(probes[2]!)).status).toBe('open');
  });
});

/**
 * Issue 27 item 8: two installations left on the default configuration sign differently — a link of
 * one is worthless at the other — while an operator's ACK_LINK_SECRET signs alike wherever it is set.
 */
describe(`acknowledgement links of separate installations on ${TEST_ENGINE}`, () => {
  const clock = Math.floor(Date.now() / 1000);
  const signatureOf = async (env: Record<string, string>) => {
    const t = await createTestApp({ nowS: () => clock, env: { PUBLIC_URL, ...env } });
    try {
      const call = api(t, { hay: await t.login(HAY) });
      const { probes } = await monitoredStorageWithMessaging(t, call, 'hay', HAY, BS, { email: true });
      await ingest(t, BS, [
        { sensor_id: probes[0]!, meas_ts: clock - 600, temperatures: [500, 500, 500] },
        { sensor_id: probes[0]!, meas_ts: clock - 300, temperatures: [720, 500, 500] },
      ]);
      await evaluatorOf(t).idle();
      await deliveryOf(t).pump();
      const link = /\/delivery\/ack\?[^\s"]+/.exec(mailText(t.standIns.smtp.mails().at(-1)!.raw))![0];
      const q = new URL(link, PUBLIC_URL).searchParams;
      // The same alert and person in each installation: only the key can tell them apart.
      return { what: `${q.get('a')}:${q.get('u')}:${q.get('e')}`, s: q.get('s'), link };
    } finally {
      await t.close();
    }
  };

  it('the default configuration signs differently in each installation', async () => {
    const one = await signatureOf({});
    const two = await signatureOf({});
    expect(one.what).toBe(two.what);
    expect(one.s).not.toBe(two.s);
  });

  it("an operator's ACK_LINK_SECRET signs alike in each", async () => {
    const secret = 'a-secret-of-this-farm-and-no-other-0123456789';
    const one = await signatureOf({ ACK_LINK_SECRET: secret });
    const two = await signatureOf({ ACK_LINK_SECRET: secret });
    expect(one.what).toBe(two.what);
    expect(one.s).toBe(two.s);
  });
});
