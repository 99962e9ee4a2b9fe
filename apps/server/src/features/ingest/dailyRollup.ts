import type { Selectable } from 'kysely';
import type { ProbeDailyTable } from '../../db/schema.js';

export const DAY_S = 86_400;

export function dayOf(ts: number): number {
  return Math.floor(ts / DAY_S) * DAY_S;
}

/**
 * Readings older than this (of a packet received at `receivedTs`) may belong to a packed day: the
 * packing job packs days READINGS_PACK_AFTER_DAYS (at least 3) old, so the day before yesterday is the
 * newest it can have packed (or may pack soon).
 */
export const packableBefore = (receivedTs: number): number => dayOf(receivedTs) - 2 * DAY_S;

export type DailyRow = Selectable<ProbeDailyTable>;

/**
 * One probe's roll-up of one UTC day while it is folded: the per-depth arrays stay numbers (the row
 * holds them as JSON text), so folding a reading in allocates nothing.
 */
export interface DailyState {
  sensorId: string;
  day: number;
  n: number;
  maxTemp: number;
  minTemp: number;
  maxTemps: number[];
  minTemps: number[];
  minBatt: number | null;
  maxBatt: number | null;
}

/** The roll-up of a day that so far holds only this reading. */
export function startDaily(sensorId: string, day: number, temps: number[], batt: number | null): DailyState {
  let hi = temps[0] as number;
  let lo = hi;
  for (let i = 1; i < temps.length; i++) {
    const t = temps[i] as number;
    if (t > hi) hi = t;
    if (t < lo) lo = t;
  }
  return {
    sensorId,
    day,
    n: 1,
    maxTemp: hi,
    minTemp: lo,
    maxTemps: temps.slice(),
    minTemps: temps.slice(),
    minBatt: batt,
    maxBatt: batt,
  };
}

/**
 * Folds a newly stored reading into its day: maxima and minima overall and per depth (a depth only
 * one of them has keeps its value), battery range, count. Only readings stored for the first time are
 * folded in, so a retried packet never counts twice.
 */
export function foldReading(s: DailyState, temps: number[], batt: number | null): void {
  s.n += 1;
  const { maxTemps, minTemps } = s;
  for (let i = 0; i < temps.length; i++) {
    const t = temps[i] as number;
    if (t > s.maxTemp) s.maxTemp = t;
    if (t < s.minTemp) s.minTemp = t;
    const hi = maxTemps[i];
    if (hi === undefined || t > hi) maxTemps[i] = t;
    const lo = minTemps[i];
    if (lo === undefined || t < lo) minTemps[i] = t;
  }
  if (batt !== null) {
    if (s.minBatt === null || batt < s.minBatt) s.minBatt = batt;
    if (s.maxBatt === null || batt > s.maxBatt) s.maxBatt = batt;
  }
}

export function dailyFromRow(r: DailyRow): DailyState {
  return {
    sensorId: r.sensor_id,
    day: r.day,
    n: r.n,
    maxTemp: r.max_temp,
    minTemp: r.min_temp,
    maxTemps: JSON.parse(r.max_temps) as number[],
    minTemps: JSON.parse(r.min_temps) as number[],
    minBatt: r.min_batt,
    maxBatt: r.max_batt,
  };
}
