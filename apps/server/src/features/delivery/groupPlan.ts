import { fillPlaceholders } from '@emberwatch/shared/domain/fillPlaceholders';
import {
  voiceCallAllowedAt,
  type DeliveryRecipient,
  type StorageAlertMessaging,
} from '@emberwatch/shared/contracts/storages';
import { depthMetres } from '@emberwatch/shared/domain/depthUnits';
import type { AlertChannel } from '@emberwatch/shared/domain/kinds/alertChannels';
import { formatTemperature, formatTime, wordsFor } from './alertTexts.js';
import {
  callerNumberFor,
  e164,
  emailOf,
  localHour,
  voiceCallWanted,
  word,
  type AlertFacts,
  type PlanContext,
  type PlanMessaging,
  type PlannedMessage,
  type Recipient,
  type Worded,
} from './deliveryPlan.js';
import { groupWordsFor } from './groupTexts.js';

/** The rule types of data breaks (spec doc 3 §9): a silent station, silent probes of a station. */
export const isDataBreak = (ruleType: string | undefined) =>
  ruleType === 'noBSData' || ruleType === 'noProbeData';

/** The short code an SMS reply names to acknowledge one group: its id in base 36 ("OK 1F"). */
export const groupCode = (groupId: number) => groupId.toString(36).toUpperCase();

/** What a group's message tells of (decision 0067). */
export interface GroupFacts {
  groupId: number;
  code: string;
  kind: 'alert' | 'dataBreak';
  /** The storage (alert groups); null for a data break. */
  storageId: number | null;
  /** The storage's name, or the station's. */
  name: string;
  bsId: string | null;
  /** The alerts the step lists, as stored (the wording orders them). */
  members: AlertFacts[];
}

/** How many other probes an SMS names before "+n more" (an SMS should stay within a few parts). */
const SMS_LIST = 4;

/** The hottest first (the coldest first for cold alerts): the one a person must see. */
export function byUrgency(members: readonly AlertFacts[]): AlertFacts[] {
  return [...members].sort((a, b) =>
    a.isMin && b.isMin
      ? a.temperature - b.temperature
      : b.isMin === a.isMin
        ? b.temperature - a.temperature
        : a.isMin
          ? 1
          : -1,
  );
}

/**
 * The messaging of every storage at a station, together (a data break reaches everyone who watches any
 * of them, on every channel one of them uses). No storage: every channel off.
 */
export function mergeMessaging(name: string, list: readonly StorageAlertMessaging[]): StorageAlertMessaging {
  const people = (pick: (m: StorageAlertMessaging) => StorageAlertMessaging['sms']) => {
    const out = new Map<number, DeliveryRecipient>();
    for (const m of list)
      if (pick(m).active) for (const r of pick(m).recipients) if (!out.has(r.userId)) out.set(r.userId, r);
    return { active: list.some((m) => pick(m).active), recipients: [...out.values()] };
  };
  const voiceFrom = list.find((m) => m.voice.active) ?? list[0];
  return {
    storageId: 0,
    ownerId: list[0]?.ownerId ?? 0,
    storageName: name,
    bsId: list[0]?.bsId ?? '',
    sms: people((m) => m.sms),
    email: people((m) => m.email),
    voice: {
      ...people((m) => m.voice),
      noCallHours: voiceFrom?.voice.noCallHours ?? [9, 17],
      tempLimit: voiceFrom?.voice.tempLimit ?? 60,
    },
    sentinel: { active: list.some((m) => m.sentinel.active) },
  };
}

/** A group's words for one recipient: one alert as before, several as the hottest and the others. */
function wordGroup(
  g: GroupFacts,
  r: Recipient,
  ctx: PlanContext,
  sms: boolean,
): Worded & { ackNote: string } {
  const gw = groupWordsFor(ctx.texts, r.language);
  const ackNote = fillPlaceholders(gw.replyOkCode, { code: g.code });
  if (g.kind === 'dataBreak') return { ...wordDataBreak(g, r, ctx, sms), ackNote };
  const [first, ...others] = byUrgency(g.members);
  const w = word({ ...first!, storageId: g.storageId ?? first!.storageId, storageName: g.name }, r, ctx);
  if (others.length === 0) return { ...w, ackNote };
  const shown = sms ? others.slice(0, SMS_LIST) : others;
  const names = shown.map((m) => `${m.probeName} (${formatTemperature(m.temperature, r.unit, r.language)})`);
  if (shown.length < others.length)
    names.push(fillPlaceholders(gw.more, { n: others.length - shown.length }));
  const n = g.members.length;
  const line =
    ctx.kind === 'clear'
      ? prefixed(
          fillPlaceholders(gw.clearedMany, {
            n,
            storage: g.name,
            list: byUrgency(g.members)
              .map((m) => m.probeName)
              .join(', '),
          }),
          ctx,
          r,
        )
      : `${w.line} ${fillPlaceholders(gw.alsoInAlert, { list: names.join(', ') })}`;
  return {
    ...w,
    line,
    subject: `${w.subject} (${fillPlaceholders(gw.probesCount, { n })})`,
    link: `${ctx.publicUrl}/storages/${g.storageId}`,
    ackNote,
  };
}

