import { describe, expect, it } from 'vitest';
import {
  dateTimeInputIn,
  epochOfWallClock,
  knownTimeZone,
  parseDateTimeInput,
  wallClockIn,
  type WallClock,
} from '../src/domain/wallClock.js';

const utc = (y: number, mo: number, d: number, h: number, mi: number) => Date.UTC(y, mo - 1, d, h, mi) / 1000;
const wall = (year: number, month: number, day: number, hour: number, minute: number): WallClock => ({
  year,
  month,
  day,
  hour,
  minute,
});

describe('a place’s wall clock', () => {
  it.each([
    [utc(2026, 3, 5, 13, 7), 'Europe/Amsterdam', wall(2026, 3, 5, 14, 7)],
    [utc(2026, 7, 1, 23, 30), 'Europe/Amsterdam', wall(2026, 7, 2, 1, 30)],
    [utc(2026, 7, 1, 23, 30), 'America/Chicago', wall(2026, 7, 1, 18, 30)],
    [utc(2026, 1, 1, 0, 0), 'UTC', wall(2026, 1, 1, 0, 0)],
  ])('%i in %s reads %o, and back', (ts, zone, clock) => {
    expect(wallClockIn(ts, zone)).toEqual(clock);
    expect(epochOfWallClock(clock, zone)).toBe(ts);
  });

  it('reads a time a daylight-saving change skips as the same minutes later, a repeated one as its first occurrence', () => {
    // Amsterdam 29 March 2026: 02:00 CET jumps to 03:00 CEST, so 02:30 does not happen; 03:30 CEST does.
    expect(epochOfWallClock(wall(2026, 3, 29, 2, 30), 'Europe/Amsterdam')).toBe(utc(2026, 3, 29, 1, 30));
    // Amsterdam 25 October 2026: 02:30 happens at 00:30 UTC (CEST) and again at 01:30 UTC (CET).
    expect(epochOfWallClock(wall(2026, 10, 25, 2, 30), 'Europe/Amsterdam')).toBe(utc(2026, 10, 25, 0, 30));
  });

  it('knows the zones the runtime knows', () => {
    expect(knownTimeZone('Europe/Amsterdam')).toBe('Europe/Amsterdam');
    expect(knownTimeZone('Mars/Olympus')).toBeNull();
    expect(knownTimeZone('')).toBeNull();
    expect(knownTimeZone(null)).toBeNull();
  });

  it('reads the runtime’s own clock (no zone, or an unknown one) as Intl reads the runtime’s zone', () => {
    const runtimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // Every 7 h 13 min through 2026: both daylight-saving changes of most zones, every hour of the day.
    for (let ts = utc(2026, 1, 1, 0, 0); ts < utc(2027, 1, 1, 0, 0); ts += 7 * 3600 + 13 * 60) {
      const byIntl = wallClockIn(ts, runtimeZone);
      expect(wallClockIn(ts, null)).toEqual(byIntl);
      expect(wallClockIn(ts, 'Mars/Olympus')).toEqual(byIntl);
    }
  });

  it('fills and reads a datetime-local field on a zone’s clock', () => {
    expect(dateTimeInputIn(utc(2026, 3, 5, 13, 7), 'Europe/Amsterdam')).toBe('2026-03-05T14:07');
    expect(parseDateTimeInput('2026-03-05T14:07')).toEqual(wall(2026, 3, 5, 14, 7));
    expect(parseDateTimeInput('')).toBeNull();
    expect(parseDateTimeInput('2026-13-05T14:07')).toBeNull();
  });
});
