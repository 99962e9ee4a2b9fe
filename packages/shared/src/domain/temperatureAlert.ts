/**
 * Whether a probe is above the user's alert temperature (ui_preferences.temperature_alert, °C,
 * default 45 — spec doc 1 §9). Any depth counts: a stack heats from the inside, so the core is the
 * one that matters. "Above" is strict: a reading equal to the limit has not passed it. The limit is
 * compared in tenths, like the readings, so a limit saved from °F (113 °F = 45 °C) meets the reading
 * that shows as 113.0 °F.
 */
export function isAboveAlert(temperatures: readonly number[], alertC: number): boolean {
  if (!Number.isFinite(alertC)) return false;
  const limit = Math.round(alertC * 10);
  return temperatures.some((t) => t > limit);
}
