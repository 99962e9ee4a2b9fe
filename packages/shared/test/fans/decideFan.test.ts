import { describe, expect, it } from 'vitest';
import { decideFan, type FanDecisionInput, type FanState } from '../../src/domain/fans/index.js';
import {
  air,
  cooldown,
  cyclic,
  HOUR,
  hoursWith,
  input,
  manualRule,
  MIN,
  NOON,
  prev,
  probe,
  utc,
} from './fanKit.js';

type Expect = Partial<FanState> & { command: 0 | 1 };

function check(name: string, over: Partial<FanDecisionInput>, want: Expect) {
  const got = decideFan(input(over));
  const keys = Object.keys(want).filter((k) => k !== 'command');
  expect({ command: got.command, ...pick(got.state, keys) }, name).toEqual(want);
}

function pick(state: FanState, keys: string[]): Partial<FanState> {
  return Object.fromEntries(keys.map((k) => [k, state[k as keyof FanState]]));
}

// Target 10 °C (100), delta1 5 °C (50), delta2 15 °C (150), hysteresis 1 °C (10); ages 2 h and 6 h.
describe('a cooldown rule cools the storage with outdoor air down to its target', () => {
  const cases: [string, Partial<FanDecisionInput>, Expect][] = [
    [
      'a bin at 20 °C with air at 10 °C runs (10 °C cooler: within delta1…delta2)',
      { readings: [probe([180, 200, 190])], outdoor: air(100) },
      {
        command: 1,
        zone: 1,
        delta: 100,
        refTemp: 200,
        outdoorTemp: 100,
        ventMode: 'normal',
        offReason: null,
      },
    ],
    [
      'the hottest depth of any fresh probe is the reference',
      { readings: [probe([150]), probe([120, 230], 10 * MIN, 'G2')], outdoor: air(100) },
      { command: 1, refTemp: 230, delta: 130 },
    ],
    [
      'at the target the fans stop: targets reached',
      { readings: [probe([100, 90])], outdoor: air(0), previous: prev({ cooling: true, ruleCommand: 1 }) },
      { command: 0, offReason: 'targetsReached', cooling: false },
    ],
    [
      'below the target nothing runs: targets reached',
      { readings: [probe([80])], outdoor: air(0) },
      { command: 0, offReason: 'targetsReached' },
    ],
    [
      'just above the target (within the hysteresis) no run starts: target temperatures ok',
      { readings: [probe([105])], outdoor: air(0) },
      { command: 0, offReason: 'targetTempsOk', cooling: false },
    ],
    [
      'more than the hysteresis above the target a run starts',
      { readings: [probe([111])], outdoor: air(0) },
      { command: 1, cooling: true },
    ],
    [
      'a run under way goes on within the hysteresis, down to the target',
      { readings: [probe([105])], outdoor: air(0), previous: prev({ cooling: true, ruleCommand: 1 }) },
      { command: 1, cooling: true },
    ],
    [
      'air less than delta1 cooler is vetoed by the outdoor probe: too warm',
      { readings: [probe([200])], outdoor: air(170) },
      { command: 0, zone: 0, delta: 30, offReason: 'auxVeto', note: 'outdoorTooWarm', cooling: true },
    ],
    [
      'air warmer than the bin is vetoed too',
      { readings: [probe([200])], outdoor: air(260) },
      { command: 0, zone: 0, delta: -60, offReason: 'auxVeto' },
    ],
    [
      'a run under way keeps air down to delta1 − hysteresis',
      { readings: [probe([200])], outdoor: air(155), previous: prev({ cooling: true, ruleCommand: 1 }) },
      { command: 1, zone: 0, delta: 45 },
    ],
    [
      'a stopped fan does not start on air within the hysteresis below delta1',
      { readings: [probe([200])], outdoor: air(155), previous: prev({ cooling: true, ruleCommand: 0 }) },
      { command: 0, offReason: 'auxVeto' },
    ],
    [
      'air more than delta2 colder than the bin is below the vent temperature',
      { readings: [probe([200])], outdoor: air(-20) },
      { command: 0, zone: 2, delta: 220, offReason: 'belowVentTemp' },
    ],
    [
      'a run under way keeps air up to delta2 + hysteresis colder',
      { readings: [probe([200])], outdoor: air(45), previous: prev({ cooling: true, ruleCommand: 1 }) },
      { command: 1, zone: 2, delta: 155 },
    ],
    [
      'delta2 or more above the target is safety: cold air is taken',
      { readings: [probe([260])], outdoor: air(-20) },
      { command: 1, ventMode: 'safety', zone: 2 },
    ],
    [
      'safety still wants air delta1 cooler',
      { readings: [probe([260])], outdoor: air(230) },
      { command: 0, ventMode: 'safety', offReason: 'auxVeto' },
    ],
    [
      'safety is left only the hysteresis below its threshold',
      { readings: [probe([245])], outdoor: air(100), previous: prev({ cooling: true, ventMode: 'safety' }) },
      { command: 1, ventMode: 'safety' },
    ],
    [
      'below that the rule is back to normal',
      { readings: [probe([235])], outdoor: air(100), previous: prev({ cooling: true, ventMode: 'safety' }) },
      { command: 1, ventMode: 'normal' },
    ],
    [
      'a probe older than the data age limit (6 h) is ignored; none left: no data, fans off',
      { readings: [probe([300], 6 * HOUR + 1)], outdoor: air(0) },
      { command: 0, ventMode: 'nodata', exception: 'noProbeData', refTemp: null },
    ],
    [
      'a probe exactly at the data age limit still counts',
      { readings: [probe([300], 6 * HOUR)], outdoor: air(100) },
      { command: 1, refTemp: 300 },
    ],
    [
      'an outdoor reading older than its limit (2 h): no data, fans off',
      { readings: [probe([200])], outdoor: air(0, 2 * HOUR + 1) },
      { command: 0, ventMode: 'nodata', exception: 'noOutdoorData', refTemp: 200 },
    ],
    [
      'no outdoor reading at all: no data',
      { readings: [probe([200])], outdoor: null },
      { command: 0, ventMode: 'nodata', exception: 'noOutdoorData' },
    ],
    [
      'the outdoor probe placed in the storage is not part of the reference',
      { readings: [probe([150]), probe([400], 10 * MIN, 'OUT1')], outdoor: air(90) },
      { command: 1, refTemp: 150, delta: 60 },
    ],
    [
      'the age limits are the rule’s own',
      {
        rule: cooldown({ dataAgelimit: 1, outdoorAgelimit: 1 }),
        readings: [probe([200], 2 * HOUR)],
        outdoor: air(100),
      },
      { command: 0, exception: 'noProbeData' },
    ],
    [
      'deltas given the wrong way round still make one window',
      { rule: cooldown({ delta1: 150, delta2: 50 }), readings: [probe([200])], outdoor: air(100) },
      { command: 1, zone: 1 },
    ],
    [
      'a higher target holds the fans sooner',
      { rule: cooldown({ targetTemp: 250 }), readings: [probe([200])], outdoor: air(100) },
      { command: 0, offReason: 'targetsReached' },
    ],
  ];
  for (const [name, over, want] of cases) it(name, () => check(name, over, want));
});

