import { describe, expect, it } from 'vitest';
import { sentinelAlertPayloadSchema } from '@emberwatch/shared/contracts/sentinel';
import { okReplyCode } from '../src/features/delivery/channelAcks.js';
import {
  planMessages,
  type AlertFacts,
  type PlanMessaging,
  type Recipient,
} from '../src/features/delivery/deliveryPlan.js';
import {
  byUrgency,
  groupCode,
  mergeMessaging,
  planGroupMessages,
  type GroupFacts,
} from '../src/features/delivery/groupPlan.js';
import {
  bob,
  ctx,
  facts,
  messaging as baseMessaging,
  NIGHT_HELSINKI,
  NOON_HELSINKI,
  owner,
} from './support/planFixtures.js';

const alert = (alertId: number, probeName: string, temperature: number): AlertFacts => ({
  ...facts,
  alertId,
  sensorId: `H${alertId}`,
  probeName,
  temperature,
});
const bobC: Recipient = { ...bob, unit: 'C' };
const bobMail: Recipient = { ...bobC, address: 'bob@example.com' };
const messaging = (over: Partial<PlanMessaging> = {}) =>
  baseMessaging({
    sms: { active: true, recipients: [bobC] },
    email: { active: true, recipients: [bobMail] },
    ...over,
  });
const group = (members: AlertFacts[], over: Partial<GroupFacts> = {}): GroupFacts => ({
  groupId: 43,
  code: groupCode(43),
  kind: 'alert',
  storageId: 3,
  name: 'North barn',
  bsId: null,
  members,
  ...over,
});
const sms = (list: ReturnType<typeof planGroupMessages>) => list.find((m) => m.channel === 'sms')!;
const summary = (list: ReturnType<typeof planGroupMessages>) => list.map((m) => `${m.channel}:${m.address}`);

describe('planGroupMessages: one alert', () => {
  it('says what a single alert said before, and names its group in the SMS reply', () => {
    const one = alert(7, 'Stack A', 652);
    const grouped = sms(planGroupMessages(group([one]), messaging(), ctx()));
    const single = sms(planMessages(one, messaging(), ctx()));
    expect(grouped.body.split(' Reading time')[0]).toBe(single.body.split(' Reading time')[0]);
    expect(grouped.body).toContain('Reply OK 17 to acknowledge.');
    expect(grouped.body).toContain('https://ew.example/storages/3/probes/H7');
  });
});

describe('planGroupMessages: several alerts of one storage', () => {
  const members = [alert(1, 'A', 612), alert(2, 'B', 705), alert(3, 'C', 633)];

  it('sends one SMS and one e-mail per person, the hottest first and the others listed', () => {
    const out = planGroupMessages(group(members), messaging(), ctx());
    expect(summary(out)).toEqual(['sms:+12025550101', 'email:bob@example.com']);
    const text = sms(out).body;
    expect(text).toMatch(
      /^Emberwatch alert: probe B, depth 2 in North barn is 70\.5 °C, above the limit 60\.0 °C\./,
    );
    expect(text).toContain('Also in alert: C (63.3 °C), A (61.2 °C).');
    expect(text).toMatch(/https:\/\/ew\.example\/storages\/3$/);
    expect(out[1]!.subject).toBe('Emberwatch alert: North barn (3 probes)');
    expect(out[1]!.body).toContain('Also in alert: C (63.3 °C), A (61.2 °C).');
  });

  it('keeps an SMS short: four others by name, then how many more', () => {
    const many = [alert(1, 'A', 700), ...[2, 3, 4, 5, 6, 7].map((i) => alert(i, `P${i}`, 650 - i))];
    const out = planGroupMessages(group(many), messaging(), ctx());
    expect(sms(out).body).toContain(
      'Also in alert: P2 (64.8 °C), P3 (64.7 °C), P4 (64.6 °C), P5 (64.5 °C), +2 more.',
    );
    expect(out.find((m) => m.channel === 'email')!.body).toContain('P7 (64.3 °C).');
  });

  it('words the all-clear of several alerts as one, asking nothing', () => {
    const out = planGroupMessages(group(members), messaging(), ctx({ kind: 'clear' }));
    expect(sms(out).body).toMatch(/^Emberwatch: the alerts of 3 probes in North barn have ended: B, C, A\./);
    expect(sms(out).body).not.toContain('Reply OK');
  });

  it('sends Sentinel one call per alert (a machine wants each)', () => {
    const sentinel = { siteID: 'S1', url: 'https://hooks.example/s', language: 'en', unit: 'C' as const };
    const out = planGroupMessages(
      group(members),
      messaging({ sentinel: { active: true } }),
      ctx({ sentinel }),
    );
    const calls = out.filter((m) => m.channel === 'sentinel');
    expect(calls.map((c) => c.payload!.probe)).toEqual(['H1', 'H2', 'H3']);
    expect(calls.every((c) => c.payload!.groupId === 43)).toBe(true);
    expect(calls.every((c) => sentinelAlertPayloadSchema.safeParse(c.payload).success)).toBe(true);
  });

  it('orders cold alerts coldest first, after hot ones', () => {
    const cold = { ...alert(4, 'D', 20), isMin: true };
    const colder = { ...alert(5, 'E', 10), isMin: true };
    expect(byUrgency([cold, alert(1, 'A', 612), colder]).map((f) => f.probeName)).toEqual(['A', 'E', 'D']);
  });
});

