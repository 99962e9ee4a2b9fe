import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GetAlertChannelsResponse,
  TestPushAlertResponse,
} from '@emberwatch/shared/contracts/alertChannels';
import type { SentinelCallResponse, SetSentinelTargetResponse } from '@emberwatch/shared/contracts/sentinel';
import type { GetAlertRecipientsResponse } from '@emberwatch/shared/contracts/storages';
import { pushDb } from '../src/features/push/index.js';
import { sentinelDb } from '../src/features/sentinel/index.js';
import { api } from './support/probeHelpers.js';
import { fakeBrowserKeys, startPushServiceStandIn } from './support/pushServiceStandIn.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const USERS = ['hay', 'hay-helper', 'grain', 'master', 'admin', 'visitor'] as const;

/**
 * The Alert channels page's calls (issue 27 item 11; decision 0072) on both stores: who may read the
 * account's channels, switch its voice calls, set its Sentinel target, and send a test alert to
 * their own web-push devices through the delivery outbox.
 */
describe(`the alert channels calls on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  const ids: Record<string, number> = {};
  const bodies: string[] = [];
  const phone = fakeBrowserKeys();
  const laptop = fakeBrowserKeys();
  let standIn: Awaited<ReturnType<typeof startPushServiceStandIn>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { SENTINEL_ALLOW_PRIVATE: '1' } });
    const tokens: Record<string, string> = {};
    for (const u of USERS) {
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
      ids[u] = (await t.findUser(`${u}@demo.emberwatch`))!.id;
    }
    const raw = api(t, tokens);
    call = {
      get: async (who, url) => {
        const res = await raw.get(who, url);
        bodies.push(res.body);
        return res;
      },
      post: async (who, url, payload) => {
        const res = await raw.post(who, url, payload);
        bodies.push(res.body);
        return res;
      },
    };
    const serverKey = async () =>
      (await pushDb(t.store.db).selectFrom('push_vapid_keys').select('public_key').executeTakeFirstOrThrow())
        .public_key;
    const key = await serverKey();
    // The stand-in knows each device's keys, as the browser behind the push service does; the
    // laptop's subscription is stored with keys that are not the laptop's, so nothing for it opens.
    standIn = await startPushServiceStandIn(() => 201, {
      serverKey: () => key,
      keysOf: (path) => (path === '/hay-phone' ? phone : path === '/hay-laptop' ? laptop : undefined),
    });
  });
  afterAll(async () => {
    await standIn.close();
    await t.close();
  });

  const read = (who: string, UID?: number) => call.post(who, '/client/getAlertChannels', UID ? { UID } : {});
  const setVoice = (who: string, body: object) => call.post(who, '/admin/setVoiceCalls', body);
  const setTarget = (who: string, body: object) => call.post(who, '/client/setSentinelTarget', body);
  const voiceFlag = async () => (await t.findUser('hay@demo.emberwatch'))!.voice_call_enabled;
  const target = () =>
    sentinelDb(t.store.db)
      .selectFrom('sentinel_targets')
      .selectAll()
      .where('owner_user_id', '=', ids.hay!)
      .executeTakeFirst();

  describe('reading the account’s channels', () => {
    it('answers the owner with the account, its channels and what he may change', async () => {
      const res = await read('hay');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<GetAlertChannelsResponse>()).toEqual({
        status_code: 0,
        UID: ids.hay,
        voiceCallEnabled: false,
        ownerPhoneComplete: true,
        sentinel: false,
        pushDevices: 0,
        rights: {
          changeVoice: false,
          readSentinel: true,
          setSentinel: true,
          rotateSentinel: true,
          testSentinel: true,
        },
      });
    });

    it.each([
      ['hay-helper', undefined, { readSentinel: false, setSentinel: false, testSentinel: true }],
      ['hay-helper', 'hay', { readSentinel: false, setSentinel: false, testSentinel: true }],
      ['hay-helper', 'hay-helper', { readSentinel: false, setSentinel: false, testSentinel: true }],
      ['master', 'hay', { readSentinel: false, setSentinel: false, testSentinel: false }],
      ['admin', 'hay', { changeVoice: true, readSentinel: true, setSentinel: true, testSentinel: true }],
    ] as const)('lets %s read the hay farm’s channels (UID %s)', async (who, uid, rights) => {
      const res = await read(who, uid ? ids[uid] : undefined);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<GetAlertChannelsResponse>();
      expect(body.UID).toBe(ids.hay);
      expect(body.rights).toMatchObject({ changeVoice: false, ...rights });
    });

    it('offers the public demo login no Sentinel setting', async () => {
      const res = await read('visitor');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<GetAlertChannelsResponse>().rights).toMatchObject({
        readSentinel: true,
        setSentinel: false,
      });
    });

    it('refuses another account, a sub-user named as the account, and bad input', async () => {
      expect((await read('grain', ids.hay)).statusCode).toBe(403);
      expect((await read('master', ids.grain! + 1000)).statusCode).toBe(403);
      expect((await read('admin', ids['hay-helper'])).statusCode).toBe(400);
      expect((await call.post('hay', '/client/getAlertChannels', { UID: 'x' })).statusCode).toBe(400);
      expect((await call.post('hay', '/client/getAlertChannels', { extra: 1 })).statusCode).toBe(400);
    });
  });

  describe('switching voice calls', () => {
    it('refuses everyone but an admin, and changes nothing', async () => {
      for (const who of ['hay', 'hay-helper', 'master', 'grain']) {
        const res = await setVoice(who, { UID: ids.hay, voiceCallEnabled: true });
        expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      }
      for (const [body, status] of [
        [{ voiceCallEnabled: true }, 400],
        [{ UID: ids.hay, voiceCallEnabled: 'yes' }, 400],
        [{ UID: ids['hay-helper'], voiceCallEnabled: true }, 400],
        [{ UID: 999_999, voiceCallEnabled: true }, 404],
      ] as const) {
        const res = await setVoice('admin', body);
        expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
      }
      expect(await voiceFlag()).toBe(0);
    });

    it('lets an admin switch them on for the account, and the storage’s voice option follows', async () => {
      const on = await setVoice('admin', { UID: ids.hay, voiceCallEnabled: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toEqual({ status_code: 0, voiceCallEnabled: true });
      expect(await voiceFlag()).toBe(1);
      expect((await read('hay')).json<GetAlertChannelsResponse>().voiceCallEnabled).toBe(true);
      const recipients = await call.get('hay', '/client/getAlertRecipients');
      expect(recipients.json<GetAlertRecipientsResponse>().voiceCallEnabled).toBe(true);
      // Another account is untouched.
      expect((await t.findUser('grain@demo.emberwatch'))!.voice_call_enabled).toBe(0);

      const off = await setVoice('admin', { UID: ids.hay, voiceCallEnabled: false });
      expect(off.json()).toEqual({ status_code: 0, voiceCallEnabled: false });
      expect(await voiceFlag()).toBe(0);
    });
  });

  describe('the owner setting the Sentinel target', () => {
    const url = 'http://127.0.0.1:9/sentinel';

    it('refuses the farm hand, a watching master, another account and bad input, changing nothing', async () => {
      const good = { siteID: 'HILL-1', url };
      const cases: [string, object, number][] = [
        ['hay-helper', { sentinelAlerts: good }, 403],
        ['hay-helper', { UID: ids.hay, sentinelAlerts: good }, 403],
        ['master', { UID: ids.hay, sentinelAlerts: good }, 403],
        ['grain', { UID: ids.hay, sentinelAlerts: good }, 403],
        ['hay', { sentinelAlerts: { siteID: '', url } }, 400],
        ['hay', { sentinelAlerts: { siteID: 'HILL-1', url: 'ftp://127.0.0.1/x' } }, 400],
        ['hay', { sentinelAlerts: { siteID: 'HILL-1', url: 'https://u:p@example.com/' } }, 400],
        ['hay', { sentinelAlerts: { ...good, secret: 'mine' } }, 400],
        ['hay', {}, 400],
        // The public demo login's account (spec demo mode): its password is public.
        ['visitor', { sentinelAlerts: good }, 403],
      ];
      for (const [who, body, status] of cases) {
        const res = await setTarget(who, body);
        expect(res.statusCode, `${who} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      }
      expect(await target()).toBeUndefined();
    });

    it('sets it with a new secret the owner sees once, in the answer', async () => {
      const res = await setTarget('hay', { sentinelAlerts: { siteID: ' HILL-1 ', url } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json<SetSentinelTargetResponse>();
      const stored = await target();
      expect(body).toEqual({
        status_code: 0,
        sentinelAlerts: { siteID: 'HILL-1', url },
        secret: stored!.secret,
      });
      expect(stored!.secret).toMatch(/^[0-9a-f]{64}$/);
      // Seen: the next read does not carry it.
      expect((await call.post('hay', '/sentinelCall', {})).json<SentinelCallResponse>()).toEqual({
        status_code: 0,
        sentinelAlerts: { siteID: 'HILL-1', url },
      });
      expect((await read('hay')).json<GetAlertChannelsResponse>().sentinel).toBe(true);
    });

    it('keeps the secret when the URL moves, and the admin’s change never carries it', async () => {
      const before = (await target())!.secret;
      const moved = await setTarget('hay', { sentinelAlerts: { siteID: 'HILL-1', url: `${url}/v2` } });
      expect(moved.json()).toEqual({
        status_code: 0,
        sentinelAlerts: { siteID: 'HILL-1', url: `${url}/v2` },
      });
      const byAdmin = await setTarget('admin', { UID: ids.hay, sentinelAlerts: { siteID: 'HILL-2', url } });
      expect(byAdmin.json()).toEqual({ status_code: 0, sentinelAlerts: { siteID: 'HILL-2', url } });
      expect((await target())!.secret).toBe(before);
      expect(bodies.filter((b) => b.includes(before))).toHaveLength(1);
    });

    it('removes it with its secret', async () => {
      const res = await setTarget('hay', { sentinelAlerts: null });
      expect(res.json()).toEqual({ status_code: 0, sentinelAlerts: null });
      expect(await target()).toBeUndefined();
      expect((await read('hay')).json<GetAlertChannelsResponse>().sentinel).toBe(false);
    });
  });

  describe('a test alert to one’s own devices through the outbox', () => {
    const outbox = () =>
      t.store.db
        .withTables<{
          delivery_messages: {
            id: number;
            kind: string;
            channel: string;
            status: string;
            address: string;
            recipient_user_id: number | null;
            last_error: string | null;
          };
        }>()
        .selectFrom('delivery_messages')
        .selectAll()
        .where('kind', '=', 'test')
        .orderBy('id')
        .execute();
    const addDevice = (userId: number, path: string, keys: { p256dh: string; auth: string }) =>
      // The API takes only public https push services; the stand-in runs on this machine.
      pushDb(t.store.db)
        .insertInto('push_subscriptions')
        .values({
          user_id: userId,
          endpoint: `${standIn.origin}${path}`,
          p256dh: keys.p256dh,
          auth: keys.auth,
          label: path.slice(1),
          created_ts: Math.floor(Date.now() / 1000),
        })
        .execute();

    it('refuses a caller without a device, sending nothing', async () => {
      const res = await call.post('hay', '/client/testPushAlert', {});
      expect(res.statusCode).toBe(404);
      expect(await outbox()).toEqual([]);
      expect((await call.post('hay', '/client/testPushAlert', { UID: ids.grain })).statusCode).toBe(400);
    });

    it('sends it through the push channel to the caller’s device only, signed and encrypted', async () => {
      await addDevice(ids.hay!, '/hay-phone', phone);
      // Another user's device gets nothing from the hay farm's test.
      await addDevice(ids.grain!, '/grain-phone', fakeBrowserKeys());
      expect((await read('hay')).json<GetAlertChannelsResponse>().pushDevices).toBe(1);

      const res = await call.post('hay', '/client/testPushAlert', {});
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<TestPushAlertResponse>();
      expect(answer).toEqual({
        status_code: 0,
        messageId: expect.any(Number) as number,
        status: 'sent',
        error: null,
      });
      expect(await outbox()).toEqual([
        expect.objectContaining({
          id: answer.messageId,
          channel: 'push',
          status: 'sent',
          address: String(ids.hay),
          recipient_user_id: ids.hay,
        }),
      ]);
      expect(standIn.refused).toEqual([]);
      expect(standIn.received.map((r) => r.path)).toEqual(['/hay-phone']);
      const [got] = standIn.verified;
      expect(got!.claims.aud).toBe(standIn.origin);
      expect(got!.claims.sub).toBe('mailto:alerts@emberwatch.local');
      expect(got!.claims.exp).toBeGreaterThan(Math.floor(Date.now() / 1000));
      expect(JSON.parse(got!.payload)).toEqual({
        title: 'Emberwatch test',
        body: 'Alerts will show on this device like this one.',
        url: '/account/alerts',
        tag: `message-${answer.messageId}`,
      });

      // One test at a time: a second at once is refused and writes nothing.
      expect((await call.post('hay', '/client/testPushAlert', {})).statusCode).toBe(429);
      expect(await outbox()).toHaveLength(1);
    });

    it('reports a test no device could open as failed, with the push service’s refusal', async () => {
      await pushDb(t.store.db).deleteFrom('push_subscriptions').where('user_id', '=', ids.hay!).execute();
      // The laptop's subscription carries the phone's keys: the laptop cannot decrypt what is sent.
      await addDevice(ids.admin!, '/hay-laptop', phone);
      const res = await call.post('admin', '/client/testPushAlert', {});
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<TestPushAlertResponse>();
      expect(answer).toMatchObject({ status: 'failed' });
      expect(answer.error).toContain('HTTP 400');
      expect(answer.error).not.toContain('/hay-laptop');
      expect(standIn.refused.map((r) => [r.path, r.status])).toEqual([['/hay-laptop', 400]]);
      expect(standIn.refused[0]!.reason).toContain('does not decrypt');
    });
  });
});
