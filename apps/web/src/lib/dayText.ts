import { format, isValid, parse } from 'date-fns';
import { DATE_FORMATS } from '@emberwatch/shared/contracts/preferences';

const DEFAULT_DATE = 'd.M.yyyy';
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function patternOf(dateFormat: string): string {
  return (DATE_FORMATS as readonly string[]).includes(dateFormat) ? dateFormat : DEFAULT_DATE;
}

/** A calendar day (yyyy-MM-dd) in the user's date format (spec doc 1 §9), e.g. "23/11/2026"; '' if not a day. */
export function formatDay(isoDay: string, dateFormat: string): string {
  const m = ISO_DAY.exec(isoDay);
  if (!m) return '';
  const day = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return isValid(day) ? format(day, patternOf(dateFormat)) : '';
}

/**
 * A day typed in the user's date format, as yyyy-MM-dd; null when it is not a real day of a
 * four-digit year. Lenient where a person would be: leading zeros may be left out or added, and
 * any of . / - or a space separates the parts ("1.3.2026" is understood under dd/MM/yyyy).
 */
export function parseDay(text: string, dateFormat: string): string | null {
  const pattern = patternOf(dateFormat);
  const separator = pattern.replace(/[dMy]/g, '').charAt(0) || '.';
  const normalised = text.trim().replace(/\s*[./\-\s]\s*/g, separator);
  // d and M read one or two digits, so "01" and "1" both fit.
  const lenient = pattern.replace('dd', 'd').replace('MM', 'M');
  if (!/^\d{1,2}\D\d{1,2}\D\d{4}$/.test(normalised)) return null;
  const day = parse(normalised, lenient, new Date(2000, 0, 1));
  return isValid(day) ? format(day, 'yyyy-MM-dd') : null;
}
