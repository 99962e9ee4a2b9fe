import { formatDateIn } from '@emberwatch/shared/domain/formatDateTimeIn';

/**
 * Epoch seconds as a date in the user's chosen format (spec doc 1 §9), on the browser's clock unless
 * `timeZone` names a place's own; unknown patterns use the default.
 */
export function formatDate(epochSeconds: number, dateFormat: string, timeZone: string | null = null): string {
  return formatDateIn(epochSeconds, dateFormat, timeZone);
}
