import type {
  Notification,
  NotificationImportance,
  NotificationProps,
  NotificationType,
} from '../../contracts/notifications.js';
import type { ChangeRightsContext } from '../changeRights.js';
import { DATA_BREAK_DEFAULT_S } from '../dataBreaks/dataBreakDelay.js';
import { IMPORTANCE_COLORS, NOTIFICATION_KINDS, seesNotification } from './notificationKinds.js';

/**
 * Spec doc 3 §9: a data break after more than 4 hours without base-station or probe data — the
 * default; the owner may choose another delay (decision 0071, domain/dataBreaks).
 */
export const DATA_BREAK_S = DATA_BREAK_DEFAULT_S;
/** Spec doc 3 §9: a probe is outdated when its latest reading is older than a day. */
export const OUTDATED_S = 86_400;
/** Spec doc 3 §9: trial reminder under 10 days; service, plan, SIM and API under 30; API expired 40 days after. */
export const TRIAL_REMINDER_DAYS = 10;
export const REMINDER_DAYS = 30;
export const API_EXPIRED_DAYS = 40;
/** A stored notification (an alert that has since ended, a used-up allowance) shows this long. */
export const STORED_NOTIFICATION_S = 86_400;

const DAY_S = 86_400;

/** A notification as the rules find it, before who reads it and when they last looked are known. */
export interface NotificationDraft {
  type: NotificationType;
  /** What it is about, unique within its type for the account: a station, a storage, a plan. */
  subject: string;
  bs: string | null;
  /** When the condition began or last grew (epoch s). */
  since: number;
  props: NotificationProps;
  /** Overrides the kind's importance (an ended storage alert is a warning, no longer an alert). */
  importance?: NotificationImportance;
}

export interface StationData {
  id: string;
  name: string | null;
  /** Last data received (epoch s); null: never sent, nothing is broken. */
  lastDataTs: number | null;
  /** Its data-break delay (s, stationDataBreakDelayS); absent: the spec's 4 h. */
  breakDelayS?: number;
}

export interface ProbeData {
  sensorId: string;
  bsId: string;
  /** Latest reading (epoch s), null when it never sent. */
  lastTs: number | null;
  /** Latest reading's temperatures, tenths of °C (null: a depth without a value). */
  temps: readonly (number | null)[];
  /** Its data-break delay (s, probeDataBreakDelayS); absent: the spec's 4 h. */
  breakDelayS?: number;
}

/**
 * noBSData per station silent for longer than its data-break delay; noProbeData per station that
 * still sends but has probes silent for longer than theirs (a silent station's probes are its one
 * break, not one each). A station or probe that never sent has nothing broken. The delay is each
 * one's own (the account's, its storage's; decision 0071), the spec's 4 h when not given.
 */
export function dataBreakDrafts(
  stations: readonly StationData[],
  probes: readonly ProbeData[],
  nowS: number,
): NotificationDraft[] {
  const drafts: NotificationDraft[] = [];
  const silentStations = new Set<string>();
  for (const s of stations) {
    const delay = s.breakDelayS ?? DATA_BREAK_S;
    if (s.lastDataTs === null || nowS - s.lastDataTs <= delay) continue;
    silentStations.add(s.id);
    drafts.push({
      type: 'noBSData',
      subject: s.id,
      bs: s.id,
      since: s.lastDataTs + delay,
      props: { bsDate: s.lastDataTs, ...(s.name ? { name: s.name } : {}) },
    });
  }
  const known = new Set(stations.map((s) => s.id));
  const silentProbes = new Map<string, ProbeData[]>();
  for (const p of probes) {
    if (!known.has(p.bsId) || silentStations.has(p.bsId)) continue;
    if (p.lastTs === null || nowS - p.lastTs <= (p.breakDelayS ?? DATA_BREAK_S)) continue;
    silentProbes.set(p.bsId, [...(silentProbes.get(p.bsId) ?? []), p]);
  }
  for (const s of stations) {
    const silent = silentProbes.get(s.id);
    if (!silent) continue;
    const times = silent.map((p) => p.lastTs as number);
    drafts.push({
      type: 'noProbeData',
      subject: s.id,
      bs: s.id,
      // A probe newly silent makes the entry new again.
      since: Math.max(...silent.map((p) => (p.lastTs as number) + (p.breakDelayS ?? DATA_BREAK_S))),
      props: {
        nProbes: silent.length,
        probesIDs: silent.map((p) => p.sensorId).sort(),
        dataDate: Math.min(...times),
        ...(s.name ? { name: s.name } : {}),
      },
    });
  }
  return drafts;
}

/**
 * The general alerts (spec doc 1 §2 "General alert settings", §3 safety_alert, temperature_alert in
 * °C; issue 11 item 5): any probe of the account, in a monitored storage or not, whose latest reading
 * (not outdated) passes a limit at any depth. Passing the safety limit is the louder of the two: such
 * a probe is listed there only. Strictly above, compared in tenths like isAboveAlert. The caller
 * passes `firstSeen` — when the account was first seen in that condition — as the entry's time.
 */
