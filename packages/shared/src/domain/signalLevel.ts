/**
 * Signal bars for a probe or base-station RSSI (dBm).
 * Spec doc 1 §9: levels are -2 (none), -1 (no signal) and 0–4 bars.
 * Spec doc 3 §9: -70 dBm or better = 4, -80 = 3, -90 = 2, -95 = 1.
 * Decision (docs/decisions/0002-display-rules.md): a missing value is "none" (-2);
 * a value outside the radio's physical range (≥ 0 or below -130 dBm) is "no signal" (-1);
 * anything weaker than -95 dBm is still heard, so it is 0 bars.
 */
export type SignalLevel = -2 | -1 | 0 | 1 | 2 | 3 | 4;

export const SIGNAL_THRESHOLDS_DBM = [
  { min: -70, level: 4 },
  { min: -80, level: 3 },
  { min: -90, level: 2 },
  { min: -95, level: 1 },
] as const;

export function signalLevel(rssi: number | null | undefined): SignalLevel {
  if (rssi === null || rssi === undefined || Number.isNaN(rssi)) return -2;
  if (rssi >= 0 || rssi < -130) return -1;
  for (const t of SIGNAL_THRESHOLDS_DBM) if (rssi >= t.min) return t.level;
  return 0;
}
