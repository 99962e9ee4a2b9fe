import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJWK, jwtVerify } from 'jose';
import { Migrator, type MigrationProvider } from 'kysely';
import type {
  GetPushKeyResponse,
  PushStatusResponse,
  TestPushResponse,
} from '@emberwatch/shared/contracts/push';
import { migrateToLatest } from '../src/db/createDatabase.js';
import { migrations } from '../src/db/migrations/index.js';
import { pushDb } from '../src/features/push/index.js';
import { PushRepository } from '../src/features/push/push.repository.js';
import { api } from './support/probeHelpers.js';
import { fakeBrowserKeys, startPushServiceStandIn, vapidOf } from './support/pushServiceStandIn.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const USERS = ['hay', 'hay-helper', 'grain', 'compost'] as const;
const FCM = 'https://fcm.googleapis.com/fcm/send/';

/** Web push calls (decision 0048): each user's own devices, on both stores. */
describe(`the web push calls on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  const ids: Record<string, number> = {};
  const bodies: string[] = [];
  let standIn: Awaited<ReturnType<typeof startPushServiceStandIn>>;

  beforeAll(async () => {
    t = await createTestApp();
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
    standIn = await startPushServiceStandIn();
  });
  afterAll(async () => {
    await standIn.close();
    await t.close();
  });

  const db = () => pushDb(t.store.db);
  const rowsOf = (userId: number) =>
    db().selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const storedKeys = () => db().selectFrom('push_vapid_keys').selectAll().execute();
  const browser = fakeBrowserKeys();
  const subscription = (endpoint: string, keys = { p256dh: browser.p256dh, auth: browser.auth }) => ({
    endpoint,
    expirationTime: null,
    keys,
  });
  const subscribe = (who: string, body: object) => call.post(who, '/client/subscribePush', body);
  const status = async (who: string, endpoint: string) =>
    (await call.post(who, '/client/getPushStatus', { endpoint })).json<PushStatusResponse>();

  it('has made one VAPID key pair at start, kept in the store, the same for every instance', async () => {
    const keys = await storedKeys();
    expect(keys).toHaveLength(1);
    const res = await call.get('hay', '/client/getPushKey');
    expect(res.statusCode, res.body).toBe(200);
    const { publicKey } = res.json<GetPushKeyResponse>();
    expect(publicKey).toBe(keys[0]!.public_key);
    const raw = Buffer.from(publicKey, 'base64url');
    expect([raw.length, raw[0]]).toEqual([65, 4]);
    // Another instance starting on the same store reads the pair back instead of making its own.
    const other = () => ({ publicKey: 'other-public', privateKey: 'other-private' });
    expect((await new PushRepository(t.store.db).vapidKeys(other, 1)).publicKey).toBe(publicKey);
    expect(await storedKeys()).toEqual(keys);
  });

  it('makes the pair once when two instances start on an empty store at the same time', async () => {
    const saved = await storedKeys();
    await db().deleteFrom('push_vapid_keys').execute();
    const pair = (n: number) => () => ({ publicKey: `public-${n}`, privateKey: `private-${n}` });
    const repos = [1, 2, 3].map(() => new PushRepository(t.store.db));
    const got = await Promise.all(repos.map((r, i) => r.vapidKeys(pair(i), 1)));
    expect(new Set(got.map((k) => k.publicKey)).size).toBe(1);
    expect(await storedKeys()).toHaveLength(1);
    await db().deleteFrom('push_vapid_keys').execute();
    await db().insertInto('push_vapid_keys').values(saved).execute();
  });

  it('answers nobody who is not logged in', async () => {
    const endpoint = `${FCM}anyone`;
    for (const [method, url, payload] of [
      ['GET', '/client/getPushKey', undefined],
      ['POST', '/client/subscribePush', { subscription: subscription(endpoint), label: '' }],
      ['POST', '/client/getPushStatus', { endpoint }],
      ['POST', '/client/unsubscribePush', { endpoint }],
      ['POST', '/client/testPush', {}],
    ] as const) {
      const res = await t.app.inject({ method, url, payload });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("subscribes the caller's browser and says so to the caller only", async () => {
    const endpoint = `${FCM}hay-phone`;
    const res = await subscribe('hay', {
      subscription: subscription(endpoint),
      label: ' Chrome on Android ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status_code: 0, subscribed: true, devices: 1 });
    const [row] = await rowsOf(ids.hay!);
    expect(row).toMatchObject({
      endpoint,
      label: 'Chrome on Android',
      p256dh: browser.p256dh,
      auth: browser.auth,
      last_success_ts: null,
    });
    expect(await status('hay', endpoint)).toEqual({ status_code: 0, subscribed: true, devices: 1 });
    // The same browser again: still one device.
    await subscribe('hay', { subscription: subscription(endpoint), label: 'Chrome on Android' });
    expect(await rowsOf(ids.hay!)).toHaveLength(1);
    // Another user of the same account asking about it: not theirs.
    expect(await status('hay-helper', endpoint)).toEqual({ status_code: 0, subscribed: false, devices: 0 });
  });

  it('refuses bad subscriptions with a 400 and stores nothing', async () => {
    const good = subscription(`${FCM}grain-1`);
    const notAPoint = Buffer.alloc(65, 7).toString('base64url');
    const cases: [string, object][] = [
      ['no subscription', { label: 'x' }],
      ['plain http', { subscription: subscription('http://fcm.googleapis.com/fcm/send/x') }],
      ['a loopback address', { subscription: subscription('https://127.0.0.1:8443/push') }],
      ['a local name', { subscription: subscription('https://push.internal/x') }],
      ['not a url', { subscription: subscription('fcm') }],
      ['no keys', { subscription: { endpoint: `${FCM}x` } }],
      [
        'a key not on the curve',
        { subscription: subscription(`${FCM}x`, { ...good.keys, p256dh: notAPoint }) },
      ],
      ['a short auth', { subscription: subscription(`${FCM}x`, { ...good.keys, auth: 'abc' }) }],
      ['a long label', { subscription: good, label: 'x'.repeat(101) }],
      ['an unknown field', { subscription: good, label: 'x', userId: ids.hay }],
    ];
    for (const [name, body] of cases) {
      const res = await subscribe('grain', body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json<{ error: string }>().error, name).toBeTruthy();
    }
    expect(await rowsOf(ids.grain!)).toEqual([]);
    for (const body of [{}, { endpoint: '' }, { endpoint: 'x', more: 1 }]) {
      expect((await call.post('grain', '/client/unsubscribePush', body)).statusCode).toBe(400);
      expect((await call.post('grain', '/client/getPushStatus', body)).statusCode).toBe(400);
    }
    expect((await call.post('grain', '/client/testPush', { all: true })).statusCode).toBe(400);
  });

  it("removes only the caller's own device, and refuses (404) any other endpoint", async () => {
    const endpoint = `${FCM}hay-phone`;
    const other = await call.post('hay-helper', '/client/unsubscribePush', { endpoint });
    expect(other.statusCode, other.body).toBe(404);
    expect(await rowsOf(ids.hay!)).toHaveLength(1);
    const own = await call.post('hay', '/client/unsubscribePush', { endpoint });
    expect(own.json()).toEqual({ status_code: 0, removed: true, shared: false });
    expect(await rowsOf(ids.hay!)).toEqual([]);
    expect(await status('hay', endpoint)).toEqual({ status_code: 0, subscribed: false, devices: 0 });
    expect((await call.post('hay', '/client/unsubscribePush', { endpoint })).statusCode).toBe(404);
  });

  // Issue 28 item 1 (decision 0073): an endpoint bound to one user is never re-bound to another.
  it("refuses another user's endpoint sent with other keys (409), and the owner keeps the device", async () => {
    const endpoint = `${FCM}hay-phone-2`;
    await subscribe('hay', { subscription: subscription(endpoint), label: 'Hay phone' });
    const before = await rowsOf(ids.hay!);
    const stranger = fakeBrowserKeys();
    const res = await subscribe('grain', {
      subscription: subscription(endpoint, { p256dh: stranger.p256dh, auth: stranger.auth }),
      label: 'Not mine',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.body).not.toContain(endpoint);
    expect(await rowsOf(ids.hay!)).toEqual(before);
    expect(await rowsOf(ids.grain!)).toEqual([]);
    expect(await status('hay', endpoint)).toEqual({ status_code: 0, subscribed: true, devices: 1 });
    expect(await status('grain', endpoint)).toEqual({ status_code: 0, subscribed: false, devices: 0 });
    await call.post('hay', '/client/unsubscribePush', { endpoint });
  });

  it('lets two users of one browser each get their alerts there; neither removes the other', async () => {
    const endpoint = `${FCM}family-tablet`;
    await subscribe('hay', { subscription: subscription(endpoint), label: 'Firefox on Linux' });
    const hayRow = await rowsOf(ids.hay!);
    // Hay logs out; the grain farmer logs in on the same browser and turns alerts on: same keys.
    const res = await subscribe('grain', { subscription: subscription(endpoint), label: 'Firefox on Linux' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(ids.hay!)).toEqual(hayRow);
    expect(await status('hay', endpoint)).toMatchObject({ subscribed: true, devices: 1 });
    expect(await status('grain', endpoint)).toMatchObject({ subscribed: true, devices: 1 });
    const push = t.features.find((f) => f.name === 'push') as unknown as {
      exports: { pushUsersOf: (ids: number[]) => Promise<Set<number>> };
    };
    expect(await push.exports.pushUsersOf([ids.hay!, ids.grain!])).toEqual(new Set([ids.hay, ids.grain]));
    // Subscribing again changes only the caller's row.
    await subscribe('grain', { subscription: subscription(endpoint), label: 'Tablet' });
    expect(await rowsOf(ids.hay!)).toEqual(hayRow);
    // Turning off: the browser is told that another user still gets alerts through it.
    const off = await call.post('grain', '/client/unsubscribePush', { endpoint });
    expect(off.json()).toEqual({ status_code: 0, removed: true, shared: true });
    expect(await rowsOf(ids.hay!)).toEqual(hayRow);
    const last = await call.post('hay', '/client/unsubscribePush', { endpoint });
    expect(last.json()).toEqual({ status_code: 0, removed: true, shared: false });
  });

  it('keeps 20 devices per user, dropping the least recently used', async () => {
    for (let i = 1; i <= 21; i++)
      await subscribe('grain', { subscription: subscription(`${FCM}grain-${i}`), label: `device ${i}` });
    const rows = await rowsOf(ids.grain!);
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r.endpoint)).not.toContain(`${FCM}grain-1`);
    expect(rows.map((r) => r.endpoint)).toContain(`${FCM}grain-21`);
    await db().deleteFrom('push_subscriptions').where('user_id', '=', ids.grain!).execute();
  });

  it('sends a test to each of the caller’s devices, encrypted and signed, and drops the ones gone', async () => {
    expect((await call.post('compost', '/client/testPush', {})).statusCode).toBe(404);
    // The API takes only public https push services; the stand-in runs on this machine, so its
    // subscriptions go into the store directly.
    const now = Math.floor(Date.now() / 1000);
    for (const dev of ['dev-201', 'dev-410', 'dev-500'])
      await db()
        .insertInto('push_subscriptions')
        .values({
          user_id: ids.compost!,
          endpoint: `${standIn.origin}/${dev}`,
          p256dh: browser.p256dh,
          auth: browser.auth,
          label: dev,
          created_ts: now,
        })
        .execute();
    // Another user's test reaches none of them.
    expect((await call.post('hay', '/client/testPush', {})).statusCode).toBe(404);
    expect(standIn.received).toEqual([]);

    const res = await call.post('compost', '/client/testPush', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TestPushResponse>()).toEqual({ status_code: 0, sent: 1, failed: 1, removed: 1 });
    expect(standIn.received.map((r) => r.path).sort()).toEqual(['/dev-201', '/dev-410', '/dev-500']);

    const publicKey = (await storedKeys())[0]!.public_key;
    const raw = Buffer.from(publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    for (const r of standIn.received) {
      expect(r.headers['content-encoding']).toBe('aes128gcm');
      expect(r.headers['content-type']).toBe('application/octet-stream');
      expect(r.headers.ttl).toBe('300');
      expect(r.headers.urgency).toBe('high');
      const vapid = vapidOf(r.headers.authorization);
      expect(vapid.key).toBe(publicKey);
      const { payload } = await jwtVerify(vapid.jwt, key, { audience: standIn.origin });
      expect(payload.sub).toBe('mailto:alerts@emberwatch.local');
      // The body is ciphertext: the text is not in it, and only the browser's keys open it.
      expect(r.body.length).toBeGreaterThan(100);
      expect(r.body.toString('latin1')).not.toContain('Emberwatch');
      expect(JSON.parse(browser.decrypt(r.body))).toEqual({
        title: 'Emberwatch test',
        body: 'Alerts will show on this device like this one.',
        url: '/settings/preferences',
        tag: 'emberwatch-test',
      });
    }
    const rows = await rowsOf(ids.compost!);
    expect(rows.map((r) => r.label)).toEqual(['dev-201', 'dev-500']);
    expect(rows[0]!.last_success_ts).not.toBeNull();
    expect(rows[1]).toMatchObject({ last_success_ts: null });
    expect(rows[1]!.last_error).toContain('HTTP 500');
    expect(rows[1]!.last_error).not.toContain('/dev-500');

    // One test at a time: a second at once is refused and sends nothing.
    const again = await call.post('compost', '/client/testPush', {});
    expect(again.statusCode).toBe(429);
    expect(standIn.received).toHaveLength(3);
  });

  it('tells the delivery feature which users have a device, and never shows the private key', async () => {
    const push = t.features.find((f) => f.name === 'push') as unknown as {
      exports: { pushUsersOf: (ids: number[]) => Promise<Set<number>> };
    };
    expect(await push.exports.pushUsersOf([])).toEqual(new Set());
    expect(await push.exports.pushUsersOf([ids.hay!, ids.compost!, ids.grain!])).toEqual(
      new Set([ids.compost]),
    );
    const privateKey = (await storedKeys())[0]!.private_key;
    expect(bodies.filter((b) => b.includes(privateKey))).toEqual([]);
  });
});

/** Migration 0047 (decision 0073): the key becomes (user, endpoint); rows and ids are kept, both ways. */
describe(`push subscriptions keyed per user, migrated on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the rows going up, keeps one per endpoint going down, and new rows get fresh ids', async () => {
    const db = pushDb(t.store.db);
    const [hay, grain] = [
      (await t.findUser('hay@demo.emberwatch'))!.id,
      (await t.findUser('grain@demo.emberwatch'))!.id,
    ];
    const row = (userId: number, endpoint: string, label: string) => ({
      user_id: userId,
      endpoint,
      p256dh: 'p',
      auth: 'a',
      label,
      created_ts: 1,
    });
    await db
      .insertInto('push_subscriptions')
      .values([
        row(hay, `${FCM}tablet`, 'hay tablet'),
        row(grain, `${FCM}tablet`, 'grain tablet'),
        row(grain, `${FCM}phone`, 'grain phone'),
      ])
      .execute();
    const all = () => db.selectFrom('push_subscriptions').selectAll().orderBy('id').execute();
    const before = await all();

    const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations(t.store.engine)) };
    const schema = t.store.pg?.schema;
    const migrator = new Migrator({
      db: t.store.db,
      provider,
      allowUnorderedMigrations: true,
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const down = await migrator.migrateTo('0044_data_break_delay');
    expect(down.error).toBeUndefined();
    // Before 0047 an endpoint had one user: the row made last stays.
    expect((await all()).map((r) => r.label)).toEqual(['grain tablet', 'grain phone']);
    await expect(
      db
        .insertInto('push_subscriptions')
        .values(row(hay, `${FCM}phone`, 'again'))
        .execute(),
    ).rejects.toThrow();

    await migrateToLatest(t.store);
    expect(await all()).toEqual(before.slice(1));
    await db
      .insertInto('push_subscriptions')
      .values(row(hay, `${FCM}tablet`, 'hay again'))
      .execute();
    await expect(
      db
        .insertInto('push_subscriptions')
        .values(row(hay, `${FCM}tablet`, 'twice'))
        .execute(),
    ).rejects.toThrow();
    const after = await all();
    expect(after.map((r) => r.label)).toEqual(['grain tablet', 'grain phone', 'hay again']);
    expect(after[2]!.id).toBeGreaterThan(before[2]!.id);
  });
});
