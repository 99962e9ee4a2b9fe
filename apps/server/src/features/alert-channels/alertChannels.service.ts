import {
  TEST_PUSH_ALERT_WAIT_S,
  VOICE_TEST_DAILY_CAP,
  VOICE_TEST_REFUSAL,
  type GetAlertChannelsResponse,
  type VoiceTestCallResponse,
  type SetVoiceCallsRequest,
  type TestPushAlertResponse,
} from '@emberwatch/shared/contracts/alertChannels';
import { PUSH_TEST_INTERVAL_S } from '@emberwatch/shared/contracts/push';
import { isPhoneComplete } from '@emberwatch/shared/contracts/storages';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../http/ApiError.js';
import { auditChanged } from '../../http/audit.js';
import type { SentinelRights } from '../sentinel/index.js';
import type { UserRow } from '../users/index.js';
import { assertOperator, whoIs, type AccessService, type Actor } from '../../http/access/index.js';
import { alertChannelRights, maskPhone, voiceTestRefusal } from './alertChannels.policy.js';
import type { AlertChannelsRepository } from './alertChannels.repository.js';

export interface AlertChannelsDeps {
  repo: AlertChannelsRepository;
  access: AccessService;
  /** The Sentinel feature's rights of this caller for this account (its policy). */
  sentinelRightsOf: (actor: Actor, accountId: number) => SentinelRights;
  sentinelTargetOf: (ownerId: number) => Promise<{ siteID: string; url: string } | null>;
  pushDevicesOf: (userId: number) => Promise<number>;
  pushTestTextOf: (userId: number) => Promise<{ title: string; body: string }>;
  /** The number the user confirmed with a code (the account feature's), or null. */
  confirmedPhoneOf: (userId: number) => Promise<string | null>;
  /** The voice test call's words, in the user's language. */
  voiceTestTextOf: (user: UserRow) => Promise<string>;
  /** How many test messages of a channel an account was sent since a time (the delivery outbox's). */
  testMessagesSince: (ownerId: number, channel: 'push' | 'voice', sinceS: number) => Promise<number>;
  sendTest: (
    m: {
      ownerId: number;
      userId: number;
      channel: 'push' | 'voice';
      address: string;
      subject: string;
      body: string;
      payload: Record<string, unknown>;
    },
    waitS: number,
  ) => Promise<{ id: number; status: TestPushAlertResponse['status']; error: string | null }>;
  nowS: () => number;
  log: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * The Alert channels page (issue 27 item 11; decision 0072): the account's voice calls and Sentinel
 * target as the caller may see them, the admin's voice switch, and a test alert through the outbox to
 * the caller's own web-push devices.
 */
export class AlertChannelsService {
  /** When each user last sent a test (in memory: a limit against a repeated press, as testPush). */
  private readonly lastTest = new Map<number, number>();
  /** When each user last placed a test call (the daily cap is counted from the outbox instead). */
  private readonly lastCall = new Map<number, number>();

  constructor(private readonly d: AlertChannelsDeps) {}

  /**
   * The account a call is about: a sub-user's calls (without a UID, or naming himself) are about the
   * account he works in.
   */
  private async accountOf(actor: Actor, uid: number | undefined): Promise<UserRow> {
    const own = uid === undefined || uid === actor.user.id;
    const account = await this.d.access.targetAccount(actor, own ? (actor.user.main_user_id ?? uid) : uid);
    if (account.main_user_id !== null)
      throw ApiError.invalid('A sub-user has no alert channels of its own; name the account.', 'UID');
    return account;
  }

  async read(actor: Actor, uid: number | undefined): Promise<GetAlertChannelsResponse> {
    const account = await this.accountOf(actor, uid);
    const [target, pushDevices] = await Promise.all([
      this.d.sentinelTargetOf(account.id),
      this.d.pushDevicesOf(actor.user.id),
    ]);
    return {
      status_code: 0,
      UID: account.id,
      voiceCallEnabled: account.voice_call_enabled === 1,
      ownerPhoneComplete: isPhoneComplete(account.phone),
      sentinel: target !== null,
      pushDevices,
      rights: alertChannelRights(whoIs(actor, account.id), this.d.sentinelRightsOf(actor, account.id), {
        demo: account.demo === 1,
      }),
    };
  }

