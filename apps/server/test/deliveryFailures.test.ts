import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxResponse } from '@emberwatch/shared/contracts/delivery';
import type { GetNotificationsResponse } from '@emberwatch/shared/contracts/notifications';
import {
  defaultAlertMessaging,
  type GetAlertRecipientsResponse,
  type GetStoragesResponse,
} from '@emberwatch/shared/contracts/storages';
import type { DeliveryTables } from '../src/features/delivery/delivery.tables.js';
import {
  deliveryOf,
  evaluatorOf,
  mailText,
  monitoredStorageWithMessaging,
} from './support/deliveryHelpers.js';
import { api, ingest } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const BS = 'F1000001';
const HAY = 'hay@demo.emberwatch';
const HELPER = 'hay-helper@demo.emberwatch';
const HELPER_MAIL = 'helper@hillside.test';
const OWNER_PHONE = '+12025550101';

/**
 * Issue 27 item 4 (decision 0070): a message that fails for good is never silent — the owner is told in
 * the app and on another channel that works, once per failing period, the recipient's health shows it
 * until a later message goes through, and the admin's outbox filters the failures.
 */
describe(`messages that fail for good on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  // The test's clock runs ahead by hours: each call logs in afresh (an access token is short-lived).
  const call = {
    get: async (who: 'hay' | 'admin', url: string) =>
      api(t, { [who]: await t.login(who === 'hay' ? HAY : 'admin@demo.emberwatch') }).get(who, url),
    post: async (who: 'hay', url: string, body: object) =>
      api(t, { [who]: await t.login(HAY) }).post(who, url, body),
  };
  let probes: string[];
  let storageId: number;
  let ownerId: number;
  let helperId: number;
  let clock = Math.floor(Date.now() / 1000);
  // The daily SMS cap counts from UTC midnight; the retries below move the clock by a day.
  if (clock % 86_400 > 12 * 3600) clock += 86_400 - (clock % 86_400) + 3600;
  const t0 = clock - 3600;
  let tick = 0;
  let probe = 0;

  const db = () => t.store.db.withTables<DeliveryTables>();
  const messages = (kind?: string) => {
    let q = db().selectFrom('delivery_messages').selectAll().orderBy('id');
    if (kind) q = q.where('kind', '=', kind as 'notice');
    return q.execute();
  };
  const smtp = () => t.standIns.smtp;
  const fake = () => t.standIns.sms;
  const textsToOwner = () =>
    fake()
      .messages()
      .filter((m) => m.to === OWNER_PHONE);
  const settle = async () => {
    await evaluatorOf(t).idle();
    await deliveryOf(t).pump();
  };
  /** A new alert on the next probe of the storage: a cool reading, then a hot one. */
  const heat = async () => {
    tick += 1200;
    clock += 1200;
    const sensor = probes[probe++]!;
    await ingest(t, BS, [
      { sensor_id: sensor, meas_ts: t0 + tick, temperatures: [500, 500, 500] },
      { sensor_id: sensor, meas_ts: t0 + tick + 600, temperatures: [700, 500, 500] },
    ]);
    await settle();
  };
  const helperHealth = async () => {
    const res = await call.get('hay', '/client/getAlertRecipients');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GetAlertRecipientsResponse>().results.find((r) => r.U_ID === helperId)!.health;
  };
  const failedNotice = async () =>
    (await call.get('hay', '/client/getNotifications'))
      .json<GetNotificationsResponse>()
      .results.find((n) => n.type === 'deliveryFailed');

  beforeAll(async () => {
    t = await createTestApp({
      nowS: () => clock,
      env: { DELIVERY_MAX_REPEATS: '0', DELIVERY_RETRY_BASE_S: '1' },
    });
    ({ probes, storageId, ownerId } = await monitoredStorageWithMessaging(
      t,
      api(t, { hay: await t.login(HAY) }),
      'hay',
      HAY,
      BS,
      {
        email: true,
      },
    ));
    helperId = (await t.findUser(HELPER))!.id;
    await t.store.db.updateTable('users').set({ email: HELPER_MAIL }).where('id', '=', helperId).execute();
    // The storage's e-mails go to the helper only: e-mail to someone else than the owner.
    const item = (await call.get('hay', '/client/getStorages'))
      .json<GetStoragesResponse>()
      .results.find((s) => s.itemID === storageId)!;
    const { UID: _u, undefinedLayoutType: _l, updated_ts: _t, ...rest } = item;
    const m = defaultAlertMessaging();
    m.email = { active: true, UIDS: [helperId] };
    const saved = await call.post('hay', '/client/saveStorage', { item: { ...rest, alertMessaging: m } });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a permanent SMTP 5xx: the owner is told in the app and by SMS, and the helper shows failing', async () => {
    const before = textsToOwner().length;
    smtp().failNext(1, 550);
    await heat();
    const [mail] = (await messages('raise')).filter((m) => m.address === HELPER_MAIL);
    expect(mail).toMatchObject({ status: 'failed', attempts: 1 });
    expect(mail!.last_error).toMatch(/SMTP 550/);

    // In the app: a deliveryFailed notification, high importance, leading to the storage.
    const n = await failedNotice();
    expect(n).toMatchObject({
      importance: 1,
      url: `/storages/${storageId}`,
      props: { text: 'email', name: 'Farm Helper', address: HELPER_MAIL, itemID: storageId, count: 1 },
    });
    expect(n!.props.error).toMatch(/SMTP 550/);

    // On another channel: one SMS to the owner's phone, through the outbox, naming whom and why.
    const [notice] = await messages('notice');
    expect(notice).toMatchObject({
      channel: 'sms',
      address: OWNER_PHONE,
      status: 'sent',
      recipient_user_id: ownerId,
    });
    const texts = textsToOwner().slice(before);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain(`E-mails to Farm Helper (${HELPER_MAIL}) cannot be delivered: SMTP 550`);
    expect(texts[0]!.body).toContain(`/storages/${storageId}`);

    // The account's alert settings: the helper's e-mail fails since then, with the error.
    const health = await helperHealth();
    expect(health).toHaveLength(1);
    expect(health[0]).toMatchObject({
      channel: 'email',
      address: HELPER_MAIL,
      failingSince: clock,
      failed: 1,
    });
    expect(health[0]!.lastError).toMatch(/SMTP 550/);
  });

  it('a second failure in the same failing period: the notification counts it, no second notice', async () => {
    const since = (await helperHealth())[0]!.failingSince;
    const before = textsToOwner().length;
    smtp().failNext(1, 550);
    await heat();
    expect(await messages('notice')).toHaveLength(1);
    expect(textsToOwner()).toHaveLength(before);
    expect((await failedNotice())!.props.count).toBe(2);
    expect((await helperHealth())[0]).toMatchObject({ failingSince: since, failed: 2 });
  });

  it('a later message that goes through: recovered', async () => {
    await heat();
    const mails = (await messages('raise')).filter((m) => m.address === HELPER_MAIL);
    expect(mails.at(-1)!.status).toBe('sent');
    expect(await helperHealth()).toEqual([]);
  });

  it('retries given up: failing again, and a new period gets its own notice', async () => {
    smtp().failNext(12, 451);
    await heat();
    for (let i = 0; i < 12; i++) {
      clock += 7200;
      await deliveryOf(t).pump();
    }
    const mail = (await messages('raise')).filter((m) => m.address === HELPER_MAIL).at(-1)!;
    expect(mail).toMatchObject({ status: 'failed', attempts: 12 });
    expect(mail.last_error).toMatch(/^Gave up after 12 attempts: SMTP 451/);
    const health = await helperHealth();
    expect(health[0]).toMatchObject({ channel: 'email', failed: 1 });
    expect(health[0]!.lastError).toMatch(/^Gave up after 12 attempts/);
    const notices = await messages('notice');
    expect(notices).toHaveLength(2);
    expect(notices[1]).toMatchObject({ channel: 'sms', address: OWNER_PHONE, status: 'sent' });
    expect(textsToOwner().at(-1)!.body).toContain('Gave up after 12 attempts');
  });

  it('a notice that fails starts no notice of its own (no loop)', async () => {
    await heat(); // recovered first: a new failing period follows
    expect(await helperHealth()).toEqual([]);
    smtp().failNext(1, 550);
    fake().setFaults(1, 400);
    try {
      await heat();
      clock += 7200;
      await deliveryOf(t).pump();
    } finally {
      fake().setFaults(0);
    }
    const notices = await messages('notice');
    expect(notices).toHaveLength(3);
    expect(notices[2]).toMatchObject({ channel: 'sms', address: OWNER_PHONE, status: 'failed' });
    // Nothing more was written: the failed notice is told in the app only.
    expect((await messages()).at(-1)!.id).toBe(notices[2]!.id);
    const all = (await call.get('hay', '/client/getNotifications')).json<GetNotificationsResponse>().results;
    expect(all.find((n) => n.type === 'deliveryFailed' && n.props.address === OWNER_PHONE)).toMatchObject({
      props: { text: 'sms', address: OWNER_PHONE },
    });
  });

  it("the admin's outbox: only failed messages, one account's, and the failing recipients", async () => {
    const failed = await call.get('admin', '/admin/getOutbox?status=failed&limit=100');
    expect(failed.statusCode, failed.body).toBe(200);
    const body = failed.json<OutboxResponse>();
    expect(body.messages.length).toBeGreaterThanOrEqual(5);
    expect(body.messages.every((m) => m.status === 'failed')).toBe(true);
    expect(body.failingRecipients.map((r) => [r.ownerId, r.channel, r.address])).toEqual(
      expect.arrayContaining([
        [ownerId, 'email', HELPER_MAIL],
        [ownerId, 'sms', OWNER_PHONE],
      ]),
    );
    const all = (await call.get('admin', '/admin/getOutbox?limit=100')).json<OutboxResponse>();
    expect(all.messages.some((m) => m.status === 'sent')).toBe(true);

    const other = await call.get('admin', `/admin/getOutbox?ownerId=${ownerId + 1000}`);
    expect(other.json<OutboxResponse>()).toMatchObject({ messages: [], failingRecipients: [] });
    const mine = (await call.get('admin', `/admin/getOutbox?ownerId=${ownerId}`)).json<OutboxResponse>();
    expect(mine.messages.every((m) => m.ownerId === ownerId)).toBe(true);
    expect(mine.failingRecipients).toHaveLength(2);

    expect((await call.get('admin', '/admin/getOutbox?status=lost')).statusCode).toBe(400);
    expect((await call.get('hay', '/admin/getOutbox?status=failed')).statusCode).toBe(403);
  });
  it('an invalid phone number from the provider: the owner gets an e-mail notice', async () => {
    const helperPhone = '+358401234567';
    await t.store.db.updateTable('users').set({ phone: helperPhone }).where('id', '=', helperId).execute();
    const item = (await call.get('hay', '/client/getStorages'))
      .json<GetStoragesResponse>()
      .results.find((s) => s.itemID === storageId)!;
    const { UID: _u, undefinedLayoutType: _l, updated_ts: _t, ...rest } = item;
    const m = defaultAlertMessaging();
    m.sms = { active: true, UIDS: [helperId] };
    const saved = await call.post('hay', '/client/saveStorage', { item: { ...rest, alertMessaging: m } });
    expect(saved.statusCode, saved.body).toBe(200);
    const ownerMail = (await t.findUser(HAY))!.email!;
    const mailsBefore = smtp().mails().length;
    fake().setFaults(1, 400);
    try {
      await heat();
    } finally {
      fake().setFaults(0);
    }
    const sms = (await messages('raise')).filter((x) => x.address === helperPhone).at(-1)!;
    expect(sms).toMatchObject({ status: 'failed', channel: 'sms' });
    const notice = (await messages('notice')).at(-1)!;
    expect(notice).toMatchObject({ channel: 'email', address: ownerMail, status: 'sent' });
    const mail = smtp()
      .mails()
      .slice(mailsBefore)
      .find((x) => x.to.includes(ownerMail));
    expect(mailText(mail!.raw)).toContain(
      `SMS messages to Farm Helper (${helperPhone}) cannot be delivered: HTTP 400 (21211)`,
    );
    expect((await helperHealth()).map((h) => h.channel)).toEqual(['email', 'sms']);
  });
});
