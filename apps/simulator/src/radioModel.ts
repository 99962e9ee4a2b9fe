import { hashSeed } from './hashSeed.js';
import { mulberry32 } from './mulberry32.js';
import { DAY_S } from './seasonalAmbient.js';
import { hash01, valueNoise } from './valueNoise.js';

/**
 * Radio and battery of one probe, as pure functions of (seed, time):
 * - sensor_RSSI wanders slowly between about -60 and -100 dBm around the probe's own level
 *   (distance and what lies between it and the station), with brief dips (a tractor parked in the
 *   way, rain) in about 2 % of hours;
 * - bs_RSSI follows it with the link's own asymmetry;
 * - the battery (centivolts) starts each life at 358–366 and sags, faster towards the end, to about
 *   326–332 over 14–18 months, then is replaced; a lithium cell reads higher when warm and lower
 *   when cold, and a hot probe's reading is noisier.
 */
export interface RadioProfile {
  seed: number;
  baseRssi: number;
  bsOffset: number;
  batteryLifeS: number;
  batteryPhaseS: number;
  batteryStartCv: number;
  batteryEndCv: number;
}

export interface RadioSample {
  sensor_RSSI: number;
  bs_RSSI: number;
  batt_voltage: number;
}

export const RSSI_FLOOR_DBM = -100;
export const RSSI_CEILING_DBM = -60;
const DIP_SHARE = 0.02;

export function radioProfile(seed: number): RadioProfile {
  const rnd = mulberry32(hashSeed(seed, 'radio'));
  const batteryLifeS = (420 + 140 * rnd()) * DAY_S;
  return {
    seed,
    baseRssi: -92 + 24 * rnd(),
    bsOffset: -5 + 8 * rnd(),
    batteryLifeS,
    batteryPhaseS: rnd() * batteryLifeS,
    batteryStartCv: 358 + 8 * rnd(),
    batteryEndCv: 326 + 6 * rnd(),
  };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

export function radioSample(profile: RadioProfile, ts: number, probeTempC: number): RadioSample {
  const s = profile.seed;
  const drift =
    6 * valueNoise(hashSeed(s, 'rssi-slow'), ts / (3 * DAY_S)) +
    2 * valueNoise(hashSeed(s, 'rssi-fast'), ts / (4 * 3600));
  let sensor = clamp(profile.baseRssi + drift, RSSI_FLOOR_DBM + 1, RSSI_CEILING_DBM - 1);
  const hour = Math.floor(ts / 3600);
  if (hash01(hashSeed(s, 'dip'), hour) < DIP_SHARE) sensor -= 6 + 10 * hash01(hashSeed(s, 'dip-depth'), hour);
  const bs = sensor + profile.bsOffset + 1.5 * valueNoise(hashSeed(s, 'bs'), ts / (2 * 3600));

  const age =
    (((ts + profile.batteryPhaseS) % profile.batteryLifeS) + profile.batteryLifeS) % profile.batteryLifeS;
  const wear = (age / profile.batteryLifeS) ** 1.4;
  const thermal = clamp(0.25 * (probeTempC - 20), -4, 4);
  const noiseAmp = 1 + Math.abs(probeTempC - 20) / 30;
  const noise = (hash01(hashSeed(s, 'batt'), Math.floor(ts / 60)) * 2 - 1) * noiseAmp;
  const battery =
    profile.batteryStartCv - (profile.batteryStartCv - profile.batteryEndCv) * wear + thermal + noise;

  return {
    sensor_RSSI: Math.round(clamp(sensor, -120, -40)),
    bs_RSSI: Math.round(clamp(bs, -120, -40)),
    batt_voltage: Math.round(clamp(battery, 0, 1000)),
  };
}

export function radioModel(seed: number): (ts: number, probeTempC: number) => RadioSample {
  const profile = radioProfile(seed);
  return (ts, probeTempC) => radioSample(profile, ts, probeTempC);
}
