import type { LayoutSensor } from '@emberwatch/shared/contracts/storageLayout';
import type { StorageInput } from '@emberwatch/shared/contracts/storages';
import { storageLayoutOf } from '@emberwatch/shared/domain/kinds/storageLayouts';
import { layoutLimits } from '@emberwatch/shared/domain/storageLayout/layoutLimits';
import {
  isCellInLayout,
  isCellInStack,
  isInBin,
} from '@emberwatch/shared/domain/storageLayout/probePosition';

/** Why a storage's layout cannot be saved, and the field to point at. */
export interface LayoutProblem {
  message: string;
  path: string;
}

type LayoutPart = Pick<StorageInput, 'layoutType' | 'sensor_layout' | 'stacks'>;

/** Two probes on one cell (spec doc 3 §5 "A probe can only be dropped into an empty cell"). */
function sharedCell(sensors: readonly LayoutSensor[]): LayoutSensor | undefined {
  const seen = new Set<string>();
  return sensors.find((s) => {
    if (isInBin(s)) return false;
    const key = `${s.row}/${s.column}/${s.floor}`;
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}

/**
 * The account-dependent checks of a storage's layout that the contract's schemas cannot make: the
 * limits of spec doc 3 §5 (rows 1–10 or 15 for plan segment 15, columns 1–20 or 30), every placed
 * probe inside a cell (a bale on a pile for stacks), one probe per cell, the layout that is not in use
 * empty, and each probe listed once. Null when the layout may be saved.
 */
export function checkStorageLayout(item: LayoutPart, segment: number | null): LayoutProblem | null {
  const limits = layoutLimits({ segment });
  const maxRows = limits.rows.max;
  const maxColumns = limits.columns.max;
  const layout = storageLayoutOf(item.layoutType);
  if (item.layoutType !== null && layout === null)
    return { message: `Unknown layout type ${item.layoutType}.`, path: 'item.layoutType' };

  // Only the layout in use holds probes, so no probe is reserved by a layout nobody sees.
  if (layout !== 'stacks' && item.stacks.length > 0)
    return { message: 'Only a stacks layout (layoutType 3) has stacks.', path: 'item.stacks' };
  if ((layout === 'stacks' || layout === null) && item.sensor_layout !== null)
    return {
      message: 'Only a rows or floors layout (layoutType 1 or 2) has a sensor_layout.',
      path: 'item.sensor_layout',
    };

  const ids: string[] = [];
  const sl = item.sensor_layout;
  if (layout === 'rows' || layout === 'floors') {
    if (sl === null) return { message: 'The layout is missing.', path: 'item.sensor_layout' };
    if (sl.rows.length > maxRows)
      return { message: `A layout has at most ${maxRows} rows.`, path: 'item.sensor_layout.rows' };
    if (sl.rows.some((r, i) => r.index !== i))
      return { message: 'Rows are numbered 0, 1, 2 … in order.', path: 'item.sensor_layout.rows' };
    if (sl.rows.some((r) => r.rowLength > maxColumns))
      return { message: `A row has at most ${maxColumns} columns.`, path: 'item.sensor_layout.rows' };
    if (layout === 'rows' && sl.floors !== 1)
      return {
        message: 'A rows layout has one floor; use floors (layoutType 2).',
        path: 'item.sensor_layout.floors',
      };
    const outside = sl.sensors.find((s) => !isInBin(s) && !isCellInLayout(sl, s));
    if (outside)
      return { message: `Probe ${outside.id} is outside the layout.`, path: 'item.sensor_layout.sensors' };
    const twice = sharedCell(sl.sensors);
    if (twice)
      return {
        message: `Probe ${twice.id} is on a cell that holds another probe.`,
        path: 'item.sensor_layout.sensors',
      };
    ids.push(...sl.sensors.map((s) => s.id));
  }

  const indexes = new Set<number>();
  for (const [i, stack] of item.stacks.entries()) {
    const path = `item.stacks.${i}`;
    if (indexes.has(stack.index)) return { message: `Stack ${stack.index} appears twice.`, path };
    indexes.add(stack.index);
    if (stack.nRows > maxRows) return { message: `A stack has at most ${maxRows} rows.`, path };
    if (stack.nColumns > maxColumns) return { message: `A stack has at most ${maxColumns} columns.`, path };
    const piles = new Set<string>();
    for (const p of stack.piles) {
      if (p.r >= stack.nRows || p.c >= stack.nColumns)
        return { message: `A pile of stack ${stack.index} is outside the stack.`, path: `${path}.piles` };
      const key = `${p.r}/${p.c}`;
      if (piles.has(key))
        return {
          message: `Stack ${stack.index} has two piles at row ${p.r}, column ${p.c}.`,
          path: `${path}.piles`,
        };
      piles.add(key);
    }
    // A probe sits in a bale: on a pile, below its height (spec doc 3 §4 "Stack editor").
    const offBale = stack.sensors.find((s) => !isInBin(s) && !isCellInStack(stack, s));
    if (offBale)
      return {
        message: `Probe ${offBale.id} is not in a bale of stack ${stack.index}.`,
        path: `${path}.sensors`,
      };
    const twice = sharedCell(stack.sensors);
    if (twice)
      return { message: `Probe ${twice.id} is in a bale that holds another probe.`, path: `${path}.sensors` };
    ids.push(...stack.sensors.map((s) => s.id));
  }

  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated) return { message: `Probe ${repeated} is placed twice.`, path: 'item' };
  return null;
}

/** Every probe a storage lists, placed or in the bin, in order. */
export function probesOf(item: Pick<StorageInput, 'sensor_layout' | 'stacks'>): string[] {
  return [...(item.sensor_layout?.sensors ?? []), ...item.stacks.flatMap((s) => s.sensors)].map((s) => s.id);
}
