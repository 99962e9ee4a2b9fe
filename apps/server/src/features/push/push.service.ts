import {
  PUSH_DEVICES_MAX,
  PUSH_TEST_INTERVAL_S,
  type PushStatusResponse,
  type TestPushResponse,
  type UnsubscribePushResponse,
} from '@emberwatch/shared/contracts/push';
import { ApiError } from '../../http/ApiError.js';
import type { Actor } from '../../http/access/index.js';
import type { PushRepository } from './push.repository.js';
import { sendToDevices, type PushDevicesDeps } from './pushDevices.js';
import type { ServerTexts } from '../translations/index.js';
import { pushTestText } from './pushTexts.js';

/** A test waits this long at the push service for a device that is off: a test is for now. */
const TEST_TTL_S = 300;

export interface SubscribeInput {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  label: string;
}

/**
 * The user's own devices (decisions 0048, 0073): every method acts on the caller's subscriptions
 * only, a row per (user, endpoint). Another user's row for the same browser is never changed or
 * removed by the caller; an endpoint that is not one of the caller's devices is refused (404).
 */
export class PushService {
  /** When each user last sent a test, epoch s (in memory: a limit against mistakes, not a ledger). */
  private readonly lastTest = new Map<number, number>();

  constructor(
    private readonly repo: PushRepository,
    private readonly devices: PushDevicesDeps,
    private readonly languageOf: (userId: number) => Promise<string>,
    private readonly nowS: () => number,
    /** The server texts the test notification is worded with (decision 0107). */
    private readonly texts: () => Promise<ServerTexts>,
  ) {}

  publicKey(): string {
    return this.devices.vapid().publicKey;
  }

  async status(actor: Actor, endpoint: string): Promise<PushStatusResponse> {
    const userId = actor.user.id;
    const [subscribed, devices] = await Promise.all([
      this.repo.owns(userId, endpoint),
      this.repo.countForUser(userId),
    ]);
    return { status_code: 0, subscribed, devices };
  }

  async subscribe(actor: Actor, input: SubscribeInput): Promise<PushStatusResponse> {
    const { endpoint, keys } = input.subscription;
    // The schema checked the alphabet and length; the keys must also be what RFC 8291 encrypts with.
    const p256dh = Buffer.from(keys.p256dh, 'base64url');
    if (p256dh.length !== 65 || p256dh[0] !== 4)
      throw ApiError.invalid(
        'keys.p256dh is not an uncompressed P-256 public key',
        'subscription.keys.p256dh',
      );
    if (Buffer.from(keys.auth, 'base64url').length !== 16)
      throw ApiError.invalid('keys.auth must be 16 bytes', 'subscription.keys.auth');
    const saved = await this.repo.upsert(
      { userId: actor.user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, label: input.label },
      PUSH_DEVICES_MAX,
      this.nowS(),
    );
    // Another user's browser has this endpoint with other keys: whoever sends it does not hold that
    // subscription (a browser has one key pair per endpoint). Nothing is saved.
    if (saved === 'foreignKeys')
      throw new ApiError(
        409,
        'This push subscription belongs to another browser.',
        409,
        'subscription.endpoint',
      );
    return this.status(actor, endpoint);
  }

  /**
   * Removes one of the caller's devices; 404 when the endpoint is not one of them (another user's
   * row for the same browser is left alone). `shared` tells the browser that another user of this
   * server still gets alerts through its subscription, so it keeps the subscription.
   */
  async unsubscribe(actor: Actor, endpoint: string): Promise<UnsubscribePushResponse> {
    if (!(await this.repo.removeForUser(actor.user.id, endpoint)))
      throw ApiError.notFound('This browser is not one of your devices.');
    const shared = (await this.repo.otherUsersOf(actor.user.id, endpoint)) > 0;
    return { status_code: 0, removed: true, shared };
  }

  async test(actor: Actor): Promise<TestPushResponse> {
    const userId = actor.user.id;
    const now = this.nowS();
    const last = this.lastTest.get(userId);
    if (last !== undefined && now - last < PUSH_TEST_INTERVAL_S)
      throw new ApiError(429, `Wait ${PUSH_TEST_INTERVAL_S} s between test notifications.`);
    if ((await this.repo.countForUser(userId)) === 0)
      throw ApiError.notFound('No device has push alerts turned on for you.');
    this.lastTest.set(userId, now);
    const text = pushTestText(await this.texts(), await this.languageOf(userId));
    const r = await sendToDevices(
      this.devices,
      userId,
      { ...text, url: '/settings/preferences', tag: 'emberwatch-test' },
      { ttlS: TEST_TTL_S, urgency: 'high' },
    );
    return { status_code: 0, sent: r.sent, failed: r.retry + r.refused, removed: r.removed };
  }
}
