import type { HayQualityBars } from './hayQuality.js';

/**
 * The colours of a probe's hay quality (spec doc 3 §3 "color, color3D"): one per bar count, from
 * green (5 bars, hay as baled) to red (1 bar), and for the 3D view the same hue darkened by how
 * much of the heat-labile value is spent (`intensity`), so a worse spot inside a bar band still reads
 * darker. Decision 0028.
 */
export const HAY_QUALITY_BAR_COLORS: Readonly<Record<HayQualityBars, string>> = {
  5: '#2e7d32',
  4: '#7cb342',
  3: '#fbc02d',
  2: '#f57c00',
  1: '#c62828',
};

/** How far color3D is darkened at intensity 1 (towards black). */
const MAX_DARKENING = 0.45;

export function hayQualityColor(bars: HayQualityBars): string {
  return HAY_QUALITY_BAR_COLORS[bars];
}

export function hayQualityColor3D(bars: HayQualityBars, intensity: number): string {
  const hex = HAY_QUALITY_BAR_COLORS[bars];
  const k = 1 - MAX_DARKENING * Math.min(1, Math.max(0, intensity));
  const channel = (i: number) =>
    Math.round(parseInt(hex.slice(i, i + 2), 16) * k)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}