  /** /admin/setVoiceCalls: staff only (an operator tool, shown as `changeVoice` by the policy). */
  async setVoiceCalls(actor: Actor, req: SetVoiceCallsRequest): Promise<boolean> {
    assertOperator(actor, 'voiceCalls');
    const account = await this.accountOf(actor, req.UID);
    await this.d.repo.setVoiceCalls(account.id, req.voiceCallEnabled);
    auditChanged(
      'voice calls',
      { voiceCallEnabled: account.voice_call_enabled === 1 },
      { voiceCallEnabled: req.voiceCallEnabled },
    );
    this.d.log.info(
      { accountId: account.id, by: actor.user.id, voiceCallEnabled: req.voiceCallEnabled },
      'voice calls switched',
    );
    return req.voiceCallEnabled;
  }

  /** /client/testPushAlert: a test row of the outbox to the caller, sent by its push channel. */
  async testPush(actor: Actor): Promise<TestPushAlertResponse> {
    const userId = actor.user.id;
    const now = this.d.nowS();
    const last = this.lastTest.get(userId);
    if (last !== undefined && now - last < PUSH_TEST_INTERVAL_S)
      throw new ApiError(429, `Wait ${PUSH_TEST_INTERVAL_S} s between test notifications.`);
    if ((await this.d.pushDevicesOf(userId)) === 0)
      throw ApiError.notFound('No device has push alerts turned on for you.');
    this.lastTest.set(userId, now);
    const text = await this.d.pushTestTextOf(userId);
    const r = await this.d.sendTest(
      {
        ownerId: actor.user.main_user_id ?? userId,
        userId,
        channel: 'push',
        // The push channel's address is the recipient's user id: the message goes to every device.
        address: String(userId),
        subject: text.title,
        body: text.body,
        payload: { url: '/account/alerts', kind: 'test' },
      },
      TEST_PUSH_ALERT_WAIT_S,
    );
    return { status_code: 0, messageId: r.id, status: r.status, error: r.error };
  }

  /**
   * /voice/testCall: a test call to the caller's own confirmed number, through the outbox's voice
   * channel like an alert's (decision 0120). Only the caller's own number, never one named in the
   * request, so the call cannot be aimed at anyone else; a call every 2 minutes per caller and 3 a day
   * per account keep a repeated press from running up the bill or ringing the phone on end.
   */
  async voiceTest(actor: Actor): Promise<VoiceTestCallResponse> {
    const user = actor.user;
    const accountId = user.main_user_id ?? user.id;
    const account = user.main_user_id === null ? user : await this.d.access.targetAccount(actor, accountId);
    const now = this.d.nowS();
    const dayStart = now - (now % 86_400);
    const confirmed = await this.d.confirmedPhoneOf(user.id);
    const last = this.lastCall.get(user.id);
    const sentToday = await this.d.testMessagesSince(accountId, 'voice', dayStart);
    const refusal = voiceTestRefusal(
      {
        voiceOn: account.voice_call_enabled === 1,
        demo: account.demo === 1,
        phoneConfirmed: user.phone !== null && confirmed === user.phone && isPhoneComplete(user.phone),
        sinceLastS: last === undefined ? null : now - last,
        sentToday,
      },
      dayStart + 86_400 - now,
    );
    if (refusal) {
      const code = VOICE_TEST_REFUSAL[refusal.reason];
      throw new VoiceTestRefused(refusal.httpStatus, refusal.message, code, refusal.retryAfterS);
    }
    this.lastCall.set(user.id, now);
    const r = await this.d.sendTest(
      {
        ownerId: accountId,
        userId: user.id,
        channel: 'voice',
        address: user.phone!,
        subject: 'voice test',
        body: await this.d.voiceTestTextOf(user),
        payload: { kind: 'test' },
      },
      TEST_PUSH_ALERT_WAIT_S,
    );
    this.d.log.info({ userId: user.id, messageId: r.id, status: r.status }, 'voice test call');
    return {
      status_code: 0,
      messageId: r.id,
      status: r.status,
      error: r.error,
      to: maskPhone(user.phone!),
      leftToday: Math.max(0, VOICE_TEST_DAILY_CAP - sentToday - 1),
    };
  }
}

/** A refused voice test call: the route puts the wait in Retry-After. */
export class VoiceTestRefused extends ApiError {
  constructor(
    httpStatus: number,
    message: string,
    statusCode: number,
    readonly retryAfterS: number | null,
  ) {
    super(httpStatus, message, statusCode);
  }
}
