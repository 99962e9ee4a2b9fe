import { DEFAULT_UI_PREFERENCES } from '../contracts/preferences.js';
import { COLOR_STEP_COUNT } from './temperatureSettingRange.js';

/**
 * The colour scale of temperatures (spec doc 1 §9 and doc 3 §9: five colour steps, default
 * 0, 40, 60, 80, 100 °C; below −20 is blue). The five steps (ui_preferences.color_steps, stored in
 * °C whatever unit the user reads) cut the scale into six bands:
 *
 *   band 0  below the first step, and anything below −20 °C  (cold: blue)
 *   band 1  from step 1        band 2  from step 2        band 3  from step 3
 *   band 4  from step 4        band 5  from step 5 up     (hottest: dark red)
 *
 * A value exactly on a step belongs to the band above it, so a step reads "from here on". Equal
 * steps (allowed: the steps may not decrease) leave an empty band between them. The colours live in
 * the web theme; this is only the rule, so every screen bands a value the same way.
 */
export const TEMPERATURE_BAND_COUNT = COLOR_STEP_COUNT + 1;
export type TemperatureBand = 0 | 1 | 2 | 3 | 4 | 5;

/** Spec doc 3 §9: below −20 is blue, whatever the steps say. */
export const COLD_BELOW_C = -20;

/** Spec doc 1 §9: the default colour steps, °C. */
export const DEFAULT_COLOR_STEPS_C: readonly number[] = DEFAULT_UI_PREFERENCES.color_steps;

/** The user's steps, or the defaults when the stored set is not five numbers (an older store). */
function usableSteps(colorStepsC: readonly number[] | null | undefined): readonly number[] {
  return colorStepsC?.length === COLOR_STEP_COUNT && colorStepsC.every((s) => Number.isFinite(s))
    ? colorStepsC
    : DEFAULT_COLOR_STEPS_C;
}

/** The band of a temperature in tenths of °C under the user's colour steps (°C, one decimal). */
export function temperatureBand(
  tenths: number,
  colorStepsC: readonly number[] | null | undefined,
): TemperatureBand {
  if (tenths < COLD_BELOW_C * 10) return 0;
  // Steps compared in tenths: a step saved from °F (100 °F = 37.8 °C) meets the reading that shows as 100.0 °F.
  const reached = usableSteps(colorStepsC).filter((step) => tenths >= Math.round(step * 10)).length;
  return reached as TemperatureBand;
}
