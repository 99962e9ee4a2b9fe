import { describe, expect, it } from 'vitest';
import {
  DAYS_TO_DROP_NONE,
  DEMO_DAYS_TO_DROP_WARNING_DAYS,
  daysToDropNotice,
  hayDaysToDrop,
} from '../src/domain/daysToDrop.js';
import {
  HAY_HEAT_BASE_C,
  HAY_QUALITY_BAR_THRESHOLDS,
  HAY_QUALITY_POOLS,
  HAY_QUALITY_STEP_DAILY_S,
  type HayQualityPoint,
  hayQualityBars,
  hayQualityIndex,
  hayQualityReserve,
  heatDegreeHours,
  heatDegreeHoursAtReserve,
} from '../src/domain/hayQuality.js';
import {
  probeHayQuality,
  probeHayQualityFromTotals,
  storageHayQuality,
} from '../src/domain/probeHayQuality.js';
import { DEFAULT_QUALITY_PERIOD_DAYS, resolveQualityPeriod } from '../src/domain/qualityPeriod.js';

const H = 3_600;
const DAY = 86_400;
const T0 = 1_780_000_000 - (1_780_000_000 % DAY); // a UTC midnight

/** Hourly points from T0: runs of [hours, °C]. */
function hourly(runs: [number, number][], start = T0): HayQualityPoint[] {
  const out: HayQualityPoint[] = [];
  let ts = start;
  for (const [hours, c] of runs) {
    for (let i = 0; i < hours; i++, ts += H) out.push({ ts, maxTenths: Math.round(c * 10) });
  }
  return out;
}

describe('hay quality constants (spec doc 3 §9)', () => {
  it('sums the hours above 30 °C and has five bars with thresholds 700 / 600 / 350 / 200 / 0', () => {
    expect(HAY_HEAT_BASE_C).toBe(30);
    expect(HAY_QUALITY_BAR_THRESHOLDS).toEqual([700, 600, 350, 200, 0]);
  });

  it('builds the reserve from three exponentials whose weights sum to 1 (decision 0020)', () => {
    expect(HAY_QUALITY_POOLS).toHaveLength(3);
    expect(HAY_QUALITY_POOLS.reduce((s, p) => s + p.weight, 0)).toBeCloseTo(1, 12);
    expect(HAY_QUALITY_POOLS.map((p) => p.tauDegreeHours)).toEqual([3_600, 12_000, 60_000]);
  });
});

describe('hayQualityBars: the first threshold the score reaches', () => {
  it.each([
    [1000, 5],
    [700, 5],
    [699.9, 4],
    [600, 4],
    [599.9, 3],
    [350, 3],
    [349.9, 2],
    [200, 2],
    [199.9, 1],
    [0, 1],
  ])('score %d → %d bars', (score, bars) => {
    expect(hayQualityBars(score)).toBe(bars);
  });
});

describe('hayQualityIndex: (n + 12) / 13 (spec doc 3 §9)', () => {
  it.each([
    [1, 1],
    [0.5, 12.5 / 13],
    [0, 12 / 13],
  ])('n = %d → %d', (n, q) => {
    expect(hayQualityIndex(n)).toBeCloseTo(q, 12);
  });
});

// Decision 0020, table "The model at a glance" (heating degree-days = HDD / 24).
describe('hayQualityReserve by heating degree-days', () => {
  it.each([
    [0, 1000, 5, 58.0],
    [50, 867.2, 5, 57.41],
    [100, 762.7, 5, 56.94],
    [200, 611.5, 4, 56.27],
    [300, 509.3, 3, 55.81],
    [600, 337.7, 2, 55.05],
    [1000, 228.9, 2, 54.56],
    [1200, 195.6, 1, 54.41],
  ])('%d °C·d → score %d, %d bars, TDN %d %% of 58 %%', (degreeDays, score, bars, tdn) => {
    const n = hayQualityReserve(degreeDays * 24);
    expect(1000 * n).toBeCloseTo(score, 1);
    expect(hayQualityBars(1000 * n)).toBe(bars);
    expect(58 * hayQualityIndex(n)).toBeCloseTo(tdn, 2);
  });

  it('only falls as heat accumulates, and never below 0', () => {
    let prev = hayQualityReserve(0);
    for (let h = 500; h <= 200_000; h += 500) {
      const n = hayQualityReserve(h);
      expect(n).toBeLessThan(prev);
      expect(n).toBeGreaterThan(0);
      prev = n;
    }
    expect(hayQualityReserve(-10)).toBe(1);
  });

  it.each([
    [700, 3275.5],
    [600, 5030.0],
    [350, 13660.3],
    [200, 28085.4],
  ])('the score reaches %d at %d °C·h (the bar edges of decision 0020)', (threshold, hdd) => {
    expect(heatDegreeHoursAtReserve(threshold / 1000)).toBeCloseTo(hdd, 1);
    expect(hayQualityReserve(heatDegreeHoursAtReserve(threshold / 1000))).toBeCloseTo(threshold / 1000, 6);
  });
});

