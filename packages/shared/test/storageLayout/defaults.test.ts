import { describe, expect, it } from 'vitest';
import { defaultSensorLayout } from '../../src/domain/storageLayout/defaultSensorLayout.js';
import { defaultStack } from '../../src/domain/storageLayout/defaultStack.js';
import { initialLayout } from '../../src/domain/storageLayout/initialLayout.js';
import { layoutLimits } from '../../src/domain/storageLayout/layoutLimits.js';

// Spec doc 3 §4 "Default layout otherwise: 3 rows of length 3"; §4 and §9 "Stack defaults 6x3x4".
describe('default layouts', () => {
  it('the default layout is 3 rows of length 3 on one floor, no probes', () => {
    expect(defaultSensorLayout()).toEqual({
      rows: [
        { index: 0, rowLength: 3 },
        { index: 1, rowLength: 3 },
        { index: 2, rowLength: 3 },
      ],
      floors: 1,
      sensors: [],
    });
  });

  it('the default stack is 6 columns × 3 rows with a pile of 4 in every cell', () => {
    const stack = defaultStack(2);
    expect(stack).toMatchObject({ index: 2, nRows: 3, nColumns: 6, sensors: [] });
    expect(stack.piles).toHaveLength(18);
    expect(stack.piles.every((p) => p.h === 4)).toBe(true);
    expect(new Set(stack.piles.map((p) => `${p.r}:${p.c}`)).size).toBe(18);
    expect(defaultStack(0).color).not.toBe(defaultStack(1).color);
  });
});

// Spec doc 3 §4: a layout is auto-created for a storage without a defined layout type: a stack when
// the survey says bales or the probe setup suggests one; the default layout otherwise.
describe('initialLayout', () => {
  it.each([
    ['survey says bales', null, 'bales', ['G1'], 'stack'],
    ['survey says loose, hay probes', undefined, 'loose', ['H1'], 'rows'],
    ['no survey, only hay probes', null, null, ['H1', 'h2'], 'stack'],
    ['no survey, hay and grain probes', null, null, ['H1', 'G2'], 'rows'],
    ['no survey, no probes', null, null, [], 'rows'],
    ['unknown layout type 7 counts as undefined', 7, 'bales', [], 'stack'],
  ] as const)('%s', (_, layoutType, surveyHayType, probeIds, expected) => {
    const made = initialLayout({ layoutType, surveyHayType, probeIds });
    if (expected === 'stack')
      expect(made).toEqual({ layoutType: 3, sensorLayout: null, stacks: [defaultStack(0)] });
    else expect(made).toEqual({ layoutType: 1, sensorLayout: defaultSensorLayout(), stacks: [] });
  });

  it.each([1, 2, 3])('keeps a defined layout type %i', (layoutType) => {
    expect(initialLayout({ layoutType, surveyHayType: 'bales', probeIds: ['H1'] })).toBeNull();
  });
});

// Spec doc 3 §5: rows 1–10 (15 for segment 15), columns 1–20 (30), floors 1–10, piles 1–10; §9: 10 stacks.
describe('layoutLimits', () => {
  it.each([
    [null, 10, 20],
    [13, 10, 20],
    [14, 10, 20],
    [15, 15, 30],
  ])('segment %s: rows up to %i, columns up to %i', (segment, rows, columns) => {
    expect(layoutLimits({ segment })).toEqual({
      rows: { min: 1, max: rows },
      columns: { min: 1, max: columns },
      floors: { min: 1, max: 10 },
      pileHeight: { min: 1, max: 10 },
      stacks: 10,
    });
  });
});
