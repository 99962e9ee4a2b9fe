const DAY_S = 86_400;

/**
 * The longest span of days one packing step covers, first day to last (decision 0149): on PostgreSQL a
 * step locks every day of its span, so a sparse history (a day a month) moves in more, shorter steps
 * instead of locking a year of days at once.
 */
export const STEP_SPAN_DAYS = 32;

/**
 * How many of a probe's raw days (day starts in seconds, ascending) the step starting at `from` packs:
 * at most `most`, all within STEP_SPAN_DAYS of its first — but at least one.
 */
export function packingStepLength(days: readonly number[], from: number, most: number): number {
  const first = days[from] as number;
  let n = 1;
  while (n < most && from + n < days.length && (days[from + n] as number) < first + STEP_SPAN_DAYS * DAY_S)
    n++;
  return Math.min(n, days.length - from);
}