describe('heatDegreeHours', () => {
  const end = T0 + 30 * DAY;
  it.each<[string, HayQualityPoint[], number, number, number]>([
    ['no data', [], T0, end, 0],
    [
      'at or below 30 °C counts nothing',
      hourly([
        [10, 29.9],
        [10, 30],
      ]),
      T0,
      end,
      0,
    ],
    ['a day at 40 °C', hourly([[24, 40]]), T0, end, 240],
    [
      'a gap counts nothing',
      [
        { ts: T0, maxTenths: 400 },
        { ts: T0 + 5 * H, maxTenths: 400 },
      ],
      T0,
      end,
      20,
    ],
    ['cut at the period ends', hourly([[24, 40]]), T0 + 6 * H, T0 + 18 * H, 120],
    [
      'a point cut at the next one',
      [
        { ts: T0, maxTenths: 400 },
        { ts: T0 + H / 2, maxTenths: 400 },
      ],
      T0,
      end,
      15,
    ],
    [
      'two hours at 45 °C in a cool day',
      hourly([
        [10, 20],
        [2, 45],
        [12, 20],
      ]),
      T0,
      end,
      30,
    ],
  ])('%s', (_name, points, from, to, hdd) => {
    expect(heatDegreeHours(points, from, to)).toBeCloseTo(hdd, 9);
  });

  it('the daily roll-up counts the day maximum for all 24 hours (an upper bound)', () => {
    expect(heatDegreeHours([{ ts: T0, maxTenths: 450 }], T0, end, HAY_QUALITY_STEP_DAILY_S)).toBeCloseTo(
      360,
      9,
    );
  });
});

describe('resolveQualityPeriod (spec doc 3 §4: unset, set, ongoing; §9: default the last 30 days)', () => {
  const now = T0 + 100 * DAY + 5 * H;
  it('unset is the last 30 days up to now, ongoing', () => {
    expect(DEFAULT_QUALITY_PERIOD_DAYS).toBe(30);
    expect(resolveQualityPeriod(null, now)).toEqual({
      state: 'unset',
      from: now - 30 * DAY,
      to: now,
      ongoing: true,
    });
  });
  it('ongoing runs to now', () => {
    expect(resolveQualityPeriod({ from: T0, to: null }, now)).toEqual({
      state: 'ongoing',
      from: T0,
      to: now,
      ongoing: true,
    });
  });
  it('a set period in the past is not ongoing', () => {
    expect(resolveQualityPeriod({ from: T0, to: T0 + 10 * DAY }, now)).toEqual({
      state: 'set',
      from: T0,
      to: T0 + 10 * DAY,
      ongoing: false,
    });
  });
  it('a set period ending ahead is cut at now and still ongoing', () => {
    expect(resolveQualityPeriod({ from: T0, to: now + DAY }, now)).toEqual({
      state: 'set',
      from: T0,
      to: now,
      ongoing: true,
    });
  });
});

describe('daysToDropNotice (spec doc 3 §9: hours at 2 days or less, days up to 7, demo 4)', () => {
  it.each<[number, number | undefined, ReturnType<typeof daysToDropNotice>]>([
    [DAYS_TO_DROP_NONE, undefined, { level: 'none' }],
    [0, undefined, { level: 'alert', hours: 0 }],
    [0.5, undefined, { level: 'alert', hours: 12 }],
    [43.77 / 24, undefined, { level: 'alert', hours: 43 }],
    [2, undefined, { level: 'alert', hours: 48 }],
    [2.5, undefined, { level: 'warning', days: 2 }],
    [3.65, undefined, { level: 'warning', days: 3 }],
    [7, undefined, { level: 'warning', days: 7 }],
    [7.01, undefined, { level: 'none' }],
    [4, DEMO_DAYS_TO_DROP_WARNING_DAYS, { level: 'warning', days: 4 }],
    [5, DEMO_DAYS_TO_DROP_WARNING_DAYS, { level: 'none' }],
  ])('%d days (warning up to %s) → %o', (days, warningDays, notice) => {
    expect(daysToDropNotice(days, warningDays)).toEqual(notice);
  });
});

