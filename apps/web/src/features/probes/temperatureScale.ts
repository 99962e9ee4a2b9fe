import { useMemo } from 'react';
import { useUiPreferences } from '../sessions';

/** The user's temperature display settings, stored in °C (spec doc 1 §9): colour steps and alert limit. */
export interface TemperatureScale {
  colorStepsC: readonly number[];
  alertC: number;
}

/** The same object while the settings stay the same, so that a list drawn with it is not drawn again. */
export function useTemperatureScale(): TemperatureScale {
  const prefs = useUiPreferences();
  const colorStepsC = prefs.color_steps;
  const alertC = prefs.temperature_alert;
  return useMemo(() => ({ colorStepsC, alertC }), [colorStepsC, alertC]);
}
