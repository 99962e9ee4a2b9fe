import { describe, expect, it } from 'vitest';
import { formatDateIn, formatDateTimeIn } from '../src/domain/formatDateTimeIn.js';

// 2026-03-05 13:07 UTC: 14:07 in Amsterdam (CET), 07:07 in Chicago (CST), 15:07 in Helsinki (EET).
const TS = Date.UTC(2026, 2, 5, 13, 7) / 1000;
// 2026-07-01 23:30 UTC: already 2 July in Amsterdam (CEST, 01:30), still 1 July in Chicago (18:30).
const LATE = Date.UTC(2026, 6, 1, 23, 30) / 1000;

describe('formatDateTimeIn: the user’s formats (spec doc 1 §9) on a zone’s wall clock', () => {
  it.each([
    [TS, 'd.M.yyyy', 'HH:mm', 'Europe/Amsterdam', '5.3.2026 14:07'],
    [TS, 'dd/MM/yyyy', 'HH:mm', 'Europe/Amsterdam', '05/03/2026 14:07'],
    [TS, 'd/M/yyyy', 'hh:mm a', 'Europe/Amsterdam', '5/3/2026 02:07 PM'],
    [TS, 'MM/dd/yyyy', 'hh:mm a', 'America/Chicago', '03/05/2026 07:07 AM'],
    [TS, 'M/d/yyyy', 'HH:mm', 'Europe/Helsinki', '3/5/2026 15:07'],
    [TS, 'd.M.yyyy', 'HH:mm', 'UTC', '5.3.2026 13:07'],
    [LATE, 'd.M.yyyy', 'HH:mm', 'Europe/Amsterdam', '2.7.2026 01:30'],
    [LATE, 'M/d/yyyy', 'hh:mm a', 'America/Chicago', '7/1/2026 06:30 PM'],
    // Midnight and noon on a 12-hour clock.
    [Date.UTC(2026, 0, 1, 0, 5) / 1000, 'd.M.yyyy', 'hh:mm a', 'UTC', '1.1.2026 12:05 AM'],
    [Date.UTC(2026, 0, 1, 12, 5) / 1000, 'd.M.yyyy', 'hh:mm a', 'UTC', '1.1.2026 12:05 PM'],
    [Date.UTC(2026, 0, 1, 0, 5) / 1000, 'd.M.yyyy', 'HH:mm', 'UTC', '1.1.2026 00:05'],
  ])('%i as %s %s in %s is %s', (ts, dateFormat, timeFormat, zone, text) => {
    expect(formatDateTimeIn(ts, dateFormat, timeFormat, zone)).toBe(text);
  });

  it('falls back to the default formats for patterns an older client saved, and to the runtime’s zone for an unknown one', () => {
    expect(formatDateTimeIn(TS, 'yyyy-MM-dd', 'HH:mm:ss', 'UTC')).toBe('5.3.2026 13:07');
    expect(formatDateTimeIn(TS, 'd.M.yyyy', 'HH:mm', 'Mars/Olympus')).toBe(
      formatDateTimeIn(TS, 'd.M.yyyy', 'HH:mm', null),
    );
  });

  it('writes a date alone in the user’s format', () => {
    expect(formatDateIn(LATE, 'dd/MM/yyyy', 'Europe/Amsterdam')).toBe('02/07/2026');
    expect(formatDateIn(LATE, 'MM/dd/yyyy', 'America/Chicago')).toBe('07/01/2026');
    expect(formatDateIn(LATE, 'bogus', 'UTC')).toBe('1.7.2026');
  });
});
