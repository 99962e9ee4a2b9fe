import { describe, expect, it } from 'vitest';
import {
  absRuleSettingsSchema,
  cooldownSettingsSchema,
  cyclicSettingsSchema,
  monitorInputSchema,
  nextRuleId,
  relRuleSettingsSchema,
  ruleSchema,
  type Rule,
} from '../../src/contracts/monitors.js';
import type { RuleType } from '../../src/domain/kinds/ruleTypes.js';
import { defaultRuleSettings, withCycleSpan } from '../../src/domain/rules/defaultRuleSettings.js';
import {
  differenceToTenths,
  temperatureToTenths,
  tenthsToDifference,
  tenthsToTemperature,
} from '../../src/domain/rules/ruleLimits.js';

const chosen: Partial<Record<RuleType, Record<string, string>>> = {
  COOLDOWN_CONTROL: { FC_ID: 'FC1', outdoorID: 'T100' },
  CYCLIC_CONTROL: { FC_ID: 'FC1' },
  MANUAL_CONTROL: { FC_ID: 'FC1' },
};
const ruleOf = (type: RuleType, id = 1): Rule =>
  ({ id, type, settings: { ...defaultRuleSettings(type), ...chosen[type] } }) as Rule;

const alertRule = (type: 'ABS_MAX' | 'REL_MAX', settings: Record<string, unknown>) =>
  ({ id: 1, type, settings: { ...defaultRuleSettings(type), ...settings } }) as Rule;

describe('units of the rule settings', () => {
  it.each([
    [2, 'F', 11],
    [20, 'F', 111],
    [-10, 'F', -56],
    [9, 'F', 50],
    [1, 'C', 10],
    [10, 'C', 100],
  ] as const)('a difference of %d °%s is %d tenths of °C, not an offset conversion', (v, unit, tenths) => {
    expect(differenceToTenths(v, unit)).toBe(tenths);
    expect(tenthsToDifference(tenths, unit)).toBe(v);
  });

  it('every whole °F of the tolerance and reset sliders survives the round trip', () => {
    for (let f = -20; f <= 20; f++) expect(tenthsToDifference(differenceToTenths(f, 'F'), 'F')).toBe(f);
    for (let f = 20; f <= 220; f++) expect(tenthsToTemperature(temperatureToTenths(f, 'F'), 'F')).toBe(f);
  });

  it('a temperature converts with the offset: 113 °F is 45.0 °C, 20 °F is −6.7 °C', () => {
    expect(temperatureToTenths(113, 'F')).toBe(450);
    expect(temperatureToTenths(20, 'F')).toBe(-67);
  });
});

