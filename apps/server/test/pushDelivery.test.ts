import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDb } from '../src/features/push/index.js';
import { deliveryOf, evaluatorOf } from './support/deliveryHelpers.js';
import { ingest } from './support/probeHelpers.js';
import { fakeBrowserKeys, type startPushServiceStandIn } from './support/pushServiceStandIn.js';
import { HAY_STATION as BS, hayOwnerWithPhone } from './support/subscribedPhone.js';
import { TEST_ENGINE, type TestApp } from './support/testApp.js';

const REPEAT_S = 30 * 60;

/**
 * The whole path of a web push (issue 12 "Done means": a heating stack sends a web push to a
 * subscribed browser, in the recipient's language): a monitored stack crosses its limit, the outbox
 * plans a push message for the owner who has push on a device, the push channel sends it to the
 * stand-in push service, and what arrives opens (RFC 8291) with the browser's keys.
 */
describe(`an alert reaching a subscribed browser through the outbox, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let storageId: number;
  let probes: string[];
  let ownerId: number;
  let clock = Math.floor(Date.now() / 1000);
  const t0 = clock - 3600;
  const browser = fakeBrowserKeys();
  let gone = false;
  let standIn: Awaited<ReturnType<typeof startPushServiceStandIn>>;

  const messagesOf = (channel: string) =>
    t.store.db
      .withTables<{
        delivery_messages: { id: number; channel: string; kind: string; status: string; address: string };
      }>()
      .selectFrom('delivery_messages')
      .selectAll()
      .where('channel', '=', channel)
      .orderBy('id')
      .execute();
  const pushMessages = () => messagesOf('push');
  const settle = async () => {
    await evaluatorOf(t).idle();
    await deliveryOf(t).pump();
  };

  beforeAll(async () => {
    // The language messages to the owner are written in: the one chosen in the settings (decision 0045).
    ({ t, storageId, probes, ownerId, standIn } = await hayOwnerWithPhone({
      nowS: () => clock,
      phone: browser,
      prefs: { language: 'fi' },
      answer: () => (gone ? 410 : 201),
    }));
  });
  afterAll(async () => {
    await standIn.close();
    await t.close();
  });

  it('pushes the alert to the owner’s phone in Finnish, linking to the probe', async () => {
    const p = probes[0]!;
    await ingest(t, BS, [
      { sensor_id: p, meas_ts: t0, temperatures: [500, 500, 500] },
      { sensor_id: p, meas_ts: t0 + 600, temperatures: [500, 650, 500] },
    ]);
    await settle();
    expect((await pushMessages()).map((m) => [m.kind, m.status, m.address])).toEqual([
      ['raise', 'sent', String(ownerId)],
    ]);
    expect(standIn.received).toHaveLength(1);
    expect(standIn.refused).toEqual([]);
    expect(standIn.verified.map((v) => v.claims.aud)).toEqual([standIn.origin]);
    const shown = JSON.parse(browser.decrypt(standIn.received[0]!.body)) as Record<string, string>;
    expect(shown.url).toBe(`/storages/${storageId}/probes/${p}`);
    expect(shown.tag).toMatch(/^alert-\d+$/);
    expect(shown.body).toContain('65,0 °C');
    // The Finnish words of the delivery texts, not the English ones.
    expect(`${shown.title} ${shown.body}`).not.toMatch(/\b(above|limit|alert)\b/i);
    expect(standIn.received[0]!.headers).toMatchObject({ urgency: 'high', topic: shown.tag });
  });

  it('fails the repeat for good when the phone has dropped the subscription, and forgets the phone', async () => {
    gone = true;
    clock += REPEAT_S;
    await settle();
    const repeat = (await pushMessages()).find((m) => m.kind === 'repeat');
    expect(repeat?.status).toBe('failed');
    expect(await pushDb(t.store.db).selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
    // The next step plans no push for a user without a device.
    clock += REPEAT_S;
    await settle();
    expect((await messagesOf('email')).filter((m) => m.kind === 'repeat')).toHaveLength(2);
    expect((await pushMessages()).filter((m) => m.kind === 'repeat')).toHaveLength(1);
  });
});
