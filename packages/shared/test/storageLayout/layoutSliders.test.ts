import { describe, expect, it } from 'vitest';
import {
  defaultLayoutPrefs,
  editCellWidth,
  layoutPrefsOnSliders,
  layoutSliderLimits,
  snapToSlider,
} from '../../src/domain/storageLayout/layoutSliders.js';

// Spec doc 3 §5 "Layout sliders": angle 0 to max (60, or 40 for stacks), step 5; cell size from 35
// (25 for stacks) to 80, step 2; spacing 0-100, step 2, disabled with 1 layer.
describe('layoutSliderLimits', () => {
  it.each([
    ['rows', 1, 60, 35, true],
    ['floors', 3, 60, 35, false],
    ['stacks', 4, 40, 25, false],
    ['stacks', 1, 40, 25, true],
  ] as const)('%s with %i layers', (layout, layers, angleMax, cellMin, spacingDisabled) => {
    expect(layoutSliderLimits({ layout }, { layers })).toEqual({
      angle: { min: 0, max: angleMax, step: 5 },
      cellSize: { min: cellMin, max: 80, step: 2 },
      spacing: { min: 0, max: 100, step: 2, disabled: spacingDisabled },
    });
  });
});

// Spec doc 3 §9: angle 45 (0 for stacks), cell size 50 (40 for stacks), spacing 50 (100 for stacks);
// editing cell width 45 (40 for stacks).
describe('layout defaults', () => {
  it.each([
    ['rows', { angleDefault: 45, sizeDefault: 50, spaceDefault: 50 }, 45],
    ['floors', { angleDefault: 45, sizeDefault: 50, spaceDefault: 50 }, 45],
    ['stacks', { angleDefault: 0, sizeDefault: 40, spaceDefault: 100 }, 40],
  ] as const)('%s', (layout, prefs, editWidth) => {
    expect(defaultLayoutPrefs({ layout })).toEqual(prefs);
    expect(editCellWidth({ layout })).toBe(editWidth);
  });
});

describe('snapToSlider', () => {
  const cell = { min: 35, max: 80, step: 2 };
  it.each([
    [50, 35, 80, 5, 50],
    [52, 0, 60, 5, 50],
    [53, 0, 60, 5, 55],
    [70, 0, 40, 5, 40],
    [-5, 0, 100, 2, 0],
    [Number.NaN, 0, 100, 2, 0],
  ])('%f in %i–%i step %i → %i', (value, min, max, step, expected) => {
    expect(snapToSlider(value, { min, max, step })).toBe(expected);
  });

  it('keeps the even defaults (50, 40) on an odd minimum, and keeps both ends', () => {
    expect(snapToSlider(50, cell)).toBe(50);
    expect(snapToSlider(40, { ...cell, min: 25 })).toBe(40);
    expect(snapToSlider(37, cell)).toBe(38);
    expect(snapToSlider(35, cell)).toBe(35);
    expect(snapToSlider(80, cell)).toBe(80);
    expect(snapToSlider(81, cell)).toBe(80);
  });
});

describe('layoutPrefsOnSliders', () => {
  it.each([
    [
      'missing prefs take the defaults',
      'stacks',
      null,
      { angleDefault: 0, sizeDefault: 40, spaceDefault: 100 },
    ],
    [
      'a partial set is filled in',
      'rows',
      { angleDefault: 30 },
      { angleDefault: 30, sizeDefault: 50, spaceDefault: 50 },
    ],
    [
      'an angle of 60 is held at 40 for stacks',
      'stacks',
      { angleDefault: 60, sizeDefault: 25, spaceDefault: 0 },
      { angleDefault: 40, sizeDefault: 25, spaceDefault: 0 },
    ],
    [
      'a cell size of 25 rises to 35 outside stacks',
      'rows',
      { angleDefault: 45, sizeDefault: 25, spaceDefault: 50 },
      { angleDefault: 45, sizeDefault: 35, spaceDefault: 50 },
    ],
  ] as const)('%s', (_, layout, prefs, expected) => {
    expect(layoutPrefsOnSliders({ layout }, prefs)).toEqual(expected);
  });

  it('returns the same prefs when they are already on the sliders', () => {
    const prefs = { angleDefault: 40, sizeDefault: 42, spaceDefault: 98 };
    expect(layoutPrefsOnSliders({ layout: 'stacks' }, prefs)).toBe(prefs);
  });
});
