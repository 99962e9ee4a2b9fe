import {
  LAYOUT_ANGLE_MAX,
  LAYOUT_ANGLE_MAX_STACKS,
  LAYOUT_ANGLE_MIN,
  LAYOUT_ANGLE_STEP,
  LAYOUT_CELL_SIZE_MAX,
  LAYOUT_CELL_SIZE_MIN,
  LAYOUT_CELL_SIZE_MIN_STACKS,
  LAYOUT_CELL_SIZE_STEP,
  LAYOUT_EDIT_CELL_WIDTH,
  LAYOUT_EDIT_CELL_WIDTH_STACKS,
  LAYOUT_SPACING_MAX,
  LAYOUT_SPACING_MIN,
  LAYOUT_SPACING_STEP,
  type LayoutPrefs,
} from '../../contracts/storageLayout.js';
import { STORAGE_LAYOUT_INFO, type StorageLayout } from '../kinds/storageLayouts.js';

export interface SliderRange {
  min: number;
  max: number;
  step: number;
}

export interface LayoutSliderLimits {
  angle: SliderRange;
  cellSize: SliderRange;
  spacing: SliderRange & { disabled: boolean };
}

/**
 * Spec doc 3 §5 "Layout sliders": angle 0 to 60 (40 for stacks) step 5; cell size 35 (25 for stacks)
 * to 80 step 2; spacing 0–100 step 2, disabled with 1 layer (nothing to space apart). `layers` is
 * the layout's floors, or for stacks the highest pile.
 */
export function layoutSliderLimits(
  settings: { layout: StorageLayout },
  input: { layers: number },
): LayoutSliderLimits {
  const stacks = settings.layout === 'stacks';
  return {
    angle: {
      min: LAYOUT_ANGLE_MIN,
      max: stacks ? LAYOUT_ANGLE_MAX_STACKS : LAYOUT_ANGLE_MAX,
      step: LAYOUT_ANGLE_STEP,
    },
    cellSize: {
      min: stacks ? LAYOUT_CELL_SIZE_MIN_STACKS : LAYOUT_CELL_SIZE_MIN,
      max: LAYOUT_CELL_SIZE_MAX,
      step: LAYOUT_CELL_SIZE_STEP,
    },
    spacing: {
      min: LAYOUT_SPACING_MIN,
      max: LAYOUT_SPACING_MAX,
      step: LAYOUT_SPACING_STEP,
      disabled: input.layers <= 1,
    },
  };
}

/** Spec doc 3 §9: angle 45 (0 for stacks), cell size 50 (40 for stacks), spacing 50 (100 for stacks). */
export function defaultLayoutPrefs(settings: { layout: StorageLayout }): LayoutPrefs {
  const d = STORAGE_LAYOUT_INFO[settings.layout].defaults;
  return { angleDefault: d.angle, sizeDefault: d.cellSize, spaceDefault: d.spacing };
}

/** Spec doc 3 §9: the cell width while editing, 45 (40 for stacks). */
export function editCellWidth(settings: { layout: StorageLayout }): number {
  return settings.layout === 'stacks' ? LAYOUT_EDIT_CELL_WIDTH_STACKS : LAYOUT_EDIT_CELL_WIDTH;
}

/**
 * A value on the slider: held inside its range and rounded to a multiple of its step. The grid is
 * counted from 0, not from the minimum, because the spec's cell-size defaults (50, and 40 for stacks;
 * doc 3 §9) are even while the minimums (35, 25) are odd; the ends themselves are kept.
 */
export function snapToSlider(value: number, range: SliderRange): number {
  if (!Number.isFinite(value) || value <= range.min) return range.min;
  if (value >= range.max) return range.max;
  return Math.min(range.max, Math.max(range.min, Math.round(value / range.step) * range.step));
}

/**
 * Stored layout prefs brought onto the layout's sliders: missing ones take the defaults, the others
 * are snapped into range (a storage switched to stacks may hold an angle of 60, which stacks cap at
 * 40). The same object when nothing changes.
 */
export function layoutPrefsOnSliders(
  settings: { layout: StorageLayout },
  prefs: Partial<LayoutPrefs> | null | undefined,
): LayoutPrefs {
  const limits = layoutSliderLimits(settings, { layers: 2 });
  const d = defaultLayoutPrefs(settings);
  const next: LayoutPrefs = {
    angleDefault: snapToSlider(prefs?.angleDefault ?? d.angleDefault, limits.angle),
    sizeDefault: snapToSlider(prefs?.sizeDefault ?? d.sizeDefault, limits.cellSize),
    spaceDefault: snapToSlider(prefs?.spaceDefault ?? d.spaceDefault, limits.spacing),
  };
  const same =
    prefs?.angleDefault === next.angleDefault &&
    prefs.sizeDefault === next.sizeDefault &&
    prefs.spaceDefault === next.spaceDefault;
  return same ? (prefs as LayoutPrefs) : next;
}