/** A repeat's line starts "Reminder n:" (word() does so for one alert). */
function prefixed(line: string, ctx: PlanContext, r: Recipient): string {
  return ctx.kind === 'repeat'
    ? `${fillPlaceholders(wordsFor(ctx.texts, r.language).reminder, { n: ctx.step })}: ${line}`
    : line;
}

function wordDataBreak(g: GroupFacts, r: Recipient, ctx: PlanContext, sms: boolean): Worded {
  const words = wordsFor(ctx.texts, r.language);
  const gw = groupWordsFor(ctx.texts, r.language);
  const station = g.name === g.bsId || !g.bsId ? g.name : `${g.name} (${g.bsId})`;
  const zone = g.members[0]?.timeZone ?? null;
  const since = Math.min(...g.members.map((m) => m.alertTs));
  const time = formatTime(since, zone, r.language);
  const probes = g.members.filter((m) => m.ruleType === 'noProbeData');
  const stationSilent = g.members.some((m) => m.ruleType === 'noBSData');
  let line: string;
  if (ctx.kind === 'clear') line = fillPlaceholders(gw.dataBack, { station });
  else if (stationSilent) line = fillPlaceholders(gw.noBSData, { station, time });
  else {
    const names = (sms ? probes.slice(0, SMS_LIST) : probes).map((m) => m.probeName);
    if (names.length < probes.length)
      names.push(fillPlaceholders(gw.more, { n: probes.length - names.length }));
    line = fillPlaceholders(gw.noProbeData, { n: probes.length, station, time, list: names.join(', ') });
  }
  return {
    subject: fillPlaceholders(ctx.kind === 'clear' ? gw.subjectDataBack : gw.subjectDataBreak, { station }),
    line: prefixed(line, ctx, r),
    // The line says since when; the all-clear's time is when it is sent.
    when:
      ctx.kind === 'clear'
        ? fillPlaceholders(words.at, { time: formatTime(ctx.nowS, zone, r.language) })
        : '',
    // Spec doc 1 §4: data-break notifications link to the probe list.
    link: `${ctx.publicUrl}/probes`,
    words,
  };
}

/** Spec doc 3 §9 no-call hours for a data break (it has no temperature to weigh against the limit). */
function voiceWanted(g: GroupFacts, m: PlanMessaging, nowS: number): boolean {
  if (g.kind === 'dataBreak')
    return voiceCallAllowedAt(localHour(nowS, g.members[0]?.timeZone ?? null), m.voice.noCallHours);
  return byUrgency(g.members).some((f) => voiceCallWanted(f, m.voice, nowS));
}

/**
 * The messages one step of a group sends (issue 27 items 1, 5, 6 and 9): per channel the storage uses
 * (a data break: the station's storages together), per recipient, worded in the recipient's language
 * and unit — one alert as it always was, several as the hottest and the others, a data break as the
 * station or its silent probes. The first messages and the repeats ask for an acknowledgement (reply
 * OK with the group's code, press 1, the e-mail's link); the all-clear goes by SMS and e-mail to the
 * same people and asks nothing. From the escalation's repeat the owner is told by SMS and e-mail,
 * whichever channels the storage uses. Sentinel gets one call per alert (a machine wants each). Pure.
 */
