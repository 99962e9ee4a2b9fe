import { BIN_POSITION, type SensorLayout, type Stack } from '@emberwatch/shared/contracts/storageLayout';
import { hottestTemperature } from '@emberwatch/shared/domain/probeList';
import { heatMap } from '@emberwatch/shared/domain/storageLayout/interpolateHeat';
import type { LayoutCell } from './LayoutGrid';
import type { StorageProbeInfo } from './useStorageProbeInfo';

type Lookup = (id: string) => StorageProbeInfo;

/** One drawn level: a floor of a rows layout or one stack, with its title's number (1-based). */
export interface LayoutLevel {
  key: string;
  number: number;
  rows: LayoutCell[][];
}

/**
 * The floors of a 2D/3D layout (spec doc 3 §3 sensor_layout), each as its rows of the given
 * lengths; a probe sits at its row, column and floor. A single floor is the 2D view.
 */
export function rowsLayoutLevels(layout: SensorLayout, lookup: Lookup): LayoutLevel[] {
  const levels: LayoutLevel[] = [];
  const rows = [...layout.rows].sort((a, b) => a.index - b.index);
  for (let floor = 0; floor < layout.floors; floor++) {
    levels.push({
      key: `floor-${floor}`,
      number: floor + 1,
      rows: rows.map((row) =>
        Array.from({ length: row.rowLength }, (_, column) => ({
          key: `${floor}-${row.index}-${column}`,
          row: row.index,
          column,
          probes: layout.sensors
            .filter((s) => s.floor === floor && s.row === row.index && s.column === column)
            .map((s) => lookup(s.id)),
        })),
      ),
    });
  }
  return levels;
}

/**
 * The stacks of a stacks layout (layoutType 3), each a grid of nRows × nColumns seen from above:
 * a cell is a pile (its height from `piles`) and holds the probes on its bales, top bale first.
 */
export function stackLevels(stacks: readonly Stack[], lookup: Lookup): LayoutLevel[] {
  return [...stacks]
    .sort((a, b) => a.index - b.index)
    .map((stack) => ({
      key: `stack-${stack.index}`,
      number: stack.index + 1,
      rows: Array.from({ length: stack.nRows }, (_, r) =>
        Array.from({ length: stack.nColumns }, (_, c) => ({
          key: `${stack.index}-${r}-${c}`,
          row: r,
          column: c,
          pileHeight: stack.piles.find((p) => p.r === r && p.c === c)?.h ?? 0,
          probes: stack.sensors
            .filter((s) => s.row === r && s.column === c)
            .sort((a, b) => b.floor - a.floor)
            .map((s) => lookup(s.id)),
        })),
      ),
    }));
}

/** The probes in the bin (row and column −1, spec doc 3 §4) of the layout or of any stack. */
export function binProbeIds(layout: SensorLayout | null, stacks: readonly Stack[]): string[] {
  const sensors = [...(layout?.sensors ?? []), ...stacks.flatMap((s) => s.sensors)];
  return sensors.filter((s) => s.row === BIN_POSITION || s.column === BIN_POSITION).map((s) => s.id);
}

/** Every probe of the storage, placed or in the bin, once each. */
export function storageProbeIds(layout: SensorLayout | null, stacks: readonly Stack[]): string[] {
  const sensors = [...(layout?.sensors ?? []), ...stacks.flatMap((s) => s.sensors)];
  return [...new Set(sensors.map((s) => s.id))];
}

/**
 * The heat map of one drawn level (beyond the spec): each cell's temperature interpolated by inverse
 * distance from the probes' latest hottest depths in that level (the shared heatMap rule). A pile
 * holding several probes counts as one point per probe; a stack's cells without a pile get none.
 * Empty when no probe of the level has data.
 */
export function levelHeat(level: LayoutLevel): Map<string, number> {
  const points = level.rows.flat().flatMap((cell) =>
    cell.probes.flatMap((p) => {
      const value = p.temperatures === null ? null : hottestTemperature(p.temperatures);
      return value === null ? [] : [{ row: cell.row, column: cell.column, value }];
    }),
  );
  // A stack's cell without a pile holds no hay: nothing there to be warm.
  return heatMap(
    points,
    level.rows.flat().filter((cell) => cell.pileHeight === undefined || cell.pileHeight > 0),
  );
}