// Decision 0020, worked examples 1–5: hourly roll-ups over an ongoing 30-day period ending now.
describe('probeHayQuality worked examples', () => {
  const now = T0 + 30 * DAY;
  const period = resolveQualityPeriod({ from: T0, to: null }, now);
  const at = (points: HayQualityPoint[]) => probeHayQuality('H7', points, { period, nowSeconds: now });

  it('1: a normal sweat, ten days at 38 °C then cool, keeps 5 bars and has no drop in sight', () => {
    const q = at(
      hourly([
        [240, 38],
        [480, 20],
      ]),
    );
    expect(q).toMatchObject({
      ID: 'H7',
      HDD: 1920,
      score: 802,
      bars: 5,
      lastTemp: 200,
      daysToDrop: DAYS_TO_DROP_NONE,
    });
    expect(q.quality).toBeCloseTo(0.98474, 5);
    expect(q.TDN).toBeCloseTo(57.115, 3);
    expect(q.intensity).toBeCloseTo(0.19841, 5);
    expect(q.size).toBeCloseTo(0.5992, 4);
  });

  it('2: two weeks at 50 °C to now: 3 bars, next drop in 14 days (no notice)', () => {
    const q = at(
      hourly([
        [384, 20],
        [336, 50],
      ]),
    );
    expect(q).toMatchObject({ HDD: 6720, score: 527, bars: 3, lastTemp: 500 });
    expect(q.TDN).toBeCloseTo(55.889, 3);
    expect(q.daysToDrop).toBeCloseTo((13660.3 - 6720) / 20 / 24, 2);
    expect(daysToDropNotice(q.daysToDrop)).toEqual({ level: 'none' });
  });

  it('3: thirty days at 60 °C: 2 bars, TDN down by more than 3 points', () => {
    const q = at(hourly([[720, 60]]));
    expect(q).toMatchObject({ HDD: 21600, score: 250, bars: 2 });
    expect(q.TDN).toBeCloseTo(54.652, 3);
    expect(q.daysToDrop).toBeCloseTo((28085.4 - 21600) / 30 / 24, 2);
  });

  it('4: five days at 50 °C after a cool start: alert, the fifth bar goes in 43 hours', () => {
    const q = at(
      hourly([
        [600, 20],
        [120, 50],
      ]),
    );
    expect(q).toMatchObject({ HDD: 2400, bars: 5, score: 763 });
    expect(q.daysToDrop * 24).toBeCloseTo(43.77, 2);
    expect(daysToDropNotice(q.daysToDrop)).toEqual({ level: 'alert', hours: 43 });
  });

  it('5: ten days at 40 °C: warning, the fifth bar goes in 3 days', () => {
    const q = at(
      hourly([
        [480, 20],
        [240, 40],
      ]),
    );
    expect(q.HDD).toBe(2400);
    expect(q.daysToDrop).toBeCloseTo(87.55 / 24, 3);
    expect(daysToDropNotice(q.daysToDrop)).toEqual({ level: 'warning', days: 3 });
  });

  it('a probe without data has full quality, no temperature and no drop', () => {
    expect(at([])).toEqual({
      ID: 'H7',
      HDD: 0,
      TDN: 58,
      quality: 1,
      score: 1000,
      bars: 5,
      intensity: 0,
      size: 0.5,
      lastTemp: null,
      daysToDrop: DAYS_TO_DROP_NONE,
    });
  });

  it('counts only the period: heat before it is not charged', () => {
    const points = hourly(
      [
        [240, 60],
        [720, 20],
      ],
      T0 - 10 * DAY,
    );
    expect(at(points)).toMatchObject({ HDD: 0, bars: 5, lastTemp: 200 });
  });

  it('gives the same answer from the hot hours plus the last day as from every hour (what the server sends)', () => {
    const every = hourly([
      [100, 20],
      [50, 45],
      [200, 25],
      [70, 52],
      [276, 18],
      [24, 33],
    ]);
    const lastDayFrom = now - DAY;
    const sent = every.filter((p) => p.maxTenths > 300 || p.ts >= lastDayFrom);
    expect(sent.length).toBeLessThan(every.length / 4);
    expect(at(sent)).toEqual(at(every));
    expect(at(every)).toMatchObject({ HDD: 15 * 50 + 22 * 70 + 3 * 24, lastTemp: 330 });
  });

  it('uses the stored TDN of the hay when given', () => {
    const q = probeHayQuality('H7', hourly([[720, 60]]), { period, nowSeconds: now, unheatedTdnPercent: 62 });
    expect(q.TDN).toBeCloseTo(62 * q.quality, 9);
  });
});

