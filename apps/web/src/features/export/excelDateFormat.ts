import { DATE_FORMATS, TIME_FORMATS } from '@emberwatch/shared/contracts/preferences';

/**
 * The user's date and time formats (date-fns patterns, spec doc 1 §9) as an Excel number format, so
 * that the sheet's times are real dates that sort and compute, shown the way the user reads dates.
 * Excel's "m" after "h" means minutes, and "AM/PM" makes its hours 12-hour.
 */
export function excelDateFormat(dateFormat: string, timeFormat: string): string {
  const d = (DATE_FORMATS as readonly string[]).includes(dateFormat) ? dateFormat : 'd.M.yyyy';
  const t = (TIME_FORMATS as readonly string[]).includes(timeFormat) ? timeFormat : 'HH:mm';
  const date = d.replace(/M/g, 'm');
  const time = t === 'hh:mm a' ? 'h:mm AM/PM' : 'hh:mm';
  return `${date} ${time}`;
}
