import {
  voiceCallAllowedAt,
  type DeliveryRecipient,
  type StorageAlertMessaging,
} from '@emberwatch/shared/contracts/storages';
import type { AlertChannel } from '@emberwatch/shared/domain/kinds/alertChannels';
import { RULE_TYPE_INFO, type RuleType } from '@emberwatch/shared/domain/kinds/ruleTypes';
import { riseLimitOf, type AlertRuleConfig } from '@emberwatch/shared/domain/rules/evaluateRule';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { fillPlaceholders } from '@emberwatch/shared/domain/fillPlaceholders';
import { formatDifference, formatTemperature, formatTime, wordsFor, type AlertWords } from './alertTexts.js';
import type { ServerTexts } from '../translations/index.js';
import { groupCode, planGroupMessages } from './groupPlan.js';

/** What a message says about its alert, in stored units (tenths of °C, epoch seconds). */
export interface AlertFacts {
  alertId: number;
  storageId: number;
  storageName: string;
  sensorId: string;
  /** The probe's name where it has one, else its id. */
  probeName: string;
  /** The depth index; −1 for the average of the depths. */
  depth: number;
  /** How many depths the probe measures (for the depth in metres). */
  depths: number;
  temperature: number;
  threshold: number | null;
  isMin: boolean;
  alertTs: number;
  /**
   * The zone of the times in messages and of the no-call hours: the station's, else the account's
   * (another station of the owner's); null: UTC.
   */
  timeZone: string | null;
  /** The rule's type (RuleType), for the wording: a limit, a rise over a reference, a rate. */
  ruleType: string;
  /** A relative rule's reference, the alert's TP (tenths of °C); null for an absolute rule. */
  reference: number | null;
  /** A rise-rate rule's rate, tenths of °C an hour; null otherwise. */
  rate: number | null;
  /** The hours a relative rule looks back over the probe's own readings; null when it compares with other probes. */
  windowH: number | null;
  /** The value that ended the alert, tenths of °C; null when none did (reset, probe removed) or not yet. */
  clearTemperature: number | null;
  /** When the alert ended (epoch s); null while it is current. */
  clearTs: number | null;
}

export type Recipient = DeliveryRecipient & { unit: DegreesUnit };

/** A storage's messaging with each recipient's unit (DeliveryRecipient has no unit). */
export interface PlanMessaging extends Omit<StorageAlertMessaging, 'sms' | 'email' | 'voice'> {
  sms: { active: boolean; recipients: Recipient[] };
  email: { active: boolean; recipients: Recipient[] };
  voice: { active: boolean; recipients: Recipient[]; noCallHours: [number, number]; tempLimit: number };
}

export interface PlanContext {
  kind: 'raise' | 'repeat' | 'clear';
  /** 0 for the first messages; the repeat's number otherwise. */
  step: number;
  nowS: number;
  /** The web app's address, for links. */
  publicUrl: string;
  /** Caller/sender numbers: North American for us, ca, mx; otherwise the international (Finnish) one. */
  callerNumbers: { northAmerica: string; international: string };
  /** The signed e-mail acknowledgement link for one recipient. */
  ackLink: (userId: number) => string;
  /** The signed token of a pushed alert's Acknowledge action for one recipient (decision 0129). */
  pushAckToken: (userId: number) => string;
  /**
   * From this repeat on the account's owner is told too (on the channels the storage uses), when no
   * one acknowledged: the "next person" of the escalation chain (decision 0045). 0: never.
   */
  escalateFromStep: number;
  owner: { sms: Recipient | null; email: Recipient | null };
  /** Which of the recipients have web push on a device: each gets the alert there too. */
  pushUsers: ReadonlySet<number>;
  /** The account's Sentinel target, and the owner's language and unit for its text; null: none. */
  sentinel: { siteID: string; url: string; language: string; unit: DegreesUnit } | null;
  /** The server texts the messages are worded with (one snapshot for the whole step; decision 0107). */
  texts: ServerTexts;
}

export interface PlannedMessage {
  channel: AlertChannel;
  recipientUserId: number | null;
  recipientName: string;
  address: string;
  sender: string | null;
  language: string;
  subject: string;
  body: string;
  html: string | null;
  payload: Record<string, unknown> | null;
}

const NORTH_AMERICA = new Set(['us', 'ca', 'mx']);

