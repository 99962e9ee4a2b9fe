import type { LayoutSensor, SensorLayout, Stack } from '../../contracts/storageLayout.js';
import { isCellInLayout, isCellInStack, probeAt, type ProbePosition } from './probePosition.js';

export interface PlaceProbeInput extends ProbePosition {
  id: string;
}

/**
 * The probes with `input.id` at the given cell, or the same array when the cell is not one of the
 * layout's or already holds a probe (spec doc 3 §5 "A probe can only be dropped into an empty
 * cell"). A probe already in the layout moves (from the bin or another cell); a new one is added.
 */
function placeAt(
  sensors: LayoutSensor[],
  isCell: (at: ProbePosition) => boolean,
  input: PlaceProbeInput,
): LayoutSensor[] {
  if (!isCell(input) || probeAt(sensors, input)) return sensors;
  const placed: LayoutSensor = { id: input.id, row: input.row, column: input.column, floor: input.floor };
  const i = sensors.findIndex((s) => s.id === input.id);
  return i < 0 ? [...sensors, placed] : sensors.map((s, j) => (j === i ? placed : s));
}

/** A probe dropped into an empty cell of a 2D/3D layout; the same layout when the drop is refused. */
export function placeProbe(layout: SensorLayout, input: PlaceProbeInput): SensorLayout {
  const sensors = placeAt(layout.sensors, (at) => isCellInLayout(layout, at), input);
  return sensors === layout.sensors ? layout : { ...layout, sensors };
}

/**
 * A probe put into an empty bale of a stack (spec doc 3 §4 "click a bale location"); the same stack
 * when there is no bale there or it already holds a probe.
 */
export function placeProbeInStack(stack: Stack, input: PlaceProbeInput): Stack {
  const sensors = placeAt(stack.sensors, (at) => isCellInStack(stack, at), input);
  return sensors === stack.sensors ? stack : { ...stack, sensors };
}
