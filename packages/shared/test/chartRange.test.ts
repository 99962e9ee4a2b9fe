import { describe, expect, it } from 'vitest';
import {
  CHART_SPANS,
  CHART_SPAN_ORDER,
  DAY_S,
  canShiftForward,
  centerWindowAt,
  clampTableRange,
  dataGaps,
  dataRuns,
  endBound,
  isSnapshotWindow,
  nearestData,
  normalizeWindow,
  overviewWindow,
  shiftWindow,
  spanWindow,
} from '../src/domain/chartRange.js';

const now = 1_750_000_000;

// Spec doc 2 §9 chart ranges and §4 chart and data-table states.
describe('chart spans (spec doc 2 §9: month 30 days, week 7, day 2; and the year of the overview)', () => {
  it.each([
    ['year', 365],
    ['month', 30],
    ['week', 7],
    ['day', 2],
  ] as const)('a %s is %i days ending at the given time', (span, days) => {
    expect(CHART_SPANS[span]).toBe(days * DAY_S);
    expect(spanWindow(span, now)).toEqual({ start: now - days * DAY_S, end: now });
  });

  it('offers the year first, then the spec spans from the widest', () => {
    expect(CHART_SPAN_ORDER).toEqual(['year', 'month', 'week', 'day']);
  });

  it('a year is the whole overview and is drawn from daily maxima', () => {
    expect(spanWindow('year', now)).toEqual(overviewWindow(now));
    expect(normalizeWindow(spanWindow('year', now), now)).toEqual(spanWindow('year', now));
    expect(isSnapshotWindow(spanWindow('year', now))).toBe(true);
  });

  it('moves a year back by a year', () => {
    expect(shiftWindow(spanWindow('year', now), -1, now)).toEqual({
      start: now - 730 * DAY_S,
      end: now - 365 * DAY_S,
    });
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

// Days as the daily roll-up gives them: UTC day starts.
const today = Math.floor(now / DAY_S) * DAY_S;
const day = (daysAgo: number) => today - daysAgo * DAY_S;

describe('the days that hold readings, as runs (what the overview strip marks)', () => {
  it.each([
    ['no days', [], []],
    ['one day', [day(3)], [{ start: day(3), end: day(2) }]],
    ['consecutive days, in any order', [day(4), day(2), day(3)], [{ start: day(4), end: day(1) }]],
    [
      'two runs with a gap',
      [day(10), day(9), day(3)],
      [
        { start: day(10), end: day(8) },
        { start: day(3), end: day(2) },
      ],
    ],
    ['a day listed twice', [day(5), day(5)], [{ start: day(5), end: day(4) }]],
  ])('%s', (_name, days, runs) => {
    expect(dataRuns(days)).toEqual(runs);
  });
});

describe('the gaps between runs inside the overview', () => {
  const bounds = { start: day(20), end: day(0) };
  it.each([
    ['no data: all of it', [], [bounds]],
    [
      'data in the middle: before and after it',
      [{ start: day(10), end: day(8) }],
      [
        { start: day(20), end: day(10) },
        { start: day(8), end: day(0) },
      ],
    ],
    ['data from before the start to after the end: none', [{ start: day(30), end: day(-1) }], []],
    [
      'runs reaching over either edge',
      [
        { start: day(25), end: day(15) },
        { start: day(5), end: day(-2) },
      ],
      [{ start: day(15), end: day(5) }],
    ],
  ])('%s', (_name, runs, gaps) => {
    expect(dataGaps(runs, bounds)).toEqual(gaps);
  });
});

describe('the nearest readings to a window that shows none', () => {
  const week = 7 * DAY_S;
  const runs = [
    { start: day(200), end: day(190) },
    { start: day(60), end: day(2) },
  ];
  it.each([
    [
      'a window in a long gap, nearer the earlier data: ends where that data ends',
      { start: day(185), end: day(178) },
      { window: { start: day(190) - week, end: day(190) }, day: day(191), direction: 'earlier' },
    ],
    [
      'a window in a long gap, nearer the later data: starts where that data begins',
      { start: day(75), end: day(68) },
      { window: { start: day(60), end: day(60) + week }, day: day(60), direction: 'later' },
    ],
    [
      'a window before any data: the first data',
      { start: day(300), end: day(293) },
      { window: { start: day(200), end: day(200) + week }, day: day(200), direction: 'later' },
    ],
    [
      'a window after the last data: ends with the last data',
      { start: day(1), end: day(0) },
      { window: { start: day(3), end: day(2) }, day: day(3), direction: 'earlier' },
    ],
  ])('%s', (_name, w, expected) => {
    expect(nearestData(w, runs, now)).toEqual(expected);
  });

  it('prefers the newer data at an equal distance', () => {
    // Three days from the end of day 20 to the window, three days from the window to day 9.
    const symmetric = [
      { start: day(20), end: day(19) },
      { start: day(9), end: day(8) },
    ];
    expect(nearestData({ start: day(16), end: day(12) }, symmetric, now)?.direction).toBe('later');
  });

  it('keeps the moved window from ending after now', () => {
    const fresh = [{ start: day(0), end: day(-1) }];
    expect(nearestData({ start: day(10), end: day(3) }, fresh, now)?.window).toEqual({
      start: now - 7 * DAY_S,
      end: now,
    });
  });

  it('moves just past the window when a day with readings reaches into it', () => {
    // The readings of day 5 came before 18:00, the window starts at 18:00 and shows none.
    const w = { start: day(5) + 18 * 3600, end: day(4) + 18 * 3600 };
    expect(nearestData(w, [{ start: day(5), end: day(4) }], now)).toEqual({
      window: { start: w.start - DAY_S, end: w.start },
      day: day(5),
      direction: 'earlier',
    });
  });

  it('is null when no day holds readings', () => {
    expect(nearestData({ start: day(10), end: day(3) }, [], now)).toBeNull();
  });
});
