import { coldestPoint } from './coldestPoint.js';
import { MAX_READING_GAP_S } from './sanitisationStandards.js';

/**
 * One probe's progress in one phase, folded reading by reading so that the server keeps it and reads
 * only what came since (docs/decisions/0049-compost-batches.md). Time counts toward the phase's
 * target between two readings no more than MAX_READING_GAP_S apart whose coldest points are both at
 * or above the target — the same counting the sanitisation report uses.
 */
export interface ProgressState {
  /** Seconds counted at or above the target. */
  hotS: number;
  lastTs: number | null;
  /** The coldest point of the last reading. */
  lastTemp: number | null;
  /** The highest coldest point seen in the phase. */
  maxTemp: number | null;
}

export const EMPTY_PROGRESS: ProgressState = { hotS: 0, lastTs: null, lastTemp: null, maxTemp: null };

export interface ProgressReading {
  ts: number;
  temps: readonly (number | null)[];
}

/** The state after these readings (sorted by time); readings at or before the last one are skipped. */
export function foldProgress(
  state: ProgressState,
  readings: readonly ProgressReading[],
  targetTemp: number | null,
  maxGapS = MAX_READING_GAP_S,
): ProgressState {
  let { hotS, lastTs, lastTemp, maxTemp } = state;
  for (const r of readings) {
    if (lastTs !== null && r.ts <= lastTs) continue;
    const v = coldestPoint(r.temps);
    if (v === null) continue;
    if (
      targetTemp !== null &&
      lastTs !== null &&
      lastTemp !== null &&
      r.ts - lastTs <= maxGapS &&
      lastTemp >= targetTemp &&
      v >= targetTemp
    )
      hotS += r.ts - lastTs;
    lastTs = r.ts;
    lastTemp = v;
    maxTemp = maxTemp === null ? v : Math.max(maxTemp, v);
  }
  return { hotS, lastTs, lastTemp, maxTemp };
}

export interface PhasePlan {
  targetTemp: number | null;
  targetHours: number | null;
  start: number | null;
  completed: number | null;
}

/**
 * How far a probe is toward its phase's target, 0…1, and the hours counted. Without a target
 * temperature the phase aims at time alone: the hours since it started (to its completion or now).
 * Without target hours there is no progress to show (null). A phase not started has none yet.
 */
export function progressOf(
  plan: PhasePlan,
  state: ProgressState,
  nowS: number,
): { progress: number | null; hours: number } {
  if (plan.start === null) return { progress: plan.targetHours === null ? null : 0, hours: 0 };
  const seconds =
    plan.targetTemp === null ? Math.max(0, Math.min(plan.completed ?? nowS, nowS) - plan.start) : state.hotS;
  const hours = Math.round((seconds / 3600) * 10) / 10;
  if (plan.targetHours === null) return { progress: null, hours };
  return { progress: Math.min(1, seconds / (plan.targetHours * 3600)), hours };
}
