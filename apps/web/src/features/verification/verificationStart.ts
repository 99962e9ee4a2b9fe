import { format } from 'date-fns';
import { START_BACK_LIMIT_S } from '@emberwatch/shared/domain/verification/verificationRules';

/** Seconds of slack at the 30-day limit, so a clock a little ahead of the server's is not refused. */
const LIMIT_SLACK_S = 300;

/** Today as yyyy-MM-dd in the browser's time zone (the start field's default). */
export function todayIso(nowS: number): string {
  return format(new Date(nowS * 1000), 'yyyy-MM-dd');
}

/**
 * The startDate a chosen start day asks for (the server takes up to 30 days back, decision 0113):
 * today is "now" (undefined: the server's now); a past day starts at its local midnight, or at the
 * limit when the day reaches past it; a day after today or wholly before the limit is null (refused).
 */
export function startDateOf(isoDay: string, nowS: number): number | undefined | null {
  if (isoDay === todayIso(nowS)) return undefined;
  const midnight = Math.floor(new Date(`${isoDay}T00:00:00`).getTime() / 1000);
  if (!Number.isFinite(midnight) || midnight > nowS) return null;
  const limit = nowS - START_BACK_LIMIT_S + LIMIT_SLACK_S;
  if (midnight + 86_400 <= limit) return null;
  return Math.max(midnight, limit);
}
