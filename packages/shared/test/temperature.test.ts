import { describe, expect, it } from 'vitest';
import {
  celsiusToFahrenheit,
  differenceToDisplay,
  displayTemperature,
  fahrenheitToCelsius,
  formatTemperature,
  MISSING_VALUE,
  tenthsToCelsius,
  unitOf,
  type DegreesUnit,
} from '../src/domain/temperature.js';

// Temperatures travel as integer tenths of °C (architecture brief; ingest protocol -500…2000).
// Spec doc 3 §9: shown with one decimal; a missing value shows '--'. Spec doc 1 §3: degrees 'C' or
// anything else (Fahrenheit); doc 1 §9: default degrees Celsius.
//
// Spec doc 3 §9 also says "values of 10 or more display with one decimal after dividing by 10, otherwise
// one decimal directly": a rule for a source that mixed tenths and whole degrees. Every temperature in this
// product is tenths, so applying it would show 0.5 °C as "5.0" and -12.3 °C as "-123.0"; the tests pin the
// consistent reading instead (see the rows for 5 and -123).
describe('formatTemperature (spec doc 3 §9: one decimal, "--" when missing)', () => {
  const rows: Array<[number | null | undefined, DegreesUnit, string]> = [
    [523, 'C', '52.3'],
    [500, 'C', '50.0'],
    [10, 'C', '1.0'],
    [5, 'C', '0.5'],
    [0, 'C', '0.0'],
    [-5, 'C', '-0.5'],
    [-123, 'C', '-12.3'],
    [2000, 'C', '200.0'],
    [-500, 'C', '-50.0'],
    [0, 'F', '32.0'],
    [1000, 'F', '212.0'],
    [-400, 'F', '-40.0'],
    [370, 'F', '98.6'],
    [523, 'F', '126.1'],
    [1, 'F', '32.2'],
    [-178, 'F', '0.0'],
    [450, 'F', '113.0'],
    [null, 'C', '--'],
    [undefined, 'F', '--'],
    [Number.NaN, 'C', '--'],
  ];
  it.each(rows)('%s tenths in °%s shows "%s"', (tenths, unit, text) => {
    expect(formatTemperature(tenths, unit)).toBe(text);
  });

  it('adds the unit when asked', () => {
    expect(formatTemperature(523, 'C', true)).toBe('52.3 °C');
    expect(formatTemperature(523, 'F', true)).toBe('126.1 °F');
    expect(formatTemperature(null, 'F', true)).toBe(MISSING_VALUE);
  });

  it('never shows "-0.0"', () => {
    for (const t of [-1, -0, 0]) expect(formatTemperature(t, 'C')).not.toBe('-0.0');
    expect(formatTemperature(-178, 'F')).toBe('0.0');
  });

  it('shows every protocol value with exactly one decimal', () => {
    for (let t = -500; t <= 2000; t += 7) {
      for (const unit of ['C', 'F'] as const) expect(formatTemperature(t, unit)).toMatch(/^-?\d+\.\d$/);
    }
  });
});

describe('unit conversion', () => {
  it.each([
    [0, 32],
    [100, 212],
    [-40, -40],
    [37, 98.6],
    [65, 149],
  ])('%s °C is %s °F and back', (c, f) => {
    expect(celsiusToFahrenheit(c)).toBeCloseTo(f, 9);
    expect(fahrenheitToCelsius(f)).toBeCloseTo(c, 9);
  });

  it('gives display values rounded to one decimal', () => {
    expect(tenthsToCelsius(523)).toBe(52.3);
    expect(displayTemperature(523, 'C')).toBe(52.3);
    expect(displayTemperature(523, 'F')).toBe(126.1);
    expect(displayTemperature(1, 'F')).toBe(32.2);
  });

  // Spec doc 1 §9 / doc 3 §9: "interval values above 100 are converted from Fahrenheit to Celsius on save".
  it('converts the spec example limits (65 °C safety alert, 140 °F sentinel, 220 °F range top)', () => {
    expect(celsiusToFahrenheit(65)).toBeCloseTo(149, 9);
    expect(fahrenheitToCelsius(140)).toBeCloseTo(60, 9);
    expect(fahrenheitToCelsius(220)).toBeCloseTo(104.444, 2);
  });
});

// Spec doc 1 §3: ui_preferences.degrees is C or other; doc 1 §9: default degrees Celsius.
describe('unitOf (spec doc 1 §3: degrees C or other)', () => {
  it.each([
    ['C', 'C'],
    ['F', 'F'],
    ['Fahrenheit', 'F'],
    [null, 'C'],
    [undefined, 'C'],
  ] as const)('degrees %s → °%s', (degrees, unit) => {
    expect(unitOf(degrees)).toBe(unit);
  });
});

describe('differenceToDisplay (a difference converts without the 32° offset)', () => {
  const rows: Array<[number, DegreesUnit, number]> = [
    [5, 'C', 5],
    [5, 'F', 9],
    [10, 'F', 18],
    [0, 'F', 0],
    [-5, 'F', -9],
    [2.5, 'C', 3],
    [2.5, 'F', 5],
  ];
  it.each(rows)('%s °C in %s is %s', (delta, unit, expected) => {
    expect(differenceToDisplay(delta, unit)).toBe(expected);
  });
});
