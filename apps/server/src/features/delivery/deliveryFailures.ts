import type { NotificationProps } from '@emberwatch/shared/contracts/notifications';
import { isPhoneComplete } from '@emberwatch/shared/contracts/storages';
import type { AlertChannel } from '@emberwatch/shared/domain/kinds/alertChannels';
import type { ServerTexts } from '../translations/index.js';
import type { DeliveryMessageRow } from './delivery.repository.js';
import type { DeliveryFailuresRepository } from './deliveryFailures.repository.js';
import { callerNumberFor, e164 } from './deliveryPlan.js';
import { noticeRouteOf } from './failureNotice.js';
import { noticeText } from './noticeTexts.js';
import type { RecipientHealthRepository } from './recipientHealth.repository.js';

export interface DeliveryFailuresDeps {
  repo: DeliveryFailuresRepository;
  health: RecipientHealthRepository;
  /** Posts the owner's in-app notification (the notifications feature's `notify`, kind deliveryFailed). */
  notify: (ownerId: number, props: NotificationProps, subject: string) => Promise<void>;
  /** The language the person reads the web app in (null: the account's). */
  languageOf: (userId: number) => Promise<string | null>;
  publicUrl: string;
  callerNumbers: { northAmerica: string; international: string };
  /** The server texts the notice is worded with (decision 0107). */
  texts: () => Promise<ServerTexts>;
  nowS: () => number;
  log: (msg: string, extra?: object) => void;
}

/**
 * "Nothing is dropped without a person being told" (issue 27 item 4, decision 0070). The worker calls
 * `onFailedForGood` once it recorded that a message failed for good (a permanent error or retries
 * given up). The account's owner is then told
 * - in the app: a `deliveryFailed` notification per recipient and channel, raised again at each failure;
 * - on another channel that works (failureNotice.ts): a `notice` message through the same outbox, once
 *   per recipient and channel per failing period (from the first failure after the last message that
 *   went through). A notice that fails itself starts no notice: no loop.
 * Calls are taken one at a time within a process, so two failures of one recipient recorded together
 * write one notice. Never throws: a notice that cannot be written must not stop the outbox.
 */
export class DeliveryFailures {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: DeliveryFailuresDeps) {}

  onFailedForGood(message: DeliveryMessageRow): Promise<void> {
    const run = this.queue.then(() =>
      this.handle(message).catch((err: unknown) =>
        this.deps.log('failure notice could not be written', { err, messageId: message.id }),
      ),
    );
    this.queue = run;
    return run;
  }

  private async handle(m: DeliveryMessageRow): Promise<void> {
    const { repo, health, nowS } = this.deps;
    // A code to a number nobody owns yet (username recovery) has no account to tell; the admin's outbox
    // shows it.
    if (m.kind === 'code' && m.recipient_user_id === null) return;
    const accountId = await repo.accountOf(m.owner_user_id);
    if (accountId === undefined) return;
    const channel = m.channel as AlertChannel;
    const now = nowS();
    const state = await health.of(m.owner_user_id, channel, m.address);
    // A later message to the same recipient went through meanwhile: it has recovered, nobody to warn.
    if (!state) return;
    const error = m.last_error ?? state.lastError;

    const props: NotificationProps = {
      text: channel,
      name: m.recipient_name,
      address: m.address,
      error,
      failingSince: state.failingSince,
      count: state.failed,
      ...(m.storage_id !== null ? { itemID: m.storage_id } : {}),
    };
    await this.deps.notify(accountId, props, `${channel}:${m.address}`);

    if (m.kind === 'notice') return;
    const about = JSON.stringify({ channel, address: m.address });
    if (await repo.noticeSince(accountId, about, state.failingSince)) return;
    const owner = await repo.owner(accountId);
    if (!owner) return;
    const failingNow = new Set((await health.ofAccount(accountId)).map((h) => h.address));
    const route = noticeRouteOf(
      { channel, address: m.address },
      {
        phone: isPhoneComplete(owner.phone) ? e164(owner.phone!) : null,
        email: owner.email?.trim() || null,
      },
      failingNow,
    );
    if (!route) {
      this.deps.log('no working channel for a failure notice; the owner is told in the app only', {
        ownerId: accountId,
        channel,
      });
      return;
    }
    const language = (await this.deps.languageOf(owner.id)) ?? owner.language;
    const link = `${this.deps.publicUrl}${m.storage_id !== null ? `/storages/${m.storage_id}` : '/account'}`;
    const text = noticeText(await this.deps.texts(), language, {
      channel,
      name: m.recipient_name,
      address: m.address,
      error,
      link,
    });
    await repo.insertNotice(
      {
        ownerId: accountId,
        recipientUserId: owner.id,
        recipientName:
          [owner.firstname, owner.lastname].filter((p) => p && p.trim()).join(' ') || owner.username,
        channel: route.channel,
        address: route.address,
        sender: route.channel === 'sms' ? callerNumberFor(owner.country, this.deps.callerNumbers) : null,
        language,
        subject: text.subject,
        body: text.body,
        about,
      },
      now,
    );
  }
}
