import { describe, expect, it } from 'vitest';
import {
  CHART_SPANS,
  DAY_S,
  canShiftForward,
  centerWindowAt,
  clampTableRange,
  endBound,
  isSnapshotWindow,
  normalizeWindow,
  overviewWindow,
  shiftWindow,
  spanWindow,
} from '../src/domain/chartRange.js';

const now = 1_750_000_000;

// Spec doc 2 §9 chart ranges and §4 chart and data-table states.
describe('chart spans (spec doc 2 §9: month 30 days, week 7, day 2)', () => {
  it.each([
    ['month', 30],
    ['week', 7],
    ['day', 2],
  ] as const)('a %s is %i days ending at the given time', (span, days) => {
    expect(CHART_SPANS[span]).toBe(days * DAY_S);
    expect(spanWindow(span, now)).toEqual({ start: now - days * DAY_S, end: now });
  });
});

describe('previous and next arrows', () => {
  it('move the window back by its own length', () => {
    const week = spanWindow('week', now);
    expect(shiftWindow(week, -1, now)).toEqual({ start: now - 14 * DAY_S, end: now - 7 * DAY_S });
  });

  it('move forward by its length but never past now, keeping the length', () => {
    const w = { start: now - 10 * DAY_S, end: now - 3 * DAY_S };
    expect(shiftWindow(w, 1, now)).toEqual({ start: now - 7 * DAY_S, end: now });
  });

  it('can move forward only while the window ends before now', () => {
    expect(canShiftForward(spanWindow('day', now), now)).toBe(false);
    expect(canShiftForward(spanWindow('day', now - 1), now)).toBe(true);
  });
});

describe('the minimum window of one day (spec doc 2 §9)', () => {
  it('widens a shorter window around its middle', () => {
    const mid = now - 5 * DAY_S;
    expect(normalizeWindow({ start: mid - 3600, end: mid + 3600 }, now)).toEqual({
      start: mid - DAY_S / 2,
      end: mid + DAY_S / 2,
    });
  });

  it('keeps a window of one day or more as it is', () => {
    const w = { start: now - 3 * DAY_S, end: now - DAY_S };
    expect(normalizeWindow(w, now)).toEqual(w);
  });

  it('moves a window ending in the future back to end at now', () => {
    expect(normalizeWindow({ start: now - DAY_S, end: now + DAY_S }, now)).toEqual({
      start: now - 2 * DAY_S,
      end: now,
    });
  });
});

describe('snapshot mode (spec doc 2 §4: over 31 days the chart shows daily maxima)', () => {
  it.each([
    [30, false],
    [31, false],
    [32, true],
  ])('%i days → snapshot %s', (days, snapshot) => {
    expect(isSnapshotWindow({ start: now - days * DAY_S, end: now })).toBe(snapshot);
  });
});

describe('the overview strip (spec doc 2 §9: one year ago to now)', () => {
  it('spans 365 days up to now', () => {
    expect(overviewWindow(now)).toEqual({ start: now - 365 * DAY_S, end: now });
  });

  it('centres the window where the user clicks, keeping its length', () => {
    const bounds = overviewWindow(now);
    const week = spanWindow('week', now);
    const target = now - 100 * DAY_S;
    expect(centerWindowAt(week, target, bounds)).toEqual({
      start: target - 3.5 * DAY_S,
      end: target + 3.5 * DAY_S,
    });
  });

  it('keeps the window inside the year at either edge', () => {
    const bounds = overviewWindow(now);
    const week = spanWindow('week', now);
    expect(centerWindowAt(week, now, bounds)).toEqual(week);
    expect(centerWindowAt(week, bounds.start - DAY_S, bounds)).toEqual({
      start: bounds.start,
      end: bounds.start + 7 * DAY_S,
    });
  });
});

describe('the end bound (spec doc 1 §5: a future end is not sent)', () => {
  it('is left out when the chosen end is now or later', () => {
    expect(endBound(now, now)).toBeUndefined();
    expect(endBound(now + 60, now)).toBeUndefined();
    expect(endBound(now - 60, now)).toBe(now - 60);
  });
});

describe('the data table range (spec doc 2 §4, §9: at most 60 days; one handle moves the other)', () => {
  it('keeps a range of 60 days or less', () => {
    const r = { start: now - 60 * DAY_S, end: now };
    expect(clampTableRange(r, 'start')).toEqual(r);
  });

  it('moves the end along when the start is moved more than 60 days before it', () => {
    const start = now - 90 * DAY_S;
    expect(clampTableRange({ start, end: now }, 'start')).toEqual({ start, end: start + 60 * DAY_S });
  });

  it('moves the start along when the end is moved more than 60 days after it', () => {
    const end = now;
    expect(clampTableRange({ start: now - 75 * DAY_S, end }, 'end')).toEqual({
      start: end - 60 * DAY_S,
      end,
    });
  });

  it('never lets the end fall before the start', () => {
    expect(clampTableRange({ start: now, end: now - DAY_S }, 'start')).toEqual({ start: now, end: now });
    expect(clampTableRange({ start: now, end: now - DAY_S }, 'end')).toEqual({
      start: now - DAY_S,
      end: now - DAY_S,
    });
  });
});
