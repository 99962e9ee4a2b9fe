import { knownTimeZone } from '../wallClock.js';

/**
 * The time zone a batch's times are shown in, on its page and in its PDF alike (decision 0079): its
 * base station's, the farm's own clock (spec doc 1 §4 uses the station's time zone, and saves the
 * browser's for a station without one); for a station with no zone known, the viewer's; else UTC.
 */
export function batchTimeZone(
  stationZone: string | null | undefined,
  viewerZone: string | null | undefined,
): string {
  return knownTimeZone(stationZone) ?? knownTimeZone(viewerZone) ?? 'UTC';
}