export function planGroupMessages(g: GroupFacts, m: PlanMessaging, ctx: PlanContext): PlannedMessage[] {
  const out: PlannedMessage[] = [];
  const clear = ctx.kind === 'clear';
  const escalate = !clear && ctx.escalateFromStep > 0 && ctx.step >= ctx.escalateFromStep;
  const withOwner = (list: Recipient[], owner: Recipient | null) =>
    escalate && owner && !list.some((r) => r.userId === owner.userId) ? [...list, owner] : list;
  const smsTo = withOwner(m.sms.active ? m.sms.recipients : [], ctx.owner.sms);
  const emailTo = withOwner(m.email.active ? m.email.recipients : [], ctx.owner.email);
  const base = (channel: AlertChannel, r: Recipient) => ({
    channel,
    recipientUserId: r.userId,
    recipientName: r.name,
    address: channel === 'email' ? r.address : e164(r.address),
    language: r.language,
  });
  const join = (...parts: string[]) => parts.filter(Boolean).join(' ');
  for (const r of smsTo) {
    const w = wordGroup(g, r, ctx, true);
    out.push({
      ...base('sms', r),
      sender: callerNumberFor(r.country, ctx.callerNumbers),
      subject: w.subject,
      body: clear ? join(w.line, w.when) : join(w.line, w.when, w.ackNote, w.link),
      html: null,
      payload: null,
    });
  }
  for (const r of emailTo) {
    const w = wordGroup(g, r, ctx, false);
    const { text, html } = emailOf(w, clear ? null : ctx.ackLink(r.userId));
    out.push({ ...base('email', r), sender: null, subject: w.subject, body: text, html, payload: null });
  }
  if (!clear && m.voice.active && voiceWanted(g, m, ctx.nowS))
    for (const r of m.voice.recipients) {
      const w = wordGroup(g, r, ctx, true);
      out.push({
        ...base('voice', r),
        sender: callerNumberFor(r.country, ctx.callerNumbers),
        subject: w.subject,
        // Read aloud: no link; the call itself asks for the key.
        body: `${w.words.voiceIntro} ${w.line} ${w.words.pressOne}`,
        html: null,
        payload: null,
      });
    }
  // Web push (ours): everyone the messages reach who enabled push on a device, once each.
  const pushed = new Set<number>();
  for (const r of [...smsTo, ...emailTo, ...(m.voice.active ? m.voice.recipients : [])]) {
    if (pushed.has(r.userId) || !ctx.pushUsers.has(r.userId)) continue;
    pushed.add(r.userId);
    const w = wordGroup(g, r, ctx, true);
    // The hottest alert's storage, probe and temperature in the recipient's unit, and the
    // notification's actions with the signed token that acknowledges from the phone (decision 0129).
    const lead = byUrgency(g.members)[0]!;
    out.push({
      ...base('push', r),
      address: String(r.userId),
      sender: null,
      subject: w.subject,
      body: join(w.line, w.when),
      html: null,
      payload: {
        url: w.link.slice(ctx.publicUrl.length),
        alertId: g.members[0]!.alertId,
        groupId: g.groupId,
        kind: ctx.kind,
        ...(g.kind === 'alert' && !clear
          ? {
              alert: {
                storage: g.name,
                probe: lead.probeName,
                temperature: formatTemperature(lead.temperature, r.unit, r.language),
              },
            }
          : {}),
        ...(clear
          ? {}
          : {
              ack: {
                token: ctx.pushAckToken(r.userId),
                label: w.words.acknowledge,
                openLabel: w.words.openProbe,
              },
            }),
      },
    });
  }
  if (m.sentinel.active && ctx.sentinel && ctx.kind !== 'repeat') out.push(...sentinelCalls(g, ctx));
  return out;
}

/** The Sentinel webhook's calls (decision 0046): one per alert, and one per data break. */
function sentinelCalls(g: GroupFacts, ctx: PlanContext): PlannedMessage[] {
  const t = ctx.sentinel!;
  const clear = ctx.kind === 'clear';
  const target = {
    userId: 0,
    name: 'Sentinel',
    address: t.url,
    language: t.language,
    country: null,
    unit: t.unit,
  };
  const call = (subject: string, body: string, payload: Record<string, unknown>): PlannedMessage => ({
    channel: 'sentinel',
    recipientUserId: null,
    recipientName: 'Sentinel',
    address: t.url,
    sender: null,
    language: t.language,
    subject,
    body,
    html: null,
    payload,
  });
  if (g.kind === 'dataBreak') {
    const w = wordDataBreak(g, target, ctx, false);
    return [
      call(w.subject, `${w.line} ${w.when}`.trim(), {
        kind: clear ? 'dataBack' : 'dataBreak',
        siteID: t.siteID,
        alertId: g.members[0]!.alertId,
        groupId: g.groupId,
        storage: null,
        probe: null,
        depthM: null,
        temperatureC: null,
        limitC: null,
        station: g.bsId,
        probes: g.members.filter((m) => m.ruleType === 'noProbeData').map((m) => m.sensorId),
        since: new Date(Math.min(...g.members.map((m) => m.alertTs)) * 1000).toISOString(),
        alertTime: new Date(ctx.nowS * 1000).toISOString(),
      }),
    ];
  }
  return g.members.map((f) => {
    const w = word({ ...f, storageName: g.name }, target, ctx);
    // The all-clear carries the value that ended the alert and when (docs/sentinel-webhook.md); an
    // alert ended without a reading (a reset) has no such value.
    const temperature = clear ? f.clearTemperature : f.temperature;
    return call(w.subject, `${w.line} ${w.when}`, {
      kind: clear ? 'clear' : 'raise',
      siteID: t.siteID,
      alertId: f.alertId,
      groupId: g.groupId,
      storage: g.name,
      probe: f.sensorId,
      depthM: f.depth < 0 || f.depths < 1 ? null : depthMetres(f.depth, f.depths),
      temperatureC: temperature === null ? null : temperature / 10,
      limitC: f.threshold === null ? null : f.threshold / 10,
      alertTime: new Date((clear ? (f.clearTs ?? ctx.nowS) : f.alertTs) * 1000).toISOString(),
    });
  });
}