export function generalAlertDrafts(
  probes: readonly ProbeData[],
  prefs: { safety_alert: number; temperature_alert: number },
  nowS: number,
  firstSeen: (subject: string) => number = () => nowS,
): NotificationDraft[] {
  const levels = [
    { text: 'safety', limit: prefs.safety_alert },
    { text: 'temperature', limit: prefs.temperature_alert },
  ].sort((a, b) => b.limit - a.limit);
  const listed = new Set<string>();
  const drafts: NotificationDraft[] = [];
  for (const level of levels) {
    const limit = Math.round(level.limit * 10);
    const hot: { id: string; max: number }[] = [];
    for (const p of probes) {
      if (listed.has(p.sensorId) || p.lastTs === null || nowS - p.lastTs > OUTDATED_S) continue;
      const values = p.temps.filter((t): t is number => t !== null);
      const max = values.length > 0 ? Math.max(...values) : Number.NEGATIVE_INFINITY;
      if (max > limit) hot.push({ id: p.sensorId, max });
    }
    if (hot.length === 0) continue;
    for (const h of hot) listed.add(h.id);
    const subject = level.text;
    drafts.push({
      type: 'globalAlert',
      subject,
      bs: null,
      since: firstSeen(subject),
      props: {
        text: level.text,
        limit: level.limit,
        nProbes: hot.length,
        probeIDs: hot.map((h) => h.id).sort(),
        maxTemp: Math.max(...hot.map((h) => h.max)),
      },
    });
  }
  return drafts;
}

export interface StorageAlerts {
  itemID: number;
  name: string;
  bs: string;
  /** Current alerts of its monitor's rules on its probes. */
  alerts: readonly { sensor_id: string; ts: number; peak: number; isMin: boolean }[];
}

/** A storage's alerts that ended lately, remembered when they were raised (stored notifications). */
export interface EndedStorageAlerts {
  itemID: number;
  name: string;
  bs: string;
  lastRaisedTs: number;
  maxTemp: number | null;
  probeIDs: readonly string[];
  count: number;
}

/**
 * storageMax: one entry per storage whose monitor has current alerts there — how many, the hottest
 * peak of its high alerts, which probes; new again whenever an alert is raised. A storage whose
 * alerts have all ended keeps a quieter entry for a day after the last one was raised, so an alert
 * that came and went at night is still seen in the morning.
 */
export function storageAlertDrafts(
  current: readonly StorageAlerts[],
  ended: readonly EndedStorageAlerts[],
  nowS: number,
): NotificationDraft[] {
  const drafts: NotificationDraft[] = [];
  const withAlerts = new Set<number>();
  for (const s of current) {
    if (s.alerts.length === 0) continue;
    withAlerts.add(s.itemID);
    const highs = s.alerts.filter((a) => !a.isMin).map((a) => a.peak);
    drafts.push({
      type: 'storageMax',
      subject: String(s.itemID),
      bs: s.bs,
      since: Math.max(...s.alerts.map((a) => a.ts)),
      props: {
        itemID: s.itemID,
        name: s.name,
        count: s.alerts.length,
        maxTemp: highs.length > 0 ? Math.max(...highs) : null,
        probeIDs: [...new Set(s.alerts.map((a) => a.sensor_id))].sort(),
      },
    });
  }
  for (const e of ended) {
    if (withAlerts.has(e.itemID) || nowS - e.lastRaisedTs > STORED_NOTIFICATION_S) continue;
    drafts.push({
      type: 'storageMax',
      subject: String(e.itemID),
      bs: e.bs,
      since: e.lastRaisedTs,
      importance: 2,
      props: {
        itemID: e.itemID,
        name: e.name,
        count: e.count,
        maxTemp: e.maxTemp,
        probeIDs: [...e.probeIDs],
        ended: true,
      },
    });
  }
  return drafts;
}

export interface StorageCoverage {
  itemID: number;
  name: string;
  bs: string;
  probeCount: number;
  hasMonitor: boolean;
  /** Whether any alert channel (SMS, e-mail, voice, Sentinel) is on for it. */
  anyChannel: boolean;
}

/**
 * noAlerts: storages with probes whose alerts reach nobody — no monitor (spec doc 3 §2 status "No
 * monitor"), or a monitor but every channel off (the "disabled-alerts icon"). One entry per reason;
 * with one storage it names it and links to it, with several it counts them and links to the list.
 */
export function noAlertsDrafts(storages: readonly StorageCoverage[], firstSeen: (subject: string) => number) {
  const drafts: NotificationDraft[] = [];
  const groups = {
    noMonitor: storages.filter((s) => s.probeCount > 0 && !s.hasMonitor),
    noChannel: storages.filter((s) => s.probeCount > 0 && s.hasMonitor && !s.anyChannel),
  };
  for (const [text, list] of Object.entries(groups)) {
    const sorted = [...list].sort((a, b) => a.name.localeCompare(b.name) || a.itemID - b.itemID);
    const first = sorted[0];
    if (!first) continue;
    drafts.push({
      type: 'noAlerts',
      subject: text,
      bs: sorted.length === 1 ? first.bs : null,
      since: firstSeen(text),
      props: {
        text,
        count: sorted.length,
        name: first.name,
        ...(sorted.length === 1 ? { itemID: first.itemID } : {}),
      },
    });
  }
  return drafts;
}

