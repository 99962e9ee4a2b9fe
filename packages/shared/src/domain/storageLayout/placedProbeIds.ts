import type { SensorLayout, Stack } from '../../contracts/storageLayout.js';
import { isInBin } from './probePosition.js';

/**
 * The probes placed in a cell of a storage's layout or stacks, without those in the bin: a probe in
 * the bin is not in the goods, so it neither counts for the storage temperature nor takes a cell.
 */
export function placedProbeIds(layout: {
  sensorLayout?: SensorLayout | null;
  stacks?: readonly Stack[] | null;
}): string[] {
  const sensors = [
    ...(layout.sensorLayout?.sensors ?? []),
    ...(layout.stacks ?? []).flatMap((s) => s.sensors),
  ];
  return [...new Set(sensors.filter((s) => !isInBin(s)).map((s) => s.id))];
}
