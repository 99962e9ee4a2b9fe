import { describe, expect, it } from 'vitest';
import {
  DATA_BREAK_S,
  dataBreakDrafts,
  finishNotifications,
  generalAlertDrafts,
  noAlertsDrafts,
  notificationsAutoOpen,
  reminderDrafts,
  storageAlertDrafts,
  unreadCount,
  type NotificationDraft,
  type NotificationViewer,
  type ProbeData,
  type ReminderInput,
} from '../../src/domain/notifications/notificationRules.js';
import { NOTIFICATION_KINDS, seesNotification } from '../../src/domain/notifications/notificationKinds.js';
import { NOTIFICATION_TYPES, type NotificationType } from '../../src/contracts/notifications.js';

const NOW = 1_800_000_000;
const H = 3600;
const DAY = 86_400;

const probe = (
  sensorId: string,
  bsId: string,
  age: number | null,
  temps: (number | null)[] = [200],
): ProbeData => ({
  sensorId,
  bsId,
  lastTs: age === null ? null : NOW - age,
  temps,
});

// Spec doc 3 §9: "Data-break alert after more than 4 hours without base station or probe data."
describe('dataBreakDrafts', () => {
  it.each([
    ['a station that sent 4 h ago exactly', 4 * H, []],
    ['a station silent for 4 h and a second', 4 * H + 1, ['noBSData:F1']],
    ['a station that never sent', null, []],
    ['a station that sent a minute ago', 60, []],
  ] as const)('%s → %s', (_case, age, expected) => {
    const drafts = dataBreakDrafts(
      [{ id: 'F1', name: 'Barn', lastDataTs: age === null ? null : NOW - age }],
      [],
      NOW,
    );
    expect(drafts.map((d) => `${d.type}:${d.subject}`)).toEqual(expected);
  });

  it('dates a silent station from its last data, the entry from the moment it became a break', () => {
    const [d] = dataBreakDrafts([{ id: 'F1', name: 'Barn', lastDataTs: NOW - 5 * H }], [], NOW);
    expect(d).toEqual({
      type: 'noBSData',
      subject: 'F1',
      bs: 'F1',
      since: NOW - 5 * H + DATA_BREAK_S,
      props: { bsDate: NOW - 5 * H, name: 'Barn' },
    });
  });

  it.each([
    ['probes silent over 4 h at a sending station', 60, [5 * H, 6 * H, 60], 2],
    ['a probe at 4 h exactly is not silent', 60, [4 * H], 0],
    ['a probe that never sent', 60, [null], 0],
    ['a silent station: its probes are its one break', 5 * H, [6 * H, 7 * H], 0],
  ] as const)('%s → %s silent probes', (_case, stationAge, probeAges, silent) => {
    const drafts = dataBreakDrafts(
      [{ id: 'F1', name: null, lastDataTs: NOW - stationAge }],
      probeAges.map((age, i) => probe(`P${i}`, 'F1', age)),
      NOW,
    );
    const entry = drafts.find((d) => d.type === 'noProbeData');
    expect(entry?.props.nProbes ?? 0).toBe(silent);
  });

  it('lists the silent probes, the oldest last reading, and is new again when another falls silent', () => {
    const drafts = dataBreakDrafts(
      [{ id: 'F1', name: 'Barn', lastDataTs: NOW - 60 }],
      [probe('B', 'F1', 6 * H), probe('A', 'F1', 5 * H), probe('C', 'F1', 60), probe('X', 'F9', 9 * H)],
      NOW,
    );
    expect(drafts).toEqual([
      {
        type: 'noProbeData',
        subject: 'F1',
        bs: 'F1',
        since: NOW - 5 * H + DATA_BREAK_S,
        props: { nProbes: 2, probesIDs: ['A', 'B'], dataDate: NOW - 6 * H, name: 'Barn' },
      },
    ]);
  });
});

