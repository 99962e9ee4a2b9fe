import type { Stack } from '../../contracts/storageLayout.js';
import { clampToRange, layoutLimits, type LayoutSettings } from './layoutLimits.js';
import { binProbesOutside, isCellInStack } from './probePosition.js';

/**
 * A stack resized within the spec's limits (doc 3 §5: rows 1–10 or 15 for segment 15, columns 1–20
 * or 30). Piles outside the new bounds are dropped and their probes go to the bin (doc 3 §4
 * "Changing layout size drops probes and piles outside the new bounds"). New cells have no pile
 * yet: the user adds bales to them. The same stack when nothing changes.
 */
export function resizeStack(
  settings: LayoutSettings,
  stack: Stack,
  size: { nRows: number; nColumns: number },
): Stack {
  const limits = layoutLimits(settings);
  const nRows = clampToRange(size.nRows, limits.rows);
  const nColumns = clampToRange(size.nColumns, limits.columns);
  if (nRows === stack.nRows && nColumns === stack.nColumns) return stack;
  const piles = stack.piles.filter((p) => p.r < nRows && p.c < nColumns);
  const resized = { ...stack, nRows, nColumns, piles };
  return { ...resized, sensors: binProbesOutside(stack.sensors, (at) => isCellInStack(resized, at)) };
}
