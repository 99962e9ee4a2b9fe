import { depthPosition } from './depthPosition.js';
import { DAY_S } from './seasonalAmbient.js';

/**
 * What an aeration fan does to the goods it blows through (docs/decisions/0004-simulator.md addendum).
 *
 * The fan pushes outdoor air in at the floor — a bin's plenum, a stack's duct — and it leaves at
 * the top. Each measured point then exchanges heat with that air: its temperature relaxes towards
 * the air's exponentially (Newton's law of cooling), T' = T_air + (T − T_air)·e^(−dt/τ), with a time
 * constant τ of the cooling front reaching that depth. The air is coolest where it enters, so the
 * tip of a hanging cable (the bottom) cools first, τ = 12 h, and the handle under the roof last,
 * τ = 24 h: a front passes a bin in about one to two days, as at the airflow of a drying fan
 * (≈ 1 m³/min per m³ of grain; a plain aeration fan at a tenth of it takes a week — too slow to watch).
 * Air warmer than the goods warms them the same way: aerating with warm air is useless or worse.
 *
 * When the fan stops, the cooling fades: the goods' own heat (respiration, a hot spot) and the walls
 * bring each point back towards the probe's own curve with τ = 4 days. The cooling is kept as an
 * offset below the probe's own curve, so the season, the weather and hot spots go on underneath.
 */
export const AERATION_TAU_INLET_S = 12 * 3600;
export const AERATION_TAU_TOP_S = 24 * 3600;
export const AERATION_RECOVERY_TAU_S = 4 * DAY_S;

export interface AerationParams {
  /** Time constant of each depth (handle first) while the fan runs, seconds. */
  tauOnS: number[];
  tauRecoveryS: number;
}

export function aerationParams(depths: number): AerationParams {
  const tauOnS: number[] = [];
  for (let i = 0; i < depths; i++) {
    const x = depthPosition(i, depths);
    tauOnS.push(AERATION_TAU_TOP_S + (AERATION_TAU_INLET_S - AERATION_TAU_TOP_S) * x);
  }
  return { tauOnS, tauRecoveryS: AERATION_RECOVERY_TAU_S };
}

export interface AerationStep {
  /** The cooling so far, °C below the probe's own curve at the step's start, per depth. */
  coolingC: readonly number[];
  /** The probe's own curve (without aeration) at the start and at the end of the step, °C. */
  ownBeforeC: readonly number[];
  ownAfterC: readonly number[];
  /** The air the fan blows, °C. */
  airC: number;
  fanOn: boolean;
  dtS: number;
}

/** The cooling at the end of the step, °C below the probe's own curve there, per depth. */
export function stepAeration(step: AerationStep, params: AerationParams): number[] {
  const dt = Math.max(0, step.dtS);
  return step.ownAfterC.map((own, i) => {
    const cooling = step.coolingC[i] ?? 0;
    if (!step.fanOn) return cooling * Math.exp(-dt / params.tauRecoveryS);
    const tau = params.tauOnS[i] ?? AERATION_TAU_TOP_S;
    const before = (step.ownBeforeC[i] ?? own) - cooling;
    const after = step.airC + (before - step.airC) * Math.exp(-dt / tau);
    return own - after;
  });
}

/** Whether any depth still carries a cooling worth a tenth of a degree. */
export function aerationFaded(coolingC: readonly number[]): boolean {
  return coolingC.every((c) => Math.abs(c) < 0.05);
}
