import { depthPosition } from './depthPosition.js';
import { hashSeed } from './hashSeed.js';
import { mulberry32 } from './mulberry32.js';
import type { ProbeCurve } from './probeCurve.js';
import { AMBIENT_MEAN_C, DAY_S, diurnal, seasonalDeviation } from './seasonalAmbient.js';
import { toTenths } from './toTenths.js';
import { hash01, valueNoise } from './valueNoise.js';

/**
 * Grain in a bin: a good insulator, so it follows the seasons late and damped. The handle, just
 * under the bin roof, swings with the air (±10 °C over the year, plus a daily cycle); the deepest
 * point swings ±2 °C and lags about six weeks behind. Some probes (two in five) sit near a hot spot —
 * insects or moisture — that grows slowly (+0.25–0.35 °C a day for 45–75 days at one depth, less at
 * the neighbours) until the bin is aerated and it cools within days; then, some weeks later, a new
 * one starts.
 */
export interface GrainHotSpot {
  depthIndex: number;
  cycleS: number;
  phaseS: number;
  growS: number;
  ratePerDayC: number;
}

export interface GrainProfile {
  seed: number;
  depths: number;
  /** This bin's mean against the air's annual mean, °C (respiration keeps grain slightly warmer). */
  offsetC: number;
  /** Share of the seasonal swing reaching each depth (handle first). */
  amplitude: number[];
  /** Delay of the seasonal swing at each depth, seconds. */
  lagS: number[];
  /** Share of the daily cycle reaching each depth. */
  dailyCoupling: number[];
  hotSpot: GrainHotSpot | null;
}

export const GRAIN_HOT_SPOT_SHARE = 0.4;
/** Aeration brings a hot spot down with this time constant. */
const AERATION_TAU_S = 4 * DAY_S;

export function grainProfile(seed: number, depths: number): GrainProfile {
  const rnd = mulberry32(hashSeed(seed, 'grain'));
  const offsetC = 0.5 + 1.5 * rnd();
  const amplitude: number[] = [];
  const lagS: number[] = [];
  const dailyCoupling: number[] = [];
  for (let i = 0; i < depths; i++) {
    const x = depthPosition(i, depths);
    amplitude.push(0.9 * Math.exp(-1.6 * x));
    lagS.push((2 + 40 * x) * DAY_S);
    dailyCoupling.push((1 - x) ** 3);
  }
  let hotSpot: GrainHotSpot | null = null;
  if (rnd() < GRAIN_HOT_SPOT_SHARE) {
    const cycleS = (100 + 40 * rnd()) * DAY_S;
    hotSpot = {
      depthIndex: depths > 1 ? 1 + Math.floor(rnd() * (depths - 1)) : 0,
      cycleS,
      phaseS: rnd() * cycleS,
      growS: (45 + 30 * rnd()) * DAY_S,
      ratePerDayC: 0.25 + 0.1 * rnd(),
    };
  }
  return { seed, depths, offsetC, amplitude, lagS, dailyCoupling, hotSpot };
}

/** Excess heat of the hot spot at its own depth, °C. */
export function grainHotSpotExcess(hotSpot: GrainHotSpot, ts: number): number {
  const s = (((ts + hotSpot.phaseS) % hotSpot.cycleS) + hotSpot.cycleS) % hotSpot.cycleS;
  const rate = hotSpot.ratePerDayC / DAY_S;
  if (s < hotSpot.growS) return rate * s;
  return rate * hotSpot.growS * Math.exp(-(s - hotSpot.growS) / AERATION_TAU_S);
}

export function grainTemperatures(profile: GrainProfile, ts: number): number[] {
  const weatherSeed = hashSeed(profile.seed, 'weather');
  const hot = profile.hotSpot ? grainHotSpotExcess(profile.hotSpot, ts) : 0;
  const out: number[] = [];
  for (let i = 0; i < profile.depths; i++) {
    const amp = profile.amplitude[i] ?? 0;
    const lag = profile.lagS[i] ?? 0;
    const seasonal = amp * seasonalDeviation(ts - lag);
    const weather = amp * 2.5 * valueNoise(weatherSeed, (ts - lag) / (3 * DAY_S));
    const day = 1.2 * (profile.dailyCoupling[i] ?? 0) * diurnal(ts);
    let spot = 0;
    if (profile.hotSpot) {
      const distance = Math.abs(i - profile.hotSpot.depthIndex);
      spot = hot * (distance === 0 ? 1 : distance === 1 ? 0.35 : 0.1);
    }
    const jitter = (hash01(profile.seed + i, Math.floor(ts / 60)) - 0.5) * 0.2;
    out.push(toTenths(AMBIENT_MEAN_C + profile.offsetC + seasonal + weather + day + spot + jitter));
  }
  return out;
}

export function grainModel(seed: number, depths: number): ProbeCurve {
  const profile = grainProfile(seed, depths);
  return (ts) => grainTemperatures(profile, ts);
}
