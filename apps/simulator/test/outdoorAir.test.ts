import { describe, expect, it } from 'vitest';
import {
  OUTDOOR_DAILY_AMPLITUDE_C,
  outdoorHumidity,
  outdoorMeanC,
  outdoorTemperatureC,
  relativeHumidity,
} from '../src/outdoorAir.js';
import { seasonalAmbient } from '../src/seasonalAmbient.js';

const DAY = 86_400;
/** Midnight UTC, 26 November 2026 and 20 July 2026. */
const NOVEMBER = Date.UTC(2026, 10, 26) / 1000;
const JULY = Date.UTC(2026, 6, 20) / 1000;

describe('the outdoor air', () => {
  it.each([
    { t: 20, dew: 20, rh: 100 },
    { t: 20, dew: 10, rh: 52.5 },
    { t: 0, dew: -8, rh: 54.9 },
    { t: 10, dew: 2, rh: 57.5 },
    { t: 30, dew: 10, rh: 28.9 },
    { t: 10, dew: 15, rh: 100 }, // supersaturated in the formula: held to 100 %
  ])('relative humidity of air at $t °C with dew point $dew °C is $rh %', ({ t, dew, rh }) => {
    expect(relativeHumidity(t, dew)).toBeCloseTo(rh, 1);
  });

  it.each([
    { season: 'November', day0: NOVEMBER },
    { season: 'July', day0: JULY },
  ])('swings ±5 °C a day in $season, warmest at 15:00 UTC, coldest at 03:00', ({ day0 }) => {
    for (let d = 0; d < 10; d++) {
      const base = day0 + d * DAY;
      const warm = outdoorTemperatureC(1, base + 15 * 3600);
      const cold = outdoorTemperatureC(1, base + 3 * 3600);
      // The weather moves a little in 12 hours; the daily cycle dominates.
      expect(warm - cold).toBeGreaterThan(2 * OUTDOOR_DAILY_AMPLITUDE_C - 3);
      expect(warm - cold).toBeLessThan(2 * OUTDOOR_DAILY_AMPLITUDE_C + 3);
      expect(Math.abs(outdoorMeanC(1, base) - seasonalAmbient(base))).toBeLessThanOrEqual(3);
    }
  });

  it('is humid at dawn and dry in the afternoon, within a continental site’s range', () => {
    for (let d = 0; d < 10; d++) {
      const base = NOVEMBER + d * DAY;
      const dawn = outdoorHumidity(1, base + 3 * 3600);
      const afternoon = outdoorHumidity(1, base + 15 * 3600);
      expect(dawn).toBeGreaterThan(70);
      expect(dawn).toBeLessThan(92);
      expect(afternoon).toBeGreaterThan(28);
      expect(afternoon).toBeLessThan(50);
    }
  });

  it('is a pure function of seed and time, and differs between seeds', () => {
    expect(outdoorTemperatureC(7, NOVEMBER + 100)).toBe(outdoorTemperatureC(7, NOVEMBER + 100));
    expect(outdoorTemperatureC(7, NOVEMBER + 100)).not.toBe(outdoorTemperatureC(8, NOVEMBER + 100));
  });
});
