import { hashSeed } from './hashSeed.js';
import { DAY_S, diurnal, seasonalAmbient } from './seasonalAmbient.js';
import { valueNoise } from './valueNoise.js';

/**
 * The outdoor air of a demo site, as its outdoor probe and the fan controllers' inlet sensors read it.
 *
 * - **Temperature**: the seasonal curve (seasonalAmbient.ts), weather that wanders ±3 °C over a few
 *   days, and a daily cycle of ±5 °C, warmest at 15:00 UTC and coldest at 03:00 — the cycle that
 *   makes aeration a night-and-day affair.
 * - **Humidity**: the air's dew point stays about the same through a day while its temperature
 *   swings, so the relative humidity is highest at dawn and lowest in the afternoon. The dew point
 *   is held DEW_POINT_DEPRESSION_C below the day's mean temperature (a dry continental site: the
 *   prairie's autumn), and the humidity follows from the Magnus formula: about 85 % at the coldest
 *   hour, 55 % at the mean, 35 % in the afternoon.
 *
 * Both are pure functions of (seed, time), like every probe curve.
 */
export const OUTDOOR_DAILY_AMPLITUDE_C = 5;
export const OUTDOOR_WEATHER_C = 3;
export const DEW_POINT_DEPRESSION_C = 8;

/** Magnus coefficients over water (Alduchov and Eskridge 1996). */
const MAGNUS_B = 17.625;
const MAGNUS_C = 243.04;

/** The day's mean temperature: the season and the weather, without the daily cycle, °C. */
export function outdoorMeanC(seed: number, ts: number): number {
  return seasonalAmbient(ts) + OUTDOOR_WEATHER_C * valueNoise(hashSeed(seed, 'outdoor'), ts / (2.5 * DAY_S));
}

export function outdoorTemperatureC(seed: number, ts: number): number {
  return outdoorMeanC(seed, ts) + OUTDOOR_DAILY_AMPLITUDE_C * diurnal(ts);
}

/** Relative humidity, %, of air at `tempC` with dew point `dewPointC` (Magnus), held to 5–100 %. */
export function relativeHumidity(tempC: number, dewPointC: number): number {
  const gamma = (t: number) => (MAGNUS_B * t) / (MAGNUS_C + t);
  const rh = 100 * Math.exp(gamma(dewPointC) - gamma(tempC));
  return Math.min(100, Math.max(5, rh));
}

/** The outdoor air's relative humidity, % (one decimal). */
export function outdoorHumidity(seed: number, ts: number): number {
  const rh = relativeHumidity(outdoorTemperatureC(seed, ts), outdoorMeanC(seed, ts) - DEW_POINT_DEPRESSION_C);
  return Math.round(rh * 10) / 10;
}