describe('planGroupMessages: escalation (issue 27 item 5)', () => {
  it('tells the owner by SMS and e-mail from the escalation step, whichever channels the storage uses', () => {
    const emailOnly = messaging({ sms: { active: false, recipients: [] } });
    const members = [alert(1, 'A', 652)];
    expect(summary(planGroupMessages(group(members), emailOnly, ctx({ kind: 'repeat', step: 1 })))).toEqual([
      'email:bob@example.com',
    ]);
    expect(summary(planGroupMessages(group(members), emailOnly, ctx({ kind: 'repeat', step: 2 })))).toEqual([
      'sms:+358401112222',
      'email:bob@example.com',
      'email:owner@example.com',
    ]);
  });
});

describe('planGroupMessages: data breaks', () => {
  const since = NOON_HELSINKI - 5 * 3600;
  const silentStation: AlertFacts = {
    ...alert(11, 'F1000001', 0),
    sensorId: 'F1000001',
    ruleType: 'noBSData',
    depth: -1,
    threshold: null,
    alertTs: since,
  };
  const silentProbe = (i: number): AlertFacts => ({
    ...alert(20 + i, `Bale ${i}`, 0),
    ruleType: 'noProbeData',
    depth: -1,
    threshold: null,
    alertTs: since,
  });
  const breakGroup = (members: AlertFacts[]) =>
    group(members, { kind: 'dataBreak', storageId: null, name: 'Main barn', bsId: 'F1000001' });

  it('tells of a silent station once, with what to check and a link to the probe list', () => {
    const out = planGroupMessages(breakGroup([silentStation]), messaging(), ctx());
    expect(sms(out).body).toMatch(
      /^Emberwatch: no data from base station Main barn \(F1000001\) since .+\. Check its power, antenna and SIM\. Reply OK 17 to acknowledge\. https:\/\/ew\.example\/probes$/,
    );
    expect(out.find((m) => m.channel === 'email')!.subject).toBe(
      'Emberwatch: no data from Main barn (F1000001)',
    );
  });

  it('tells of a station’s silent probes in one message', () => {
    const out = planGroupMessages(
      breakGroup([silentProbe(1), silentProbe(2), silentProbe(3)]),
      messaging(),
      ctx(),
    );
    expect(out.filter((m) => m.channel === 'sms')).toHaveLength(1);
    expect(sms(out).body).toContain('3 probes at base station Main barn (F1000001) have sent no data since');
    expect(sms(out).body).toContain('Bale 1, Bale 2, Bale 3.');
  });

  it('words its all-clear when data arrives again', () => {
    const out = planGroupMessages(breakGroup([silentStation]), messaging(), ctx({ kind: 'clear' }));
    expect(sms(out).body).toMatch(
      /^Emberwatch: data from base station Main barn \(F1000001\) arrives again\. Reading time/,
    );
  });

  it('calls where voice is chosen, outside the no-call hours only', () => {
    const voice = {
      active: true,
      recipients: [bob],
      noCallHours: [22, 6] as [number, number],
      tempLimit: 60,
    };
    const at = (nowS: number) =>
      planGroupMessages(breakGroup([silentStation]), messaging({ voice }), ctx({ nowS })).some(
        (m) => m.channel === 'voice',
      );
    expect(at(NOON_HELSINKI)).toBe(true);
    expect(at(NIGHT_HELSINKI + 3600)).toBe(false);
  });

  it('sends Sentinel one data-break call', () => {
    const sentinel = { siteID: 'S1', url: 'https://hooks.example/s', language: 'en', unit: 'C' as const };
    const out = planGroupMessages(
      breakGroup([silentProbe(1), silentProbe(2)]),
      messaging({ sentinel: { active: true } }),
      ctx({ sentinel }),
    );
    const calls = out.filter((m) => m.channel === 'sentinel');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.payload).toMatchObject({
      kind: 'dataBreak',
      station: 'F1000001',
      probes: ['H21', 'H22'],
    });
  });
});

describe('mergeMessaging', () => {
  it('reaches everyone any storage at the station reaches, on every channel one of them uses', () => {
    const a = { ...messaging(), email: { active: false, recipients: [] } };
    const b = {
      ...messaging(),
      sms: { active: true, recipients: [owner, bob] },
      email: { active: true, recipients: [bobMail] },
    };
    const m = mergeMessaging('Main barn', [a, b]);
    expect(m.sms.recipients.map((r) => r.userId)).toEqual([2, 9]);
    expect(m.email).toMatchObject({ active: true, recipients: [bobMail] });
    expect(mergeMessaging('Empty', []).sms.active).toBe(false);
  });
});

describe('okReplyCode', () => {
  it.each<[string, string | null]>([
    ['OK', ''],
    ['ok.', ''],
    [' Ok! ', ''],
    ['OK 1F', '1F'],
    ['ok 1f.', '1F'],
    ['OK #1F', '1F'],
    ['OKAY', null],
    ['not ok', null],
    ['OK please stop', null],
  ])('%j → %j', (body, want) => {
    expect(okReplyCode(body)).toBe(want);
  });
});
