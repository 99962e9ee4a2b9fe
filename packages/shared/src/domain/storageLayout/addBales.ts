import type { Stack } from '../../contracts/storageLayout.js';
import type { LayoutSettings } from './layoutLimits.js';
import { pileHeightAt } from './probePosition.js';
import { setPileHeights } from './setPileHeight.js';

/**
 * Which piles get or lose bales: a whole row, a whole column, or with both the one pile where they
 * cross (spec doc 3 §5 "Adding bales … needs a row or column selection").
 */
export interface BaleInput {
  count: number;
  row: number | null;
  column: number | null;
}

/** Spec doc 3 §5: "Adding bales is disabled when the count is 0 and needs a row or column selection". */
export function canAddBales(input: BaleInput): boolean {
  return input.count > 0 && (input.row !== null || input.column !== null);
}

/** The cells of the selection that lie inside the stack. */
export function selectedCells(
  stack: Stack,
  input: Pick<BaleInput, 'row' | 'column'>,
): { row: number; column: number }[] {
  const rows = input.row === null ? range(stack.nRows) : input.row < stack.nRows ? [input.row] : [];
  const columns =
    input.column === null ? range(stack.nColumns) : input.column < stack.nColumns ? [input.column] : [];
  if (input.row === null && input.column === null) return [];
  return rows.flatMap((row) => columns.map((column) => ({ row, column })));
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * `count` bales put on every pile of the selection (a cell without a pile starts one), each pile
 * held at the spec's 10 (doc 3 §5). The same stack when adding is disabled or nothing changes.
 */
export function addBales(settings: LayoutSettings, stack: Stack, input: BaleInput): Stack {
  if (!canAddBales(input)) return stack;
  const changes = selectedCells(stack, input).map(({ row, column }) => ({
    row,
    column,
    height: pileHeightAt(stack, row, column) + input.count,
  }));
  return setPileHeights(settings, stack, changes);
}
