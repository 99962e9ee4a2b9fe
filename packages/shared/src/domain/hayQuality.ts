/**
 * The hay quality model (spec doc 3 §3 "Stack-based quality, per probe" and §9 "Hay quality";
 * decision 0020 gives the grounding, the constants and worked examples).
 *
 *   HDD      heat-degree hours: the hours above 30 °C summed, each weighted by how far above
 *            (°C·h). HDD / 24 is the "heating degree-days > 30 °C" of the hay-heating studies.
 *   reserve  n = Σ wᵢ·e^(−HDD/τᵢ): the share of the hay's heat-labile value still intact, from three
 *            pools that heating spends at different speeds (cell solubles, digestible fibre,
 *            protein). 1 for hay that never heated, towards 0 for hay that heated for weeks.
 *   score    1000·n, the scale of the spec's five bar thresholds 700 / 600 / 350 / 200 / 0.
 *   quality  (n + 12) / 13: the share of the digestible nutrients (TDN) kept. The spec's formula
 *            puts 12/13 of the TDN out of heating's reach and 1/13 at risk.
 *   TDN      the unheated TDN (% of dry matter) × quality.
 *
 * Temperatures are tenths of °C as everywhere in the app (a point's value is the hottest depth).
 */

/** Spec doc 3 §9: hours above 30 degrees are summed into HDD. */
export const HAY_HEAT_BASE_C = 30;

/** The three heat-labile pools: weight (sums to 1) and decay constant τ in °C·h. Decision 0020. */
export const HAY_QUALITY_POOLS: readonly { readonly weight: number; readonly tauDegreeHours: number }[] = [
  // Cell solubles (sugars) respired first: τ = 150 °C·d.
  { weight: 0.3, tauDegreeHours: 3_600 },
  // Digestible fibre lost as fibre digestibility falls: τ = 500 °C·d.
  { weight: 0.45, tauDegreeHours: 12_000 },
  // Protein bound as heat-damaged protein (ADIN, Maillard): τ = 2500 °C·d.
  { weight: 0.25, tauDegreeHours: 60_000 },
];

/** Spec doc 3 §9: 5 bars, thresholds [700, 600, 350, 200, 0] on the score (index 0 → 5 bars). */
export const HAY_QUALITY_BAR_THRESHOLDS: readonly number[] = [700, 600, 350, 200, 0];
export type HayQualityBars = 1 | 2 | 3 | 4 | 5;

/** TDN (% of dry matter) of the hay before it heated, when the storage gives none. Decision 0020. */
export const DEFAULT_UNHEATED_TDN_PERCENT = 58;

/** The resolution the server supplies: one point per probe per hour (the hour's hottest depth). */
export const HAY_QUALITY_STEP_HOURLY_S = 3_600;
/** The daily roll-up (day maximum) is accepted too; it overstates HDD (decision 0020). */
export const HAY_QUALITY_STEP_DAILY_S = 86_400;

/** One roll-up point of one probe: the start of its hour (or day) and its maximum, tenths of °C. */
export interface HayQualityPoint {
  /** Epoch seconds, start of the interval the maximum covers. */
  ts: number;
  /** The hottest depth's maximum over the interval, tenths of °C. */
  maxTenths: number;
}

/**
 * Heat-degree hours of a series between `from` and `to` (epoch seconds). Each point stands for
 * [ts, ts + step), cut at the next point and at the period's ends; a gap longer than a step counts
 * nothing (no data is not heat). Points must be in time order.
 */
export function heatDegreeHours(
  points: readonly HayQualityPoint[],
  from: number,
  to: number,
  stepSeconds: number = HAY_QUALITY_STEP_HOURLY_S,
): number {
  const base = HAY_HEAT_BASE_C * 10;
  let sumTenthSeconds = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as HayQualityPoint;
    const excess = p.maxTenths - base;
    if (excess <= 0) continue;
    const next = points[i + 1];
    const end = Math.min(p.ts + stepSeconds, next === undefined ? Infinity : next.ts, to);
    const start = Math.max(p.ts, from);
    if (end > start) sumTenthSeconds += excess * (end - start);
  }
  return sumTenthSeconds / 10 / 3_600;
}

/** n: the share of the heat-labile value intact after `hdd` heat-degree hours (1 → towards 0). */
export function hayQualityReserve(hdd: number): number {
  const h = Math.max(0, hdd);
  return HAY_QUALITY_POOLS.reduce((n, pool) => n + pool.weight * Math.exp(-h / pool.tauDegreeHours), 0);
}

/** The reserve on the 0–1000 scale of the bar thresholds (unrounded, so bars change exactly there). */
export function hayQualityScore(hdd: number): number {
  return 1000 * hayQualityReserve(hdd);
}

/** Bars 5…1: the first threshold the score reaches (spec doc 3 §9). */
export function hayQualityBars(score: number): HayQualityBars {
  const i = HAY_QUALITY_BAR_THRESHOLDS.findIndex((t) => score >= t);
  return (5 - (i < 0 ? 4 : i)) as HayQualityBars;
}

/** Spec doc 3 §9: the quality index (n + 12) / 13, the share of TDN kept. */
export function hayQualityIndex(reserve: number): number {
  return (reserve + 12) / 13;
}

/**
 * The heat-degree hours at which the reserve falls to `reserve` (inverse of hayQualityReserve).
 * The reserve decreases strictly, so a bisection converges; 0 for a reserve of 1 or more.
 */
export function heatDegreeHoursAtReserve(reserve: number): number {
  if (reserve >= 1) return 0;
  if (reserve <= 0) return Infinity;
  let lo = 0;
  let hi = 1;
  while (hayQualityReserve(hi) > reserve) hi *= 2;
  for (let k = 0; k < 60 && hi - lo > 1e-6; k++) {
    const mid = (lo + hi) / 2;
    if (hayQualityReserve(mid) > reserve) lo = mid;
    else hi = mid;
  }
  return hi;
}
