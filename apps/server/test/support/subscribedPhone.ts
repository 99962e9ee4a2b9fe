import { pushDb } from '../../src/features/push/index.js';
import { startPushServiceStandIn, type BrowserKeys } from './pushServiceStandIn.js';
import { monitoredStorageWithMessaging } from './deliveryHelpers.js';
import { api } from './probeHelpers.js';
import { createTestApp, type TestApp } from './testApp.js';

/** The demo hay farm's owner and station the push tests use. */
export const HAY_OWNER = 'hay@demo.emberwatch';
export const HAY_STATION = 'F1000001';

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

/**
 * The demo hay farm's test app with a monitored storage that messages its owner, the owner's chosen
 * preferences (`prefs`: language, unit) and the owner's phone subscribed to web push at the stand-in.
 */
export async function hayOwnerWithPhone(opts: {
  nowS: () => number;
  phone: BrowserKeys;
  prefs: Record<string, unknown>;
  answer?: (path: string) => number;
}) {
  const t = await createTestApp({ nowS: opts.nowS, env: { PUBLIC_URL: 'http://emberwatch.test' } });
  const call = api(t, { hay: await t.login(HAY_OWNER) });
  const { storageId, probes, ownerId } = await monitoredStorageWithMessaging(
    t,
    call,
    'hay',
    HAY_OWNER,
    HAY_STATION,
    {
      email: true,
    },
  );
  const prefs = await call.post('hay', '/client/uiPrefs', { prefs: opts.prefs });
  if (prefs.statusCode !== 200) throw new Error(`uiPrefs: ${prefs.statusCode} ${prefs.body}`);
  const standIn = await subscribedPhone(t, ownerId, opts.phone, opts.nowS(), opts.answer);
  return { t, call, storageId, probes, ownerId, standIn };
}
