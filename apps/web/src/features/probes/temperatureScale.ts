import { useUiPreferences } from '../sessions';

/** The user's temperature display settings, stored in °C (spec doc 1 §9): colour steps and alert limit. */
export interface TemperatureScale {
  colorStepsC: readonly number[];
  alertC: number;
}

export function useTemperatureScale(): TemperatureScale {
  const prefs = useUiPreferences();
  return { colorStepsC: prefs.color_steps, alertC: prefs.temperature_alert };
}
