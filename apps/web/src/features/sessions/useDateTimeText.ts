import { formatDateTime } from '../../lib/formatDateTime';
import { useUiPreferences } from './useUiPreferences';

/** Times as the user writes them: their date and time formats (spec doc 1 §9). */
export function useDateTimeText(): (ts: number) => string {
  const prefs = useUiPreferences();
  return (ts) => formatDateTime(ts, prefs.date_format, prefs.time_format);
}
