import type { Stack } from '../../contracts/storageLayout.js';
import { canAddBales, selectedCells, type BaleInput } from './addBales.js';
import type { LayoutSettings } from './layoutLimits.js';
import { pileHeightAt } from './probePosition.js';
import { setPileHeights } from './setPileHeight.js';

/**
 * `count` bales taken off every pile of the selection; a pile that runs out is removed, and probes
 * in the bales taken away go to the bin (spec doc 3 §4). Same selection rule as adding (doc 3 §5).
 */
export function removeBales(settings: LayoutSettings, stack: Stack, input: BaleInput): Stack {
  if (!canAddBales(input)) return stack;
  const changes = selectedCells(stack, input)
    .filter(({ row, column }) => pileHeightAt(stack, row, column) > 0)
    .map(({ row, column }) => ({
      row,
      column,
      height: Math.max(0, pileHeightAt(stack, row, column) - input.count),
    }));
  return setPileHeights(settings, stack, changes);
}
