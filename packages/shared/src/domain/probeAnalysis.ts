import {
  ANALYSIS_AVERAGE_PACKETS_FLAG,
  ANALYSIS_BATTERY_ALERT_CV,
  ANALYSIS_PACKETS_PER_DAY_FLAG,
  type AnalysisDay,
  type AnalysisSummary,
} from '../contracts/probeData.js';

/** Spec doc 2 §9: a battery below 360 (centivolts) is flagged in the probe analysis. */
export function isAnalysisBatteryLow(centivolts: number | null | undefined): boolean {
  return centivolts !== null && centivolts !== undefined && centivolts < ANALYSIS_BATTERY_ALERT_CV;
}

/** Spec doc 2 §9: a day with 36 packets or more is flagged (the probe sends too often). */
export function isDayOverPacketLimit(day: Pick<AnalysisDay, 'N'>): boolean {
  return day.N >= ANALYSIS_PACKETS_PER_DAY_FLAG;
}

/** Packets per day with data, averaged; null without data days. */
export function averagePacketsPerDay(summary: Pick<AnalysisSummary, 'N' | 'dataDays'>): number | null {
  return summary.dataDays > 0 ? summary.N / summary.dataDays : null;
}

/** Spec doc 2 §9: an average over 24 packets per day is flagged. */
export function isAverageOverLimit(summary: Pick<AnalysisSummary, 'N' | 'dataDays'>): boolean {
  const avg = averagePacketsPerDay(summary);
  return avg !== null && avg > ANALYSIS_AVERAGE_PACKETS_FLAG;
}
