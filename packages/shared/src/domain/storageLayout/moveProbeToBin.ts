import type { SensorLayout, Stack } from '../../contracts/storageLayout.js';
import { isInBin, toBin } from './probePosition.js';

/**
 * Spec doc 3 §4 "Moving a probe to the bin sets row and column to -1 (unplaced)". The probe stays in
 * the storage, so it is still offered to be placed again. The same layout when the probe is not
 * in it or already in the bin.
 */
export function moveProbeToBin<T extends SensorLayout | Stack>(layout: T, input: { id: string }): T {
  const i = layout.sensors.findIndex((s) => s.id === input.id);
  const sensor = layout.sensors[i];
  if (!sensor || isInBin(sensor)) return layout;
  return { ...layout, sensors: layout.sensors.map((s, j) => (j === i ? toBin(s) : s)) };
}
