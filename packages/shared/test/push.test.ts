import { describe, expect, it } from 'vitest';
import { pushEndpointProblem, subscribePushRequestSchema } from '../src/contracts/push.js';

const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

describe('which URLs may be a push endpoint (decision 0048)', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc:def', null],
    ['https://updates.push.services.mozilla.com/wpush/v2/gAAAA', null],
    ['https://web.push.apple.com/QGuQ', null],
    ['https://wns2-par02p.notify.windows.com/w/?token=x', null],
    ['http://fcm.googleapis.com/fcm/send/abc', 'The push endpoint must be an https URL.'],
    ['not a url', 'The push endpoint is not a URL.'],
    ['https://user:pw@fcm.googleapis.com/x', 'The push endpoint may not contain credentials.'],
    ['https://127.0.0.1/push', 'The push endpoint must be a public push service.'],
    ['https://10.0.0.8:8443/push', 'The push endpoint must be a public push service.'],
    ['https://[::1]/push', 'The push endpoint must be a public push service.'],
    ['https://localhost/push', 'The push endpoint must be a public push service.'],
    ['https://metadata/computeMetadata', 'The push endpoint must be a public push service.'],
    ['https://printer.local/x', 'The push endpoint must be a public push service.'],
    ['https://db.internal./x', 'The push endpoint must be a public push service.'],
  ])('%s → %s', (url, problem) => {
    expect(pushEndpointProblem(url)).toBe(problem);
  });
});

describe('the subscribePush request', () => {
  const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';

  it("takes the browser's PushSubscription.toJSON() and a label, trimmed", () => {
    const parsed = subscribePushRequestSchema.parse({
      subscription: { endpoint, expirationTime: null, keys: KEYS },
      label: '  Chrome on Android ',
    });
    expect(parsed.label).toBe('Chrome on Android');
    expect(parsed.subscription.keys).toEqual(KEYS);
  });

  it.each([
    ['a key that is not base64url', { endpoint, keys: { ...KEYS, auth: 'tBHItJI5svbpez7KI4CC+g' } }, ''],
    ['a short p256dh', { endpoint, keys: { ...KEYS, p256dh: KEYS.p256dh.slice(0, 40) } }, ''],
    ['no keys', { endpoint }, ''],
    ['a private address', { endpoint: 'https://192.168.1.1/x', keys: KEYS }, ''],
    ['a label with a control character', { endpoint, keys: KEYS }, 'Chrome\u0007'],
    ['a label too long', { endpoint, keys: KEYS }, 'x'.repeat(101)],
  ])('refuses %s', (_name, subscription, label) => {
    expect(subscribePushRequestSchema.safeParse({ subscription, label }).success).toBe(false);
  });

  it('refuses fields it does not know', () => {
    const r = subscribePushRequestSchema.safeParse({
      subscription: { endpoint, keys: KEYS },
      label: '',
      userId: 3,
    });
    expect(r.success).toBe(false);
  });
});
