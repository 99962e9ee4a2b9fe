import {
  LARGE_LAYOUT_SEGMENT,
  LAYOUT_COLUMNS_MAX,
  LAYOUT_COLUMNS_MAX_SEGMENT_15,
  LAYOUT_COLUMNS_MIN,
  LAYOUT_FLOORS_MAX,
  LAYOUT_FLOORS_MIN,
  LAYOUT_ROWS_MAX,
  LAYOUT_ROWS_MAX_SEGMENT_15,
  LAYOUT_ROWS_MIN,
  PILE_HEIGHT_MAX,
  PILE_HEIGHT_MIN,
  STACKS_MAX,
} from '../../contracts/storageLayout.js';

/** What the layout rules need to know about the account: the first plan's segment. */
export interface LayoutSettings {
  segment: number | null;
}

export interface LayoutLimits {
  rows: { min: number; max: number };
  columns: { min: number; max: number };
  floors: { min: number; max: number };
  pileHeight: { min: number; max: number };
  stacks: number;
}

/**
 * Spec doc 3 §5 "Storages": rows 1–10 (15 for plan segment 15), columns 1–20 (30 for segment 15),
 * floors 1–10, pile height 1–10; §9: at most 10 stacks. The same limits bound a 2D/3D layout and a
 * stack, so one editor can grow either.
 */
export function layoutLimits(settings: LayoutSettings): LayoutLimits {
  const large = settings.segment === LARGE_LAYOUT_SEGMENT;
  return {
    rows: { min: LAYOUT_ROWS_MIN, max: large ? LAYOUT_ROWS_MAX_SEGMENT_15 : LAYOUT_ROWS_MAX },
    columns: { min: LAYOUT_COLUMNS_MIN, max: large ? LAYOUT_COLUMNS_MAX_SEGMENT_15 : LAYOUT_COLUMNS_MAX },
    floors: { min: LAYOUT_FLOORS_MIN, max: LAYOUT_FLOORS_MAX },
    pileHeight: { min: PILE_HEIGHT_MIN, max: PILE_HEIGHT_MAX },
    stacks: STACKS_MAX,
  };
}

/** `value` held inside `range` (whole numbers). */
export function clampToRange(value: number, range: { min: number; max: number }): number {
  return Math.min(range.max, Math.max(range.min, Math.trunc(value)));
}
