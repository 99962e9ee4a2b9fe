import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatInterval,
  isOver24h,
  isStale,
  OVER_24H_S,
  readingAgeSeconds,
  STALE_AFTER_S,
  type FormattedAge,
} from '../src/domain/readingAge.js';

const MIN = 60;
const HOUR = 3600;
const DAY = 86_400;

// Spec doc 1 §9 and doc 3 §9: age display is minutes under 60, then hours under 24, then days.
describe('formatAge (spec doc 1 §9: min under 60, then h under 24, then d)', () => {
  const rows: Array<[string, number, FormattedAge]> = [
    ['just now', 0, { value: 0, unit: 'min' }],
    ['59 s rounds down to 0 min', 59, { value: 0, unit: 'min' }],
    ['1 minute', MIN, { value: 1, unit: 'min' }],
    ['59 min 59 s is still minutes', HOUR - 1, { value: 59, unit: 'min' }],
    ['60 minutes become 1 h', HOUR, { value: 1, unit: 'h' }],
    ['2 h 59 min rounds down to 2 h', 3 * HOUR - 1, { value: 2, unit: 'h' }],
    ['23 h 59 min is still hours', DAY - 1, { value: 23, unit: 'h' }],
    ['24 hours become 1 d', DAY, { value: 1, unit: 'd' }],
    ['7 days and a bit', 7 * DAY + 5, { value: 7, unit: 'd' }],
    ['400 days', 400 * DAY, { value: 400, unit: 'd' }],
    ['a reading from the future (clock skew) shows 0 min', -30, { value: 0, unit: 'min' }],
  ];
  it.each(rows)('%s', (_name, seconds, expected) => {
    expect(formatAge(seconds)).toEqual(expected);
  });
});

// Spec doc 2 §4: older than 24 h is flagged over24h; doc 3 §9: outdated when older than 86400 s.
describe('isOver24h (spec doc 2 §4, doc 3 §9: older than 86400 s)', () => {
  it.each([
    [0, false],
    [23 * HOUR, false],
    [DAY, false],
    [DAY + 1, true],
    [3 * DAY, true],
  ])('%s s old → %s', (age, over) => {
    expect(isOver24h(age)).toBe(over);
  });

  it('uses 86400 s', () => {
    expect(OVER_24H_S).toBe(86_400);
  });
});

// Spec doc 2 §4: older than 7 days shows n/a instead of a temperature.
describe('isStale (spec doc 2 §4, §9: over 7 days not available)', () => {
  it.each([
    [DAY + 1, false],
    [7 * DAY, false],
    [7 * DAY + 1, true],
    [30 * DAY, true],
  ])('%s s old → %s', (age, stale) => {
    expect(isStale(age)).toBe(stale);
  });

  it('uses 7 days', () => {
    expect(STALE_AFTER_S).toBe(604_800);
  });
});

describe('readingAgeSeconds', () => {
  it('is now minus the measurement time, never negative', () => {
    expect(readingAgeSeconds(1_000, 4_600)).toBe(3_600);
    expect(readingAgeSeconds(5_000, 4_600)).toBe(0);
  });
});

// Spec doc 1 §9 and doc 3 §9: an interval over 24 h shows days, otherwise hours and mm:ss.
describe('formatInterval (spec doc 1 §9: over 24 h days, otherwise h:mm:ss)', () => {
  const rows: Array<[number, string]> = [
    [0, '0:00:00'],
    [59, '0:00:59'],
    [60, '0:01:00'],
    [1200, '0:20:00'],
    [3 * HOUR + 7 * MIN + 5, '3:07:05'],
    [DAY - 1, '23:59:59'],
    [DAY, '24:00:00'],
    [DAY + 1, '1 d'],
    [2 * DAY - 1, '1 d'],
    [3 * DAY, '3 d'],
    [1199.6, '0:20:00'],
    [-5, '0:00:00'],
  ];
  it.each(rows)('%s s shows "%s"', (seconds, text) => {
    expect(formatInterval(seconds)).toBe(text);
  });
});
