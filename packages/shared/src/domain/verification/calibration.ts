/**
 * The calibration result of a verification (spec doc 2 §4 "Matching pairs readings within 600
 * seconds"; docs/decisions/0114-verification-pairing-and-result.md). Pure.
 *
 * Pairing: both probes' readings in time order; each reading of the verified probe takes the nearest
 * unused reading of the reference probe at most 600 s away (an earlier one on a tie), so no reading
 * counts twice. The difference is verified − reference: a positive mean means the probe reads high,
 * and the correction that would bring it to the reference is minus the mean.
 */
export const PAIR_WINDOW_S = 600;

/** The product's correction factor range and step (spec doc 2 §5 "clamped -1 to 1, step 0.1"). */
export const CORRECTION_LIMIT_C = 1;

export interface TimedTemperature {
  /** Epoch seconds. */
  b: number;
  /** °C. */
  h: number;
}

export interface ReadingPair {
  b: number;
  probe: number;
  reference: number;
  diff: number;
}

export interface CalibrationResult {
  /** Paired readings. */
  pairs: number;
  /** Mean of verified − reference, °C; null without pairs. */
  meanDiff: number | null;
  /** Sample standard deviation of the differences, °C; null with fewer than two pairs. */
  sdDiff: number | null;
  minDiff: number | null;
  maxDiff: number | null;
  /**
   * The correction factor (−mean, to 0.1 °C) the probe's properties would take; null without pairs
   * or when it is outside the factor's ±1 °C (the probe then needs checking, not a correction).
   */
  correction: number | null;
}

function byTime(a: TimedTemperature, b: TimedTemperature): number {
  return a.b - b.b;
}

/** Greedy nearest-neighbour pairing within the window, each reference reading used at most once. */
export function pairReadings(
  probe: readonly TimedTemperature[],
  reference: readonly TimedTemperature[],
  windowS = PAIR_WINDOW_S,
): ReadingPair[] {
  const p = [...probe].sort(byTime);
  const r = [...reference].sort(byTime);
  const used = new Array<boolean>(r.length).fill(false);
  const pairs: ReadingPair[] = [];
  let start = 0;
  for (const reading of p) {
    while (start < r.length && (r[start] as TimedTemperature).b < reading.b - windowS) start++;
    let best = -1;
    let bestGap = Infinity;
    for (let i = start; i < r.length; i++) {
      const ref = r[i] as TimedTemperature;
      if (ref.b > reading.b + windowS) break;
      if (used[i]) continue;
      const gap = Math.abs(ref.b - reading.b);
      if (gap < bestGap) {
        best = i;
        bestGap = gap;
      }
    }
    if (best < 0) continue;
    used[best] = true;
    const ref = r[best] as TimedTemperature;
    pairs.push({ b: reading.b, probe: reading.h, reference: ref.h, diff: reading.h - ref.h });
  }
  return pairs;
}

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

export function calibrationOf(pairs: readonly ReadingPair[]): CalibrationResult {
  const n = pairs.length;
  if (n === 0)
    return { pairs: 0, meanDiff: null, sdDiff: null, minDiff: null, maxDiff: null, correction: null };
  const diffs = pairs.map((p) => p.diff);
  const mean = diffs.reduce((s, d) => s + d, 0) / n;
  const sd = n < 2 ? null : Math.sqrt(diffs.reduce((s, d) => s + (d - mean) ** 2, 0) / (n - 1));
  const correction = round(-mean, 1);
  return {
    pairs: n,
    meanDiff: round(mean, 3),
    sdDiff: sd === null ? null : round(sd, 3),
    minDiff: round(Math.min(...diffs), 3),
    maxDiff: round(Math.max(...diffs), 3),
    // 0 rather than -0: a probe that agrees needs no correction.
    correction: Math.abs(correction) > CORRECTION_LIMIT_C ? null : correction === 0 ? 0 : correction,
  };
}

/** The result of a verification from both probes' readings over its period. */
export function calibrate(
  probe: readonly TimedTemperature[],
  reference: readonly TimedTemperature[],
): CalibrationResult {
  return calibrationOf(pairReadings(probe, reference));
}
