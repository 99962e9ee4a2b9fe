import {
  BIN_POSITION,
  type LayoutSensor,
  type SensorLayout,
  type Stack,
} from '../../contracts/storageLayout.js';

/** Where a probe goes: a 0-based row, column and floor. */
export interface ProbePosition {
  row: number;
  column: number;
  floor: number;
}

/** Spec doc 3 §4: a probe in the bin has row and column −1 (unplaced). */
export function isInBin(sensor: Pick<LayoutSensor, 'row' | 'column'>): boolean {
  return sensor.row === BIN_POSITION || sensor.column === BIN_POSITION;
}

/** The same probe moved to the bin; the floor returns to 0 so that it is valid in any layout. */
export function toBin(sensor: LayoutSensor): LayoutSensor {
  return { id: sensor.id, row: BIN_POSITION, column: BIN_POSITION, floor: 0 };
}

/** The length of row `row` of a 2D/3D layout, 0 when the layout has no such row. */
export function rowLengthOf(layout: Pick<SensorLayout, 'rows'>, row: number): number {
  return layout.rows.find((r) => r.index === row)?.rowLength ?? 0;
}

/** A cell of a 2D/3D layout: a row that exists, a column within its length, a floor below `floors`. */
export function isCellInLayout(layout: Pick<SensorLayout, 'rows' | 'floors'>, at: ProbePosition): boolean {
  return (
    at.row >= 0 &&
    at.column >= 0 &&
    at.floor >= 0 &&
    at.column < rowLengthOf(layout, at.row) &&
    at.floor < layout.floors
  );
}

/** The bales of the pile at row `row`, column `column` of a stack; 0 when there is none. */
export function pileHeightAt(stack: Pick<Stack, 'piles'>, row: number, column: number): number {
  return stack.piles.find((p) => p.r === row && p.c === column)?.h ?? 0;
}

/** A bale of a stack: inside its rows and columns, on a pile, at a floor below the pile's height. */
export function isCellInStack(
  stack: Pick<Stack, 'nRows' | 'nColumns' | 'piles'>,
  at: ProbePosition,
): boolean {
  return (
    at.row >= 0 &&
    at.column >= 0 &&
    at.floor >= 0 &&
    at.row < stack.nRows &&
    at.column < stack.nColumns &&
    at.floor < pileHeightAt(stack, at.row, at.column)
  );
}

/** The probe placed at a cell, if any (probes in the bin are at no cell). */
export function probeAt(sensors: readonly LayoutSensor[], at: ProbePosition): LayoutSensor | undefined {
  return sensors.find(
    (s) => !isInBin(s) && s.row === at.row && s.column === at.column && s.floor === at.floor,
  );
}

/**
 * The probes with those outside the cells that remain moved to the bin (spec doc 3 §4 "Removing the
 * last column, row or floor returns its probes to the bin"; "Changing layout size drops probes …
 * outside the new bounds"). The same array when nothing moved, so that callers can tell an edit.
 */
export function binProbesOutside(
  sensors: LayoutSensor[],
  isCell: (at: ProbePosition) => boolean,
): LayoutSensor[] {
  let moved = false;
  const next = sensors.map((s) => {
    if (isInBin(s) || isCell(s)) return s;
    moved = true;
    return toBin(s);
  });
  return moved ? next : sensors;
}
