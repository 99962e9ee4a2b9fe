import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryRepository } from '../src/features/delivery/delivery.repository.js';
import type { DeliveryTables } from '../src/features/delivery/delivery.tables.js';
import { deliveryOf, evaluatorOf, monitoredStorageWithMessaging } from './support/deliveryHelpers.js';
import { api, ingest } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const BS = 'F1000001';
const HAY = 'hay@demo.emberwatch';

describe(`the delivery outbox on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let probes: string[];
  let ownerId: number;
  // The daily cap counts from UTC midnight and the tests move the clock on by over an hour: start at
  // least six hours before midnight, or the cap's day changes under the test (it failed after ~22:50 UTC).
  let clock = Math.floor(Date.now() / 1000);
  if (clock % 86_400 > 18 * 3600) clock += 86_400 - (clock % 86_400) + 3600;
  const t0 = clock - 3600;
  let tick = 0;

  const db = () => t.store.db.withTables<DeliveryTables>();
  const rows = (channel: string) =>
    db().selectFrom('delivery_messages').selectAll().where('channel', '=', channel).orderBy('id').execute();
  const fake = () => t.standIns.sms;
  const settle = async () => {
    await evaluatorOf(t).idle();
    await deliveryOf(t).pump();
  };
  /** A new alert on a probe of the storage: a cool reading, then a hot one. */
  const heat = async (i: number) => {
    tick += 1200;
    await ingest(t, BS, [
      { sensor_id: probes[i]!, meas_ts: t0 + tick, temperatures: [500, 500, 500] },
      { sensor_id: probes[i]!, meas_ts: t0 + tick + 600, temperatures: [700, 500, 500] },
    ]);
    await settle();
  };

  beforeAll(async () => {
    t = await createTestApp({
      nowS: () => clock,
      env: { DELIVERY_SMS_DAILY_CAP: '3', DELIVERY_MAX_REPEATS: '0' },
    });
    const call = api(t, { hay: await t.login(HAY) });
    ({ probes, ownerId } = await monitoredStorageWithMessaging(t, call, 'hay', HAY, BS, { sms: true }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('retries a message the provider could not take, with back-off, until it is sent', async () => {
    fake().setFaults(1, 503);
    await heat(0);
    let [m] = await rows('sms');
    expect(m).toMatchObject({ status: 'pending', attempts: 1 });
    expect(m!.last_error).toMatch(/HTTP 503/);
    expect(m!.next_attempt_ts).toBeGreaterThan(clock);
    // Not before its time.
    await deliveryOf(t).pump();
    expect((await rows('sms'))[0]!.attempts).toBe(1);
    clock += 20;
    await deliveryOf(t).pump();
    expect((await rows('sms'))[0]).toMatchObject({ status: 'pending', attempts: 2 });
    fake().setFaults(0);
    clock += 60;
    await deliveryOf(t).pump();
    [m] = await rows('sms');
    expect(m).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(m!.provider_id).toMatch(/^SM/);
    expect(
      fake()
        .messages()
        .filter((x) => x.to === m!.address),
    ).toHaveLength(1);
  });

  it('does not retry what the provider refuses for good, and keeps the reason', async () => {
    fake().setFaults(1, 400);
    await heat(1);
    const m = (await rows('sms')).at(-1)!;
    expect(m).toMatchObject({ status: 'failed', attempts: 1 });
    expect(m.last_error).toMatch(/HTTP 400 \(21211\)/);
    clock += 3600;
    await deliveryOf(t).pump();
    expect((await rows('sms')).at(-1)).toMatchObject({ status: 'failed', attempts: 1 });
    fake().setFaults(0);
  });

  it("stops at the account's daily SMS cap and tells the owner", async () => {
    await heat(2); // the third SMS of the day: still within the cap of 3
    await heat(3); // over it
    const [third, fourth] = (await rows('sms')).slice(-2);
    expect(third!.status).toBe('sent');
    expect(fourth).toMatchObject({ status: 'capped', attempts: 0 });
    expect(fourth!.last_error).toMatch(/daily sms limit \(3\)/);
    // The notice is written beside the delivery (capReached is not awaited by the pump): wait for it.
    const notices = () =>
      t.store.db
        .withTables<{ notifications: { owner_user_id: number; kind: string } }>()
        .selectFrom('notifications')
        .selectAll()
        .where('owner_user_id', '=', ownerId)
        .where('kind', '=', 'dailyCap')
        .execute();
    await expect.poll(async () => (await notices()).length).toBe(1);
  });

  it('sends again a message whose worker died mid-send, once its claim runs out (never lost)', async () => {
    const repo = new DeliveryRepository(t.store.db, t.store.engine);
    const before = fake().messages().length;
    const [id] = await insertPending(repo, ownerId, clock, 1);
    // A worker claims it and is killed before it records anything.
    const claimed = await repo.claim(clock, 10, 120);
    expect(claimed.map((c) => c.id)).toEqual([id]);
    await deliveryOf(t).pump();
    expect(fake().messages().length).toBe(before); // still held by the dead worker's claim
    clock += 121;
    await deliveryOf(t).pump();
    expect(
      (await db().selectFrom('delivery_messages').selectAll().where('id', '=', id!).executeTakeFirst())!,
    ).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
    expect(fake().messages().length).toBe(before + 1);
  });

  it("sends the account's codes as SMS and blanks their text once sent", async () => {
    const send = (deliveryOf(t) as unknown as { sendCode: (m: object) => Promise<void> }).sendCode;
    await send({ userId: ownerId, to: '+358 40 765 4321', text: 'Your Emberwatch code is 4321' });
    await deliveryOf(t).pump();
    expect(fake().messages().at(-1)).toMatchObject({
      to: '+358407654321',
      body: 'Your Emberwatch code is 4321',
    });
    const row = (await rows('sms')).at(-1)!;
    expect(row).toMatchObject({ kind: 'code', status: 'sent', body: '[code sent]' });
    // The demo's "phone": an admin reads what the fake provider took; nobody else may.
    const call = api(t, { admin: await t.login('admin@demo.emberwatch'), hay: await t.login(HAY) });
    const phone = await call.get(
      'admin',
      `/admin/fakeSmsMessages?to=${encodeURIComponent('+358 40 765 4321')}`,
    );
    expect(phone.statusCode, phone.body).toBe(200);
    expect(phone.json<{ results: { to: string; body: string }[] }>().results[0]).toMatchObject({
      to: '+358407654321',
      body: 'Your Emberwatch code is 4321',
    });
    expect((await call.get('hay', '/admin/fakeSmsMessages')).statusCode).toBe(403);
  });

  it('never hands one message to two workers at once', async () => {
    const repo = new DeliveryRepository(t.store.db, t.store.engine);
    // Due in the future, so that only these workers (not the server's own pump) see them.
    const later = clock + 86_400;
    const ids = await insertPending(repo, ownerId, later, 120);
    const claims = await Promise.all(Array.from({ length: 8 }, () => repo.claim(later, 20, 120)));
    const taken = claims.flat().map((m) => m.id);
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken.every((id) => ids.includes(id))).toBe(true);
    expect(taken.length).toBe(120);
  });
});

async function insertPending(
  repo: DeliveryRepository,
  ownerId: number,
  now: number,
  n: number,
): Promise<number[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    owner_user_id: ownerId,
    delivery_alert_id: null,
    storage_id: null,
    kind: 'test' as const,
    step: 0,
    channel: 'sms',
    recipient_user_id: ownerId,
    recipient_name: 'Owner',
    address: `+3584000${String(i).padStart(5, '0')}`,
    sender: '+358401234567',
    language: 'en',
    subject: 'test',
    body: `test ${i}`,
    html: null,
    payload: null,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_ts: now,
    created_ts: now,
  }));
  const out = await repo.db.insertInto('delivery_messages').values(rows).returning('id').execute();
  return out.map((r) => r.id);
}
