import type { TemperatureBand } from '@emberwatch/shared/domain/temperatureBand';

/** How one temperature band is drawn. */
export interface BandColours {
  /** Chip and bar-segment background. */
  fill: string;
  /** Text on `fill` (WCAG AA, ≥ 4.5:1). */
  onFill: string;
  /** The band as a text colour on white (WCAG AA, ≥ 4.5:1), for tables. */
  text: string;
}

/**
 * The six temperature bands of the shared rule (temperatureBand): cold blue, then green, yellow,
 * orange and red, and a dark red for values past the last colour step. Fills are light enough for
 * dark text, except the last, which is dark enough for white text, so the hottest band also stands
 * out by lightness for colour-blind readers (the values themselves are always written out).
 * apps/web/test/temperaturePalette.test.ts checks the contrast ratios.
 */
export const TEMPERATURE_BAND_COLOURS: Readonly<Record<TemperatureBand, BandColours>> = {
  0: { fill: '#93c5fd', onFill: '#111827', text: '#1d4ed8' },
  1: { fill: '#86efac', onFill: '#111827', text: '#15803d' },
  2: { fill: '#fde047', onFill: '#111827', text: '#a16207' },
  3: { fill: '#fb923c', onFill: '#111827', text: '#c2410c' },
  4: { fill: '#ef4444', onFill: '#111827', text: '#b91c1c' },
  5: { fill: '#991b1b', onFill: '#ffffff', text: '#7f1d1d' },
};
