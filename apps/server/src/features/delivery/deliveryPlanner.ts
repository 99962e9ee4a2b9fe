import { isPhoneComplete, type DegreesUnit, type StorageAlertMessaging } from '@emberwatch/shared';
import type { DeliveryConfig } from '../../config.js';
import type { AckLinks } from './ackLinks.js';
import type { DeliveryAlertRow, DeliveryRepository, NewDeliveryMessage } from './delivery.repository.js';
import type { DeliveryMessageKind } from './delivery.tables.js';
import {
  planMessages,
  reminderHeldUntil,
  type AlertFacts,
  type PlanContext,
  type PlanMessaging,
  type Recipient,
} from './deliveryPlan.js';

export type AlertStatusOf = (
  ownerId: number,
  monitorId: number,
  ruleId: number,
  key: { sensor_id: string; depth: number | null; ts: number },
) => Promise<{ status: 'current' | 'acknowledged' | 'gone'; ackBy: number | null }>;

export interface PlannerDeps {
  repo: DeliveryRepository;
  config: DeliveryConfig;
  ackLinks: Pick<AckLinks, 'link'>;
  messagingOf: (ownerId: number, storageId: number) => Promise<StorageAlertMessaging | null>;
  unitOf: (userId: number) => Promise<DegreesUnit>;
  /** The language the user chose in the settings; null: the account's (users.language). */
  languageOf: (userId: number) => Promise<string | null>;
  alertStatus: AlertStatusOf;
  /** The account's Sentinel target (the sentinel feature's); null without one. */
  sentinelTargetOf: (ownerId: number) => Promise<{ siteID: string; url: string } | null>;
  /** Which of these users have web push on a device (the push feature's). */
  pushUsersOf: (userIds: number[]) => Promise<Set<number>>;
  /** An account reached a channel's daily cap (the notifications feature tells the owner). */
  onCapReached: (ownerId: number, channel: string) => void;
  nowS: () => number;
}

const DAY_S = 86_400;

/**
 * Turns delivered alerts into outbox messages, one step at a time (issue 12 items 1 and 4): the first
 * messages when an alert is raised, a repeat every `repeatS` until someone acknowledges (from the
 * `escalateFromStep`th repeat the owner too), and the all-clear when it ends. Each step is written in
 * one transaction with the alert's new state, and only if no other instance wrote it first.
 */
export class DeliveryPlanner {
  constructor(private readonly d: PlannerDeps) {}

  /** Advances every alert with work due; returns how many steps it wrote. */
  async runOnce(batch = 100): Promise<number> {
    const now = this.d.nowS();
    let written = 0;
    for (const a of await this.d.repo.dueAlerts(now, batch)) if (await this.advance(a, now)) written++;
    return written;
  }

  private async advance(a: DeliveryAlertRow, now: number): Promise<boolean> {
    const key = { sensor_id: a.sensor_id, depth: a.depth < 0 ? null : a.depth, ts: a.alert_ts };
    if (a.clear_pending === 1) {
      // Ended before its first messages went out (or after an acknowledgement): the all-clear goes to
      // those who were told of it; an alert nobody heard of ends quietly.
      const told = a.status === 'open' || a.status === 'acknowledged';
      const messages = told ? await this.messages(a, 'clear', a.step, now) : [];
      return this.write(a, { status: 'cleared', clear_pending: 0, next_step_ts: null }, messages ?? [], now);
    }
    if (a.status === 'new') {
      const messages = await this.messages(a, 'raise', 0, now);
      if (!messages || messages.length === 0)
        return this.write(a, { status: 'unrouted', next_step_ts: null }, [], now);
      const next = this.d.config.maxRepeats > 0 ? now + this.d.config.repeatS : null;
      return this.write(a, { status: 'open', step: 0, next_step_ts: next }, messages, now);
    }
    // A repeat is due: not if someone acknowledged it in the web, or it ended without an all-clear
    // reaching us (its rule was changed or removed).
    const status = await this.d.alertStatus(a.owner_user_id, a.monitor_id, a.rule_id, key);
    if (status.status === 'acknowledged') {
      await this.d.repo.markAcknowledged(a.id, status.ackBy, 'web', now);
      return false;
    }
    if (status.status === 'gone') return this.write(a, { status: 'cleared', next_step_ts: null }, [], now);
    const held = await this.heldUntil(a, now);
    if (held !== null) return this.write(a, { next_step_ts: held }, [], now);
    const step = a.step + 1;
    const messages = (await this.messages(a, 'repeat', step, now)) ?? [];
    const next = step < this.d.config.maxRepeats ? now + this.d.config.repeatS : null;
    return this.write(a, { step, next_step_ts: next }, messages, now);
  }

  /** When a reminder of this alert may go, if it must wait out the quiet hours (reminderHeldUntil). */
  private async heldUntil(a: DeliveryAlertRow, now: number): Promise<number | null> {
    if (a.storage_id === null) return null;
    const messaging = await this.d.messagingOf(a.owner_user_id, a.storage_id);
    if (!messaging) return null;
    const { timeZone } = await this.d.repo.probeFacts(a.storage_id, a.sensor_id);
    return reminderHeldUntil(
      { temperature: a.temperature, isMin: a.is_min === 1, timeZone },
      messaging.voice.tempLimit,
      this.d.config.quietHours,
      now,
    );
  }

