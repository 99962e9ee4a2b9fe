import { describe, expect, it } from 'vitest';
import { TEMPERATURE_BAND_COUNT, type TemperatureBand } from '@emberwatch/shared/domain/temperatureBand';
import { TEMPERATURE_BAND_COLOURS } from '../src/features/probes/temperaturePalette';

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const bands = Array.from({ length: TEMPERATURE_BAND_COUNT }, (_, i) => i as TemperatureBand);

// WCAG 2.1 AA: normal text needs a contrast of at least 4.5:1.
describe('the temperature band colours', () => {
  it('has one colour set per band', () => {
    expect(Object.keys(TEMPERATURE_BAND_COLOURS)).toHaveLength(TEMPERATURE_BAND_COUNT);
  });

  it.each(bands)('band %i: the value on its fill reads at WCAG AA', (band) => {
    const { fill, onFill } = TEMPERATURE_BAND_COLOURS[band];
    expect(contrast(onFill, fill)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(bands)('band %i: the text colour reads on white at WCAG AA', (band) => {
    expect(contrast(TEMPERATURE_BAND_COLOURS[band].text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('gives every band its own fill and text colour', () => {
    expect(new Set(bands.map((b) => TEMPERATURE_BAND_COLOURS[b].fill)).size).toBe(TEMPERATURE_BAND_COUNT);
    expect(new Set(bands.map((b) => TEMPERATURE_BAND_COLOURS[b].text)).size).toBe(TEMPERATURE_BAND_COUNT);
  });
});
