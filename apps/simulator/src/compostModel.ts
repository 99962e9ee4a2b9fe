import { depthPosition } from './depthPosition.js';
import { hashSeed } from './hashSeed.js';
import { mulberry32 } from './mulberry32.js';
import type { ProbeCurve } from './probeCurve.js';
import { DAY_S, diurnal, seasonalAmbient } from './seasonalAmbient.js';
import { toTenths } from './toTenths.js';
import { hash01, valueNoise } from './valueNoise.js';

/**
 * Compost windrow: thermophilic, its core holds 61–67 °C (57–70 °C with the slow drift, the
 * post-turn overshoot and the decline between turns). It is turned every 5–10 days: fresh air and
 * mixing drop the core by 15–25 °C at once, the microbes recover it within 1–2 days (often a little
 * above the old level), then it sags slowly as oxygen runs out again.
 *
 * Turns sit on a jittered grid: slot k of 7.5 days holds one turn at its middle ± 1.25 days, so two
 * turns are always 5–10 days apart and the last turn before any time is found in O(1).
 * Depth profile: a windrow lance measures inside the pile, its shallowest point under half a metre of
 * insulating compost, which reaches 93–97 % of the core's excess over the air; the hot zone spans the middle of the probe (45–80 % of the way in), the very bottom
 * a bit cooler.
 *
 * Sanitisation (what a batch's report reads, judging each probe by its coldest depth): between two
 * turns every depth holds 55 °C or more for at least three days in a row, and a turn's drop is back
 * above 55 °C within two days
 * (test/compostSanitisation.test.ts holds every seed of a run to it).
 */
export interface CompostProfile {
  seed: number;
  depths: number;
  plateauC: number;
  phaseS: number;
  /** Decline of the core between turns, °C per day. */
  declinePerDayC: number;
  /** Share of the core's excess over ambient at each depth (handle first). */
  heatShare: number[];
}

export const COMPOST_TURN_SLOT_S = 7.5 * DAY_S;
/** Where along the probe (0 handle … 1 tip) the windrow's hot zone begins and ends. */
const HOT_ZONE = [0.45, 0.8] as const;
const TURN_JITTER_S = 1.25 * DAY_S;

export interface CompostTurn {
  ts: number;
  /** Core drop at the turn, °C (15–25). */
  dropC: number;
  /** Recovery time constant: ~95 % recovered after 3 τ = 1–2 days. */
  tauS: number;
}

export function compostProfile(seed: number, depths: number): CompostProfile {
  const rnd = mulberry32(hashSeed(seed, 'compost'));
  const plateauC = 61 + 6 * rnd();
  const phaseS = rnd() * COMPOST_TURN_SLOT_S;
  const declinePerDayC = 0.1 + 0.1 * rnd();
  const surfaceShare = 0.93 + 0.04 * rnd();
  const heatShare: number[] = [];
  for (let i = 0; i < depths; i++) {
    const x = depthPosition(i, depths);
    // Rises from the surface share to the core (1) at x = 0.45, holds the core's heat to x = 0.8 (a
    // windrow's hot zone is broad: the middle depth of a three-depth probe reads it), then eases to
    // 0.97 at the bottom.
    const share =
      x <= HOT_ZONE[0]
        ? surfaceShare + (1 - surfaceShare) * Math.sin((x / HOT_ZONE[0]) * (Math.PI / 2))
        : x <= HOT_ZONE[1]
          ? 1
          : 1 - 0.15 * (x - HOT_ZONE[1]);
    heatShare.push(depths <= 1 ? 1 : share);
  }
  return { seed, depths, plateauC, phaseS, declinePerDayC, heatShare };
}

export function compostTurn(profile: CompostProfile, slot: number): CompostTurn {
  const rnd = mulberry32(hashSeed(profile.seed, 'turn', slot));
  const ts = (slot + 0.5) * COMPOST_TURN_SLOT_S - profile.phaseS + (rnd() * 2 - 1) * TURN_JITTER_S;
  return { ts, dropC: 15 + 10 * rnd(), tauS: ((24 + 24 * rnd()) / 3) * 3600 };
}

/** Turns with fromTs ≤ ts < toTs, in order. */
export function compostTurnsBetween(profile: CompostProfile, fromTs: number, toTs: number): CompostTurn[] {
  const out: CompostTurn[] = [];
  const first = Math.floor((fromTs + profile.phaseS) / COMPOST_TURN_SLOT_S) - 1;
  for (let slot = first; ; slot++) {
    const turn = compostTurn(profile, slot);
    if (turn.ts >= toTs) break;
    if (turn.ts >= fromTs) out.push(turn);
  }
  return out;
}

/** Core temperature, °C. */
export function compostCore(profile: CompostProfile, ts: number): number {
  const slot = Math.floor((ts + profile.phaseS) / COMPOST_TURN_SLOT_S);
  let turn = compostTurn(profile, slot);
  let previous = compostTurn(profile, slot - 1);
  if (turn.ts > ts) {
    turn = previous;
    previous = compostTurn(profile, slot - 2);
  }
  const since = ts - turn.ts;
  const declinePerS = profile.declinePerDayC / DAY_S;
  // The drop is measured from the sagged pre-turn level, so the core falls by exactly dropC.
  const sagBefore = declinePerS * (turn.ts - previous.ts);
  const recovery = Math.exp(-since / turn.tauS);
  // Fresh oxygen: a bump of up to ~1.3 °C in the days after a turn.
  const overshoot = 2 * (1 - recovery) * Math.exp(-since / (3 * DAY_S));
  const drift = 1.5 * valueNoise(hashSeed(profile.seed, 'drift'), ts / (4 * DAY_S));
  return profile.plateauC + drift + overshoot - declinePerS * since - (turn.dropC + sagBefore) * recovery;
}

export function compostTemperatures(profile: CompostProfile, ts: number): number[] {
  const air =
    seasonalAmbient(ts) +
    2.5 * valueNoise(hashSeed(profile.seed, 'weather'), ts / (2 * DAY_S)) +
    4 * diurnal(ts);
  const core = compostCore(profile, ts);
  const out: number[] = [];
  for (let i = 0; i < profile.depths; i++) {
    const share = profile.heatShare[i] ?? 1;
    const jitter = (hash01(profile.seed + i, Math.floor(ts / 60)) - 0.5) * 0.2;
    out.push(toTenths(air + share * (core - air) + jitter));
  }
  return out;
}

export function compostModel(seed: number, depths: number): ProbeCurve {
  const profile = compostProfile(seed, depths);
  return (ts) => compostTemperatures(profile, ts);
}
