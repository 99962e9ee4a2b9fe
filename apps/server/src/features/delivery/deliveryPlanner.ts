import { isPhoneComplete, type StorageAlertMessaging } from '@emberwatch/shared/contracts/storages';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import type { DeliveryConfig } from '../../config.js';
import type { ServerTexts } from '../translations/index.js';
import type { AckLinks } from './ackLinks.js';
import type { DeliveryAlertRow, DeliveryRepository, NewDeliveryMessage } from './delivery.repository.js';
import type { DeliveryMessageKind } from './delivery.tables.js';
import type { DeliveryGroupRepository, DeliveryGroupRow } from './deliveryGroup.repository.js';
import {
  reminderHeldUntil,
  type AlertFacts,
  type PlanContext,
  type PlanMessaging,
  type Recipient,
} from './deliveryPlan.js';
import { groupCode, isDataBreak, mergeMessaging, planGroupMessages, type GroupFacts } from './groupPlan.js';
import { joinsGroup, nextGroupStep, type MemberState } from './groupSteps.js';

export type AlertStatusOf = (
  ownerId: number,
  monitorId: number,
  ruleId: number,
  key: { sensor_id: string; depth: number | null; ts: number },
) => Promise<{ status: 'current' | 'acknowledged' | 'gone'; ackBy: number | null }>;

export interface PlannerDeps {
  repo: DeliveryRepository;
  groups: DeliveryGroupRepository;
  config: DeliveryConfig;
  ackLinks: Pick<AckLinks, 'link' | 'pushToken'>;
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
  /** The server texts as translators last saved them: asked once per pass that words a step (decision 0107). */
  texts: () => Promise<ServerTexts>;
  nowS: () => number;
}

const DAY_S = 86_400;

/**
 * Turns delivered alerts into outbox messages, one group step at a time (issue 12 items 1 and 4,
 * issue 27 items 1 and 6, decision 0067): alerts of one storage — or the silent probes of one station —
 * raised within `groupWaitS` of each other form a group, told in one message; alerts raised while the
 * group is open join its next repeat. A repeat every `repeatS` until someone acknowledges (from the
 * `escalateFromStep`th the owner too, by SMS and e-mail), and the all-clear when every alert of it has
 * ended. Each step is written in one transaction with the group's new state, and only if no other
 * instance wrote it first.
 */
export class DeliveryPlanner {
  constructor(private readonly d: PlannerDeps) {}

  /** Groups new alerts and advances every group with work due; returns how many changes it wrote. */
  async runOnce(batch = 100): Promise<number> {
    const now = this.d.nowS();
    let written = 0;
    // One look at the server texts per pass, and only when a step is worded (decision 0107).
    let texts: Promise<ServerTexts> | undefined;
    const textsOfPass = () => (texts ??= this.d.texts());
    for (const a of await this.d.groups.ungrouped(batch)) if (await this.gather(a, now)) written++;
    for (const g of await this.d.groups.dueGroups(now, batch))
      if (await this.advance(g, now, textsOfPass)) written++;
    return written;
  }

  /** Puts a new alert into its subject's live group, or opens one that gathers for `groupWaitS`. */
  private async gather(a: DeliveryAlertRow, now: number): Promise<boolean> {
    if (a.status === 'new' && a.clear_pending === 1) {
      // Ended before anyone was told: it ends quietly.
      await this.d.groups.endQuietly(a.id);
      return true;
    }
    const dataBreak = isDataBreak(a.rule_type);
    if (!dataBreak && a.storage_id === null) return false;
    const subject = dataBreak ? `station:${a.bs_id ?? a.sensor_id}` : `storage:${a.storage_id}`;
    const base = {
      owner_user_id: a.owner_user_id,
      kind: dataBreak ? ('dataBreak' as const) : ('alert' as const),
      subject,
      storage_id: dataBreak ? null : a.storage_id,
      bs_id: dataBreak ? (a.bs_id ?? a.sensor_id) : null,
      created_ts: now,
    };
    if (a.status === 'open') {
      // Told before groups existed: it becomes a group of its own, where its repeats stood.
      const id = await this.d.groups.createGroup({
        ...base,
        status: 'open',
        step: a.step,
        next_step_ts: a.next_step_ts,
      });
      return this.d.groups.join(a.id, id, true);
    }
    const live = (await this.d.groups.liveGroupsOf(a.owner_user_id, subject)).find((g) =>
      joinsGroup({ status: g.status, nextStepTs: g.next_step_ts }),
    );
    const id =
      live?.id ??
      (await this.d.groups.createGroup({
        ...base,
        status: 'gathering',
        step: 0,
        next_step_ts: now + this.d.config.groupWaitS,
      }));
    return this.d.groups.join(a.id, id);
  }

