import { DATE_FORMATS, TIME_FORMATS } from '../contracts/preferences.js';
import { wallClockIn, type WallClock } from './wallClock.js';

/**
 * Dates and times in the user's chosen formats (spec doc 1 §9: d.M.yyyy by default, dd/MM/yyyy,
 * d/M/yyyy, MM/dd/yyyy, M/d/yyyy; HH:mm or hh:mm a), on a given time zone's wall clock. The web and
 * the server's documents (the sanitisation report PDF) both write dates with it, so a page and the
 * PDF made from it read the same (decision 0079). A null or unknown zone is the runtime's own (the
 * browser's).
 */

const DEFAULT_DATE = 'd.M.yyyy';
const DEFAULT_TIME = 'HH:mm';

const pad = (n: number) => String(n).padStart(2, '0');

/** The tokens the allowed patterns use (date-fns' letters, so the patterns read as before). */
function render(pattern: string, c: WallClock): string {
  return pattern.replace(/yyyy|MM|M|dd|d|HH|hh|mm|a/g, (token) => {
    switch (token) {
      case 'yyyy':
        return String(c.year);
      case 'MM':
        return pad(c.month);
      case 'M':
        return String(c.month);
      case 'dd':
        return pad(c.day);
      case 'd':
        return String(c.day);
      case 'HH':
        return pad(c.hour);
      case 'hh':
        return pad(c.hour % 12 === 0 ? 12 : c.hour % 12);
      case 'mm':
        return pad(c.minute);
      default:
        return c.hour < 12 ? 'AM' : 'PM';
    }
  });
}

/** The user's date pattern, or the default for one saved by an older client. */
function datePattern(dateFormat: string): string {
  return (DATE_FORMATS as readonly string[]).includes(dateFormat) ? dateFormat : DEFAULT_DATE;
}

function timePattern(timeFormat: string): string {
  return (TIME_FORMATS as readonly string[]).includes(timeFormat) ? timeFormat : DEFAULT_TIME;
}

/** Epoch seconds as "date time" in the user's formats, on `timeZone`'s wall clock (null: the runtime's). */
export function formatDateTimeIn(
  tsS: number,
  dateFormat: string,
  timeFormat: string,
  timeZone: string | null | undefined,
): string {
  const c = wallClockIn(tsS, timeZone);
  return `${render(datePattern(dateFormat), c)} ${render(timePattern(timeFormat), c)}`;
}

/** Epoch seconds as a date in the user's format, on `timeZone`'s wall clock (null: the runtime's). */
export function formatDateIn(tsS: number, dateFormat: string, timeZone: string | null | undefined): string {
  return render(datePattern(dateFormat), wallClockIn(tsS, timeZone));
}