describe('alert rule settings (spec §5)', () => {
  it.each([
    ['ABS limit 0 °C', 'ABS_MAX', { alertLimit: 0 }, true],
    ['ABS limit 100 °C', 'ABS_MAX', { alertLimit: 1000 }, true],
    ['ABS limit 220 °F (104.4 °C)', 'ABS_MAX', { alertLimit: 1044 }, true],
    ['ABS limit 20 °F (−6.7 °C)', 'ABS_MAX', { alertLimit: -67 }, true],
    ['ABS limit above 220 °F', 'ABS_MAX', { alertLimit: 1045 }, false],
    ['ABS limit below 20 °F', 'ABS_MAX', { alertLimit: -68 }, false],
    ['ABS limit in tenths only', 'ABS_MAX', { alertLimit: 450.5 }, false],
    ['REL tolerance 1 °C', 'REL_MAX', { alertLimit: 10 }, true],
    ['REL tolerance 0.9 °C', 'REL_MAX', { alertLimit: 9 }, false],
    ['REL tolerance 20 °F (11.1 °C)', 'REL_MAX', { alertLimit: 111 }, true],
    ['REL tolerance above 20 °F', 'REL_MAX', { alertLimit: 112 }, false],
    ['reset tolerance −5 °C', 'REL_MAX', { alertReset: -50 }, true],
    ['reset tolerance −10 °F (−5.6 °C)', 'REL_MAX', { alertReset: -56 }, true],
    ['reset tolerance past −10 °F', 'REL_MAX', { alertReset: -57 }, false],
    ['reset tolerance +10 °F', 'REL_MAX', { alertReset: 56 }, true],
    ['turn point 1', 'REL_MAX', { turnPoint: 1 }, true],
    ['turn point 48', 'REL_MAX', { turnPoint: 48 }, true],
    ['turn point 0', 'REL_MAX', { turnPoint: 0 }, false],
    ['turn point 49', 'REL_MAX', { turnPoint: 49 }, false],
    ['ABS with the other probes as reference', 'ABS_MAX', { tempRef: 'AVERAGE_TEMP' }, false],
    ['ABS with one depth', 'ABS_MAX', { refDepth: 2 }, true],
    ['ABS AVG narrowed to one depth', 'ABS_MAX', { tempRef: 'AVG', refDepth: 2 }, false],
    ['REL AVERAGE_DEPTH at one depth', 'REL_MAX', { tempRef: 'AVERAGE_DEPTH', refDepth: 0 }, true],
    ['REL AVERAGE_TEMP narrowed to one depth', 'REL_MAX', { tempRef: 'AVERAGE_TEMP', refDepth: 0 }, false],
    ['a depth past the last (8 depths)', 'REL_MAX', { refDepth: 8 }, false],
    ['clear margin 18 °F (10 °C)', 'ABS_MAX', { clearMargin: 100 }, true],
    ['a negative clear margin', 'ABS_MAX', { clearMargin: -1 }, false],
    ['minimum duration 12 h', 'ABS_MAX', { minDuration: 720 }, true],
    ['minimum duration past 12 h', 'ABS_MAX', { minDuration: 721 }, false],
    ['an unknown setting', 'ABS_MAX', { colour: 'red' }, false],
  ] as const)('%s: valid %s', (_name, type, settings, ok) => {
    expect(ruleSchema.safeParse(alertRule(type, settings)).success).toBe(ok);
  });

  it('the defaults are valid and follow the spec (ABS 45 °C, compost 75 / 55 °C)', () => {
    expect(absRuleSettingsSchema.parse(defaultRuleSettings('ABS_MAX')).alertLimit).toBe(450);
    expect(defaultRuleSettings('ABS_MAX', true).alertLimit).toBe(750);
    expect(defaultRuleSettings('ABS_MIN', true)).toMatchObject({ alertLimit: 550, compostRule: true });
    expect(relRuleSettingsSchema.parse(defaultRuleSettings('REL_MIN'))).toMatchObject({
      alertLimit: 50,
      turnPoint: 24,
      alertReset: 0,
      clearMargin: 10,
      minDuration: 0,
    });
  });
});

