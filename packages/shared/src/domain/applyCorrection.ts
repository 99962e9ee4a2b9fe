import type { ProbeCorrection } from '../contracts/probeConfig.js';

/**
 * A probe's value correction (spec doc 2 §3 "corrections (list of date, factor, user)", §5 "−1 to 1,
 * step 0.1"). Each saved entry is the probe's offset in °C from its date on — not an increment — so a
 * reading measured at or after an entry's date, and before the next entry's, is shown with that
 * entry's factor added to every depth; readings measured before the first entry are shown as stored.
 * Stored temperatures never change: corrections are applied when readings are read.
 */

/** °C offset → tenths of °C, the unit temperatures are stored in. */
export function correctionTenths(factor: number): number {
  return Math.round(factor * 10);
}

/** Entries sorted by date (oldest first), the order lookups need. */
export function sortCorrections(list: readonly ProbeCorrection[] | null | undefined): ProbeCorrection[] {
  return [...(list ?? [])].sort((a, b) => a.date - b.date);
}

/** The factor (°C) in effect at `ts`: the last entry dated at or before it, 0 before the first. */
export function correctionAt(sorted: readonly ProbeCorrection[], ts: number): number {
  let factor = 0;
  for (const c of sorted) {
    if (c.date > ts) break;
    factor = c.factor;
  }
  return factor;
}

/** The factor in effect now (the newest entry), 0 without corrections. */
export function currentCorrection(list: readonly ProbeCorrection[] | null | undefined): number {
  const sorted = sortCorrections(list);
  return sorted.length > 0 ? (sorted[sorted.length - 1] as ProbeCorrection).factor : 0;
}

/** Every depth shifted by `tenths`; the same array when there is nothing to add. */
export function applyCorrection(temps: readonly number[], tenths: number): number[] {
  return tenths === 0 ? (temps as number[]) : temps.map((t) => t + tenths);
}

/**
 * Corrects a series in one pass: `at` returns the offset (tenths) for a time, walking forward through
 * the entries as the times grow, so a time-sorted series costs O(points + entries).
 * Unsorted times still get the right answer (it restarts the walk).
 */
export function correctionTimeline(list: readonly ProbeCorrection[] | null | undefined): {
  at: (ts: number) => number;
  empty: boolean;
} {
  const sorted = sortCorrections(list);
  if (sorted.length === 0) return { at: () => 0, empty: true };
  let i = -1;
  let lastTs = Number.NEGATIVE_INFINITY;
  return {
    empty: false,
    at(ts: number): number {
      if (ts < lastTs) i = -1;
      lastTs = ts;
      while (i + 1 < sorted.length && (sorted[i + 1] as ProbeCorrection).date <= ts) i++;
      return i < 0 ? 0 : correctionTenths((sorted[i] as ProbeCorrection).factor);
    },
  };
}
