import { depthPosition } from './depthPosition.js';
import { hashSeed } from './hashSeed.js';
import { mulberry32 } from './mulberry32.js';
import type { ProbeCurve } from './probeCurve.js';
import { DAY_S, diurnal } from './seasonalAmbient.js';
import { toTenths } from './toTenths.js';
import { hash01, valueNoise } from './valueNoise.js';

/**
 * Hay: bales baled a little too moist heat up by microbial respiration, peak, then cool back to
 * the barn's air over weeks. Each probe lives through a sequence of such episodes (a new stack on
 * the probe every 45–75 days), so any 60-day window shows at least part of one, whenever it is.
 *
 * Episode, in the core: ambient for a while, a rise over 3–10 days to a 51–69 °C peak (the brief:
 * 50–70 °C), then a cooling over 14–28 days that ends exactly at ambient. The handle sits near the
 * bale's surface: it heats to 55–70 % of the core's excess and follows the air's daily cycle more.
 * Outer layers lag the core by a few hours because the heat starts inside.
 */
export interface HayEpisode {
  /** Seconds from the start of the cycle to the start of heating. */
  onsetS: number;
  riseS: number;
  coolS: number;
  /** Core peak temperature, °C. */
  peakC: number;
}

export interface HayProfile {
  seed: number;
  depths: number;
  /** Barn air around the stack, °C (15–25). */
  ambientC: number;
  cycleS: number;
  /** Where epoch 0 falls in the first cycle, seconds. */
  phaseS: number;
  /** Share of the core's excess heat reached at each depth (handle first, tip = 1). */
  heatShare: number[];
  /** How much of the air's daily and weather swing reaches each depth. */
  airCoupling: number[];
  /** Delay of each depth behind the core, seconds. */
  lagS: number[];
  /** The demo's staged heating on top of the probe's own episodes (see demoHeatingEpisode). */
  demoHeating?: { episode: HayEpisode; strength: number };
}

/**
 * The demo's heating stack: an episode staged around the moment the simulator starts playing live
 * (`anchorTs`), so that a new user sees a monitor's limit crossed soon after `npm start`. The core
 * rises over 60 hours to 64 °C; at the anchor it is 38 hours into the rise (about 49–52 °C), crosses
 * 55 °C some five hours later — five minutes at `--speed 60` — peaks 22 hours after the anchor, and
 * cools over two weeks like any other episode. Times are absolute (onsetS is an epoch second).
 * A probe's own episode wins where it is hotter; `strength` (0–1] scales the staged excess, so a
 * stack's neighbouring bales heat less than the one that crosses first.
 */
export const DEMO_HEATING_PEAK_C = 64;
export const DEMO_HEATING_RISE_S = 60 * 3600;
export const DEMO_HEATING_INTO_RISE_S = 38 * 3600;

export function demoHeatingEpisode(anchorTs: number): HayEpisode {
  return {
    onsetS: anchorTs - DEMO_HEATING_INTO_RISE_S,
    riseS: DEMO_HEATING_RISE_S,
    coolS: 14 * DAY_S,
    peakC: DEMO_HEATING_PEAK_C,
  };
}

export const HAY_MIN_PEAK_C = 51;
export const HAY_MAX_PEAK_C = 69;

export function hayProfile(seed: number, depths: number): HayProfile {
  const rnd = mulberry32(hashSeed(seed, 'hay'));
  const ambientC = 15 + 10 * rnd();
  const cycleS = (45 + 30 * rnd()) * DAY_S;
  const phaseS = rnd() * cycleS;
  const handleShare = 0.55 + 0.15 * rnd();
  const heatShare: number[] = [];
  const airCoupling: number[] = [];
  const lagS: number[] = [];
  for (let i = 0; i < depths; i++) {
    const x = depthPosition(i, depths);
    // Concave: the middle of the bale is already nearly as hot as the core.
    heatShare.push(handleShare + (1 - handleShare) * Math.sqrt(x));
    airCoupling.push(1 - 0.9 * x);
    lagS.push((1 - x) * 8 * 3600);
  }
  return { seed, depths, ambientC, cycleS, phaseS, heatShare, airCoupling, lagS };
}

export function hayEpisode(profile: HayProfile, cycleIndex: number): HayEpisode {
  const rnd = mulberry32(hashSeed(profile.seed, 'hay-episode', cycleIndex));
  const riseS = (3 + 7 * rnd()) * DAY_S;
  const coolS = (14 + 14 * rnd()) * DAY_S;
  const peakC = HAY_MIN_PEAK_C + (HAY_MAX_PEAK_C - HAY_MIN_PEAK_C) * rnd();
  // The episode ends at least two days before the cycle does: never two heatings overlapping.
  const slackS = profile.cycleS - riseS - coolS - 2 * DAY_S;
  const onsetS = DAY_S + rnd() * Math.max(0, slackS - DAY_S);
  return { onsetS, riseS, coolS, peakC };
}

/** Start (epoch seconds) of the cycle containing ts, and its index. */
export function hayCycleAt(profile: HayProfile, ts: number): { index: number; startTs: number } {
  const index = Math.floor((ts + profile.phaseS) / profile.cycleS);
  return { index, startTs: index * profile.cycleS - profile.phaseS };
}

/** 0 … 1: the share of the episode's peak excess heat at time s after the cycle start. */
export function hayHeatShare(episode: HayEpisode, s: number): number {
  const t = s - episode.onsetS;
  if (t <= 0) return 0;
  if (t < episode.riseS) {
    const u = t / episode.riseS;
    return u * u * (3 - 2 * u);
  }
  const x = (t - episode.riseS) / episode.coolS;
  if (x >= 1) return 0;
  // Newton-like cooling, bent so that it reaches ambient exactly at the end of the episode.
  return Math.exp(-2.5 * x) - x * Math.exp(-2.5);
}

function excessAt(profile: HayProfile, ts: number): number {
  const { index, startTs } = hayCycleAt(profile, ts);
  const episode = hayEpisode(profile, index);
  const own = (episode.peakC - profile.ambientC) * hayHeatShare(episode, ts - startTs);
  const demo = profile.demoHeating;
  if (!demo) return own;
  const staged = (demo.episode.peakC - profile.ambientC) * demo.strength * hayHeatShare(demo.episode, ts);
  return Math.max(own, staged);
}

export function hayTemperatures(profile: HayProfile, ts: number): number[] {
  const weather = 2.5 * valueNoise(hashSeed(profile.seed, 'weather'), ts / (2 * DAY_S));
  const day = 2.5 * diurnal(ts);
  const out: number[] = [];
  for (let i = 0; i < profile.depths; i++) {
    const air = (profile.airCoupling[i] ?? 0) * (weather + day);
    const excess = excessAt(profile, ts - (profile.lagS[i] ?? 0)) * (profile.heatShare[i] ?? 1);
    const jitter = (hash01(profile.seed + i, Math.floor(ts / 60)) - 0.5) * 0.2;
    // The core's air coupling (0.1) keeps its peak within ±0.5 °C of the episode's peak.
    out.push(toTenths(profile.ambientC + air + excess + jitter));
  }
  return out;
}

/** Staged heating for a demo probe: the live start it is anchored to and its strength (0–1]. */
export interface DemoHeating {
  anchorTs: number;
  strength: number;
}

export function hayModel(seed: number, depths: number, heating?: DemoHeating): ProbeCurve {
  const profile = hayProfile(seed, depths);
  if (heating)
    profile.demoHeating = { episode: demoHeatingEpisode(heating.anchorTs), strength: heating.strength };
  return (ts) => hayTemperatures(profile, ts);
}