describe('for grain the outdoor air must not wet it (equilibrium moisture content)', () => {
  const grain = { material: 'grain' as const, readings: [probe([200])] };
  const cases: [string, Partial<FanDecisionInput>, Expect][] = [
    [
      'dry cool air (10 °C, 50 %: EMC 12.2 %) runs',
      { ...grain, outdoor: air(100, 10 * MIN, 50) },
      { command: 1, emc: 12.2, outdoorRh: 50, note: null },
    ],
    [
      'cool humid air (10 °C, 90 %: EMC 20.9 %) is vetoed: it would wet the grain',
      { ...grain, outdoor: air(100, 10 * MIN, 90) },
      { command: 0, emc: 20.9, offReason: 'auxVeto', note: 'outdoorTooHumid' },
    ],
    [
      'at 10 °C, 70 % (EMC 15.7 %) the air is too humid for 14 % grain',
      { ...grain, outdoor: air(100, 10 * MIN, 70) },
      { command: 0, offReason: 'auxVeto', note: 'outdoorTooHumid' },
    ],
    [
      'a run under way keeps air up to half a point above the limit (10 °C, 63 %: EMC 14.4 %)',
      { ...grain, outdoor: air(100, 10 * MIN, 63), previous: prev({ cooling: true, ruleCommand: 1 }) },
      { command: 1, emc: 14.4 },
    ],
    [
      'a stopped fan does not start on that air',
      { ...grain, outdoor: air(100, 10 * MIN, 63) },
      { command: 0, note: 'outdoorTooHumid' },
    ],
    [
      'humidity older than the outdoor age limit is unknown: temperature alone decides, and says so',
      { ...grain, outdoor: air(100, 10 * MIN, 90, 3 * HOUR) },
      { command: 1, emc: null, outdoorRh: null, note: 'humidityUnknown' },
    ],
    [
      'without humidity the temperature decides, and the note says the humidity is unknown',
      { ...grain, outdoor: air(100) },
      { command: 1, note: 'humidityUnknown' },
    ],
    [
      'hay is not judged by the grain curve',
      { readings: [probe([200])], material: 'hay', outdoor: air(100, 10 * MIN, 90) },
      { command: 1, emc: null, note: null },
    ],
    [
      'too warm is said before too humid',
      { ...grain, outdoor: air(180, 10 * MIN, 95) },
      { command: 0, note: 'outdoorTooWarm' },
    ],
  ];
  for (const [name, over, want] of cases) it(name, () => check(name, over, want));
});