describe('fan-control rule shapes (spec §5, §9)', () => {
  it('cooldown defaults: target 10 °C, deltas 5 and 15, age limits 2 and 6, hysteresis 1', () => {
    expect(defaultRuleSettings('COOLDOWN_CONTROL')).toMatchObject({
      targetTemp: 100,
      delta1: 50,
      delta2: 150,
      outdoorAgelimit: 2,
      dataAgelimit: 6,
      hysteresis: 10,
    });
    expect(defaultRuleSettings('CYCLIC_CONTROL')).toMatchObject({ runMinutes: 30 });
  });

  it('save is refused without a controller, and a cooldown rule without an outdoor probe', () => {
    expect(
      ruleSchema.safeParse({ ...ruleOf('MANUAL_CONTROL'), settings: { FC_ID: '', notifications: true } })
        .success,
    ).toBe(false);
    expect(
      cooldownSettingsSchema.safeParse({ ...defaultRuleSettings('COOLDOWN_CONTROL'), FC_ID: 'FC1' }).success,
    ).toBe(false);
    expect(
      cooldownSettingsSchema.safeParse({
        ...defaultRuleSettings('COOLDOWN_CONTROL'),
        FC_ID: 'FC1',
        outdoorID: 'T1',
      }).success,
    ).toBe(true);
  });

  it.each([
    ['scheduler off, nothing restricted', false, Array.from({ length: 7 }, () => [0, 0]), true],
    ['scheduler on, all seven days unrestricted', true, Array.from({ length: 7 }, () => [5, 5]), false],
    ['scheduler on, all seven days 0–24', true, Array.from({ length: 7 }, () => [0, 24]), false],
    ['scheduler on, nights held', true, Array.from({ length: 7 }, () => [22, 6]), true],
    [
      'scheduler on, six days 0–24 and one open',
      true,
      [...Array.from({ length: 6 }, () => [0, 24]), [3, 3]],
      true,
    ],
  ])('%s: valid %s', (_n, schedulerEnabled, disabledHours, ok) => {
    const s = { ...defaultRuleSettings('CYCLIC_CONTROL'), FC_ID: 'FC1', schedulerEnabled, disabledHours };
    expect(cyclicSettingsSchema.safeParse(s).success).toBe(ok);
  });

  it('cycle spans are 30, 60, 90, 120; the on-time runs from 1 to the cycle span', () => {
    const base = { ...defaultRuleSettings('CYCLIC_CONTROL'), FC_ID: 'FC1' };
    expect(cyclicSettingsSchema.safeParse({ ...base, cycleSpan: 45 }).success).toBe(false);
    expect(cyclicSettingsSchema.safeParse({ ...base, cycleSpan: 30, runMinutes: 30 }).success).toBe(true);
    expect(cyclicSettingsSchema.safeParse({ ...base, cycleSpan: 30, runMinutes: 31 }).success).toBe(false);
    expect(cyclicSettingsSchema.safeParse({ ...base, runMinutes: 0 }).success).toBe(false);
  });

  it('lowering the cycle span below the on-time lowers the on-time to match', () => {
    const s = { ...defaultRuleSettings('CYCLIC_CONTROL'), cycleSpan: 120 as const, runMinutes: 90 };
    expect(withCycleSpan(s, 60)).toMatchObject({ cycleSpan: 60, runMinutes: 60 });
    expect(withCycleSpan(s, 90).runMinutes).toBe(90);
  });
});

describe('monitor (spec §3, §5)', () => {
  const monitor = (rules: Rule[], name = 'Hay barn') => ({
    name,
    rules,
    defaultMonitor: false,
    compost: false,
  });

  it('needs a name and at least one rule', () => {
    expect(monitorInputSchema.safeParse(monitor([ruleOf('ABS_MAX')])).success).toBe(true);
    expect(monitorInputSchema.safeParse(monitor([ruleOf('ABS_MAX')], '  ')).success).toBe(false);
    expect(monitorInputSchema.safeParse(monitor([])).success).toBe(false);
  });

  it('holds only one fan-controller rule', () => {
    expect(
      monitorInputSchema.safeParse(monitor([ruleOf('ABS_MAX', 1), ruleOf('CYCLIC_CONTROL', 2)])).success,
    ).toBe(true);
    expect(
      monitorInputSchema.safeParse(monitor([ruleOf('CYCLIC_CONTROL', 1), ruleOf('MANUAL_CONTROL', 2)]))
        .success,
    ).toBe(false);
  });

  it('refuses repeated rule ids', () => {
    expect(monitorInputSchema.safeParse(monitor([ruleOf('ABS_MAX', 1), ruleOf('REL_MAX', 1)])).success).toBe(
      false,
    );
  });

  it('gives a new rule the id max + 1, or 1', () => {
    expect(nextRuleId([])).toBe(1);
    expect(nextRuleId([{ id: 4 }, { id: 2 }])).toBe(5);
  });
});
