import type { SensorLayout } from '../../contracts/storageLayout.js';
import type { LayoutSettings } from './layoutLimits.js';
import { resizeSensorLayout } from './resizeSensorLayout.js';

/**
 * The editor's one-step size buttons for a 2D/3D layout. Each goes through resizeSensorLayout, so the
 * limits hold and removing the last row, column or floor returns its probes to the bin (spec doc 3
 * §4). Each returns the same layout when the step would leave the limits.
 */
const lengths = (layout: SensorLayout) => layout.rows.map((r) => r.rowLength);

/** A new last row as long as the current last row. */
export function addRow(settings: LayoutSettings, layout: SensorLayout): SensorLayout {
  const rowLengths = lengths(layout);
  return resizeSensorLayout(settings, layout, {
    rowLengths: [...rowLengths, rowLengths.at(-1) ?? 1],
    floors: layout.floors,
  });
}

export function removeLastRow(settings: LayoutSettings, layout: SensorLayout): SensorLayout {
  if (layout.rows.length <= 1) return layout;
  return resizeSensorLayout(settings, layout, {
    rowLengths: lengths(layout).slice(0, -1),
    floors: layout.floors,
  });
}

/** One more cell at the end of row `row`. */
export function addColumn(
  settings: LayoutSettings,
  layout: SensorLayout,
  input: { row: number },
): SensorLayout {
  return changeRowLength(settings, layout, input.row, +1);
}

/** The last cell of row `row` removed; its probes go to the bin. */
export function removeLastColumn(
  settings: LayoutSettings,
  layout: SensorLayout,
  input: { row: number },
): SensorLayout {
  return changeRowLength(settings, layout, input.row, -1);
}

function changeRowLength(
  settings: LayoutSettings,
  layout: SensorLayout,
  row: number,
  by: number,
): SensorLayout {
  const rowLengths = lengths(layout);
  const current = rowLengths[row];
  if (current === undefined || current + by < 1) return layout;
  rowLengths[row] = current + by;
  return resizeSensorLayout(settings, layout, { rowLengths, floors: layout.floors });
}

export function addFloor(settings: LayoutSettings, layout: SensorLayout): SensorLayout {
  return resizeSensorLayout(settings, layout, { rowLengths: lengths(layout), floors: layout.floors + 1 });
}

export function removeLastFloor(settings: LayoutSettings, layout: SensorLayout): SensorLayout {
  if (layout.floors <= 1) return layout;
  return resizeSensorLayout(settings, layout, { rowLengths: lengths(layout), floors: layout.floors - 1 });
}
