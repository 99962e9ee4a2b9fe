/**
 * Battery state from the probe's battery voltage in centivolts (spec doc 3 §3: batt_voltage is centivolts).
 * Spec doc 3 §9: quality levels at 320, 330, 340, 350; low battery is under 340 with data older
 * than 3 hours (a fresh reading taken while the radio transmits sags, so only a settled one counts).
 */
export type BatteryLevel = 0 | 1 | 2 | 3 | 4;

export const BATTERY_LEVEL_THRESHOLDS_CV = [320, 330, 340, 350] as const;
export const BATTERY_LOW_CV = 340;
export const BATTERY_LOW_MIN_AGE_S = 3 * 3600;

export function batteryLevel(centivolts: number | null | undefined): BatteryLevel | null {
  if (centivolts === null || centivolts === undefined || Number.isNaN(centivolts)) return null;
  let level = 0;
  for (const threshold of BATTERY_LEVEL_THRESHOLDS_CV) if (centivolts >= threshold) level++;
  return level as BatteryLevel;
}

export function isBatteryLow(centivolts: number | null | undefined, ageSeconds: number): boolean {
  if (centivolts === null || centivolts === undefined) return false;
  return centivolts < BATTERY_LOW_CV && ageSeconds > BATTERY_LOW_MIN_AGE_S;
}

/** Centivolts to volts with two decimals, e.g. 356 → "3.56". */
export function formatVolts(centivolts: number | null | undefined): string {
  if (centivolts === null || centivolts === undefined) return '--';
  return (centivolts / 100).toFixed(2);
}
