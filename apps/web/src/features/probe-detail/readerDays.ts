import { epochOfWallClock, wallClockIn } from '@emberwatch/shared/domain/wallClock';

/**
 * The Data tab's days (day numbers: days since 1970-01-01 on a calendar) on the reader's clock: the
 * browser's, or on a page the server draws, its reader's (decision 0174). On the server's own clock a
 * drawn page would ask for another range than the browser takes it over with, and show another today.
 */

/** The epoch second of midnight at the start of day number `day` on the reader's clock. */
export function readerDayStart(day: number): number {
  const d = new Date(day * 86_400_000);
  const midnight = {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: 0,
    minute: 0,
  };
  return epochOfWallClock(midnight, null);
}

/** The reader's day number at `nowMs`. */
export function readerToday(nowMs: number): number {
  const c = wallClockIn(Math.floor(nowMs / 1000), null);
  return Math.round(Date.UTC(c.year, c.month - 1, c.day) / 86_400_000);
}
