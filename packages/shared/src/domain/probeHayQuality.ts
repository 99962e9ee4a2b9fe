import { hayDaysToDrop } from './daysToDrop.js';
import {
  DEFAULT_UNHEATED_TDN_PERCENT,
  HAY_QUALITY_STEP_HOURLY_S,
  type HayQualityBars,
  type HayQualityPoint,
  hayQualityBars,
  hayQualityIndex,
  hayQualityReserve,
  heatDegreeHours,
} from './hayQuality.js';
import type { ResolvedQualityPeriod } from './qualityPeriod.js';

/**
 * One probe's hay quality over a period (spec doc 3 §3 "Stack-based quality, per probe": ID, HDD,
 * TDN, quality, color, color3D, bars, size, intensity, lastTemp, daysToDrop). Colours are the web's:
 * it picks color and color3D from `bars` and shades them by `intensity`, as temperatures take theirs
 * from a band (decision 0016). isDemo is the demo feature's.
 */
export interface ProbeHayQuality {
  /** The probe's serial (sensor id). */
  ID: string;
  /** Heat-degree hours above 30 °C in the period, °C·h. */
  HDD: number;
  /** Estimated TDN, % of dry matter. */
  TDN: number;
  /** Share of TDN kept, (n + 12) / 13, between 12/13 and 1. */
  quality: number;
  /** 1000·n, rounded: the scale of the bar thresholds. */
  score: number;
  bars: HayQualityBars;
  /** 1 − n: how much of the heat-labile value is spent (0 never heated, towards 1). */
  intensity: number;
  /** Relative marker size, 0.5 for unheated hay up to 1, so damaged spots stand out. */
  size: number;
  /** The latest maximum in the period, tenths of °C; null without data. */
  lastTemp: number | null;
  /** Days until the next bar is lost at the last day's heating; 999 when none is in sight. */
  daysToDrop: number;
}

export interface HayQualityOptions {
  period: ResolvedQualityPeriod;
  nowSeconds: number;
  /** 3600 for the hourly roll-up (what the server must supply), 86400 for the daily one. */
  stepSeconds?: number;
  unheatedTdnPercent?: number;
}

export function probeHayQuality(
  ID: string,
  points: readonly HayQualityPoint[],
  options: HayQualityOptions,
): ProbeHayQuality {
  const { period } = options;
  const step = options.stepSeconds ?? HAY_QUALITY_STEP_HOURLY_S;
  // Only the period's points: a point starting before `from` still counts for its part inside.
  const inPeriod = points.filter((p) => p.ts + step > period.from && p.ts < period.to);
  return probeHayQualityFromTotals(
    ID,
    {
      hdd: heatDegreeHours(inPeriod, period.from, period.to, step),
      recent: inPeriod,
      lastTemp: inPeriod[inPeriod.length - 1]?.maxTenths ?? null,
    },
    options,
  );
}

/** What the server sums in the store instead of sending every hour (decision 0028). */
export interface HayQualityTotals {
  /** Heat-degree hours of the whole period, °C·h. */
  hdd: number;
  /** The period's points of at least its last day of data, in time order (for days-to-drop). */
  recent: readonly HayQualityPoint[];
  /** The last maximum in the period, tenths of °C; null without data. */
  lastTemp: number | null;
}

/**
 * The same answer as probeHayQuality from totals: the period's HDD summed elsewhere (the server's
 * daily roll-up) and only the recent points, which days-to-drop reads (its last day of data).
 */
export function probeHayQualityFromTotals(
  ID: string,
  totals: HayQualityTotals,
  options: HayQualityOptions,
): ProbeHayQuality {
  const { period, nowSeconds } = options;
  const step = options.stepSeconds ?? HAY_QUALITY_STEP_HOURLY_S;
  const HDD = totals.hdd;
  const reserve = hayQualityReserve(HDD);
  const bars = hayQualityBars(1000 * reserve);
  const quality = hayQualityIndex(reserve);
  const intensity = 1 - reserve;
  return {
    ID,
    HDD,
    TDN: (options.unheatedTdnPercent ?? DEFAULT_UNHEATED_TDN_PERCENT) * quality,
    quality,
    score: Math.round(1000 * reserve),
    bars,
    intensity,
    size: 0.5 + 0.5 * intensity,
    lastTemp: totals.lastTemp,
    daysToDrop: hayDaysToDrop({
      points: totals.recent,
      hdd: HDD,
      bars,
      ongoing: period.ongoing,
      nowSeconds,
      stepSeconds: step,
    }),
  };
}

/** Every probe of a storage; series keyed by probe id, in the caller's order. */
export function storageHayQuality(
  series: readonly { ID: string; points: readonly HayQualityPoint[] }[],
  options: HayQualityOptions,
): ProbeHayQuality[] {
  return series.map((s) => probeHayQuality(s.ID, s.points, options));
}
