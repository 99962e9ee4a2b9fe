import { describe, expect, it } from 'vitest';
import {
  cycleProgressTickMs,
  fanDisplay,
  grainEquilibriumMoisture,
  localClock,
  mayChangeFans,
  offlineCommand,
  offlineRuleOf,
  operationModeLabel,
  schedulerAllows,
  type FanDisplay,
  type FanSchedule,
} from '../../src/domain/fans/index.js';
import { cooldown, cyclic, hoursWith, manualRule, utc } from './fanKit.js';

// 2026-01-12 is a Monday.
const mon = (h: number, mi = 0) => utc(2026, 1, 12, h, mi);
const day = 24 * 3600;

describe('the scheduler holds the fans in the restricted hours of each weekday', () => {
  const sched = (hours: Record<number, [number, number]>, reverseDisabled = false): FanSchedule => ({
    schedulerEnabled: true,
    disabledHours: hoursWith(hours),
    reverseDisabled,
  });
  const cases: [string, FanSchedule, number, string | null, boolean][] = [
    [
      'a scheduler that is off allows every hour',
      { ...sched({ 0: [0, 24] }), schedulerEnabled: false },
      mon(12),
      'UTC',
      true,
    ],
    ['Monday 8–16 holds Monday 10:00', sched({ 0: [8, 16] }), mon(10), 'UTC', false],
    ['… from its first hour', sched({ 0: [8, 16] }), mon(8), 'UTC', false],
    ['… but not at its end hour', sched({ 0: [8, 16] }), mon(16), 'UTC', true],
    ['… nor on Tuesday', sched({ 0: [8, 16] }), mon(10) + day, 'UTC', true],
    ['0–24 holds the whole day', sched({ 2: [0, 24] }), mon(23, 59) + 2 * day, 'UTC', false],
    ['equal hours leave the day unrestricted', sched({ 0: [5, 5] }), mon(5), 'UTC', true],
    ['Monday 22–6 runs across midnight: Monday 23:00 held', sched({ 0: [22, 6] }), mon(23), 'UTC', false],
    ['… and Tuesday 03:00 held', sched({ 0: [22, 6] }), mon(3) + day, 'UTC', false],
    ['… Tuesday 06:00 free', sched({ 0: [22, 6] }), mon(6) + day, 'UTC', true],
    ['… Monday 03:00 free (the night before is Sunday’s)', sched({ 0: [22, 6] }), mon(3), 'UTC', true],
    ['Sunday 22–6 reaches into Monday morning', sched({ 6: [22, 6] }), mon(2), 'UTC', false],
    [
      'the hours are local: Monday 8–16 in Chicago holds 15:00 UTC (09:00)',
      sched({ 0: [8, 16] }),
      mon(15),
      'America/Chicago',
      false,
    ],
    ['… and frees 10:00 UTC (04:00)', sched({ 0: [8, 16] }), mon(10), 'America/Chicago', true],
    [
      'reversed: Monday 8–16 are the only hours Monday runs',
      sched({ 0: [8, 16] }, true),
      mon(10),
      'UTC',
      true,
    ],
    ['reversed: Monday 17:00 held', sched({ 0: [8, 16] }, true), mon(17), 'UTC', false],
    [
      'reversed: an unrestricted Tuesday runs all day',
      sched({ 0: [8, 16] }, true),
      mon(17) + day,
      'UTC',
      true,
    ],
    [
      'reversed across midnight: Tuesday 03:00 runs',
      sched({ 0: [22, 6], 1: [22, 6] }, true),
      mon(3) + day,
      'UTC',
      true,
    ],
    [
      'reversed across midnight: Tuesday 12:00 held',
      sched({ 0: [22, 6], 1: [22, 6] }, true),
      mon(12) + day,
      'UTC',
      false,
    ],
    // Berlin, Sunday 29 March 2026: 02:00 local does not exist; 01:30 UTC is 03:30 CEST.
    [
      'on the spring-forward night the local hour is read after the change',
      sched({ 6: [3, 4] }),
      utc(2026, 3, 29, 1, 30),
      'Europe/Berlin',
      false,
    ],
    ['… 00:30 UTC is still 01:30 CET', sched({ 6: [3, 4] }), utc(2026, 3, 29, 0, 30), 'Europe/Berlin', true],
    // Sunday 25 October 2026: 03:00 CEST goes back to 02:00 CET; 02:30 local happens twice.
    [
      'on the fall-back night both 02:30s are held by 2–3',
      sched({ 6: [2, 3] }),
      utc(2026, 10, 25, 0, 30),
      'Europe/Berlin',
      false,
    ],
    ['… the second one too', sched({ 6: [2, 3] }), utc(2026, 10, 25, 1, 30), 'Europe/Berlin', false],
  ];
  for (const [name, schedule, now, zone, allowed] of cases)
    it(name, () => expect(schedulerAllows(schedule, now, zone)).toBe(allowed));

  it('reads the local clock of the station', () => {
    expect(localClock(mon(15, 30), 'America/Chicago')).toEqual({
      weekday: 0,
      hour: 9,
      minuteOfDay: 9 * 60 + 30,
      second: 0,
    });
    expect(localClock(mon(0, 30), 'America/Chicago').weekday).toBe(6);
    expect(localClock(mon(0, 30), null).weekday).toBe(0);
  });
});