// Issue 27 item 2, decision 0071: each station and probe waits its own delay.
describe('dataBreakDrafts with chosen delays', () => {
  const M = 60;
  it.each([
    ['a 30 min station silent for 31 min', 30 * M, 31 * M, ['noBSData:F1']],
    ['a 30 min station silent for 30 min exactly', 30 * M, 30 * M, []],
    ['a 12 h station silent for 5 h', 12 * H, 5 * H, []],
    ['a 12 h station silent for 12 h and a second', 12 * H, 12 * H + 1, ['noBSData:F1']],
  ] as const)('%s → %j', (_case, delay, age, expected) => {
    const drafts = dataBreakDrafts(
      [{ id: 'F1', name: null, lastDataTs: NOW - age, breakDelayS: delay }],
      [],
      NOW,
    );
    expect(drafts.map((d) => `${d.type}:${d.subject}`)).toEqual(expected);
  });

  it('dates the station’s entry from when its own delay ran out', () => {
    const [d] = dataBreakDrafts(
      [{ id: 'F1', name: null, lastDataTs: NOW - H, breakDelayS: 30 * M }],
      [],
      NOW,
    );
    expect(d?.since).toBe(NOW - H + 30 * M);
  });

  it('lists only the probes silent past their own delay, dated by the latest to run out', () => {
    const drafts = dataBreakDrafts(
      [{ id: 'F1', name: null, lastDataTs: NOW - 60 }],
      [
        { ...probe('A', 'F1', 2 * H), breakDelayS: 30 * M },
        { ...probe('B', 'F1', 2 * H), breakDelayS: 12 * H },
        { ...probe('C', 'F1', 50 * M), breakDelayS: 30 * M },
      ],
      NOW,
    );
    expect(drafts).toEqual([
      {
        type: 'noProbeData',
        subject: 'F1',
        bs: 'F1',
        since: NOW - 50 * M + 30 * M,
        props: { nProbes: 2, probesIDs: ['A', 'C'], dataDate: NOW - 2 * H },
      },
    ]);
  });
});

// Spec doc 1 §3 safety_alert / temperature_alert (°C), §9 safety limit 65; issue 11 item 5.
describe('generalAlertDrafts', () => {
  const prefs = { safety_alert: 65, temperature_alert: 45 };
  it.each([
    ['a cool probe', [[300]], []],
    ['at 45.0 exactly: not above', [[450]], []],
    ['at 45.1', [[451]], ['temperature:P0']],
    ['the core above 65 °C, the handle cool', [[200, 400, 651]], ['safety:P0']],
    ['one above each limit', [[660], [500]], ['safety:P0', 'temperature:P1']],
    ['a depth without a value', [[null, 470]], ['temperature:P0']],
  ] as const)('%s → %s', (_case, temps, expected) => {
    const drafts = generalAlertDrafts(
      temps.map((t, i) => probe(`P${i}`, 'F1', 60, [...t])),
      prefs,
      NOW,
    );
    expect(drafts.flatMap((d) => (d.props.probeIDs ?? []).map((p) => `${d.props.text}:${p}`))).toEqual(
      expected,
    );
  });

  it('ignores an outdated reading (older than a day) and one never sent', () => {
    const drafts = generalAlertDrafts(
      [probe('P0', 'F1', DAY + 1, [700]), probe('P1', 'F1', null, [700])],
      prefs,
      NOW,
    );
    expect(drafts).toEqual([]);
  });

  it('carries the limit, the count, the hottest value and the time first seen', () => {
    const [d] = generalAlertDrafts(
      [probe('P1', 'F1', 60, [480]), probe('P0', 'F2', 60, [520, 300])],
      prefs,
      NOW,
      (subject) => (subject === 'temperature' ? NOW - 900 : 0),
    );
    expect(d).toEqual({
      type: 'globalAlert',
      subject: 'temperature',
      bs: null,
      since: NOW - 900,
      props: { text: 'temperature', limit: 45, nProbes: 2, probeIDs: ['P0', 'P1'], maxTemp: 520 },
    });
  });

  it('lists a probe under the higher limit it passed, whichever of the two the user set higher', () => {
    const prefs2 = { safety_alert: 65, temperature_alert: 80 };
    const drafts = generalAlertDrafts(
      [probe('P0', 'F1', 60, [810]), probe('P1', 'F1', 60, [700])],
      prefs2,
      NOW,
    );
    expect(drafts.map((d) => [d.props.text, d.props.probeIDs])).toEqual([
      ['temperature', ['P0']],
      ['safety', ['P1']],
    ]);
  });
});

