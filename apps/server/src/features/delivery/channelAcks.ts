import { fillPlaceholders } from '@emberwatch/shared/domain/fillPlaceholders';
import type { DeliveryAlertRow, DeliveryRepository } from './delivery.repository.js';
import type { DeliveryGroupRepository } from './deliveryGroup.repository.js';
import type { ServerTexts } from '../translations/index.js';
import { wordsFor } from './alertTexts.js';
import { e164 } from './deliveryPlan.js';
import { groupCode, isDataBreak } from './groupPlan.js';
import { groupWordsFor } from './groupTexts.js';

export type AcknowledgeFor = (
  accountId: number,
  monitorId: number,
  ruleId: number,
  targets: readonly { sensor_id: string; depth: number | null; ts: number }[],
  byUserId: number,
  note: string,
) => Promise<number>;

/** How far back an SMS reply looks for the messages it answers. */
export const REPLY_WINDOW_S = 48 * 3600;

/**
 * "OK", "ok.", "Ok 1F!" — the reply that acknowledges (issue 12 item 4), with the short code of the
 * message it answers (issue 27 item 9). Returns null for anything else, the code (upper case) or ''.
 */
export function okReplyCode(body: string): string | null {
  const m = /^\s*ok(?:[\s:#-]+([0-9a-z]{1,8}))?[\s.!]*$/i.exec(body);
  return m ? (m[1] ?? '').toUpperCase() : null;
}

/**
 * Acknowledging from the channel (issue 12 item 4, issue 27 item 9): an SMS reply "OK" with the code
 * its message carried, the key 1 in a call, the e-mail's signed link. Each acknowledges the group the
 * message told of — every alert of it still on, in its monitor (with a logbook line, as the web's
 * acknowledgement does) — and stops its repeats. The provider's callbacks are verified before they get
 * here, and each is acted on once (delivery_inbound).
 */
export class ChannelAcks {
  constructor(
    private readonly repo: DeliveryRepository,
    private readonly groups: DeliveryGroupRepository,
    private readonly acknowledgeFor: AcknowledgeFor,
    private readonly nowS: () => number,
    /** The server texts the answers are worded with (decision 0107). */
    private readonly texts: () => Promise<ServerTexts>,
  ) {}

  /** Acknowledges a group; returns how many of its alerts were still on (null: it was not open). */
  async ackGroup(
    groupId: number,
    byUserId: number | null,
    via: 'sms' | 'voice' | 'email' | 'web' | 'push',
  ): Promise<number | null> {
    const alerts = await this.groups.acknowledgeGroup(groupId, byUserId, via, this.nowS());
    if (!alerts) return null;
    if (byUserId !== null) {
      // One acknowledgement per monitor rule (its lock and logbook line), for the alerts of that rule.
      const byRule = new Map<string, DeliveryAlertRow[]>();
      for (const a of alerts) {
        if (isDataBreak(a.rule_type)) continue;
        const key = `${a.monitor_id}:${a.rule_id}`;
        byRule.set(key, [...(byRule.get(key) ?? []), a]);
      }
      for (const list of byRule.values())
        await this.acknowledgeFor(
          list[0]!.owner_user_id,
          list[0]!.monitor_id,
          list[0]!.rule_id,
          list.map((a) => ({ sensor_id: a.sensor_id, depth: a.depth < 0 ? null : a.depth, ts: a.alert_ts })),
          byUserId,
          '',
        );
    }
    return alerts.length;
  }

  /**
   * An SMS came in. "OK 1F" acknowledges the group whose messages carried the code 1F and texted this
   * number in the last 48 hours; a plain "OK" the one such group, or — with several open — the answer
   * names them and their codes. Returns the answer to text back (null: none).
   */
  async smsReply(r: { providerId: string; from: string; body: string }): Promise<string | null> {
    if (!(await this.repo.firstSight(r.providerId, 'sms', this.nowS()))) return null;
    const code = okReplyCode(r.body);
    if (code === null) return null;
    const from = e164(r.from);
    const last = await this.repo.latestMessageTo(from, ['sms']);
    if (!last) return null;
    const texts = await this.texts();
    const words = wordsFor(texts, last.language);
    const open = await this.groups.openGroupsMessagedTo(from, ['sms'], this.nowS() - REPLY_WINDOW_S);
    const chosen = code ? open.filter((g) => groupCode(g.id) === code) : open;
    if (chosen.length > 1) {
      const gw = groupWordsFor(texts, last.language);
      const names = await this.groups.subjectNames(chosen);
      const choices = chosen.map((g) =>
        fillPlaceholders(gw.ackChoice, { code: groupCode(g.id), name: names.get(g.id) ?? '' }),
      );
      return fillPlaceholders(gw.ackWhich, { choices: choices.join(', ') });
    }
    const n = chosen[0] ? await this.ackGroup(chosen[0].id, last.recipient_user_id, 'sms') : null;
    return n ? words.ackDone.replace('{n}', String(n)) : words.ackNone;
  }

  /** A key pressed in a voice call; returns what the call says next. */
  async voiceKey(r: { providerId: string; messageId: number; digits: string }): Promise<string | null> {
    const m = await this.repo.message(r.messageId);
    if (!m || m.channel !== 'voice') return null;
    const groupId = m.delivery_group_id ?? (await this.groupOfAlert(m.delivery_alert_id));
    if (groupId === null) return null;
    const words = wordsFor(await this.texts(), m.language);
    if (r.digits.trim() !== '1') return null;
    if (await this.repo.firstSight(r.providerId, 'voice', this.nowS()))
      await this.ackGroup(groupId, m.recipient_user_id, 'voice');
    return words.ackPageDone;
  }

  /** The e-mail link's button: the link was checked by its signature. */
  async emailLink(groupId: number, userId: number): Promise<boolean> {
    if (!(await this.groups.group(groupId))) return false;
    await this.ackGroup(groupId, userId, 'email');
    return true;
  }

  /**
   * A pushed alert's Acknowledge action, its token already checked (pushAck.ts): acknowledges the group
   * for the token's recipient. The number of its alerts still on (0: already seen to); null: no such group.
   */
  async pushAction(groupId: number, userId: number): Promise<number | null> {
    if (!(await this.groups.group(groupId))) return null;
    return (await this.ackGroup(groupId, userId, 'push')) ?? 0;
  }

  private async groupOfAlert(alertId: number | null): Promise<number | null> {
    return alertId === null ? null : ((await this.repo.alert(alertId))?.group_id ?? null);
  }
}
