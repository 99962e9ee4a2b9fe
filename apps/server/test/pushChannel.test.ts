import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelAdapter, OutgoingMessage } from '../src/features/delivery/channels/ChannelAdapter.js';
import { PushChannel, pushDb } from '../src/features/push/index.js';
import { PushRepository } from '../src/features/push/push.repository.js';
import { PUSH_PAYLOAD_MAX_BYTES, pushPayloadJson } from '../src/features/push/pushPayload.js';
import { fakeBrowserKeys, startPushServiceStandIn } from './support/pushServiceStandIn.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * Decision 0048: the adapter the delivery feature's workers send 'push' messages with, against a
 * local HTTP server standing in for the browsers' push services, on the store's real table.
 */
describe(`the push channel against a stand-in push service, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof startPushServiceStandIn>>;
  let channel: ChannelAdapter;
  let userId: number;
  const browser = fakeBrowserKeys();
  const NOW = 1_760_000_000;

  beforeAll(async () => {
    t = await createTestApp();
    standIn = await startPushServiceStandIn();
    userId = (await t.findUser('hay@demo.emberwatch'))!.id;
    const repo = new PushRepository(t.store.db);
    const keys = await repo.vapidKeys(() => ({ publicKey: 'unused', privateKey: 'unused' }), NOW);
    // The class as the delivery feature takes it: the compiler checks it is a ChannelAdapter.
    channel = new PushChannel({
      repo,
      vapid: () => ({ subject: 'mailto:ops@example.com', ...keys }),
      nowS: () => NOW,
    }) satisfies ChannelAdapter;
  });
  afterAll(async () => {
    await standIn.close();
    await t.close();
  });
  afterEach(async () => {
    standIn.received.length = 0;
    await db().deleteFrom('push_subscriptions').execute();
  });

  const db = () => pushDb(t.store.db);
  const devices = () =>
    db().selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  async function device(path: string, user = userId) {
    await db()
      .insertInto('push_subscriptions')
      .values({
        user_id: user,
        endpoint: `${standIn.origin}/${path}`,
        p256dh: browser.p256dh,
        auth: browser.auth,
        label: path,
        created_ts: NOW - 100,
      })
      .execute();
  }
  const message = (over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
    id: 77,
    channel: 'push',
    to: String(userId),
    subject: 'Hot: North barn',
    text: 'Probe H10101 at 1.5 m: 61.2 °C, above 55.0 °C. 24.10.2025 08:30',
    language: 'en',
    payload: { url: '/storages/3/probes/H10101', alertId: 12, kind: 'raise' },
    ...over,
  });

  it('delivers to every device of the recipient (201), encrypted, urgent, one notification per alert', async () => {
    await device('phone-201');
    await device('laptop-201');
    expect(await channel.send(message())).toEqual({ ok: true });
    expect(standIn.received.map((r) => r.path).sort()).toEqual(['/laptop-201', '/phone-201']);
    for (const r of standIn.received) {
      expect(r.headers).toMatchObject({
        'content-encoding': 'aes128gcm',
        ttl: '86400',
        urgency: 'high',
        topic: 'alert-12',
      });
      expect(r.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      expect(r.body.toString('latin1')).not.toContain('North barn');
      expect(JSON.parse(browser.decrypt(r.body))).toEqual({
        title: 'Hot: North barn',
        body: 'Probe H10101 at 1.5 m: 61.2 °C, above 55.0 °C. 24.10.2025 08:30',
        url: '/storages/3/probes/H10101',
        tag: 'alert-12',
      });
    }
    expect((await devices()).map((d) => d.last_success_ts)).toEqual([NOW, NOW]);
  });

  it('sends the all-clear at normal urgency under the same tag, replacing the alert on the device', async () => {
    await device('phone-201');
    const clear = message({ payload: { url: '/storages/3/probes/H10101', alertId: 12, kind: 'clear' } });
    expect(await channel.send(clear)).toEqual({ ok: true });
    expect(standIn.received[0]!.headers.urgency).toBe('normal');
    expect(JSON.parse(browser.decrypt(standIn.received[0]!.body))).toMatchObject({ tag: 'alert-12' });
  });

  it('deletes a subscription the push service no longer knows (410, 404); none left is a permanent failure', async () => {
    await device('phone-410');
    await device('old-404');
    const outcome = await channel.send(message());
    expect(outcome).toMatchObject({ ok: false, permanent: true });
    expect(outcome.ok ? '' : outcome.error).toMatch(/no device with push left/);
    expect(await devices()).toEqual([]);
    // And later messages to that user fail for good at once, sending nothing.
    expect(await channel.send(message())).toEqual({
      ok: false,
      permanent: true,
      error: 'the recipient has no device with push on',
    });
    expect(standIn.received).toHaveLength(2);
  });

  it('counts the message delivered when one device took it, dropping the gone one', async () => {
    await device('phone-201');
    await device('tablet-410');
    expect(await channel.send(message())).toEqual({ ok: true });
    expect((await devices()).map((d) => d.label)).toEqual(['phone-201']);
  });

  it.each([
    ['500', 'HTTP 500'],
    ['503', 'HTTP 503'],
    ['429', 'HTTP 429'],
  ])('retries when the push service answers %s, keeping the device', async (code, text) => {
    await device(`phone-${code}`);
    const outcome = await channel.send(message());
    expect(outcome).toMatchObject({ ok: false, permanent: false });
    expect(outcome.ok ? '' : outcome.error).toContain(text);
    expect(outcome.ok ? '' : outcome.error).not.toContain(`/phone-${code}`);
    const [d] = await devices();
    expect(d).toMatchObject({ last_failure_ts: NOW, last_success_ts: null });
  });

  it('retries when the push service cannot be reached', async () => {
    await db()
      .insertInto('push_subscriptions')
      .values({
        user_id: userId,
        endpoint: 'http://127.0.0.1:1/nobody-listens',
        p256dh: browser.p256dh,
        auth: browser.auth,
        label: 'unreachable',
        created_ts: NOW,
      })
      .execute();
    expect(await channel.send(message())).toMatchObject({
      ok: false,
      permanent: false,
      error: '127.0.0.1:1 unreachable',
    });
  });

  it('retries a gone device and a failing one together (the failing one may take it later)', async () => {
    await device('phone-410');
    await device('laptop-502');
    expect(await channel.send(message())).toMatchObject({ ok: false, permanent: false });
    expect((await devices()).map((d) => d.label)).toEqual(['laptop-502']);
  });

  it('fails for good when every device refuses the message (another 4xx)', async () => {
    await device('phone-403');
    const outcome = await channel.send(message());
    expect(outcome).toMatchObject({ ok: false, permanent: true });
    expect(outcome.ok ? '' : outcome.error).toContain('HTTP 403');
    expect(await devices()).toHaveLength(1);
  });

  it('sends only to the recipient, and refuses an address that is not a user id', async () => {
    const other = (await t.findUser('grain@demo.emberwatch'))!.id;
    await device('grain-201', other);
    expect(await channel.send(message())).toMatchObject({ ok: false, permanent: true });
    expect(standIn.received).toEqual([]);
    for (const to of ['', 'abc', '-1', '1.5'])
      expect(await channel.send(message({ to }))).toMatchObject({ ok: false, permanent: true });
  });

  it('opens only a page of the app: another address in the payload becomes "/"', async () => {
    await device('phone-201');
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 42]) {
      standIn.received.length = 0;
      await channel.send(message({ payload: { url, alertId: 3, kind: 'raise' } }));
      expect(JSON.parse(browser.decrypt(standIn.received[0]!.body))).toMatchObject({ url: '/' });
    }
  });

  it('keeps a long message within the push services’ limit, whole code points', () => {
    const json = pushPayloadJson({
      title: 'T'.repeat(500),
      body: 'Lämpötila €😀'.repeat(400),
      url: '/x',
      tag: 'alert-1',
    });
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    const parsed = JSON.parse(json) as { title: string; body: string };
    expect([...parsed.title]).toHaveLength(120);
    expect(parsed.body.endsWith('…')).toBe(true);
    expect(parsed.body).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(pushPayloadJson({ title: 'a', body: 'b', url: '/c', tag: 'd' })).toBe(
      '{"title":"a","body":"b","url":"/c","tag":"d"}',
    );
  });
});
