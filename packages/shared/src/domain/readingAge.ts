/**
 * Age of a probe's latest reading.
 * Spec doc 2 §4/§9: older than 24 h is flagged over24h (highlighted); older than 7 days shows n/a
 * instead of a temperature and sorts below fresh readings.
 * Spec doc 1 §9: age display is minutes under 60, then hours under 24, then days.
 */
export const OVER_24H_S = 86_400;
export const STALE_AFTER_S = 7 * 86_400;

export type AgeUnit = 'min' | 'h' | 'd';
export interface FormattedAge {
  value: number;
  unit: AgeUnit;
}

export function readingAgeSeconds(measTs: number, nowS: number): number {
  return Math.max(0, nowS - measTs);
}

export function formatAge(ageSeconds: number): FormattedAge {
  const minutes = Math.floor(Math.max(0, ageSeconds) / 60);
  if (minutes < 60) return { value: minutes, unit: 'min' };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { value: hours, unit: 'h' };
  return { value: Math.floor(hours / 24), unit: 'd' };
}

export function isOver24h(ageSeconds: number): boolean {
  return ageSeconds > OVER_24H_S;
}

export function isStale(ageSeconds: number): boolean {
  return ageSeconds > STALE_AFTER_S;
}

/**
 * Spec doc 1 §9: an interval over 24 h shows days, otherwise hours and mm:ss ("3:07:05").
 */
export function formatInterval(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s > OVER_24H_S) return `${Math.floor(s / 86_400)} d`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}
