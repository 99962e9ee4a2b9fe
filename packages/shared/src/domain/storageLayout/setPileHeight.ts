import type { Pile, Stack } from '../../contracts/storageLayout.js';
import { clampToRange, layoutLimits, type LayoutSettings } from './layoutLimits.js';
import { binProbesOutside, isCellInStack, pileHeightAt } from './probePosition.js';

export interface PileHeightChange {
  row: number;
  column: number;
  /** Bales in the pile; 0 (or less) removes the pile, more than the limit is held at it. */
  height: number;
}

/**
 * Piles of a stack set to new heights within the spec's 1–10 (doc 3 §5 "Pile height 1-10"); a height
 * of 0 removes the pile. Cells outside the stack are ignored. Probes in bales that no longer exist
 * go to the bin (doc 3 §4). The same stack when nothing changes.
 */
export function setPileHeights(
  settings: LayoutSettings,
  stack: Stack,
  changes: readonly PileHeightChange[],
): Stack {
  const { pileHeight } = layoutLimits(settings);
  const heights = new Map<string, Pile>(stack.piles.map((p) => [`${p.r}:${p.c}`, p]));
  let changed = false;
  for (const { row, column, height } of changes) {
    if (row < 0 || column < 0 || row >= stack.nRows || column >= stack.nColumns) continue;
    const h = height < pileHeight.min ? 0 : clampToRange(height, pileHeight);
    if (h === pileHeightAt({ piles: [...heights.values()] }, row, column)) continue;
    changed = true;
    if (h === 0) heights.delete(`${row}:${column}`);
    else heights.set(`${row}:${column}`, { c: column, r: row, h });
  }
  if (!changed) return stack;
  const piles = [...heights.values()].sort((a, b) => a.r - b.r || a.c - b.c);
  const next = { ...stack, piles };
  return { ...next, sensors: binProbesOutside(stack.sensors, (at) => isCellInStack(next, at)) };
}

/** One pile set to a new height; see setPileHeights. */
export function setPileHeight(settings: LayoutSettings, stack: Stack, change: PileHeightChange): Stack {
  return setPileHeights(settings, stack, [change]);
}
