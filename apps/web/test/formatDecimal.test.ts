import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../src/i18n/i18n';
import { formatDecimal, formatTemperatureText, formatVoltsText } from '../src/lib/formatDecimal';

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
});