describe('the scheduler holds the fans in its hours', () => {
  // NOON is Wednesday (weekday 2) 12:00 UTC.
  const held = { schedulerEnabled: true, disabledHours: hoursWith({ 2: [10, 14] }) };
  const cases: [string, Partial<FanDecisionInput>, Expect][] = [
    [
      'a cooldown that would run is held: scheduler veto, vent mode off',
      { rule: cooldown(held), readings: [probe([200])], outdoor: air(100) },
      { command: 0, scheduled: false, ventMode: 'off', offReason: 'schedulerVeto', cooling: true },
    ],
    [
      'outside the held hours it runs, and says the scheduler allows it',
      {
        rule: cooldown(held),
        readings: [probe([200])],
        outdoor: air(100, -110 * MIN),
        nowS: NOON + 2 * HOUR,
      },
      { command: 1, scheduled: true },
    ],
    [
      'targets reached is told before the scheduler',
      { rule: cooldown(held), readings: [probe([90])], outdoor: air(0) },
      { command: 0, offReason: 'targetsReached', scheduled: false },
    ],
    [
      'in safety the fans run through the held hours, and say why',
      { rule: cooldown(held), readings: [probe([300])], outdoor: air(100) },
      { command: 1, ventMode: 'safety', note: 'safetyOverridesScheduler' },
    ],
    [
      'the hours are the station’s local hours (12:00 UTC is 06:00 in Chicago)',
      {
        rule: cooldown(held),
        readings: [probe([200], 10 * MIN)],
        outdoor: air(100),
        timeZone: 'America/Chicago',
      },
      { command: 1, scheduled: true },
    ],
    [
      'a cyclic rule is held too',
      { rule: cyclic({ ...held, cycleSpan: 60, runMinutes: 60 }) },
      { command: 0, scheduled: false, offReason: 'schedulerVeto', ventMode: 'off' },
    ],
  ];
  for (const [name, over, want] of cases) it(name, () => check(name, over, want));
});