  private async write(
    a: DeliveryAlertRow,
    next: Parameters<DeliveryRepository['writeStep']>[1],
    messages: NewDeliveryMessage[],
    now: number,
  ): Promise<boolean> {
    const { smsDailyCap, voiceDailyCap } = this.d.config;
    const { written, capped } = await this.d.repo.writeStep(a, next, messages, {
      ownerId: a.owner_user_id,
      sinceTs: now - (now % DAY_S),
      perChannel: { sms: smsDailyCap, voice: voiceDailyCap },
    });
    for (const channel of capped) this.d.onCapReached(a.owner_user_id, channel);
    return written;
  }

  /** The messages of one step; null when the storage is gone. */
  private async messages(
    a: DeliveryAlertRow,
    kind: DeliveryMessageKind & PlanContext['kind'],
    step: number,
    now: number,
  ): Promise<NewDeliveryMessage[] | null> {
    if (a.storage_id === null) return null;
    const messaging = await this.d.messagingOf(a.owner_user_id, a.storage_id);
    if (!messaging) return null;
    const { probeName, depths, timeZone } = await this.d.repo.probeFacts(a.storage_id, a.sensor_id);
    const facts: AlertFacts = {
      alertId: a.id,
      storageId: a.storage_id,
      storageName: messaging.storageName,
      sensorId: a.sensor_id,
      probeName,
      depth: a.depth,
      depths,
      temperature: a.temperature,
      threshold: a.threshold,
      isMin: a.is_min === 1,
      alertTs: a.alert_ts,
      timeZone,
      ruleType: a.rule_type,
      reference: a.reference,
      rate: a.rate,
      windowH: a.window_h,
      clearTemperature: a.clear_temperature,
      clearTs: a.cleared_ts,
    };
    const plan = await this.withUnits(messaging);
    const escalating =
      kind === 'repeat' && this.d.config.escalateFromStep > 0 && step >= this.d.config.escalateFromStep;
    const owner = escalating ? await this.ownerRecipients(a.owner_user_id) : { sms: null, email: null };
    const everyone = [...plan.sms.recipients, ...plan.email.recipients, ...plan.voice.recipients];
    if (owner.sms) everyone.push(owner.sms);
    if (owner.email) everyone.push(owner.email);
    const pushUsers = await this.d.pushUsersOf([...new Set(everyone.map((r) => r.userId))]);
    const planned = planMessages(facts, plan, {
      pushUsers,
      kind,
      step,
      nowS: now,
      publicUrl: this.d.config.publicUrl,
      callerNumbers: this.d.config.callerNumbers,
      ackLink: (userId) => this.d.ackLinks.link(a.id, userId),
      escalateFromStep: this.d.config.escalateFromStep,
      owner,
      sentinel:
        messaging.sentinel.active && kind !== 'repeat' ? await this.sentinelOf(a.owner_user_id) : null,
    });
    return planned.map((p) => ({
      owner_user_id: a.owner_user_id,
      delivery_alert_id: a.id,
      storage_id: a.storage_id,
      kind,
      step,
      channel: p.channel,
      recipient_user_id: p.recipientUserId,
      recipient_name: p.recipientName,
      address: p.address,
      sender: p.sender,
      language: p.language,
      subject: p.subject,
      body: p.body,
      html: p.html,
      payload: p.payload ? JSON.stringify(p.payload) : null,
      status: 'pending',
      attempts: 0,
      next_attempt_ts: now,
      created_ts: now,
    }));
  }

  /** Each recipient with the unit and the language they chose in the settings. */
  private async withUnits(m: StorageAlertMessaging): Promise<PlanMessaging> {
    const chosen = new Map<number, { unit: DegreesUnit; language: string | null }>();
    const ids = new Set(
      [...m.sms.recipients, ...m.email.recipients, ...m.voice.recipients].map((r) => r.userId),
    );
    for (const id of ids)
      chosen.set(id, { unit: await this.d.unitOf(id), language: await this.d.languageOf(id) });
    const add = (list: StorageAlertMessaging['sms']['recipients']): Recipient[] =>
      list.map((r) => ({
        ...r,
        language: chosen.get(r.userId)?.language ?? r.language,
        unit: chosen.get(r.userId)?.unit ?? 'C',
      }));
    return {
      ...m,
      sms: { ...m.sms, recipients: add(m.sms.recipients) },
      email: { ...m.email, recipients: add(m.email.recipients) },
      voice: { ...m.voice, recipients: add(m.voice.recipients) },
    };
  }

  private async sentinelOf(ownerId: number): Promise<PlanContext['sentinel']> {
    const target = await this.d.sentinelTargetOf(ownerId);
    const o = target && (await this.d.repo.owner(ownerId));
    if (!target || !o) return null;
    return {
      siteID: target.siteID,
      url: target.url,
      language: (await this.d.languageOf(o.id)) ?? o.language,
      unit: await this.d.unitOf(o.id),
    };
  }

  private async ownerRecipients(ownerId: number): Promise<PlanContext['owner']> {
    const o = await this.d.repo.owner(ownerId);
    if (!o) return { sms: null, email: null };
    const base = {
      userId: o.id,
      name: [o.firstname, o.lastname].filter((p) => p && p.trim()).join(' ') || o.username,
      language: (await this.d.languageOf(o.id)) ?? o.language,
      country: o.country,
      unit: await this.d.unitOf(o.id),
    };
    const phone = o.phone?.trim() ?? '';
    const email = o.email?.trim() ?? '';
    return {
      sms: isPhoneComplete(phone) ? { ...base, address: phone } : null,
      email: email ? { ...base, address: email } : null,
    };
  }
}
