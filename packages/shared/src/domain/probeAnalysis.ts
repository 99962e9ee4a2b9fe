import {
  ANALYSIS_AVERAGE_PACKETS_FLAG,
  ANALYSIS_PACKETS_PER_DAY_FLAG,
  type AnalysisDay,
  type AnalysisSummary,
} from '../contracts/probeData.js';
import { BATTERY_LOW_CV } from './batteryLevel.js';
import { DAY_S } from './chartRange.js';

/**
 * A battery is flagged in the probe analysis when it is low by the same measure as the probe list
 * (under 3.40 V, spec doc 3 §9). The spec's analysis limit of 3.60 V marked healthy cells that the
 * list shows as full, every day of their life (docs/decisions/0017).
 */
export function isAnalysisBatteryLow(centivolts: number | null | undefined): boolean {
  return centivolts !== null && centivolts !== undefined && centivolts < BATTERY_LOW_CV;
}

/**
 * The cadence the spec's packet limits assume: one measurement an hour, 24 a day. Its "36 a day"
 * is 1.5 times that and its "average over 24" more than one a hour.
 */
export const SPEC_MEASUREMENT_INTERVAL_S = DAY_S / ANALYSIS_AVERAGE_PACKETS_FLAG;
const OVER_FACTOR = ANALYSIS_PACKETS_PER_DAY_FLAG / ANALYSIS_AVERAGE_PACKETS_FLAG;
/** Measurements closer than this are resends of one measurement (the Data tab's "D"), not the cadence. */
const DUPLICATE_GAP_S = 60;

export interface PacketLimits {
  /** A day with this many packets or more is flagged: the probe sent too often. */
  perDay: number;
  /** An average above this is flagged. */
  average: number;
}

/**
 * The spec's packet limits for a probe measuring every `intervalS` seconds: 36 and 24 at one an hour,
 * 108 and 72 at one every 20 minutes. Never stricter than the spec's: a probe measures at least once
 * an hour (the measurement interval is 0–60 minutes, spec doc 2 §5), so a slower cadence seen in the
 * data means lost packets, not a slower probe. Without a known interval, the spec's hourly limits.
 */
export function packetLimits(intervalS?: number | null): PacketLimits {
  const interval =
    intervalS && intervalS > 0
      ? Math.min(intervalS, SPEC_MEASUREMENT_INTERVAL_S)
      : SPEC_MEASUREMENT_INTERVAL_S;
  const perDay = DAY_S / interval;
  return { perDay: Math.ceil(perDay * OVER_FACTOR), average: perDay };
}

/**
 * How often the probe measured in the analysed days: the median gap between its consecutive
 * measurements, resends left out. Null with fewer than two measurements.
 */
export function typicalMeasurementIntervalS(days: readonly Pick<AnalysisDay, 'data'>[]): number | null {
  const times = days.flatMap((d) => d.data.map((p) => p.b)).sort((a, b) => a - b);
  // One measurement per cluster of resends: the first of them.
  const kept: number[] = [];
  for (const t of times) {
    const last = kept.at(-1);
    if (last === undefined || t - last >= DUPLICATE_GAP_S) kept.push(t);
  }
  const gaps = kept.slice(1).map((t, i) => t - (kept[i] ?? t));
  if (gaps.length === 0) return null;
  gaps.sort((a, b) => a - b);
  const mid = Math.floor(gaps.length / 2);
  return gaps.length % 2 === 1 ? (gaps[mid] ?? null) : ((gaps[mid - 1] ?? 0) + (gaps[mid] ?? 0)) / 2;
}

/** Spec doc 2 §9: a day with too many packets is flagged (36 or more at one measurement an hour). */
export function isDayOverPacketLimit(
  day: Pick<AnalysisDay, 'N'>,
  limits: PacketLimits = packetLimits(),
): boolean {
  return day.N >= limits.perDay;
}

/** Packets per day with data, averaged; null without data days. */
export function averagePacketsPerDay(summary: Pick<AnalysisSummary, 'N' | 'dataDays'>): number | null {
  return summary.dataDays > 0 ? summary.N / summary.dataDays : null;
}

/** Spec doc 2 §9: an average over one day's worth of packets is flagged (over 24 at one an hour). */
export function isAverageOverLimit(
  summary: Pick<AnalysisSummary, 'N' | 'dataDays'>,
  limits: PacketLimits = packetLimits(),
): boolean {
  const avg = averagePacketsPerDay(summary);
  return avg !== null && avg > limits.average;
}
