import { format } from 'date-fns';
import { DATE_FORMATS, TIME_FORMATS } from '@emberwatch/shared';

const DEFAULT_DATE = 'd.M.yyyy';
const DEFAULT_TIME = 'HH:mm';

/**
 * Epoch seconds as "date time" in the user's chosen formats (spec doc 1 §9 lists the allowed
 * patterns; they are date-fns patterns). An unknown pattern falls back to the default instead of
 * letting date-fns throw on a preference saved by an older client.
 */
export function formatDateTime(epochSeconds: number, dateFormat: string, timeFormat: string): string {
  const d = (DATE_FORMATS as readonly string[]).includes(dateFormat) ? dateFormat : DEFAULT_DATE;
  const t = (TIME_FORMATS as readonly string[]).includes(timeFormat) ? timeFormat : DEFAULT_TIME;
  return format(new Date(epochSeconds * 1000), `${d} ${t}`);
}
