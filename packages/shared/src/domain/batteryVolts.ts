/**
 * Battery voltage on the chart (spec doc 2 §9: voltage axis 250–400 shown /100 V; battery
 * "(2·value+200)/100 V"). Our stations send centivolts (doc 3 §3), so volts are centivolts / 100;
 * the spec's formula decodes the legacy one-byte encoding and applies only to such raw values
 * (docs/decisions/0002-display-rules.md).
 */
export const VOLTAGE_AXIS_CV = [250, 400] as const;

export function batteryVolts(centivolts: number | null | undefined): number | null {
  if (centivolts === null || centivolts === undefined || Number.isNaN(centivolts)) return null;
  return centivolts / 100;
}

/** A legacy raw battery byte to centivolts: 2·value + 200. */
export function rawBatteryCentivolts(raw: number): number {
  return 2 * raw + 200;
}
