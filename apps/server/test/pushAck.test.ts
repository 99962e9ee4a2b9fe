import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushNotificationPayload } from '@emberwatch/shared/contracts/push';
import { PUSH_ACK_TTL_S } from '../src/features/delivery/ackLinks.js';
import { deliveryOf, evaluatorOf } from './support/deliveryHelpers.js';
import { ingest, type api } from './support/probeHelpers.js';
import { fakeBrowserKeys, type startPushServiceStandIn } from './support/pushServiceStandIn.js';
import { HAY_STATION as BS, hayOwnerWithPhone } from './support/subscribedPhone.js';
import { TEST_ENGINE, type TestApp } from './support/testApp.js';

const REPEAT_S = 30 * 60;

/** What the phone shows: the push message's payload, as the contract names it. */
type Shown = PushNotificationPayload;

/**
 * Issue 35 item 3 (decision 0129): a pushed alert names its storage, probe and temperature in the
 * recipient's unit, and carries a signed, expiring token with which the notification's Acknowledge
 * action acknowledges the alert without a session. A token that is not the server's, or past its
 * time, is refused with a clear 4xx and changes nothing.
 */
describe(`acknowledging a pushed alert from the notification, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let storageId: number;
  let probes: string[];
  let ownerId: number;
  let clock = Math.floor(Date.now() / 1000);
  const t0 = clock - 3600;
  const browser = fakeBrowserKeys();
  let standIn: Awaited<ReturnType<typeof startPushServiceStandIn>>;
  let shown: Shown;

  const settle = async () => {
    await evaluatorOf(t).idle();
    await deliveryOf(t).pump();
  };
  const groups = () =>
    t.store.db
      .withTables<{
        delivery_groups: {
          id: number;
          status: string;
          ack_via: string | null;
          ack_by_user_id: number | null;
        };
      }>()
      .selectFrom('delivery_groups')
      .selectAll()
      .orderBy('id')
      .execute();
  const pushes = () =>
    t.store.db
      .withTables<{ delivery_messages: { id: number; channel: string; kind: string } }>()
      .selectFrom('delivery_messages')
      .selectAll()
      .where('channel', '=', 'push')
      .orderBy('id')
      .execute();
  const press = (token: string) =>
    t.app.inject({ method: 'POST', url: '/client/acknowledgeFromPush', payload: { token } });
  /** A signature with the server's own key (as only the server can make), under a label. */
  const serverSignature = async (text: string) => {
    const { value } = await t.store.db
      .withTables<{ delivery_keys: { name: string; value: string } }>()
      .selectFrom('delivery_keys')
      .select('value')
      .where('name', '=', 'ack-links')
      .executeTakeFirstOrThrow();
    return createHmac('sha256', Buffer.from(value, 'base64url')).update(text).digest('base64url');
  };
  const signedByServer = async (groupId: number, userId: number, expiresS: number) =>
    `${groupId}.${userId}.${expiresS}.${await serverSignature(`push-ack:${groupId}:${userId}:${expiresS}`)}`;

  beforeAll(async () => {
    // The owner reads °F: the notification's temperature is in the owner's unit.
    ({ t, call, storageId, probes, ownerId, standIn } = await hayOwnerWithPhone({
      nowS: () => clock,
      phone: browser,
      prefs: { degrees: 'F' },
    }));
    const p = probes[0]!;
    await ingest(t, BS, [
      { sensor_id: p, meas_ts: t0, temperatures: [500, 500, 500] },
      { sensor_id: p, meas_ts: t0 + 600, temperatures: [500, 650, 500] },
    ]);
    await settle();
    expect(standIn.received).toHaveLength(1);
    shown = JSON.parse(browser.decrypt(standIn.received[0]!.body)) as Shown;
  });
  afterAll(async () => {
    await standIn.close();
    await t.close();
  });

  it('names the storage, the probe and the temperature in the owner’s unit, and offers both actions', async () => {
    const storages = await call.get('hay', '/client/getStorages');
    const storage = storages
      .json<{ results: { itemID: number; name: string }[] }>()
      .results.find((s) => s.itemID === storageId)!;
    expect(shown.alert).toEqual({
      storage: storage.name,
      probe: expect.any(String) as string,
      temperature: '149.0 °F',
    });
    expect(shown.body).toContain(storage.name);
    expect(shown.body).toContain('149.0 °F');
    expect(shown.body).toContain(shown.alert!.probe);
    expect(shown.url).toBe(`/storages/${storageId}/probes/${probes[0]}`);
    expect(shown.ack).toEqual({
      token: expect.stringMatching(/^\d+\.\d+\.\d+\.[\w-]+$/) as string,
      label: 'Acknowledge',
      openLabel: expect.any(String) as string,
    });
    const [groupId, userId, expiresS] = shown.ack!.token.split('.').map(Number);
    expect(groupId).toBe((await groups())[0]!.id);
    expect(userId).toBe(ownerId);
    expect(expiresS).toBe(clock + PUSH_ACK_TTL_S);
  });

  it('refuses a token that is not the server’s (changed, forged, cut, an e-mail link’s), changing nothing', async () => {
    const [g, u, e, sig] = shown.ack!.token.split('.') as [string, string, string, string];
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    // The e-mail link's signature of the same group, person and time (decision 0068): not a push token.
    const emailSig = await serverSignature(`ack-group:${g}:${u}:${e}`);
    for (const token of [
      `${g}.${u}.${e}.${flipped}`,
      `${g}.${u}.${Number(e) + 86_400}.${sig}`,
      `${Number(g) + 1}.${u}.${e}.${sig}`,
      `${g}.${Number(u) + 1}.${e}.${sig}`,
      `${g}.${u}.${e}`,
      `${g}.${u}.${e}.${emailSig}`,
    ]) {
      const r = await press(token);
      expect(r.statusCode, token).toBe(403);
      expect(r.json()).toMatchObject({ status_code: 403, error: 'This acknowledgement link is not valid.' });
    }
    // Not a token at all: the request's shape is refused before any check.
    expect((await press('')).statusCode).toBe(400);
    expect((await groups())[0]).toMatchObject({ status: 'open', ack_via: null });
  });

  it('refuses a token past its two days with 410, changing nothing', async () => {
    const now = clock;
    clock = now + PUSH_ACK_TTL_S + 1;
    try {
      const r = await press(shown.ack!.token);
      expect(r.statusCode).toBe(410);
      expect(r.json<{ error: string }>().error).toMatch(/expired/);
    } finally {
      clock = now;
    }
    expect((await groups())[0]).toMatchObject({ status: 'open', ack_via: null });
  });

  it('a signed token of a group that is not there is not found', async () => {
    const r = await press(await signedByServer(999_999, ownerId, clock + 60));
    expect(r.statusCode).toBe(404);
  });

  it('acknowledges with no session: the group is the owner’s acknowledgement by push, its repeats stop', async () => {
    const r = await press(shown.ack!.token);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ status_code: 0, acknowledged: 1 });
    expect((await groups())[0]).toMatchObject({
      status: 'acknowledged',
      ack_via: 'push',
      ack_by_user_id: ownerId,
    });
    const log = await call.get('hay', `/client/getDeliveryLog?itemID=${storageId}`);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.body).toContain('"via":"push"');
    // No repeat follows an acknowledged alert.
    clock += REPEAT_S;
    await settle();
    expect((await pushes()).map((m) => m.kind)).toEqual(['raise']);
    // A second press (another device, the same notification) acknowledges nothing more.
    expect((await press(shown.ack!.token)).json()).toEqual({ status_code: 0, acknowledged: 0 });
  });
});
