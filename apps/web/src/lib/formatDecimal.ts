import { displayTemperature, MISSING_VALUE, type DegreesUnit } from '@emberwatch/shared/domain/temperature';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import { i18n } from '../i18n/i18n';

/**
 * Each interface language's decimal mark and minus sign, as Intl.NumberFormat writes them (a test holds
 * them equal). Written out because the first NumberFormat costs a phone's start tens of milliseconds
 * (it loads the locale's number data) before the probe list can show a single temperature.
 */
export const DECIMAL_NOTATION: Readonly<Record<Language, { decimal: string; minus: string }>> = {
  en: { decimal: '.', minus: '-' },
  fr: { decimal: ',', minus: '-' },
  de: { decimal: ',', minus: '-' },
  fi: { decimal: ',', minus: '\u2212' },
  hr: { decimal: ',', minus: '\u2212' },
  it: { decimal: ',', minus: '-' },
  nl: { decimal: ',', minus: '-' },
  es: { decimal: ',', minus: '-' },
};

const formats = new Map<string, Intl.NumberFormat>();

function intlFormat(language: string, value: number, digits: number): string {
  const key = `${language}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
    formats.set(key, format);
  }
  return format.format(value);
}

/**
 * `abs` (not negative) with `digits` decimals, rounded as Intl rounds: the shortest decimal that reads
 * back as the number ("1.005", not the binary 1.00499…), half away from zero. Null where the shortest
 * form is in exponent notation (below 1e-6, from 1e21): Intl writes those.
 */
export function fixedDecimals(abs: number, digits: number): string | null {
  const shortest = String(abs);
  if (shortest.includes('e')) return null;
  const [whole = '0', fraction = ''] = shortest.split('.');
  if (fraction.length <= digits) return digits > 0 ? `${whole}.${fraction.padEnd(digits, '0')}` : whole;
  let kept = BigInt(whole + fraction.slice(0, digits));
  if (fraction.charCodeAt(digits) >= 53 /* '5' */) kept += 1n;
  const text = kept.toString().padStart(digits + 1, '0');
  return digits > 0 ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
}

/**
 * A number with a fixed count of decimals in the interface language's notation ("52.3" in English,
 * "52,3" in Finnish), as Intl.NumberFormat writes it. Read at render time: components re-render when
 * the language changes.
 */
export function formatDecimal(value: number, digits = 1): string {
  const language = i18n.language || 'en';
  const notation = DECIMAL_NOTATION[language as Language] as (typeof DECIMAL_NOTATION)[Language] | undefined;
  const fixed = notation && Number.isFinite(value) ? fixedDecimals(Math.abs(value), digits) : null;
  if (!notation || fixed === null) return intlFormat(language, value, digits);
  // The sign apart, so that a negative zero and what rounds to zero keep their minus ("-0.0"), as in Intl.
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? notation.minus : ''}${notation.decimal === '.' ? fixed : fixed.replace('.', notation.decimal)}`;
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
