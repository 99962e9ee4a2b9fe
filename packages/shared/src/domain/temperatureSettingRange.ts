import { celsiusToFahrenheit, fahrenheitToCelsius, type DegreesUnit } from './temperature.js';

/**
 * Temperature settings (alert limits, colour steps, chart range) are stored in °C and edited in the
 * user's unit. Spec doc 1 §5 and §9: range 0–100 in Celsius and 20–220 in Fahrenheit; colour steps
 * need exactly 5 values; the safety alert description uses a limit of 65 °C.
 */
export const TEMPERATURE_SETTING_RANGE: Record<DegreesUnit, { min: number; max: number }> = {
  C: { min: 0, max: 100 },
  F: { min: 20, max: 220 },
};
/** The stored (°C) range the server validates against. */
export const STORED_SETTING_RANGE_C = TEMPERATURE_SETTING_RANGE.C;
export const COLOR_STEP_COUNT = 5;
export const SAFETY_ALERT_LIMIT_C = 65;

export type TemperatureSettingError = 'required' | 'notNumber' | 'outOfRange';
export type ColorStepsError = TemperatureSettingError | 'count' | 'decreasing';
export type ChartRangeError = TemperatureSettingError | 'order';

/** A stored °C setting as the user edits it: whole degrees in their unit. */
export function settingToDisplay(celsius: number, unit: DegreesUnit): number {
  return Math.round(unit === 'C' ? celsius : celsiusToFahrenheit(celsius));
}

/**
 * A value typed in the user's unit as stored °C, one decimal. The spec's Fahrenheit range
 * (20–220 °F ≈ −6.7–104.4 °C) is wider than the stored one (0–100 °C), so the result is clamped
 * into 0–100 °C: 220 °F is saved as 100 °C.
 */
export function settingToCelsius(value: number, unit: DegreesUnit): number {
  const c = unit === 'C' ? value : fahrenheitToCelsius(value);
  const clamped = Math.min(STORED_SETTING_RANGE_C.max, Math.max(STORED_SETTING_RANGE_C.min, c));
  // Normalises −0 to 0.
  return Math.round(clamped * 10) / 10 + 0;
}

/** Parses a typed value ("45", "45.5", "45,5"); null when it is not a number. */
export function parseSettingInput(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (t === '' || !/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

export function validateTemperatureSetting(text: string, unit: DegreesUnit): TemperatureSettingError | null {
  if (text.trim() === '') return 'required';
  const v = parseSettingInput(text);
  if (v === null) return 'notNumber';
  const { min, max } = TEMPERATURE_SETTING_RANGE[unit];
  return v < min || v > max ? 'outOfRange' : null;
}

/** Per-field errors of the five colour steps, then one error for the whole set (count or order). */
export function validateColorSteps(
  texts: readonly string[],
  unit: DegreesUnit,
): { fields: (TemperatureSettingError | null)[]; set: 'count' | 'decreasing' | null } {
  const fields = texts.map((t) => validateTemperatureSetting(t, unit));
  if (texts.length !== COLOR_STEP_COUNT) return { fields, set: 'count' };
  if (fields.some((e) => e !== null)) return { fields, set: null };
  const values = texts.map((t) => parseSettingInput(t) ?? 0);
  const decreasing = values.some((v, i) => i > 0 && v < (values[i - 1] ?? v));
  return { fields, set: decreasing ? 'decreasing' : null };
}

/** Chart range: both ends in range, and the minimum below the maximum (also once stored in °C). */
export function validateChartRange(
  [minText, maxText]: readonly [string, string],
  unit: DegreesUnit,
): { min: TemperatureSettingError | null; max: TemperatureSettingError | null; order: boolean } {
  const min = validateTemperatureSetting(minText, unit);
  const max = validateTemperatureSetting(maxText, unit);
  if (min || max) return { min, max, order: false };
  const lo = settingToCelsius(parseSettingInput(minText) ?? 0, unit);
  const hi = settingToCelsius(parseSettingInput(maxText) ?? 0, unit);
  return { min, max, order: !(lo < hi) };
}
