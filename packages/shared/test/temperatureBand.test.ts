import { describe, expect, it } from 'vitest';
import { DEFAULT_UI_PREFERENCES } from '../src/contracts/preferences.js';
import {
  COLD_BELOW_C,
  DEFAULT_COLOR_STEPS_C,
  TEMPERATURE_BAND_COUNT,
  temperatureBand,
} from '../src/domain/temperatureBand.js';

// Spec doc 1 §9 and doc 3 §9: colour steps are 5 values, default 0, 40, 60, 80, 100 (°C); below −20 is blue.
// Doc 1 §4 demo presets: HAY 0/20/30/45/60, GRAIN 0/10/20/30/40, WASTE 0/40/60/80/100.
const HAY = [0, 20, 30, 45, 60];
const GRAIN = [0, 10, 20, 30, 40];

describe('temperature colour bands (spec doc 1 §9, doc 3 §9)', () => {
  it('has the spec numbers: five steps make six bands, default 0/40/60/80/100, below −20 blue', () => {
    expect(TEMPERATURE_BAND_COUNT).toBe(6);
    expect(DEFAULT_COLOR_STEPS_C).toEqual([0, 40, 60, 80, 100]);
    expect(DEFAULT_UI_PREFERENCES.color_steps).toEqual(DEFAULT_COLOR_STEPS_C);
    expect(COLD_BELOW_C).toBe(-20);
  });

  it.each([
    // [tenths of °C, steps, band]
    [-201, DEFAULT_COLOR_STEPS_C, 0],
    [-200, DEFAULT_COLOR_STEPS_C, 0],
    [-1, DEFAULT_COLOR_STEPS_C, 0],
    [0, DEFAULT_COLOR_STEPS_C, 1],
    [180, DEFAULT_COLOR_STEPS_C, 1],
    [399, DEFAULT_COLOR_STEPS_C, 1],
    [400, DEFAULT_COLOR_STEPS_C, 2],
    [438, DEFAULT_COLOR_STEPS_C, 2],
    [599, DEFAULT_COLOR_STEPS_C, 2],
    [600, DEFAULT_COLOR_STEPS_C, 3],
    [631, DEFAULT_COLOR_STEPS_C, 3],
    [800, DEFAULT_COLOR_STEPS_C, 4],
    [999, DEFAULT_COLOR_STEPS_C, 4],
    [1000, DEFAULT_COLOR_STEPS_C, 5],
    [2000, DEFAULT_COLOR_STEPS_C, 5],
    // Hay demo: the 51.5 °C stack of issue 7 is in the fourth step's band, the 18 °C one in the first.
    [180, HAY, 1],
    [200, HAY, 2],
    [300, HAY, 3],
    [450, HAY, 4],
    [515, HAY, 4],
    [600, HAY, 5],
    [-5, HAY, 0],
    // Grain demo.
    [95, GRAIN, 1],
    [100, GRAIN, 2],
    [250, GRAIN, 3],
    [410, GRAIN, 5],
  ] as const)('%i tenths with steps %o is band %i', (tenths, steps, band) => {
    expect(temperatureBand(tenths, steps)).toBe(band);
  });

  it('compares in tenths, so a step saved from °F meets the value shown in °F', () => {
    // 100 °F is stored as 37.8 °C; a reading of 37.8 °C shows as 100.0 °F and is on the step.
    const steps = [0, 37.8, 60, 80, 100];
    expect(temperatureBand(377, steps)).toBe(1);
    expect(temperatureBand(378, steps)).toBe(2);
  });

  it('below −20 °C is blue even when the first step is lower (an older store)', () => {
    expect(temperatureBand(-250, [-40, 0, 10, 20, 30])).toBe(0);
    expect(temperatureBand(-300, [-40, 0, 10, 20, 30])).toBe(0);
  });

  it('leaves the band between two equal steps empty', () => {
    const steps = [0, 40, 40, 80, 100];
    expect(temperatureBand(399, steps)).toBe(1);
    expect(temperatureBand(400, steps)).toBe(3);
  });

  it.each([[null], [undefined], [[]], [[0, 40, 60]], [[0, 40, Number.NaN, 80, 100]]])(
    'falls back to the default steps for %o',
    (steps) => {
      expect(temperatureBand(500, steps)).toBe(2);
      expect(temperatureBand(1000, steps)).toBe(5);
    },
  );
});
