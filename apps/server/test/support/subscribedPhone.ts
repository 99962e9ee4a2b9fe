import { pushDb } from '../../src/features/push/index.js';
import { startPushServiceStandIn, type BrowserKeys } from './pushServiceStandIn.js';
import type { TestApp } from './testApp.js';

/** Where the stand-in push service receives the phone's messages. */
export const PHONE_PATH = '/hay-phone';

/**
 * A user's phone subscribed to web push at a checking stand-in push service: the stand-in checks the
 * VAPID JWT against the server's key and opens each body with the phone's keys, as the push service and
 * the browser would (decision 0072). `answer` picks the push service's status (201: taken). Close the
 * returned stand-in after the tests.
 */
export async function subscribedPhone(
  t: TestApp,
  userId: number,
  phone: BrowserKeys,
  createdS: number,
  answer: (path: string) => number = () => 201,
) {
  const { public_key: serverKey } = await pushDb(t.store.db)
    .selectFrom('push_vapid_keys')
    .select('public_key')
    .executeTakeFirstOrThrow();
  const standIn = await startPushServiceStandIn(answer, {
    serverKey: () => serverKey,
    keysOf: (path) => (path === PHONE_PATH ? phone : undefined),
  });
  await pushDb(t.store.db)
    .insertInto('push_subscriptions')
    .values({
      user_id: userId,
      endpoint: `${standIn.origin}${PHONE_PATH}`,
      p256dh: phone.p256dh,
      auth: phone.auth,
      label: 'Chrome on Android',
      created_ts: createdS,
    })
    .execute();
  return standIn;
}