  private async advance(
    g: DeliveryGroupRow,
    now: number,
    texts: () => Promise<ServerTexts>,
  ): Promise<boolean> {
    const rows = await this.d.groups.members(g.id);
    const ending = rows.some((m) => m.clear_pending === 1);
    const repeatDue = !ending && g.status === 'open' && g.next_step_ts !== null && g.next_step_ts <= now;
    const members: MemberState[] = [];
    for (const m of rows)
      members.push({
        id: m.id,
        status: m.status,
        clearPending: m.clear_pending === 1,
        told: m.told === 1,
        now:
          repeatDue && (m.status === 'new' || m.status === 'open') ? await this.monitorStatus(m) : undefined,
      });
    if (repeatDue) {
      const held = await this.heldUntil(g, rows, now);
      if (held !== null) return this.write(g, { nextStepTs: held }, new Map(), [], now);
    }
    const step = nextGroupStep({ status: g.status, step: g.step, nextStepTs: g.next_step_ts }, members, now, {
      repeatS: this.d.config.repeatS,
      maxRepeats: this.d.config.maxRepeats,
    });
    if (!step) return false;
    if (step.kind === null) return this.write(g, step.group, step.members, [], now);
    const listed = rows.filter((m) => step.listed.includes(m.id));
    const number = step.kind === 'repeat' ? (step.group.step ?? g.step) : g.step;
    const messages = await this.messages(g, listed, step.kind, number, now, texts);
    if (step.kind === 'raise' && (!messages || messages.length === 0)) {
      // Nobody is chosen on any channel (or the storage is gone): nothing to send.
      const unrouted = new Map(listed.map((m) => [m.id, { status: 'unrouted' as const }]));
      return this.write(g, { status: 'cleared', nextStepTs: null }, unrouted, [], now);
    }
    return this.write(g, step.group, step.members, messages ?? [], now);
  }

  /** Where a member stands in its monitor; a data break has no monitor and stands until data returns. */
  private async monitorStatus(m: DeliveryAlertRow): Promise<'current' | 'acknowledged' | 'gone'> {
    if (isDataBreak(m.rule_type)) return 'current';
    const key = { sensor_id: m.sensor_id, depth: m.depth < 0 ? null : m.depth, ts: m.alert_ts };
    return (await this.d.alertStatus(m.owner_user_id, m.monitor_id, m.rule_id, key)).status;
  }

  /**
   * When a reminder of this group may go, if it must wait out the quiet hours (reminderHeldUntil): by
   * its hottest alert. A data break is never held: a station that went dead at night may have burnt.
   */
  private async heldUntil(
    g: DeliveryGroupRow,
    rows: DeliveryAlertRow[],
    now: number,
  ): Promise<number | null> {
    if (g.kind === 'dataBreak' || g.storage_id === null) return null;
    const messaging = await this.d.messagingOf(g.owner_user_id, g.storage_id);
    const on = rows.filter((m) => m.status === 'new' || m.status === 'open');
    if (!messaging || on.length === 0) return null;
    const hottest = on.reduce((a, b) => (b.is_min === 0 && b.temperature > a.temperature ? b : a));
    const { timeZone } = await this.d.repo.probeFacts(g.storage_id, hottest.sensor_id);
    return reminderHeldUntil(
      { temperature: hottest.temperature, isMin: on.every((m) => m.is_min === 1), timeZone },
      messaging.voice.tempLimit,
      this.d.config.quietHours,
      now,
    );
  }

  private async write(
    g: DeliveryGroupRow,
    next: Parameters<DeliveryGroupRepository['writeGroupStep']>[1],
    members: Parameters<DeliveryGroupRepository['writeGroupStep']>[2],
    messages: NewDeliveryMessage[],
    now: number,
  ): Promise<boolean> {
    const { smsDailyCap, voiceDailyCap } = this.d.config;
    const { written, capped } = await this.d.groups.writeGroupStep(
      g,
      next,
      members,
      messages,
      {
        ownerId: g.owner_user_id,
        sinceTs: now - (now % DAY_S),
        perChannel: { sms: smsDailyCap, voice: voiceDailyCap },
      },
      now,
    );
    for (const channel of capped) this.d.onCapReached(g.owner_user_id, channel);
    return written;
  }