describe('hayDaysToDrop: 999 when nothing drops', () => {
  const now = T0 + 30 * DAY;
  const hot = hourly([
    [600, 20],
    [120, 50],
  ]);
  const base = { points: hot, hdd: 2400, bars: 5 as const, ongoing: true, nowSeconds: now };
  it.each<[string, Partial<Parameters<typeof hayDaysToDrop>[0]>]>([
    ['a period that is over', { ongoing: false }],
    ['one bar left: nothing lower', { bars: 1 }],
    ['no data', { points: [] }],
    ['data older than a day (outdated probe)', { nowSeconds: now + 2 * DAY }],
    [
      'cool over the last day',
      {
        points: hourly([
          [600, 50],
          [120, 20],
        ]),
      },
    ],
  ])('%s', (_name, change) => {
    expect(hayDaysToDrop({ ...base, ...change })).toBe(DAYS_TO_DROP_NONE);
  });

  it('reads the trend from the daily roll-up too (the last day maximum)', () => {
    const daily = Array.from({ length: 30 }, (_, d) => ({ ts: T0 + d * DAY, maxTenths: d < 25 ? 200 : 500 }));
    const hdd = heatDegreeHours(daily, T0, now, HAY_QUALITY_STEP_DAILY_S);
    expect(hdd).toBe(2400);
    const days = hayDaysToDrop({
      points: daily,
      hdd,
      bars: 5,
      ongoing: true,
      nowSeconds: now,
      stepSeconds: DAY,
    });
    expect(days * 24).toBeCloseTo(43.77, 2);
  });
});

describe('storageHayQuality', () => {
  it('answers every probe in order, a year of hourly data for 200 probes included', () => {
    const now = T0 + 365 * DAY;
    const period = resolveQualityPeriod({ from: T0, to: null }, now);
    const year = hourly([
      [365 * 24 - 240, 20],
      [240, 40],
    ]);
    const series = Array.from({ length: 200 }, (_, i) => ({
      ID: `H${1000 + i}`,
      points: i === 0 ? hourly([[24, 50]]) : year,
    }));
    const result = storageHayQuality(series, { period, nowSeconds: now });
    expect(result).toHaveLength(200);
    expect(result[0]).toMatchObject({ ID: 'H1000', HDD: 480, daysToDrop: DAYS_TO_DROP_NONE });
    expect(result[199]).toMatchObject({ ID: 'H1199', HDD: 2400, bars: 5 });
    expect(daysToDropNotice(result[199]?.daysToDrop ?? DAYS_TO_DROP_NONE)).toEqual({
      level: 'warning',
      days: 3,
    });
  });
});

// Decision 0028: the server sums the whole days itself and sends only the last day's points.
describe('probeHayQualityFromTotals', () => {
  it("gives probeHayQuality's answer from the summed HDD and the last day of points", () => {
    const now = T0 + 30 * DAY;
    const period = resolveQualityPeriod({ from: T0, to: null }, now);
    const points = hourly([
      [500, 20],
      [120, 45],
      [100, 52],
    ]);
    const whole = probeHayQuality('H7', points, { period, nowSeconds: now });
    const recent = points.filter((p) => p.ts >= now - 2 * DAY);
    const split = probeHayQualityFromTotals(
      'H7',
      { hdd: heatDegreeHours(points, T0, now), recent, lastTemp: recent.at(-1)?.maxTenths ?? null },
      { period, nowSeconds: now },
    );
    expect(whole.daysToDrop).toBeLessThan(DAYS_TO_DROP_NONE);
    expect(split).toEqual(whole);
  });
});
