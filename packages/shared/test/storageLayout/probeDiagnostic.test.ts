import { describe, expect, it } from 'vitest';
import { dataAgeOpacity, probeDiagnostic } from '../../src/domain/storageLayout/probeDiagnostic.js';

const NOW = 1_800_000_000;
const DAY = 86_400;
const reading = (over: Partial<Parameters<typeof probeDiagnostic>[1] & object> = {}) => ({
  meas_ts: NOW - 600,
  sensor_RSSI: -75,
  bs_RSSI: -60,
  batt_voltage: 345,
  ...over,
});

// Spec doc 3 §9 "Data age display fade: 1 day under 2, 0.8 from 2, 0.6 from 7, 0.4 from 30".
describe('dataAgeOpacity', () => {
  it.each([
    [0, 1],
    [2 * DAY - 1, 1],
    [2 * DAY, 0.8],
    [7 * DAY - 1, 0.8],
    [7 * DAY, 0.6],
    [30 * DAY - 1, 0.6],
    [30 * DAY, 0.4],
    [400 * DAY, 0.4],
  ])('%i s → %f', (age, opacity) => {
    expect(dataAgeOpacity(age)).toBe(opacity);
  });
});

// Spec doc 3 §9: signal levels -70 = 4, -80 = 3, -90 = 2, -95 = 1, colour offset 100 on RSSI;
// battery levels at 320/330/340/350 cV, low under 340 with data older than 3 h.
describe('probeDiagnostic', () => {
  it.each([
    ['probe RSSI -75', 5, {}, { value: -75, scaleValue: 25, level: 3 }],
    ['probe RSSI -70', 5, { sensor_RSSI: -70 }, { value: -70, scaleValue: 30, level: 4 }],
    ['probe RSSI -96', 5, { sensor_RSSI: -96 }, { value: -96, scaleValue: 4, level: 0 }],
    ['probe RSSI missing', 5, { sensor_RSSI: null }, { value: null, scaleValue: null, level: null }],
    ['station RSSI -60', 6, {}, { value: -60, scaleValue: 40, level: 4 }],
    ['station RSSI -91', 6, { bs_RSSI: -91 }, { value: -91, scaleValue: 9, level: 1 }],
    ['battery 345', 7, {}, { value: 345, scaleValue: 345, level: 3, low: false }],
    ['battery 319', 7, { batt_voltage: 319 }, { value: 319, level: 0, low: false }],
    ['battery 335, 4 h old', 7, { batt_voltage: 335, meas_ts: NOW - 4 * 3600 }, { level: 2, low: true }],
    ['age 10 min', 8, {}, { value: 600, level: 4, opacity: 1, age: { value: 10, unit: 'min' } }],
    ['age 3 days', 8, { meas_ts: NOW - 3 * DAY }, { level: 3, opacity: 0.8, age: { value: 3, unit: 'd' } }],
    ['age 40 days', 8, { meas_ts: NOW - 40 * DAY }, { level: 1, opacity: 0.4 }],
  ] as const)('%s', (_name, mode, over, expected) => {
    expect(probeDiagnostic(mode, reading(over), NOW)).toMatchObject(expected);
  });

  it('fades an old reading in every admin mode', () => {
    expect(probeDiagnostic(5, reading({ meas_ts: NOW - 8 * DAY }), NOW).opacity).toBe(0.6);
    expect(probeDiagnostic(7, reading({ meas_ts: NOW - 8 * DAY }), NOW).opacity).toBe(0.6);
  });

  it('has nothing without a reading', () => {
    expect(probeDiagnostic(8, null, NOW)).toEqual({
      value: null,
      scaleValue: null,
      level: null,
      opacity: 1,
      age: null,
      low: false,
    });
  });
});
