import { displayTemperature, MISSING_VALUE, type DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { i18n } from '../i18n/i18n';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A number with a fixed count of decimals in the interface language's notation ("52.3" in English,
 * "52,3" in Finnish). Read at render time: components re-render when the language changes.
 */
export function formatDecimal(value: number, digits = 1): string {
  const key = `${i18n.language}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(i18n.language || 'en', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
    formats.set(key, format);
  }
  return format.format(value);
}

/** A temperature stored in tenths of °C, in the user's unit and the language's notation; '--' if missing. */
export function formatTemperatureText(
  tenths: number | null | undefined,
  unit: DegreesUnit,
  withUnit = false,
): string {
  if (tenths === null || tenths === undefined || Number.isNaN(tenths)) return MISSING_VALUE;
  const text = formatDecimal(displayTemperature(tenths, unit));
  return withUnit ? `${text} °${unit}` : text;
}

/** Battery centivolts as volts with two decimals ("3,56" in Finnish); '--' if missing. */
export function formatVoltsText(centivolts: number | null | undefined): string {
  if (centivolts === null || centivolts === undefined || Number.isNaN(centivolts)) return MISSING_VALUE;
  return formatDecimal(centivolts / 100, 2);
}