describe('the equilibrium moisture content of grain in outdoor air', () => {
  // Published corn EMC (% wet basis), temperature × humidity (cryer.org.uk "Equilibrium moisture
  // content", after the ASAE data); the model is within a point of it.
  const table: [number, number, number][] = [
    [1.7, 25, 9.3],
    [10, 25, 8.6],
    [21.1, 25, 7.9],
    [37.8, 25, 7.1],
    [21.1, 40, 10.3],
  ];
  for (const [t, rh, published] of table)
    it(`${t} °C, ${rh} % is within a point of the published ${published} %`, () => {
      expect(Math.abs((grainEquilibriumMoisture(t, rh) as number) - published)).toBeLessThan(1);
    });

  it('rises with humidity and falls with temperature', () => {
    const at = (t: number, rh: number) => grainEquilibriumMoisture(t, rh) as number;
    expect(at(10, 60)).toBeGreaterThan(at(10, 50));
    expect(at(20, 60)).toBeLessThan(at(10, 60));
  });

  it('is unknown outside the model (no humidity, saturated air, deep frost)', () => {
    expect(grainEquilibriumMoisture(10, 0)).toBeNull();
    expect(grainEquilibriumMoisture(10, 100)).toBeNull();
    expect(grainEquilibriumMoisture(-20, 50)).toBeNull();
  });
});

describe('the offline rule a controller follows without the server', () => {
  const auto = { isManual: false, manualCommand: 0 as const };
  const cases: [string, ReturnType<typeof offlineRuleOf>, { cycle: number; ontime: number }][] = [
    [
      'a cyclic rule goes on cycling as set',
      offlineRuleOf(cyclic({ cycleSpan: 90, runMinutes: 20 }), auto),
      { cycle: 90, ontime: 20 },
    ],
    [
      'a cooldown rule stops (nobody knows whether the air cools)',
      offlineRuleOf(cooldown(), auto),
      { cycle: 60, ontime: 0 },
    ],
    ['no rule stays off', offlineRuleOf(null, auto), { cycle: 60, ontime: 0 }],
    [
      'manual on stays on',
      offlineRuleOf(cooldown(), { isManual: true, manualCommand: 1 }),
      { cycle: 60, ontime: 60 },
    ],
    [
      'manual off stays off',
      offlineRuleOf(manualRule, { isManual: true, manualCommand: 0 }),
      { cycle: 60, ontime: 0 },
    ],
  ];
  for (const [name, got, want] of cases) it(name, () => expect(got).toEqual(want));

  it('runs the first on-time minutes of each cycle from the moment the server was lost', () => {
    const rule = { cycle: 60, ontime: 20 };
    const at = (min: number) => offlineCommand(rule, min * 60);
    expect([0, 19, 20, 59, 60, 79, 80].map(at)).toEqual([1, 1, 0, 0, 1, 1, 0]);
    expect(offlineCommand({ cycle: 60, ontime: 0 }, 10)).toBe(0);
    expect(offlineCommand({ cycle: 60, ontime: 60 }, 10_000)).toBe(1);
  });
});

