import { format } from 'date-fns';
import { DATE_FORMATS } from '@emberwatch/shared';

const DEFAULT_DATE = 'd.M.yyyy';

/** Epoch seconds as a date in the user's chosen format (spec doc 1 §9); unknown patterns use the default. */
export function formatDate(epochSeconds: number, dateFormat: string): string {
  const d = (DATE_FORMATS as readonly string[]).includes(dateFormat) ? dateFormat : DEFAULT_DATE;
  return format(new Date(epochSeconds * 1000), d);
}
