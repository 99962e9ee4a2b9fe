import { compostModel } from './compostModel.js';
import { grainModel } from './grainModel.js';
import { hayModel, type DemoHeating } from './hayModel.js';

export const MATERIALS = ['hay', 'grain', 'compost'] as const;
export type Material = (typeof MATERIALS)[number];

/** Temperatures in integer tenths of °C, one per depth, handle first, at epoch second ts. */
export type ProbeCurve = (ts: number) => number[];

const MODELS: Record<Material, (seed: number, depths: number) => ProbeCurve> = {
  hay: hayModel,
  grain: grainModel,
  compost: compostModel,
};

/** A probe's curve; staged demo heating applies to hay only (a heating stack is a hay hazard). */
export function probeCurve(
  material: Material,
  seed: number,
  depths: number,
  heating?: DemoHeating,
): ProbeCurve {
  if (material === 'hay' && heating) return hayModel(seed, depths, heating);
  return MODELS[material](seed, depths);
}
