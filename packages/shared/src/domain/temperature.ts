/**
 * Temperatures travel and are stored as integer tenths of °C (architecture brief: SQL portability).
 * Display converts to the user's unit (ui_preferences.degrees: 'C' or anything else = Fahrenheit,
 * spec doc 1 §3) with one decimal (spec doc 3 §9), and a missing value shows '--'.
 */
export type DegreesUnit = 'C' | 'F';
export const MISSING_VALUE = '--';

export function tenthsToCelsius(tenths: number): number {
  return tenths / 10;
}

export function celsiusToFahrenheit(c: number): number {
  return (c * 9) / 5 + 32;
}

export function fahrenheitToCelsius(f: number): number {
  return ((f - 32) * 5) / 9;
}

/** Numeric display value in the chosen unit, rounded to one decimal. */
export function displayTemperature(tenths: number, unit: DegreesUnit): number {
  const c = tenthsToCelsius(tenths);
  const v = unit === 'C' ? c : celsiusToFahrenheit(c);
  return Math.round(v * 10) / 10;
}

export function formatTemperature(
  tenths: number | null | undefined,
  unit: DegreesUnit,
  withUnit = false,
): string {
  if (tenths === null || tenths === undefined || Number.isNaN(tenths)) return MISSING_VALUE;
  const text = displayTemperature(tenths, unit).toFixed(1);
  return withUnit ? `${text} °${unit}` : text;
}

/**
 * A temperature difference (not a temperature) in the user's unit, whole degrees: 5 °C warmer is
 * 9 °F warmer, not 41 °F. For guidance texts such as "aerate when the air is 5 °C cooler".
 */
export function differenceToDisplay(celsiusDelta: number, unit: DegreesUnit): number {
  return Math.round(unit === 'C' ? celsiusDelta : (celsiusDelta * 9) / 5) + 0;
}

export function unitOf(degrees: string | null | undefined): DegreesUnit {
  return degrees === 'C' || degrees === undefined || degrees === null ? 'C' : 'F';
}
