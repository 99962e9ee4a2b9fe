import type { SensorLayout } from '../../contracts/storageLayout.js';
import { clampToRange, layoutLimits, type LayoutSettings } from './layoutLimits.js';
import { binProbesOutside, isCellInLayout } from './probePosition.js';

export interface SensorLayoutSize {
  /** The length of each row, first row first. */
  rowLengths: readonly number[];
  floors: number;
}

/**
 * A 2D/3D layout resized within the spec's limits (doc 3 §5: rows 1–10 or 15 for segment 15,
 * columns 1–20 or 30, floors 1–10). Probes in cells that no longer exist go to the bin (doc 3 §4
 * "Changing layout size drops probes … outside the new bounds"); they stay in the storage so that
 * the user can place them again. A size outside the limits is held at the nearest limit. The same
 * layout when nothing changes.
 */
export function resizeSensorLayout(
  settings: LayoutSettings,
  layout: SensorLayout,
  size: SensorLayoutSize,
): SensorLayout {
  const limits = layoutLimits(settings);
  const rowCount = clampToRange(size.rowLengths.length, limits.rows);
  const rows = Array.from({ length: rowCount }, (_, index) => ({
    index,
    rowLength: clampToRange(size.rowLengths[index] ?? size.rowLengths.at(-1) ?? 1, limits.columns),
  }));
  const floors = clampToRange(size.floors, limits.floors);
  const same =
    floors === layout.floors &&
    rows.length === layout.rows.length &&
    rows.every((r, i) => r.index === layout.rows[i]?.index && r.rowLength === layout.rows[i]?.rowLength);
  if (same) return layout;
  const sensors = binProbesOutside(layout.sensors, (at) => isCellInLayout({ rows, floors }, at));
  return { rows, floors, sensors };
}
