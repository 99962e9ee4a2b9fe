import { formatDateTimeIn } from '@emberwatch/shared/domain/formatDateTimeIn';

/**
 * Epoch seconds as "date time" in the user's chosen formats (spec doc 1 §9 lists the allowed
 * patterns), on the browser's clock unless a page shows a place's own (`timeZone`: a batch on its
 * station's clock, decision 0079). An unknown pattern falls back to the default instead of failing
 * on a preference saved by an older client.
 */
export function formatDateTime(
  epochSeconds: number,
  dateFormat: string,
  timeFormat: string,
  timeZone: string | null = null,
): string {
  return formatDateTimeIn(epochSeconds, dateFormat, timeFormat, timeZone);
}