describe('a cyclic rule runs the first runMinutes of every cycle, cycles laid from local midnight', () => {
  const cases: [string, Partial<FanDecisionInput>, Expect][] = [
    [
      '12:05, 20 of 60 min: on since 12:00 until 12:20',
      { rule: cyclic({ cycleSpan: 60, runMinutes: 20 }), nowS: NOON + 5 * MIN },
      { command: 1, currentCycleStarted: NOON, nextChange: NOON + 20 * MIN, note: 'cycleRun' },
    ],
    [
      '12:25: paused until the next cycle at 13:00',
      { rule: cyclic({ cycleSpan: 60, runMinutes: 20 }), nowS: NOON + 25 * MIN },
      { command: 0, currentCycleStarted: NOON, nextChange: NOON + HOUR, note: 'cyclePause', offReason: null },
    ],
    [
      '90-minute cycles start at 0:00, 1:30 … 12:00, 13:30',
      { rule: cyclic({ cycleSpan: 90, runMinutes: 30 }), nowS: NOON + 95 * MIN },
      { command: 1, currentCycleStarted: NOON + 90 * MIN },
    ],
    [
      'an on-time equal to the span never pauses',
      { rule: cyclic({ cycleSpan: 30, runMinutes: 30 }), nowS: NOON + 29 * MIN + 59 },
      { command: 1, currentCycleStarted: NOON + 0 },
    ],
    [
      'a half-hour zone (Kolkata, 17:35 local at 12:05 UTC) lays its cycles from its own midnight',
      { rule: cyclic({ cycleSpan: 60, runMinutes: 30 }), nowS: NOON + 5 * MIN, timeZone: 'Asia/Kolkata' },
      { command: 0, currentCycleStarted: NOON - 30 * MIN },
    ],
    [
      'an unknown zone reads UTC',
      { rule: cyclic({ cycleSpan: 60, runMinutes: 30 }), nowS: NOON + 5 * MIN, timeZone: 'Mars/Olympus' },
      { command: 1, currentCycleStarted: NOON },
    ],
    [
      'the morning clocks go forward (Berlin 29 Mar 2026, 01:10 UTC is 03:10 local): the cycle began at 03:00',
      {
        rule: cyclic({ cycleSpan: 60, runMinutes: 30 }),
        nowS: utc(2026, 3, 29, 1, 10),
        timeZone: 'Europe/Berlin',
      },
      { command: 1, currentCycleStarted: utc(2026, 3, 29, 1, 0) },
    ],
  ];
  for (const [name, over, want] of cases) it(name, () => check(name, over, want));
});

describe('manual commands and missing rules', () => {
  const cases: [string, Partial<FanDecisionInput>, Expect][] = [
    [
      'manual on overrides a rule that says off; the rule’s verdict stays in the state',
      {
        manual: { isManual: true, manualCommand: 1 },
        readings: [probe([200])],
        outdoor: air(190),
      },
      { command: 1, source: 'manual', ruleCommand: 0, offReason: 'auxVeto', note: 'manual' },
    ],
    [
      'manual off overrides a rule that says on',
      { manual: { isManual: true, manualCommand: 0 }, readings: [probe([200])], outdoor: air(100) },
      { command: 0, source: 'manual', ruleCommand: 1 },
    ],
    [
      'back to auto, the rule decides again',
      { manual: { isManual: false, manualCommand: 0 }, readings: [probe([200])], outdoor: air(100) },
      { command: 1, source: 'rule' },
    ],
    [
      'no rule: the fan is off and the state says so',
      { rule: null },
      { command: 0, source: 'none', exception: 'noRule' },
    ],
    [
      'no rule, but a manual command: it is obeyed',
      { rule: null, manual: { isManual: true, manualCommand: 1 } },
      { command: 1, source: 'manual' },
    ],
    [
      'a manual-control rule runs on its command',
      { rule: manualRule, manual: { isManual: true, manualCommand: 1 } },
      { command: 1, source: 'manual' },
    ],
    [
      'a manual-control rule without a command (auto is not offered) stays off',
      { rule: manualRule },
      { command: 0, exception: 'noManualCommand' },
    ],
  ];
  for (const [name, over, want] of cases) it(name, () => check(name, over, want));
});

describe('a cooldown run over a day, decision after decision', () => {
  it('starts above the band, stops at the target, and does not flap on air at the margin', () => {
    // The bin cools as the fans run; the outdoor air wavers around delta1 − hysteresis.
    const steps: [number, number, 0 | 1][] = [
      [120, 80, 0], // 4 °C cooler: not enough
      [120, 70, 1], // 5 °C: starts
      [116, 70, 1], // 4.6: a run keeps going to 4
      [113, 74, 0], // 3.9: stops
      [112, 66, 0], // 4.6: not enough to start again
      [112, 62, 1], // 5.0: starts
      [104, 40, 1], // within the target band: a run goes on
      [100, 40, 0], // target reached
      [105, 40, 0], // within the band: nothing starts
    ];
    let previous: FanState | null = null;
    const got: (0 | 1)[] = [];
    for (const [bin, out] of steps) {
      const d = decideFan(input({ readings: [probe([bin])], outdoor: air(out), previous }));
      got.push(d.command);
      previous = d.state;
    }
    expect(got).toEqual(steps.map(([, , c]) => c));
  });
});