describe('storageAlertDrafts', () => {
  const alert = (sensor_id: string, ts: number, peak: number, isMin = false) => ({
    sensor_id,
    ts,
    peak,
    isMin,
  });

  it('counts a storage’s current alerts, its hottest high alert, and is as new as its newest alert', () => {
    const drafts = storageAlertDrafts(
      [
        {
          itemID: 4,
          name: 'Hay barn',
          bs: 'F1',
          alerts: [alert('P2', NOW - 100, 612), alert('P1', NOW - 50, 580), alert('P1', NOW - 10, 20, true)],
        },
        { itemID: 5, name: 'Quiet', bs: 'F1', alerts: [] },
      ],
      [],
      NOW,
    );
    expect(drafts).toEqual([
      {
        type: 'storageMax',
        subject: '4',
        bs: 'F1',
        since: NOW - 10,
        props: { itemID: 4, name: 'Hay barn', count: 3, maxTemp: 612, probeIDs: ['P1', 'P2'] },
      },
    ]);
  });

  it.each([
    ['ended 23 h ago: still shown, as a warning', 23 * H, false, 1],
    ['ended more than a day ago: gone', DAY + 1, false, 0],
    ['ended but current again: the current entry only', 60, true, 1],
  ] as const)('an alert that %s', (_case, age, current, expected) => {
    const drafts = storageAlertDrafts(
      current ? [{ itemID: 4, name: 'Hay barn', bs: 'F1', alerts: [alert('P1', NOW - 5, 600)] }] : [],
      [
        {
          itemID: 4,
          name: 'Hay barn',
          bs: 'F1',
          lastRaisedTs: NOW - age,
          maxTemp: 640,
          probeIDs: ['P1'],
          count: 2,
        },
      ],
      NOW,
    );
    expect(drafts).toHaveLength(expected);
    if (expected && !current)
      expect(drafts[0]).toMatchObject({ importance: 2, props: { ended: true, maxTemp: 640 } });
    if (current) expect(drafts[0]!.props.ended).toBeUndefined();
  });
});

describe('noAlertsDrafts', () => {
  const storage = (
    itemID: number,
    name: string,
    hasMonitor: boolean,
    anyChannel: boolean,
    probeCount = 3,
  ) => ({
    itemID,
    name,
    bs: 'F1',
    probeCount,
    hasMonitor,
    anyChannel,
  });
  it.each([
    ['a covered storage', [storage(1, 'A', true, true)], []],
    ['an empty storage without a monitor', [storage(1, 'A', false, false, 0)], []],
    ['one without a monitor', [storage(1, 'A', false, true)], ['noMonitor:1:A:1']],
    ['a monitor, every channel off', [storage(1, 'A', true, false)], ['noChannel:1:A:1']],
    [
      'two without a monitor: counted, the first by name, no single link',
      [storage(2, 'B', false, false), storage(1, 'A', false, true)],
      ['noMonitor:2:A:-'],
    ],
  ] as const)('%s → %s', (_case, storages, expected) => {
    const drafts = noAlertsDrafts(storages, () => NOW);
    expect(
      drafts.map((d) => `${d.props.text}:${d.props.count}:${d.props.name}:${d.props.itemID ?? '-'}`),
    ).toEqual(expected);
  });
});