/** A stored phone ("+358 40-123 4567", "0044…") as providers take it: + and digits (E.164). */
export function e164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+${phone.trim().startsWith('+') ? digits : digits.replace(/^00/, '')}`;
}

/** Spec doc 3 §9: the caller number by the recipient's country. */
export function callerNumberFor(country: string | null, numbers: PlanContext['callerNumbers']): string {
  return country && NORTH_AMERICA.has(country.trim().toLowerCase())
    ? numbers.northAmerica
    : numbers.international;
}

/** The hour of the day (0–23) at `epochS` in a time zone (UTC when unknown or invalid). */
export function localHour(epochS: number, timeZone: string | null): number {
  try {
    const h = new Intl.DateTimeFormat('en-GB', {
      hour: 'numeric',
      hourCycle: 'h23',
      timeZone: timeZone ?? 'UTC',
    })
      .formatToParts(epochS * 1000)
      .find((p) => p.type === 'hour')?.value;
    return Number(h) % 24;
  } catch {
    return new Date(epochS * 1000).getUTCHours();
  }
}

/**
 * Spec doc 3 §5, §9: a voice call only for an alert above the storage's voice limit (a cold alert
 * never calls), and not in the no-call hours of the station's day.
 */
export function voiceCallWanted(facts: AlertFacts, voice: PlanMessaging['voice'], nowS: number): boolean {
  if (facts.isMin || facts.temperature <= voice.tempLimit * 10) return false;
  return voiceCallAllowedAt(localHour(nowS, facts.timeZone), voice.noCallHours);
}

export interface Worded {
  subject: string;
  line: string;
  when: string;
  link: string;
  words: AlertWords;
}

/**
 * What the alert's line says it crossed (decision 0068): an absolute rule its limit; a rise-rate rule
 * the rise and the rate ("rose 6.2 °C within 6 h, more than 0.5 °C an hour"); another relative rule
 * the change from its reference — the probe's own low (or high) of the window, or the other probes'
 * average — and the tolerance. "Above the limit 41 °C" would be untrue there: no fixed limit exists,
 * and the same 41 °C is fine in another stack. Falls back to the limit wording without the facts
 * (alerts recorded before migration 0043).
 */
function alertLine(
  facts: AlertFacts,
  words: AlertWords,
  r: Recipient,
  values: Record<string, string>,
): string {
  const info = (RULE_TYPE_INFO as Record<string, (typeof RULE_TYPE_INFO)[RuleType] | undefined>)[
    facts.ruleType
  ];
  const fallback = fillPlaceholders(facts.isMin ? words.below : words.above, values);
  if (!info || info.group !== 'REL' || facts.reference === null) return fallback;
  const diff = (tenths: number) => formatDifference(Math.abs(tenths), r.unit, r.language);
  const rel = {
    ...values,
    change: diff(facts.temperature - facts.reference),
    ref: formatTemperature(facts.reference, r.unit, r.language),
    hours: facts.windowH === null ? '?' : String(facts.windowH),
  };
  if (facts.ruleType === 'RISE_RATE') {
    if (facts.rate === null || facts.windowH === null) return fallback;
    return fillPlaceholders(words.riseRate, { ...rel, rate: diff(facts.rate) });
  }
  if (facts.threshold === null) return fallback;
  const withTolerance = { ...rel, tolerance: diff(facts.threshold - facts.reference) };
  if (facts.windowH === null)
    return fillPlaceholders(facts.isMin ? words.relBelowPeers : words.relAbovePeers, withTolerance);
  return fillPlaceholders(facts.isMin ? words.relFall : words.relRise, withTolerance);
}

export function word(facts: AlertFacts, r: Recipient, ctx: PlanContext): Worded {
  const words = wordsFor(ctx.texts, r.language);
  const where = fillPlaceholders(facts.depth < 0 ? words.probeAverage : words.probeAtDepth, {
    probe: facts.probeName,
    depth: facts.depth + 1,
  });
  const temp = formatTemperature(facts.temperature, r.unit, r.language);
  const limit = facts.threshold === null ? '?' : formatTemperature(facts.threshold, r.unit, r.language);
  const values = { where, storage: facts.storageName, temp, limit };
  let line: string;
  let when: string;
  if (ctx.kind === 'clear') {
    // The all-clear says the value that ended it and when, not the raising reading's.
    line =
      facts.clearTemperature === null
        ? fillPlaceholders(words.cleared, values)
        : fillPlaceholders(words.clearedAt, {
            ...values,
            temp: formatTemperature(facts.clearTemperature, r.unit, r.language),
          });
    when = fillPlaceholders(words.endedAt, {
      time: formatTime(facts.clearTs ?? ctx.nowS, facts.timeZone, r.language),
    });
  } else {
    line = alertLine(facts, words, r, values);
    when = fillPlaceholders(words.at, { time: formatTime(facts.alertTs, facts.timeZone, r.language) });
  }
  if (ctx.kind === 'repeat') line = `${fillPlaceholders(words.reminder, { n: ctx.step })}: ${line}`;
  const subject = fillPlaceholders(ctx.kind === 'clear' ? words.subjectClear : words.subjectRaise, values);
  const link = `${ctx.publicUrl}/storages/${facts.storageId}/probes/${encodeURIComponent(facts.sensorId)}`;
  return { subject, line, when, link, words };
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function emailOf(w: Worded, ackUrl: string | null): { text: string; html: string } {
  const text = [w.line, w.when, '', `${w.words.openProbe}: ${w.link}`];
  if (ackUrl) text.push(`${w.words.acknowledge}: ${ackUrl}`);
  const button = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:8px 16px;margin-right:8px;border-radius:4px;background:#b71c1c;color:#fff;text-decoration:none">${escapeHtml(label)}</a>`;
  const html = [
    `<p style="font-size:16px"><strong>${escapeHtml(w.line)}</strong></p>`,
    `<p>${escapeHtml(w.when)}</p>`,
    `<p>${button(w.link, w.words.openProbe)}${ackUrl ? button(ackUrl, w.words.acknowledge) : ''}</p>`,
  ].join('\n');
  return { text: text.join('\n'), html };
}

