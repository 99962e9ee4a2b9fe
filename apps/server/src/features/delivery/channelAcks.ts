import type { DeliveryAlertRow, DeliveryRepository } from './delivery.repository.js';
import { wordsFor } from './alertTexts.js';
import { e164 } from './deliveryPlan.js';

export type AcknowledgeFor = (
  accountId: number,
  monitorId: number,
  ruleId: number,
  targets: readonly { sensor_id: string; depth: number | null; ts: number }[],
  byUserId: number,
  note: string,
) => Promise<number>;

/** How far back an SMS reply looks for the alerts it answers. */
export const REPLY_WINDOW_S = 48 * 3600;

/** "OK", "ok.", "Ok!" — the reply that acknowledges (issue 12 item 4). */
export const isOkReply = (body: string) => /^\s*ok\b[\s.!]*$/i.test(body);

/**
 * Acknowledging from the channel (issue 12 item 4): an SMS reply "OK", the key 1 in a call, the
 * e-mail's signed link. Each acknowledges the alert in the monitor (with a logbook line, as the web's
 * acknowledgement does) and stops its repeats. The provider's callbacks are verified before they get
 * here, and each is acted on once (delivery_inbound).
 */
export class ChannelAcks {
  constructor(
    private readonly repo: DeliveryRepository,
    private readonly acknowledgeFor: AcknowledgeFor,
    private readonly nowS: () => number,
  ) {}

  async ackAlert(
    a: DeliveryAlertRow,
    byUserId: number | null,
    via: 'sms' | 'voice' | 'email',
  ): Promise<boolean> {
    if (a.status !== 'open' && a.status !== 'new') return false;
    if (byUserId !== null)
      await this.acknowledgeFor(
        a.owner_user_id,
        a.monitor_id,
        a.rule_id,
        [{ sensor_id: a.sensor_id, depth: a.depth < 0 ? null : a.depth, ts: a.alert_ts }],
        byUserId,
        '',
      );
    return this.repo.markAcknowledged(a.id, byUserId, via, this.nowS());
  }

  /**
   * An SMS came in. "OK" acknowledges every open alert that texted this number in the last 48 hours —
   * one reply stops all the reminders the person got. Returns the answer to text back (null: none).
   */
  async smsReply(r: { providerId: string; from: string; body: string }): Promise<string | null> {
    if (!(await this.repo.firstSight(r.providerId, 'sms', this.nowS()))) return null;
    if (!isOkReply(r.body)) return null;
    const from = e164(r.from);
    const last = await this.repo.latestMessageTo(from, ['sms']);
    if (!last) return null;
    const words = wordsFor(last.language);
    const alerts = await this.repo.openAlertsMessagedTo(from, ['sms'], this.nowS() - REPLY_WINDOW_S);
    let n = 0;
    for (const a of alerts) if (await this.ackAlert(a, last.recipient_user_id, 'sms')) n++;
    return n > 0 ? words.ackDone.replace('{n}', String(n)) : words.ackNone;
  }

  /** A key pressed in a voice call about one alert; returns what the call says next. */
  async voiceKey(r: { providerId: string; messageId: number; digits: string }): Promise<string | null> {
    const m = await this.repo.message(r.messageId);
    if (!m || m.channel !== 'voice' || m.delivery_alert_id === null) return null;
    const words = wordsFor(m.language);
    if (r.digits.trim() !== '1') return null;
    if (await this.repo.firstSight(r.providerId, 'voice', this.nowS())) {
      const a = await this.repo.alert(m.delivery_alert_id);
      if (a) await this.ackAlert(a, m.recipient_user_id, 'voice');
    }
    return words.ackPageDone;
  }

  /** The e-mail link's button: the link was checked by its signature. */
  async emailLink(alertId: number, userId: number): Promise<boolean> {
    const a = await this.repo.alert(alertId);
    if (!a) return false;
    await this.ackAlert(a, userId, 'email');
    return true;
  }
}
