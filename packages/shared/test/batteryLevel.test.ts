import { describe, expect, it } from 'vitest';
import {
  BATTERY_LEVEL_THRESHOLDS_CV,
  BATTERY_LOW_CV,
  BATTERY_LOW_MIN_AGE_S,
  batteryLevel,
  formatVolts,
  isBatteryLow,
  type BatteryLevel,
} from '../src/domain/batteryLevel.js';

const HOUR = 3600;

// Spec doc 3 §9 "Probe data": battery quality levels at 320, 330, 340, 350 (centivolts, doc 3 §3).
describe('batteryLevel (spec doc 3 §9: levels at 320, 330, 340, 350)', () => {
  const rows: Array<[number | null | undefined, BatteryLevel | null]> = [
    [0, 0],
    [300, 0],
    [319, 0],
    [320, 1],
    [329, 1],
    [330, 2],
    [339, 2],
    [340, 3],
    [349, 3],
    [350, 4],
    [360, 4],
    [420, 4],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
  ];
  it.each(rows)('%s centivolts → level %s', (cv, level) => {
    expect(batteryLevel(cv)).toBe(level);
  });

  it('uses exactly the spec thresholds', () => {
    expect([...BATTERY_LEVEL_THRESHOLDS_CV]).toEqual([320, 330, 340, 350]);
  });
});

// Spec doc 3 §9: low battery is under 340 with data older than 3 hours.
describe('isBatteryLow (spec doc 3 §9: under 340 with data older than 3 hours)', () => {
  const rows: Array<[string, number | null | undefined, number, boolean]> = [
    ['339 cV, 3 h and 1 s old: low', 339, 3 * HOUR + 1, true],
    ['300 cV, a day old: low', 300, 24 * HOUR, true],
    ['339 cV, exactly 3 h old: not yet ("older than")', 339, 3 * HOUR, false],
    ['339 cV, fresh (sags while transmitting): not low', 339, 60, false],
    ['340 cV, a day old: not under 340, not low', 340, 24 * HOUR, false],
    ['356 cV, a week old: not low', 356, 7 * 24 * HOUR, false],
    ['no voltage: not low', null, 24 * HOUR, false],
    ['undefined voltage: not low', undefined, 24 * HOUR, false],
  ];
  it.each(rows)('%s', (_name, cv, age, low) => {
    expect(isBatteryLow(cv, age)).toBe(low);
  });

  it('uses the spec numbers 340 and 3 hours', () => {
    expect(BATTERY_LOW_CV).toBe(340);
    expect(BATTERY_LOW_MIN_AGE_S).toBe(10_800);
  });
});

// Spec doc 3 §3: batt_voltage is in centivolts; volts show with two decimals. (Doc 2 §9's chart rule
// "(2*value+200)/100 V" is for a raw byte encoding this product does not carry: the protocol sends centivolts.)
describe('formatVolts (spec doc 3 §3: centivolts)', () => {
  const rows: Array<[number | null | undefined, string]> = [
    [356, '3.56'],
    [330, '3.30'],
    [300, '3.00'],
    [0, '0.00'],
    [null, '--'],
    [undefined, '--'],
  ];
  it.each(rows)('%s centivolts shows "%s"', (cv, text) => {
    expect(formatVolts(cv)).toBe(text);
  });
});
