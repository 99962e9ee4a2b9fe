import { localClock } from './localClock.js';

/** The scheduler part of a fan rule's settings (contracts/monitors.ts). */
export interface FanSchedule {
  schedulerEnabled: boolean;
  /** [from, to] hours per weekday, Monday first. */
  disabledHours: readonly (readonly [number, number])[];
  reverseDisabled: boolean;
}

/**
 * Whether a weekday's window covers a local hour, the window's spill-over from the day before
 * included. A window [from, to] with from < to covers from ≤ hour < to of its day; one with
 * from > to runs across midnight: from–24 of its day and 0–to of the next (22–6 is the night from
 * Monday to Tuesday on Monday's row). from = to is no window (the day is unrestricted).
 */
function windowCovers(hours: FanSchedule['disabledHours'], weekday: number, hour: number): boolean {
  const [from, to] = hours[weekday] ?? [0, 0];
  if (from < to && hour >= from && hour < to) return true;
  if (from > to && hour >= from) return true;
  const [pFrom, pTo] = hours[(weekday + 6) % 7] ?? [0, 0];
  return pFrom > pTo && hour < pTo;
}

function unrestricted(hours: FanSchedule['disabledHours'], weekday: number): boolean {
  const [from, to] = hours[weekday] ?? [0, 0];
  return from === to;
}

/**
 * Whether the scheduler lets the fans run now (spec doc 3 §3 "disabledHours per weekday,
 * reverseDisabled"; the monitors' text: "The fans are held during the restricted hours of each
 * weekday"). Normally the windows are the held hours. With reverseDisabled they are the only hours
 * the fans may run, except on an unrestricted day (from = to), which stays free in both readings so
 * that a day left alone never holds the fans. Hours are the station's local hours; a scheduler that
 * is off allows every hour.
 */
export function schedulerAllows(schedule: FanSchedule, nowS: number, timeZone: string | null): boolean {
  if (!schedule.schedulerEnabled) return true;
  const { weekday, hour } = localClock(nowS, timeZone);
  const inWindow = windowCovers(schedule.disabledHours, weekday, hour);
  if (!schedule.reverseDisabled) return !inWindow;
  return inWindow || unrestricted(schedule.disabledHours, weekday);
}
