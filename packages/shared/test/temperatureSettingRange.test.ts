import { describe, expect, it } from 'vitest';
import {
  parseSettingInput,
  SAFETY_ALERT_LIMIT_C,
  settingToCelsius,
  settingToDisplay,
  TEMPERATURE_SETTING_RANGE,
  validateChartRange,
  validateColorSteps,
  validateTemperatureSetting,
} from '../src/domain/temperatureSettingRange.js';

// Spec doc 1 §5, §9: temperature settings range 0–100 in Celsius and 20–220 in Fahrenheit; colour steps
// need exactly 5 values; the safety alert description uses a limit of 65 Celsius.
describe('temperature setting ranges', () => {
  it('are 0–100 °C and 20–220 °F, with a 65 °C safety limit', () => {
    expect(TEMPERATURE_SETTING_RANGE).toEqual({ C: { min: 0, max: 100 }, F: { min: 20, max: 220 } });
    expect(SAFETY_ALERT_LIMIT_C).toBe(65);
  });

  it.each([
    ['C', '0', null],
    ['C', '100', null],
    ['C', '-1', 'outOfRange'],
    ['C', '100.5', 'outOfRange'],
    ['F', '20', null],
    ['F', '220', null],
    ['F', '19', 'outOfRange'],
    ['F', '221', 'outOfRange'],
    ['F', '10', 'outOfRange'],
    ['C', '', 'required'],
    ['C', 'abc', 'notNumber'],
    ['C', '4,5', null],
  ] as const)('in °%s, "%s" gives %s', (unit, text, error) => {
    expect(validateTemperatureSetting(text, unit)).toBe(error);
  });

  it('parses a decimal comma', () => expect(parseSettingInput('45,5')).toBe(45.5));
});

describe('conversion between the user unit and stored °C', () => {
  it('keeps °C as typed (one decimal)', () => {
    expect(settingToCelsius(45, 'C')).toBe(45);
    expect(settingToCelsius(45.55, 'C')).toBe(45.6);
  });
  it('converts °F to °C on save', () => {
    expect(settingToCelsius(149, 'F')).toBe(65);
    expect(settingToCelsius(100, 'F')).toBe(37.8);
    expect(settingToCelsius(32, 'F')).toBe(0);
  });
  it('clamps the ends of the °F range into the stored 0–100 °C', () => {
    expect(settingToCelsius(20, 'F')).toBe(0);
    expect(settingToCelsius(220, 'F')).toBe(100);
  });
  it('shows stored °C in whole degrees of the user unit', () => {
    expect(settingToDisplay(65, 'F')).toBe(149);
    expect(settingToDisplay(37.8, 'F')).toBe(100);
    expect(settingToDisplay(45, 'C')).toBe(45);
  });
});

describe('colour steps', () => {
  it('accept five non-decreasing values in range', () => {
    expect(validateColorSteps(['0', '40', '60', '80', '100'], 'C')).toEqual({
      fields: [null, null, null, null, null],
      set: null,
    });
    expect(validateColorSteps(['32', '104', '140', '176', '212'], 'F').set).toBeNull();
    expect(validateColorSteps(['40', '40', '40', '40', '40'], 'C').set).toBeNull();
  });
  it('need exactly 5 values', () => {
    expect(validateColorSteps(['0', '40', '60', '80'], 'C').set).toBe('count');
  });
  it('must not decrease', () => {
    expect(validateColorSteps(['0', '60', '40', '80', '100'], 'C').set).toBe('decreasing');
  });
  it('flag the field that is out of range', () => {
    expect(validateColorSteps(['0', '40', '60', '80', '101'], 'C').fields).toEqual([
      null,
      null,
      null,
      null,
      'outOfRange',
    ]);
    expect(validateColorSteps(['10', '40', '60', '80', '100'], 'F').fields[0]).toBe('outOfRange');
  });
});

describe('chart range', () => {
  it('needs the minimum below the maximum', () => {
    expect(validateChartRange(['20', '80'], 'C')).toEqual({ min: null, max: null, order: false });
    expect(validateChartRange(['80', '80'], 'C').order).toBe(true);
    expect(validateChartRange(['90', '20'], 'C').order).toBe(true);
  });
  it('checks the order once stored in °C (215 and 220 °F are both 100 °C)', () => {
    expect(validateChartRange(['215', '220'], 'F').order).toBe(true);
    expect(validateChartRange(['68', '176'], 'F').order).toBe(false);
  });
  it('reports each end out of range', () => {
    expect(validateChartRange(['-5', '300'], 'C')).toEqual({
      min: 'outOfRange',
      max: 'outOfRange',
      order: false,
    });
  });
});