export interface ReminderInput {
  /** The account's first plan (the spec's plan rules read the first). */
  plan: { planName: string; dueDate: number | null } | null;
  /** The Insight service: trial 0 accepted, -1 refused, anything else in trial (spec doc 3 §9). */
  service: { trial: number; expDate: number | null } | null;
  stations: readonly { id: string; name: string | null; simExpTs: number | null }[];
  /** The public API plan's due date (spec doc 1 §3 api_plan.due); null when the account has none. */
  apiDue: number | null;
}

const daysLeft = (due: number, nowS: number) => Math.ceil((due - nowS) / DAY_S);
const daysSince = (due: number, nowS: number) => Math.floor((nowS - due) / DAY_S);

/**
 * Reminders (spec doc 3 §9): a trial under 10 days from its end, a service, plan, SIM or API plan
 * under 30; expired ones while they stay expired, an API plan only for 40 days after. A free plan
 * has nothing to renew.
 */
export function reminderDrafts(input: ReminderInput, nowS: number): NotificationDraft[] {
  const drafts: NotificationDraft[] = [];
  const remind = (
    soon: NotificationType,
    expired: NotificationType,
    subject: string,
    due: number,
    windowDays: number,
    props: NotificationProps,
    bs: string | null = null,
    expiredForDays = Number.POSITIVE_INFINITY,
  ) => {
    if (due <= nowS) {
      if (daysSince(due, nowS) >= expiredForDays) return;
      drafts.push({
        type: expired,
        subject,
        bs,
        since: due,
        props: { ...props, days: daysSince(due, nowS) },
      });
    } else if (due - nowS < windowDays * DAY_S) {
      drafts.push({
        type: soon,
        subject,
        bs,
        since: due - windowDays * DAY_S,
        props: { ...props, days: daysLeft(due, nowS) },
      });
    }
  };
  const { service, plan } = input;
  if (service && service.expDate !== null && service.trial !== -1) {
    const trial = service.trial !== 0;
    remind(
      'reminder',
      'reminderExpired',
      'service',
      service.expDate,
      trial ? TRIAL_REMINDER_DAYS : REMINDER_DAYS,
      {
        planName: 'INSIGHT',
        trial,
      },
    );
  }
  if (plan && plan.dueDate !== null && plan.planName !== 'Free' && plan.planName !== 'INSIGHT')
    remind('reminder', 'reminderExpired', 'plan', plan.dueDate, REMINDER_DAYS, {
      planName: plan.planName,
      trial: false,
    });
  for (const s of input.stations)
    if (s.simExpTs !== null)
      remind(
        'reminderSim',
        'reminderSimExpired',
        s.id,
        s.simExpTs,
        REMINDER_DAYS,
        { name: s.name ?? s.id },
        s.id,
      );
  if (input.apiDue !== null)
    remind(
      'reminderAPI',
      'reminderAPIExpired',
      'api',
      input.apiDue,
      REMINDER_DAYS,
      {},
      null,
      API_EXPIRED_DAYS,
    );
  return drafts;
}

/** The account's kind (spec doc 1 §4: a gari or hay-app station gets no notifications). */
export interface NotificationViewer extends ChangeRightsContext {
  partnerApp: boolean;
}

/**
 * The list a viewer reads: only the kinds meant for them, each with its link, colour and whether it is
 * newer than their last look (`seenTs`, null: never looked), most important first, then newest.
 */
export function finishNotifications(
  drafts: readonly NotificationDraft[],
  viewer: NotificationViewer,
  seenTs: number | null,
): Notification[] {
  if (viewer.partnerApp) return [];
  return drafts
    .filter((d) => seesNotification(d.type, viewer))
    .map((d) => {
      const kind = NOTIFICATION_KINDS[d.type];
      const importance = d.importance ?? kind.importance;
      return {
        id: `${d.type}:${d.subject}`,
        importance,
        type: d.type,
        url: kind.url(d.props),
        color: IMPORTANCE_COLORS[importance],
        bs: d.bs,
        since: d.since,
        unread: seenTs === null || d.since > seenTs,
        props: d.props,
      };
    })
    .sort((a, b) => a.importance - b.importance || b.since - a.since || a.id.localeCompare(b.id));
}

/** The top bar's count: the entries newer than the viewer's last look. */
export function unreadCount(list: readonly Pick<Notification, 'unread'>[]): number {
  return list.filter((n) => n.unread).length;
}

/**
 * Spec doc 1 §4, doc 3 §4 "Auto dialogs": the notifications dialog's own reason to open by itself
 * (after 2 s): there are notifications and no master-access request waits for an answer. "Not closed
 * before" and "not over another dialog" are the web's rule for every window that opens by itself
 * (apps/web/src/lib/autoOpenDecision.ts, decision 0077).
 */
export function notificationsAutoOpen(input: { count: number; pendingAuthorizations: number }): boolean {
  return input.count > 0 && input.pendingAuthorizations === 0;
}
