import { DUPLICATE_WINDOW_S } from '../contracts/probeData.js';

/**
 * Drops points measured less than `windowS` seconds after the last point kept (spec doc 2 §9:
 * "points closer than 60 seconds are de-duplicated"). A probe heard by two stations, or a packet
 * resent with a shifted clock, gives such near-twins; the first one measured is kept. Input must be
 * sorted by time; the result keeps that order.
 */
export function dedupePoints<T>(
  points: readonly T[],
  timeOf: (p: T) => number,
  windowS: number = DUPLICATE_WINDOW_S,
): T[] {
  const out: T[] = [];
  let last = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    const t = timeOf(p);
    if (t - last < windowS) continue;
    out.push(p);
    last = t;
  }
  return out;
}
