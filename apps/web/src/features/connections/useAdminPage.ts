import { formatDateTime } from '../../lib/formatDateTime';
import { isApiRequestError } from '../../lib/ApiRequestError';
import { useUiPreferences } from '../sessions';

/** Times as the user writes them (their date and time formats). */
export function useTime(): (ts: number | null) => string | null {
  const prefs = useUiPreferences();
  return (ts) => (ts === null ? null : formatDateTime(ts, prefs.date_format, prefs.time_format));
}

/** The server's own words for a refusal, else the page's. */
export function refusalText(error: unknown, fallback: string): string {
  return isApiRequestError(error) && error.serverMessage ? error.serverMessage : fallback;
}
