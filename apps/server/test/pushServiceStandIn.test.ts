import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJWK, SignJWT } from 'jose';
import webpush from 'web-push';
import { sendPush } from '../src/features/push/pushSender.js';
import { fakeBrowserKeys, startPushServiceStandIn } from './support/pushServiceStandIn.js';

const SUBJECT = 'mailto:alerts@emberwatch.local';
const payload = { title: 'Hot bale', body: 'H10001 62.0 °C', url: '/storages', tag: 'alert-1' };

/**
 * The checking push-service stand-in (decision 0072) refuses what a push service or the browser
 * behind it would: the tests that send through it fail when the server's VAPID JWT or its RFC 8291
 * encryption is wrong. What the server's sender makes passes.
 */
describe('the push-service stand-in’s checks', () => {
  const server = webpush.generateVAPIDKeys();
  const device = fakeBrowserKeys();
  let standIn: Awaited<ReturnType<typeof startPushServiceStandIn>>;

  beforeAll(async () => {
    standIn = await startPushServiceStandIn(() => 201, {
      serverKey: () => server.publicKey,
      keysOf: (path) => (path === '/device' ? device : undefined),
    });
  });
  afterAll(() => standIn.close());

  /** A request built by hand: the VAPID header and the body each from the given parts. */
  async function post(opts: {
    audience?: string;
    expiration?: number;
    keys?: { publicKey: string; privateKey: string };
    subject?: string;
    to?: { p256dh: string; auth: string };
    path?: string;
  }) {
    const keys = opts.keys ?? server;
    const to = opts.to ?? device;
    const { Authorization } = webpush.getVapidHeaders(
      opts.audience ?? standIn.origin,
      opts.subject ?? SUBJECT,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      opts.expiration,
    );
    const body = webpush.encrypt(to.p256dh, to.auth, JSON.stringify(payload), 'aes128gcm').cipherText;
    const res = await fetch(`${standIn.origin}${opts.path ?? '/device'}`, {
      method: 'POST',
      headers: { authorization: Authorization, 'content-encoding': 'aes128gcm', ttl: '60' },
      body,
    });
    return { status: res.status, reason: await res.text() };
  }

  it('takes what the server’s sender makes, and opens it with the device’s keys', async () => {
    const r = await sendPush(
      { endpoint: `${standIn.origin}/device`, p256dh: device.p256dh, auth: device.auth },
      payload,
      { subject: SUBJECT, ...server },
      { ttlS: 60, urgency: 'high' },
    );
    expect(r).toEqual({ status: 'ok' });
    expect(JSON.parse(standIn.verified.at(-1)!.payload)).toEqual(payload);
    expect((await post({})).status).toBe(201);
  });

  it.each([
    ['a JWT signed by another key', () => ({ keys: webpush.generateVAPIDKeys() }), 403, 'k is not'],
    ['a JWT for another push service', () => ({ audience: 'https://fcm.googleapis.com' }), 403, 'aud'],
    ['an expired JWT', () => ({ expiration: Math.floor(Date.now() / 1000) - 60 }), 403, 'exp'],
    ['a JWT with an https: contact', () => ({ subject: 'https://emberwatch.example' }), 201, ''],
    ['a body for other keys', () => ({ to: fakeBrowserKeys() }), 400, 'does not decrypt'],
    ['a device it does not know', () => ({ path: '/other' }), 404, 'no such subscription'],
  ] as const)('answers %s with %s', async (_label, opts, status, reason) => {
    const r = await post(opts());
    expect(r.status, r.reason).toBe(status);
    expect(r.reason).toContain(reason);
  });

  /** A JWT signed with the server's key, with claims web-push would not make. */
  async function signed(claims: Record<string, unknown>) {
    const raw = Buffer.from(server.publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        d: server.privateKey,
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const jwt = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).sign(key);
    const res = await fetch(`${standIn.origin}/device`, {
      method: 'POST',
      headers: {
        authorization: `vapid t=${jwt}, k=${server.publicKey}`,
        'content-encoding': 'aes128gcm',
        ttl: '60',
      },
      body: webpush.encrypt(device.p256dh, device.auth, '{}', 'aes128gcm').cipherText,
    });
    return { status: res.status, reason: await res.text() };
  }

  it('refuses a JWT valid for more than a day or without a mailto: or https: contact', async () => {
    const now = Math.floor(Date.now() / 1000);
    const good = { aud: standIn.origin, exp: now + 3600, sub: SUBJECT };
    expect((await signed(good)).status).toBe(201);
    const long = await signed({ ...good, exp: now + 25 * 3600 });
    expect([long.status, long.reason]).toEqual([403, 'the JWT is valid for more than 24 hours']);
    for (const sub of [undefined, 'http://emberwatch.example', 'alerts@emberwatch.local']) {
      const r = await signed({ ...good, sub });
      expect([r.status, r.reason], String(sub)).toEqual([403, 'the JWT names no mailto: or https: contact']);
    }
    const noExp = await signed({ aud: standIn.origin, sub: SUBJECT });
    expect(noExp.status).toBe(403);
  });

  it('refuses a JWT signed by another key even with the right key named, and no VAPID header at all', async () => {
    const other = webpush.generateVAPIDKeys();
    const { Authorization } = webpush.getVapidHeaders(
      standIn.origin,
      SUBJECT,
      other.publicKey,
      other.privateKey,
      'aes128gcm',
    );
    const forged = Authorization.replace(/k=\S+$/, `k=${server.publicKey}`);
    const body = webpush.encrypt(device.p256dh, device.auth, '{}', 'aes128gcm').cipherText;
    const res = await fetch(`${standIn.origin}/device`, {
      method: 'POST',
      headers: { authorization: forged, 'content-encoding': 'aes128gcm', ttl: '60' },
      body,
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('signature');
    const bare = await fetch(`${standIn.origin}/device`, { method: 'POST', body });
    expect(bare.status).toBe(401);
  });
});
