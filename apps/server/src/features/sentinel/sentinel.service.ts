import { randomUUID } from 'node:crypto';
import type { UiPreferences } from '@emberwatch/shared/contracts/preferences';
import {
  SENTINEL_TEST_TEMPERATURE,
  type SentinelAlerts,
  type SentinelCallResponse,
  type SentinelWebhookBody,
  type SetSentinelAlertsRequest,
  type TestSentinelCallResponse,
} from '@emberwatch/shared/contracts/sentinel';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../http/ApiError.js';
import type { UserRow } from '../users/index.js';
import { enforce, whoIs, type AccessService, type Actor } from '../../http/access/index.js';
import { maySentinel, sentinelRights, type SentinelRights } from './sentinel.policy.js';
import type { SentinelRepository, SentinelTargetRow } from './sentinel.repository.js';
import { postToSentinel, type SentinelSenderOptions } from './sentinelSender.js';
import { newSentinelSecret } from './sentinelSignature.js';
import type { ServerTexts } from '../translations/index.js';
import { sentinelTestText } from './sentinelTexts.js';
import { checkTargetUrl } from './ssrfGuard.js';

const present = (row: SentinelTargetRow): SentinelAlerts => ({ siteID: row.site_id, url: row.url });

/**
 * An account's Sentinel target: the admin sets it, the owner sees it and takes its secret once, the
 * test call (spec doc 3 §4, §9) signs and sends the test text. Decision 0046.
 */
export class SentinelService {
  /** Accounts with a test call on its way: one at a time each, so the button cannot flood a receiver. */
  private readonly testing = new Set<number>();

  constructor(
    private readonly repo: SentinelRepository,
    private readonly access: AccessService,
    private readonly preferencesOf: (userId: number) => Promise<UiPreferences>,
    private readonly sender: SentinelSenderOptions,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
    /** The server texts the test text is worded with (decision 0107). */
    private readonly texts: () => Promise<ServerTexts>,
  ) {}

  /** The account a call is about, and what the caller may do with its target. */
  private async scope(
    actor: Actor,
    uid: number | undefined,
    need: Exclude<keyof SentinelRights, 'seeSecret'>,
  ) {
    // A sub-user's calls are about the account he works in.
    const account = await this.access.targetAccount(actor, uid ?? actor.user.main_user_id ?? undefined);
    const who = whoIs(actor, account.id);
    enforce(maySentinel(who, need, { subUser: account.main_user_id !== null, demo: account.demo === 1 }));
    return { account, rights: sentinelRights(who) };
  }

  /** /sentinelCall: the target, and to its owner the secret if not shown yet. */
  async read(actor: Actor, uid: number | undefined): Promise<SentinelCallResponse> {
    const { account, rights } = await this.scope(actor, uid, 'read');
    const row = await this.repo.find(account.id);
    if (!row) return { status_code: 0, sentinelAlerts: null };
    const secret = rights.seeSecret ? await this.repo.takeUnshownSecret(account.id) : null;
    return { status_code: 0, sentinelAlerts: present(row), ...(secret ? { secret } : {}) };
  }

  /** A new secret: answered to the owner; an admin's waits for the owner's next read. */
  async rotate(actor: Actor, uid: number | undefined): Promise<string | null> {
    const { account, rights } = await this.scope(actor, uid, 'rotate');
    const secret = newSentinelSecret();
    if (!(await this.repo.rotate(account.id, secret, rights.seeSecret, this.sender.nowS())))
      throw ApiError.notFound('This account has no Sentinel target.');
    this.log.info({ accountId: account.id, by: actor.user.id }, 'sentinel secret rotated');
    return rights.seeSecret ? secret : null;
  }

  /**
   * /admin/setSentinelAlerts (`set`) and the owner's /client/setSentinelTarget (`configure`, decision
   * 0072): sets (a new target gets a new secret) or removes the target. The owner gets a secret he
   * has not seen in the answer, once; an admin never does.
   */
  async set(
    actor: Actor,
    req: Pick<SetSentinelAlertsRequest, 'sentinelAlerts'> & { UID?: number | undefined },
    need: 'set' | 'configure' = 'set',
  ): Promise<{ sentinelAlerts: SentinelAlerts | null; secret?: string }> {
    const { account, rights } = await this.scope(actor, req.UID, need);
    if (req.sentinelAlerts === null) {
      await this.repo.remove(account.id);
      this.log.info({ accountId: account.id, by: actor.user.id }, 'sentinel target removed');
      return { sentinelAlerts: null };
    }
    const { siteID } = req.sentinelAlerts;
    const checked = checkTargetUrl(req.sentinelAlerts.url, this.sender);
    if (!checked.ok)
      throw ApiError.invalid(`The Sentinel URL is refused: ${checked.reason}.`, 'sentinelAlerts.url');
    const url = checked.url.href;
    if (await this.repo.takenByAnother(account.id, siteID, url))
      throw ApiError.invalid(
        'Another account already has this Sentinel site at this URL.',
        'sentinelAlerts.siteID',
      );
    await this.repo.upsert(account.id, siteID, url, newSentinelSecret(), this.sender.nowS());
    this.log.info({ accountId: account.id, by: actor.user.id }, 'sentinel target set');
    const secret = rights.seeSecret ? await this.repo.takeUnshownSecret(account.id) : null;
    return { sentinelAlerts: { siteID, url }, ...(secret ? { secret } : {}) };
  }

  /** /testSentinelCall: the signed test body with the spec's text (60 C or 140 F). */
  async test(actor: Actor, uid: number | undefined): Promise<TestSentinelCallResponse> {
    const { account } = await this.scope(actor, uid, 'test');
    const row = await this.repo.find(account.id);
    if (!row) throw ApiError.notFound('This account has no Sentinel target.');
    if (this.testing.has(account.id)) throw new ApiError(429, 'A Sentinel test call is already running.');
    this.testing.add(account.id);
    try {
      const result = await postToSentinel(
        row.url,
        await this.testBody(account, row),
        row.secret,
        this.sender,
      );
      this.log.info(
        {
          accountId: account.id,
          by: actor.user.id,
          ok: result.ok,
          ...(result.ok ? {} : { error: result.error }),
        },
        'sentinel test call',
      );
      if (result.ok) return { status_code: 0, ok: true };
      return {
        status_code: 0,
        ok: false,
        failure: result.failure,
        ...(result.httpStatus !== undefined ? { httpStatus: result.httpStatus } : {}),
        error: result.error,
      };
    } finally {
      this.testing.delete(account.id);
    }
  }

  /** In the owner's language and unit: the receiver's people read what the farm reads. */
  private async testBody(account: UserRow, row: SentinelTargetRow): Promise<SentinelWebhookBody> {
    const unit = unitOf((await this.preferencesOf(account.id)).degrees);
    return {
      version: 1,
      deliveryId: `test-${randomUUID()}`,
      kind: 'test',
      siteID: row.site_id,
      alertId: null,
      storage: null,
      probe: null,
      depthM: null,
      temperatureC: SENTINEL_TEST_TEMPERATURE.C,
      limitC: null,
      alertTime: new Date(this.sender.nowS() * 1000).toISOString(),
      text: sentinelTestText(await this.texts(), account.language, unit),
    };
  }
}
