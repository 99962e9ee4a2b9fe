/**
 * Outdoor air temperature of a temperate northern-hemisphere farm, in °C.
 * Annual mean 9 °C, ±11 °C: about -2 °C in mid-January and 20 °C around 20 July;
 * the day is warmest at 15:00 UTC (the demo farms sit near Greenwich's longitude).
 */
export const DAY_S = 86_400;
export const YEAR_DAYS = 365.2425;

export const AMBIENT_MEAN_C = 9;
export const AMBIENT_SEASONAL_AMPLITUDE_C = 11;
/** Day of the year (0 = 1 January) with the warmest weather on average. */
export const WARMEST_DAY_OF_YEAR = 200;

/** Seasonal deviation from the annual mean, in °C (positive in summer). */
export function seasonalDeviation(ts: number): number {
  const days = ts / DAY_S;
  return AMBIENT_SEASONAL_AMPLITUDE_C * Math.cos((2 * Math.PI * (days - WARMEST_DAY_OF_YEAR)) / YEAR_DAYS);
}

/** Daily cycle in [-1, 1], +1 at 15:00 UTC. */
export function diurnal(ts: number): number {
  const hourOfDay = (((ts % DAY_S) + DAY_S) % DAY_S) / 3600;
  return Math.cos((2 * Math.PI * (hourOfDay - 15)) / 24);
}

/** Seasonal air temperature (no weather, no daily cycle). */
export function seasonalAmbient(ts: number): number {
  return AMBIENT_MEAN_C + seasonalDeviation(ts);
}