/**
 * The messages one step of a single alert sends: a group of one (planGroupMessages in groupPlan.ts
 * words every step; the alert is its own group here, with code 1).
 */
export function planMessages(facts: AlertFacts, m: PlanMessaging, ctx: PlanContext): PlannedMessage[] {
  return planGroupMessages(
    {
      groupId: facts.alertId,
      code: groupCode(facts.alertId),
      kind: 'alert',
      storageId: facts.storageId,
      name: facts.storageName,
      bsId: null,
      members: [facts],
    },
    m,
    ctx,
  );
}

/**
 * The value an alert crossed, tenths of °C: an absolute rule's limit, a relative rule's reference ±
 * its tolerance (a rise-rate rule's tolerance is its rate × window). Null for a rule without one.
 */
export function thresholdOf(
  rule: { type: RuleType; settings: unknown },
  alert: { TP: number | null },
): number | null {
  const info = RULE_TYPE_INFO[rule.type];
  if (info.fanControl) return null;
  const limit = riseLimitOf(rule as AlertRuleConfig);
  if (typeof limit !== 'number' || Number.isNaN(limit)) return null;
  if (info.group === 'ABS') return limit;
  if (alert.TP === null) return null;
  return info.isMin ? alert.TP - limit : alert.TP + limit;
}

/**
 * What an alert's messages need of its rule besides the threshold (migration 0043): a relative rule's
 * reference (the alert's TP), the window of a rule that compares the probe with its own past (its
 * turnPoint; null when it compares with the other probes), and a rise-rate rule's rate (tenths of °C
 * an hour). Stored with the delivery alert when it is raised, so a later change of the rule does not
 * reword an alert already sent.
 */
export function ruleFactsOf(
  rule: { type: RuleType; settings: unknown },
  alert: { TP: number | null },
): { reference: number | null; rate: number | null; window_h: number | null } {
  const info = RULE_TYPE_INFO[rule.type];
  if (info.fanControl || info.group !== 'REL') return { reference: null, rate: null, window_h: null };
  const s = rule.settings as { alertLimit?: unknown; turnPoint?: unknown; tempRef?: unknown };
  const peers = s.tempRef === 'AVERAGE_TEMP' || s.tempRef === 'AVERAGE_DEPTH';
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    reference: alert.TP,
    rate: rule.type === 'RISE_RATE' ? num(s.alertLimit) : null,
    window_h: peers ? null : num(s.turnPoint),
  };
}

/**
 * Quiet hours for reminders of non-critical alerts (issue 12 item 4, ours): while it is quiet in the
 * station's zone (default 22–6), a reminder of an alert below the storage's voice limit — the one the
 * farmer set as "worth a call" — waits for the morning. The first message of an alert always goes at
 * once; a critical alert's reminders are never held. Returns when the reminder may go (null: now).
 * Equal hours: no quiet hours.
 */
export function reminderHeldUntil(
  facts: Pick<AlertFacts, 'temperature' | 'isMin' | 'timeZone'>,
  voiceLimitC: number,
  quietHours: readonly [number, number],
  nowS: number,
): number | null {
  const critical = !facts.isMin && facts.temperature > voiceLimitC * 10;
  if (critical || quietHours[0] % 24 === quietHours[1] % 24) return null;
  const quiet = (t: number) => !voiceCallAllowedAt(localHour(t, facts.timeZone), quietHours);
  if (!quiet(nowS)) return null;
  // The next whole hour at which it is no longer quiet (a zone's offsets are whole or half hours; the
  // quarter-hour steps find the end within 15 minutes either way).
  let t = nowS - (nowS % 900) + 900;
  for (let i = 0; i < 24 * 4 && quiet(t); i++) t += 900;
  return t;
}