describe('the fan controller display', () => {
  it('labels the operation mode: drive AUTO, off STOP, otherwise RUN', () => {
    expect([operationModeLabel('drive'), operationModeLabel('off'), operationModeLabel('on')]).toEqual([
      'AUTO',
      'STOP',
      'RUN',
    ]);
    expect(operationModeLabel(null)).toBe('RUN');
  });

  const base = {
    isOffline: false,
    fc_mode: 'drive' as const,
    command: 0 as const,
    isManual: false,
    manualCommand: 0 as const,
    state: null,
  };
  const cases: [string, Parameters<typeof fanDisplay>[0], FanDisplay][] = [
    ['offline wins over everything', { ...base, isOffline: true, fc_mode: 'on' }, { kind: 'offline' }],
    [
      'drive, manual on',
      { ...base, isManual: true, manualCommand: 1, command: 1 },
      { kind: 'drive', drive: 'manualOn' },
    ],
    ['drive, manual off', { ...base, isManual: true }, { kind: 'drive', drive: 'manualOff' }],
    ['drive, the rule runs it', { ...base, command: 1 }, { kind: 'drive', drive: 'autoOn' }],
    [
      'drive, the rule holds it',
      { ...base, state: { offReason: 'auxVeto', note: null, nextChange: null } },
      { kind: 'drive', drive: 'autoOff' },
    ],
    [
      'drive, waiting for the next cycle: scheduled start',
      { ...base, state: { offReason: null, note: 'cyclePause', nextChange: 1 } },
      { kind: 'drive', drive: 'scheduledStart' },
    ],
    [
      'drive, held by the scheduler: scheduled start',
      { ...base, state: { offReason: 'schedulerVeto', note: null, nextChange: null } },
      { kind: 'drive', drive: 'scheduledStart' },
    ],
    [
      'switched on at the controller while the server says off: forced',
      { ...base, fc_mode: 'on' },
      { kind: 'on', forced: true },
    ],
    [
      'switched on while the server says on: ok',
      { ...base, fc_mode: 'on', command: 1 },
      { kind: 'on', forced: false },
    ],
    [
      'switched off while the server says on: forced',
      { ...base, fc_mode: 'off', command: 1 },
      { kind: 'off', forced: true },
    ],
    [
      'switched off while the server says off: ok',
      { ...base, fc_mode: 'off' },
      { kind: 'off', forced: false },
    ],
  ];
  for (const [name, fc, want] of cases) it(name, () => expect(fanDisplay(fc)).toEqual(want));

  it('advances cycle progress every 10, 30 or 60 s by the span', () => {
    expect([30, 60, 90, 120].map(cycleProgressTickMs)).toEqual([10_000, 30_000, 30_000, 60_000]);
  });
});

describe('who may drive and assign fans', () => {
  const who = {
    owner: { admin: false, master: false, grandMaster: false, subUser: false },
    subUser: { admin: false, master: false, grandMaster: false, subUser: true },
    master: { admin: false, master: true, grandMaster: false, subUser: false },
    grandMaster: { admin: false, master: true, grandMaster: true, subUser: false },
    admin: { admin: true, master: false, grandMaster: false, subUser: false },
  };
  const cases: [keyof typeof who, boolean, boolean][] = [
    ['owner', true, true],
    ['subUser', true, false],
    ['master', false, false],
    ['grandMaster', true, true],
    ['admin', true, true],
  ];
  for (const [role, drive, assign] of cases)
    it(`${role}: drive ${drive}, assign ${assign}`, () => {
      expect(mayChangeFans(who[role], 'driveFan')).toBe(drive);
      expect(mayChangeFans(who[role], 'assignFan')).toBe(assign);
    });
});
