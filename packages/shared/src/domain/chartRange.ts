import { SNAPSHOT_AFTER_S, TABLE_MAX_RANGE_S } from '../contracts/probeData.js';

/**
 * The probe chart's time window and the data table's date range (spec doc 2 §4, §9). Times are
 * epoch seconds; a window is [start, end].
 */
export const DAY_S = 86_400;

/** Spec doc 2 §9: the overview starts one year ago (31 536 000 000 ms, doc 1 §9). */
export const OVERVIEW_S = 365 * DAY_S;

/**
 * Spec doc 2 §9: chart spans month (30 days), week (7) and day (2 days). A year (the overview's
 * 365 days, daily maxima like every range over 31 days) is added so a season fits the main chart.
 */
export const CHART_SPANS = { year: OVERVIEW_S, month: 30 * DAY_S, week: 7 * DAY_S, day: 2 * DAY_S } as const;
export type ChartSpan = keyof typeof CHART_SPANS;
export const CHART_SPAN_ORDER: readonly ChartSpan[] = ['year', 'month', 'week', 'day'];

/** Spec doc 2 §9: the chart never shows less than one day. */
export const MIN_CHART_WINDOW_S = DAY_S;
/** Spec doc 2 §9: the overview slider waits 100 ms before the chart follows. */
export const OVERVIEW_DEBOUNCE_MS = 100;

export interface TimeWindow {
  start: number;
  end: number;
}

export function windowLength(w: TimeWindow): number {
  return w.end - w.start;
}

/** The window of a span ending at `end` (normally now). */
export function spanWindow(span: ChartSpan, end: number): TimeWindow {
  return { start: end - CHART_SPANS[span], end };
}

/**
 * A window the chart can show: at least one day long (widened around its middle), never longer
 * than the overview, and never ending after now (a window that would is moved back whole).
 */
export function normalizeWindow(w: TimeWindow, now: number): TimeWindow {
  let length = Math.min(Math.max(windowLength(w), MIN_CHART_WINDOW_S), OVERVIEW_S);
  if (!Number.isFinite(length)) length = MIN_CHART_WINDOW_S;
  let start = windowLength(w) < MIN_CHART_WINDOW_S ? Math.round((w.start + w.end - length) / 2) : w.start;
  let end = start + length;
  if (end > now) {
    end = now;
    start = now - length;
  }
  return { start, end };
}

/**
 * Spec doc 2 §2.4: the previous and next arrows move the window by its own length; "next" stops
 * at now, keeping the length.
 */
export function shiftWindow(w: TimeWindow, direction: -1 | 1, now: number): TimeWindow {
  const length = windowLength(w);
  return normalizeWindow({ start: w.start + direction * length, end: w.end + direction * length }, now);
}

/** Whether "next" can move at all (the window does not already end at now). */
export function canShiftForward(w: TimeWindow, now: number): boolean {
  return w.end < now;
}

/** The overview strip's range: one year ago to now. */
export function overviewWindow(now: number): TimeWindow {
  return { start: now - OVERVIEW_S, end: now };
}

/**
 * The window moved (not resized) so that its middle is at `center`, kept inside `bounds`: what a
 * click or a drag on the overview strip does.
 */
export function centerWindowAt(w: TimeWindow, center: number, bounds: TimeWindow): TimeWindow {
  const length = Math.min(windowLength(w), windowLength(bounds));
  let start = Math.round(center - length / 2);
  start = Math.max(bounds.start, Math.min(start, bounds.end - length));
  return { start, end: start + length };
}

/** Spec doc 2 §4, §9: a range over 31 days is served as daily maxima (snapshot mode). */
export function isSnapshotWindow(w: TimeWindow): boolean {
  return windowLength(w) > SNAPSHOT_AFTER_S;
}

/** Spec doc 1 §5: an end bound in the future is not sent (the server reads up to now). */
export function endBound(end: number, now: number): number | undefined {
  return end >= now ? undefined : end;
}

/**
 * Spec doc 2 §4: the data table's range is at most 60 days; moving one end past the limit moves
 * the other one along so that the span stays 60 days. An end before the start is pushed the same
 * way (the other end follows, keeping at least the day that was chosen).
 */
export function clampTableRange(
  range: TimeWindow,
  moved: 'start' | 'end',
  maxS: number = TABLE_MAX_RANGE_S,
): TimeWindow {
  if (range.end < range.start) {
    return moved === 'start'
      ? { start: range.start, end: range.start }
      : { start: range.end, end: range.end };
  }
  if (range.end - range.start <= maxS) return range;
  return moved === 'start'
    ? { start: range.start, end: range.start + maxS }
    : { start: range.end - maxS, end: range.end };
}

/**
 * The days that hold readings (the daily roll-up's UTC day starts, in any order) merged into runs of
 * consecutive days, each from its first day's start to its last day's end: what the overview strip
 * marks as data, the rest being gaps.
 */
export function dataRuns(days: readonly number[]): TimeWindow[] {
  const runs: TimeWindow[] = [];
  for (const day of [...new Set(days)].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && day <= last.end) last.end = Math.max(last.end, day + DAY_S);
    else runs.push({ start: day, end: day + DAY_S });
  }
  return runs;
}

/** The parts of `bounds` that no run covers (sorted runs, as `dataRuns` gives them). */
export function dataGaps(runs: readonly TimeWindow[], bounds: TimeWindow): TimeWindow[] {
  const gaps: TimeWindow[] = [];
  let cursor = bounds.start;
  for (const run of runs) {
    if (cursor >= bounds.end) break;
    if (run.start > cursor) gaps.push({ start: cursor, end: Math.min(run.start, bounds.end) });
    cursor = Math.max(cursor, run.end);
  }
  if (cursor < bounds.end) gaps.push({ start: cursor, end: bounds.end });
  return gaps;
}

export interface NearestData {
  /** The chart's window moved (same length) so that it shows those readings. */
  window: TimeWindow;
  /** The UTC day (start) of the nearest readings, to name it. */
  day: number;
  direction: 'earlier' | 'later';
}

const dayStart = (ts: number) => Math.floor(ts / DAY_S) * DAY_S;

/**
 * Where the readings nearest to a window that shows none are, from the days that hold readings
 * (sorted runs): earlier data puts the window's end where that data ends, later data puts the
 * window's start where it begins, whichever is closer (the newer on a tie). A run reaching into the
 * window holds its readings outside it (the window showed none), so the window moves just past its
 * own edge. Null when no day holds readings.
 */
export function nearestData(w: TimeWindow, runs: readonly TimeWindow[], now: number): NearestData | null {
  const earlier = runs.findLast((r) => r.start < w.start);
  const later = runs.find((r) => r.end > w.end);
  const earlierGap = earlier ? Math.max(0, w.start - earlier.end) : Infinity;
  const laterGap = later ? Math.max(0, later.start - w.end) : Infinity;
  const length = windowLength(w);
  if (later && laterGap <= earlierGap) {
    const start = Math.max(later.start, w.end);
    return {
      window: normalizeWindow({ start, end: start + length }, now),
      day: later.start >= w.end ? later.start : dayStart(w.end),
      direction: 'later',
    };
  }
  if (earlier) {
    const end = Math.min(earlier.end, w.start);
    return {
      window: normalizeWindow({ start: end - length, end }, now),
      day: earlier.end <= w.start ? earlier.end - DAY_S : dayStart(w.start),
      direction: 'earlier',
    };
  }
  return null;
}
