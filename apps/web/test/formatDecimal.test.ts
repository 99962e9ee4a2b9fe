import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../src/i18n/i18n';
import { LANGUAGES } from '@emberwatch/shared/contracts/preferences';
import {
  DECIMAL_NOTATION,
  formatDecimal,
  formatTemperatureText,
  formatVoltsText,
} from '../src/lib/formatDecimal';

describe('numbers in the interface language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('writes a decimal point in English and a decimal comma in Finnish, German and French', async () => {
    expect(formatTemperatureText(523, 'C')).toBe('52.3');
    for (const lang of ['fi', 'de', 'fr']) {
      await i18n.changeLanguage(lang);
      expect(formatTemperatureText(523, 'C'), lang).toBe('52,3');
    }
  });

  it('converts to °F before formatting and keeps one decimal', async () => {
    await i18n.changeLanguage('nl');
    expect(formatTemperatureText(1000, 'F', true)).toBe('212,0 °F');
  });

  it('shows missing values as --', () => {
    expect(formatTemperatureText(null, 'C')).toBe('--');
    expect(formatVoltsText(undefined)).toBe('--');
  });

  it('writes battery volts with two decimals and never groups thousands', async () => {
    expect(formatVoltsText(356)).toBe('3.56');
    expect(formatDecimal(12345.6, 1)).toBe('12345.6');
    await i18n.changeLanguage('hr');
    expect(formatVoltsText(356)).toBe('3,56');
  });

  // The written-out notation must say what Intl says, in every interface language, for every kind of
  // value a temperature or a voltage takes: negative, rounded up on a tie, negative zero, large.
  const VALUES = [
    52.3,
    -5.25,
    5.25,
    -0,
    0,
    -0.04,
    0.05,
    -0.05,
    1.005,
    2.675,
    12345.6,
    -273.15,
    999.95,
    3.56,
    0.995,
    9.5,
    1e-7,
    1e21,
    // Every temperature a probe sends in °C and °F, and every voltage, in their own steps.
    ...Array.from({ length: 1300 }, (_, i) => (i - 300) / 10),
    ...Array.from({ length: 1300 }, (_, i) => ((i - 300) * 9) / 50 + 32),
    ...Array.from({ length: 500 }, (_, i) => i / 100),
  ];
  it.each(LANGUAGES.flatMap((lang) => [0, 1, 2].map((digits) => [lang, digits] as const)))(
    'writes %s with %i decimals as Intl.NumberFormat does',
    async (lang, digits) => {
      await i18n.changeLanguage(lang);
      const intl = new Intl.NumberFormat(lang, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        useGrouping: false,
      });
      for (const v of VALUES) expect(formatDecimal(v, digits), `${lang} ${v}`).toBe(intl.format(v));
      const parts = intl.formatToParts(-1.5);
      expect(DECIMAL_NOTATION[lang]).toEqual({
        decimal: parts.find((p) => p.type === 'decimal')?.value ?? DECIMAL_NOTATION[lang].decimal,
        minus: parts.find((p) => p.type === 'minusSign')?.value,
      });
    },
  );
});