// Spec doc 3 §9: trial under 10 days; service, plan, SIM and API under 30; API expired 40 days after.
describe('reminderDrafts', () => {
  const none: ReminderInput = { plan: null, service: null, stations: [], apiDue: null };
  const kinds = (input: Partial<ReminderInput>) =>
    reminderDrafts({ ...none, ...input }, NOW).map((d) => `${d.type}:${d.subject}:${d.props.days}`);

  it.each([
    ['a trial with 10 days left', { service: { trial: 1, expDate: NOW + 10 * DAY } }, []],
    [
      'a trial with 9.5 days left',
      { service: { trial: 1, expDate: NOW + 9.5 * DAY } },
      ['reminder:service:10'],
    ],
    [
      'a paid service with 29 days left',
      { service: { trial: 0, expDate: NOW + 29 * DAY } },
      ['reminder:service:29'],
    ],
    ['a paid service with 30 days left', { service: { trial: 0, expDate: NOW + 30 * DAY } }, []],
    [
      'a service expired 3 days ago',
      { service: { trial: 0, expDate: NOW - 3 * DAY } },
      ['reminderExpired:service:3'],
    ],
    ['a refused trial', { service: { trial: -1, expDate: NOW - DAY } }, []],
    ['a plan due in 5 days', { plan: { planName: 'Premium', dueDate: NOW + 5 * DAY } }, ['reminder:plan:5']],
    ['a free plan', { plan: { planName: 'Free', dueDate: NOW + 5 * DAY } }, []],
    ['a plan without a date', { plan: { planName: 'Supervisor', dueDate: null } }, []],
    ['an expired plan', { plan: { planName: 'Supervisor', dueDate: NOW - 1 } }, ['reminderExpired:plan:0']],
    [
      'a SIM ending in 2 days, another far off',
      {
        stations: [
          { id: 'F1', name: 'Barn', simExpTs: NOW + 2 * DAY },
          { id: 'F2', name: null, simExpTs: NOW + 90 * DAY },
        ],
      },
      ['reminderSim:F1:2'],
    ],
    [
      'an expired SIM',
      { stations: [{ id: 'F1', name: null, simExpTs: NOW - 40 * DAY }] },
      ['reminderSimExpired:F1:40'],
    ],
    ['an API plan due in 12 days', { apiDue: NOW + 12 * DAY }, ['reminderAPI:api:12']],
    ['an API plan expired 39 days ago', { apiDue: NOW - 39 * DAY }, ['reminderAPIExpired:api:39']],
    ['an API plan expired 40 days ago', { apiDue: NOW - 40 * DAY }, []],
  ] as const)('%s → %s', (_case, input, expected) => {
    expect(kinds(input as Partial<ReminderInput>)).toEqual(expected);
  });

  it('says whether a service reminder is for a trial, and dates it from the start of its window', () => {
    const [d] = reminderDrafts({ ...none, service: { trial: 1, expDate: NOW + 3 * DAY } }, NOW);
    expect(d).toMatchObject({
      since: NOW + 3 * DAY - 10 * DAY,
      props: { planName: 'INSIGHT', trial: true, days: 3 },
    });
  });
});

const owner: NotificationViewer = {
  admin: false,
  master: false,
  grandMaster: false,
  subUser: false,
  partnerApp: false,
};
const viewers: Record<string, NotificationViewer> = {
  owner,
  subUser: { ...owner, subUser: true },
  master: { ...owner, master: true },
  grandMaster: { ...owner, master: true, grandMaster: true },
  admin: { ...owner, admin: true },
};

