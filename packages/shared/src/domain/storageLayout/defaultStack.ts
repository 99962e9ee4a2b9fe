import {
  DEFAULT_STACK_COLUMNS,
  DEFAULT_STACK_HEIGHT,
  DEFAULT_STACK_ROWS,
  type Stack,
} from '../../contracts/storageLayout.js';

/** Colours given to new stacks in turn, so that neighbouring stacks are told apart at a glance. */
export const STACK_COLORS = [
  '#c8a165',
  '#9bb86a',
  '#d4b483',
  '#a8c4d8',
  '#c99bb5',
  '#e0c068',
  '#8fb8a8',
  '#c7a38a',
  '#b0a8d0',
  '#d8a878',
] as const;

/**
 * Spec doc 3 §4 and §9 "Stack defaults 6x3x4": a stack of 6 columns by 3 rows with a pile of 4
 * bales in every cell, no probes placed.
 */
export function defaultStack(index: number): Stack {
  const piles: Stack['piles'] = [];
  for (let r = 0; r < DEFAULT_STACK_ROWS; r++) {
    for (let c = 0; c < DEFAULT_STACK_COLUMNS; c++) piles.push({ c, r, h: DEFAULT_STACK_HEIGHT });
  }
  return {
    index,
    nRows: DEFAULT_STACK_ROWS,
    nColumns: DEFAULT_STACK_COLUMNS,
    color: STACK_COLORS[index % STACK_COLORS.length] ?? STACK_COLORS[0],
    sensors: [],
    piles,
  };
}
