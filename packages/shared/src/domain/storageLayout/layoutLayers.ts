import type { SensorLayout, Stack } from '../../contracts/storageLayout.js';

/**
 * The layers the spacing slider spaces apart (spec doc 3 §5 "Spacing … disabled with 1 layer"): the
 * floors of a 2D/3D layout, or the highest pile of any stack (its bales are the layers). 1 without a
 * layout.
 */
export function layoutLayers(
  layout: { sensor_layout: SensorLayout | null; stacks: readonly Stack[] },
  stacks: boolean,
): number {
  if (stacks) return Math.max(1, ...layout.stacks.flatMap((s) => s.piles.map((p) => p.h)));
  return layout.sensor_layout?.floors ?? 1;
}