  /** The messages of one step; null when its storage is gone. */
  private async messages(
    g: DeliveryGroupRow,
    listed: DeliveryAlertRow[],
    kind: DeliveryMessageKind & PlanContext['kind'],
    step: number,
    now: number,
    texts: () => Promise<ServerTexts>,
  ): Promise<NewDeliveryMessage[] | null> {
    const facts = await this.groupFacts(g, listed);
    if (!facts) return null;
    const { messaging: raw } = facts;
    const plan = await this.withUnits(raw);
    const escalating =
      kind === 'repeat' && this.d.config.escalateFromStep > 0 && step >= this.d.config.escalateFromStep;
    const owner =
      escalating || facts.ownerOnly
        ? await this.ownerRecipients(g.owner_user_id)
        : { sms: null, email: null };
    if (facts.ownerOnly) {
      // A station whose probes are in no storage: its data break goes to the account's owner.
      plan.sms = { active: Boolean(owner.sms), recipients: owner.sms ? [owner.sms] : [] };
      plan.email = { active: Boolean(owner.email), recipients: owner.email ? [owner.email] : [] };
    }
    const everyone = [...plan.sms.recipients, ...plan.email.recipients, ...plan.voice.recipients];
    if (owner.sms) everyone.push(owner.sms);
    if (owner.email) everyone.push(owner.email);
    const pushUsers = await this.d.pushUsersOf([...new Set(everyone.map((r) => r.userId))]);
    const planned = planGroupMessages(facts.group, plan, {
      pushUsers,
      kind,
      step,
      nowS: now,
      publicUrl: this.d.config.publicUrl,
      callerNumbers: this.d.config.callerNumbers,
      ackLink: (userId) => this.d.ackLinks.link(g.id, userId),
      pushAckToken: (userId) => this.d.ackLinks.pushToken(g.id, userId),
      escalateFromStep: facts.ownerOnly ? 0 : this.d.config.escalateFromStep,
      owner,
      sentinel: raw.sentinel.active && kind !== 'repeat' ? await this.sentinelOf(g.owner_user_id) : null,
      texts: await texts(),
    });
    const lead = facts.group.members[0]!.alertId;
    return planned.map((p) => ({
      owner_user_id: g.owner_user_id,
      delivery_alert_id: lead,
      delivery_group_id: g.id,
      storage_id: g.storage_id,
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

  /**
   * What a group's messages say and whom they reach: a storage's alerts go by the storage's messaging;
   * a station's data break by the messaging of every storage at that station together (the most
   * people, every channel one of them uses), or, with none, to the account's owner by SMS and e-mail.
   */
  private async groupFacts(
    g: DeliveryGroupRow,
    listed: DeliveryAlertRow[],
  ): Promise<{ group: GroupFacts; messaging: StorageAlertMessaging; ownerOnly: boolean } | null> {
    if (listed.length === 0) return null;
    if (g.kind === 'dataBreak') {
      const bsId = g.bs_id ?? listed[0]!.sensor_id;
      const station = await this.d.repo.stationFacts(g.owner_user_id, bsId);
      const all: StorageAlertMessaging[] = [];
      for (const id of station.storageIds) {
        const m = await this.d.messagingOf(g.owner_user_id, id);
        if (m) all.push(m);
      }
      const messaging = mergeMessaging(station.name, all);
      const members: AlertFacts[] = [];
      for (const m of listed) members.push(await this.memberFacts(m, null, station.timeZone));
      const routed =
        (messaging.sms.active && messaging.sms.recipients.length > 0) ||
        (messaging.email.active && messaging.email.recipients.length > 0) ||
        (messaging.voice.active && messaging.voice.recipients.length > 0) ||
        messaging.sentinel.active;
      return {
        group: {
          groupId: g.id,
          code: groupCode(g.id),
          kind: 'dataBreak',
          storageId: null,
          name: station.name,
          bsId,
          members,
        },
        messaging,
        ownerOnly: !routed,
      };
    }
    if (g.storage_id === null) return null;
    const messaging = await this.d.messagingOf(g.owner_user_id, g.storage_id);
    if (!messaging) return null;
    const members: AlertFacts[] = [];
    for (const m of listed) members.push(await this.memberFacts(m, g.storage_id, null));
    return {
      group: {
        groupId: g.id,
        code: groupCode(g.id),
        kind: 'alert',
        storageId: g.storage_id,
        name: messaging.storageName,
        bsId: null,
        members,
      },
      messaging,
      ownerOnly: false,
    };
  }

  private async memberFacts(
    a: DeliveryAlertRow,
    storageId: number | null,
    zone: string | null,
  ): Promise<AlertFacts> {
    const { probeName, depths, timeZone } =
      storageId === null
        ? a.rule_type === 'noBSData'
          ? { probeName: a.sensor_id, depths: 0, timeZone: zone }
          : { ...(await this.d.repo.probeName(a.sensor_id)), timeZone: zone }
        : await this.d.repo.probeFacts(storageId, a.sensor_id);
    return {
      alertId: a.id,
      ruleType: a.rule_type,
      storageId: storageId ?? 0,
      storageName: '',
      sensorId: a.sensor_id,
      probeName,
      depth: a.depth,
      depths,
      temperature: a.temperature,
      threshold: a.threshold,
      isMin: a.is_min === 1,
      alertTs: a.alert_ts,
      timeZone,
      reference: a.reference,
      rate: a.rate,
      windowH: a.window_h,
      clearTemperature: a.clear_temperature,
      clearTs: a.cleared_ts,
    };
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
