import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dataTierOf,
  DEFAULT_HORIZONS,
  keptFrom,
  longestKeptFrom,
  monthLabel,
  monthPastRetention,
  monthStart,
  monthsToPrepare,
  tierKeptFrom,
} from '../src/domain/readingRetention.js';

const utc = (y: number, m: number, d = 1, h = 0, s = 0) => Date.UTC(y, m - 1, d, h, 0, s) / 1000;

describe('monthStart and addMonths', () => {
  const cases: [string, number, number][] = [
    ['the month’s first second', utc(2026, 11), utc(2026, 11)],
    ['its last second', utc(2026, 12) - 1, utc(2026, 11)],
    ['a leap day', utc(2028, 2, 29, 23), utc(2028, 2)],
    ['before 1970', utc(1969, 7, 20, 20), utc(1969, 7)],
    ['the epoch', 0, 0],
  ];
  it.each(cases)('%s', (_, ts, start) => {
    expect(monthStart(ts)).toBe(start);
  });

  const moves: [number, number, number][] = [
    [utc(2026, 11, 30), 1, utc(2026, 12)],
    [utc(2026, 12, 31, 23), 1, utc(2027, 1)],
    [utc(2026, 1, 15), -1, utc(2025, 12)],
    [utc(2026, 3, 31), -60, utc(2021, 3)],
    [utc(2026, 11, 5), 0, utc(2026, 11)],
  ];
  it.each(moves)('addMonths(%i, %i)', (ts, n, expected) => {
    expect(addMonths(ts, n)).toBe(expected);
  });

  it('labels a month for partition names', () => {
    expect(monthLabel(utc(2026, 11, 30))).toBe('y2026m11');
    expect(monthLabel(utc(2001, 1))).toBe('y2001m01');
  });
});

describe('retention horizons', () => {
  const now = utc(2026, 11, 30, 9);
  it('keeps whole months: the current one and the horizon’s months before it', () => {
    expect(keptFrom(now, 6)).toBe(utc(2026, 5));
    expect(tierKeptFrom('full', now, DEFAULT_HORIZONS)).toBe(utc(2021, 11));
    expect(tierKeptFrom('limited', now, DEFAULT_HORIZONS)).toBe(utc(2026, 5));
    expect(longestKeptFrom(now, { fullMonths: 14, limitedMonths: 20 })).toBe(utc(2025, 3));
  });

  const months: [string, number, boolean][] = [
    ['the month before the oldest kept', utc(2021, 10), true],
    ['the oldest kept month', utc(2021, 11), false],
    ['a month long ago', utc(2001, 1), true],
    ['the current month', utc(2026, 11), false],
  ];
  it.each(months)('%s past retention: %s', (_, month, past) => {
    expect(monthPastRetention(month, now, DEFAULT_HORIZONS)).toBe(past);
  });

  it('names the tier from limit_free_data', () => {
    expect(dataTierOf(1)).toBe('limited');
    expect(dataTierOf(0)).toBe('full');
  });

  it('prepares the current month and three ahead', () => {
    expect(monthsToPrepare(now)).toEqual([utc(2026, 11), utc(2026, 12), utc(2027, 1), utc(2027, 2)]);
  });
});
