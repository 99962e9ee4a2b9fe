import { format } from 'date-fns';
import { DATE_FORMATS } from '@emberwatch/shared';

const DEFAULT_DATE = 'd.M.yyyy';

/** Epoch seconds as a date in the user's chosen format (spec doc 1 §9); unknown patterns use the default. */
export function formatDate(epochSeconds: number, dateFormat: string): string {
  const d = (DATE_FORMATS as readonly string[]).includes(dateFormat) ? dateFormat : DEFAULT_DATE;
  return format(new Date(epochSeconds * 1000), d);
}

/** Local calendar date "yyyy-MM-dd" of epoch seconds, the value of an `<input type="date">`. */
export function toDateInputValue(epochSeconds: number): string {
  return format(new Date(epochSeconds * 1000), 'yyyy-MM-dd');
}

/** Local midnight (epoch seconds) of an `<input type="date">` value; null when it is not a date. */
export function fromDateInputValue(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? null : Math.floor(d.getTime() / 1000);
}
