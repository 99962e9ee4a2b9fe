import {
  HAY_QUALITY_BAR_THRESHOLDS,
  HAY_QUALITY_STEP_HOURLY_S,
  type HayQualityBars,
  type HayQualityPoint,
  heatDegreeHours,
  heatDegreeHoursAtReserve,
} from './hayQuality.js';

/**
 * Days until a probe's hay loses its next bar if it keeps heating as it did over the last day
 * (spec doc 3 §9: shown in days as a warning up to 7 (demo 4), in hours as an alert at 2 days or
 * less, 999 when not ongoing). Decision 0020 explains the extrapolation.
 */
export const DAYS_TO_DROP_NONE = 999;
export const DAYS_TO_DROP_ALERT_DAYS = 2;
export const DAYS_TO_DROP_WARNING_DAYS = 7;
export const DEMO_DAYS_TO_DROP_WARNING_DAYS = 4;
/** The recent heating rate is read over the last day of data. */
export const DAYS_TO_DROP_RATE_WINDOW_S = 86_400;
/** Spec doc 3 §9: a probe whose latest reading is older than a day is outdated; no trend from it. */
export const DAYS_TO_DROP_STALE_AFTER_S = 86_400;

export interface DaysToDropInput {
  points: readonly HayQualityPoint[];
  /** The probe's heat-degree hours over the period so far. */
  hdd: number;
  bars: HayQualityBars;
  ongoing: boolean;
  nowSeconds: number;
  stepSeconds?: number;
}

export function hayDaysToDrop(input: DaysToDropInput): number {
  const { points, hdd, bars, ongoing, nowSeconds } = input;
  const step = input.stepSeconds ?? HAY_QUALITY_STEP_HOURLY_S;
  const last = points[points.length - 1];
  // One bar is the floor: there is nothing lower to drop to.
  if (!ongoing || last === undefined || bars === 1) return DAYS_TO_DROP_NONE;
  const dataEnd = Math.min(last.ts + step, nowSeconds);
  if (nowSeconds - dataEnd > DAYS_TO_DROP_STALE_AFTER_S) return DAYS_TO_DROP_NONE;
  const window = Math.max(DAYS_TO_DROP_RATE_WINDOW_S, step);
  const recent = heatDegreeHours(points, dataEnd - window, dataEnd, step);
  const ratePerHour = recent / (window / 3_600);
  if (ratePerHour <= 0) return DAYS_TO_DROP_NONE;
  const threshold = HAY_QUALITY_BAR_THRESHOLDS[5 - bars] as number;
  const hours = (heatDegreeHoursAtReserve(threshold / 1000) - hdd) / ratePerHour;
  return Math.min(DAYS_TO_DROP_NONE, Math.max(0, hours / 24));
}

export type DaysToDropNotice =
  { level: 'alert'; hours: number } | { level: 'warning'; days: number } | { level: 'none' };

/**
 * How days-to-drop is shown: hours at 2 days or less (alert), whole days up to the warning limit
 * (warning), nothing beyond. Both round down, so the notice never promises more time than the model.
 */
export function daysToDropNotice(
  days: number,
  warningDays: number = DAYS_TO_DROP_WARNING_DAYS,
): DaysToDropNotice {
  if (days >= DAYS_TO_DROP_NONE || !Number.isFinite(days)) return { level: 'none' };
  if (days <= DAYS_TO_DROP_ALERT_DAYS) return { level: 'alert', hours: Math.floor(days * 24) };
  if (days <= warningDays) return { level: 'warning', days: Math.floor(days) };
  return { level: 'none' };
}