describe('who reads which kind (decision 0047)', () => {
  const audience: Record<string, string[]> = {
    everyone: ['owner', 'subUser', 'master', 'grandMaster', 'admin'],
    changers: ['owner', 'grandMaster', 'admin'],
    payer: ['owner', 'admin'],
  };
  it.each(NOTIFICATION_TYPES.map((t) => [t, NOTIFICATION_KINDS[t].audience] as const))(
    '%s is for %s',
    (type: NotificationType, kind) => {
      const readers = Object.keys(viewers).filter((v) => seesNotification(type, viewers[v]!));
      expect(readers).toEqual(audience[kind]);
    },
  );

  it.each([
    ['noBSData', {}, '/probes'],
    ['noProbeData', {}, '/probes'],
    ['globalAlert', {}, '/probes'],
    ['storageMax', { itemID: 7 }, '/storages/7'],
    ['noAlerts', { itemID: 7, count: 1 }, '/storages/7'],
    ['noAlerts', { count: 3 }, '/storages'],
    ['batch', { batch_id: 12 }, '/batches/12'],
    ['batch_bug', {}, '/batches'],
    ['reminder', { planName: 'INSIGHT', trial: true }, '/account/services/renewal'],
    ['reminderExpired', { planName: 'INSIGHT', trial: false }, '/account/services/renewal'],
    ['reminder', { planName: 'Premium', trial: false }, '/account/services/checkout/?type=plan'],
    ['reminderExpired', { planName: 'Supervisor', trial: false }, '/account/services/checkout/?type=plan'],
    ['reminderSim', {}, '/account/services/checkout/?type=sim'],
    ['reminderSimExpired', {}, '/account/services/checkout/?type=sim'],
    ['reminderAPI', {}, '/account/services/checkout/?type=api'],
    ['reminderAPIExpired', {}, '/account/services/checkout/?type=api'],
    ['deliveryFailed', { itemID: 7, text: 'email' }, '/storages/7'],
    ['deliveryFailed', { text: 'sms' }, '/account'],
  ] as const)('%s %j links to %s (spec doc 3 §2)', (type, props, url) => {
    expect(NOTIFICATION_KINDS[type].url(props)).toBe(url);
  });
});

describe('finishNotifications', () => {
  const draft = (
    type: NotificationType,
    subject: string,
    since: number,
    extra: Partial<NotificationDraft> = {},
  ) => ({
    type,
    subject,
    bs: null,
    since,
    props: {},
    ...extra,
  });
  const drafts = [
    draft('reminder', 'plan', NOW - 500),
    draft('noBSData', 'F1', NOW - 100),
    draft('storageMax', '3', NOW - 300, { props: { itemID: 3 } }),
    draft('storageMax', '4', NOW - 200, { props: { itemID: 4 } }),
  ];

  it('sorts by importance, then newest; marks newer than the last look unread', () => {
    const list = finishNotifications(drafts, owner, NOW - 250);
    expect(list.map((n) => [n.id, n.importance, n.unread])).toEqual([
      ['storageMax:4', 1, true],
      ['storageMax:3', 1, false],
      ['noBSData:F1', 2, true],
      ['reminder:plan', 2, false],
    ]);
    expect(list[0]).toMatchObject({ url: '/storages/4', color: '#d32f2f' });
    expect(unreadCount(list)).toBe(2);
  });

  it.each([
    ['the owner', owner, 4],
    ['a sub-user: no reminder', viewers.subUser!, 3],
    ['a master: no reminder', viewers.master!, 3],
    ['an admin', viewers.admin!, 4],
    ['a gari or hay-app account: nothing (spec doc 1 §4)', { ...owner, partnerApp: true }, 0],
  ] as const)('%s reads %s', (_who, viewer, count) => {
    expect(finishNotifications(drafts, viewer, null)).toHaveLength(count);
  });

  it('counts everything unread before the first look', () => {
    expect(unreadCount(finishNotifications(drafts, owner, null))).toBe(4);
  });
});

// Spec doc 1 §4, doc 3 §4: opens after 2 s if notifications exist and no authorizations pend (closed
// before: the web's autoOpenDecision).
describe('notificationsAutoOpen', () => {
  it.each([
    [2, 0, true],
    [0, 0, false],
    [2, 1, false],
  ] as const)('%s notifications, %s pending requests → %s', (count, pending, opens) => {
    expect(notificationsAutoOpen({ count, pendingAuthorizations: pending })).toBe(opens);
  });
});
