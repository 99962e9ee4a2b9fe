import { describe, expect, it } from 'vitest';
import {
  baleSchema,
  layoutPrefsSchema,
  sensorLayoutSchema,
  stackSchema,
  stacksSchema,
} from '../../src/contracts/storageLayout.js';
import { defaultSensorLayout } from '../../src/domain/storageLayout/defaultSensorLayout.js';
import { defaultStack } from '../../src/domain/storageLayout/defaultStack.js';

// Spec doc 3 §3 (Storage.sensor_layout, Stack, Bale, layout_prefs) with the limits of §5 and §9.
describe('storage layout contracts', () => {
  it('accept the defaults and a probe in the bin (row and column −1, doc 3 §4)', () => {
    const layout = { ...defaultSensorLayout(), sensors: [{ id: 'G1', row: -1, column: -1, floor: 0 }] };
    expect(sensorLayoutSchema.parse(layout)).toEqual(layout);
    expect(stackSchema.parse(defaultStack(0))).toEqual(defaultStack(0));
  });

  it.each([
    ['no rows (at least 1)', { rows: [], floors: 1, sensors: [] }],
    [
      '16 rows (at most 15, for segment 15)',
      { rows: Array.from({ length: 16 }, (_, index) => ({ index, rowLength: 3 })), floors: 1, sensors: [] },
    ],
    ['a row of 31 (at most 30)', { rows: [{ index: 0, rowLength: 31 }], floors: 1, sensors: [] }],
    ['11 floors (1–10)', { rows: [{ index: 0, rowLength: 3 }], floors: 11, sensors: [] }],
    ['0 floors', { rows: [{ index: 0, rowLength: 3 }], floors: 0, sensors: [] }],
    [
      'a row −2',
      {
        rows: [{ index: 0, rowLength: 3 }],
        floors: 1,
        sensors: [{ id: 'G1', row: -2, column: 0, floor: 0 }],
      },
    ],
    ['an unknown field', { rows: [{ index: 0, rowLength: 3 }], floors: 1, sensors: [], extra: 1 }],
  ])('refuse a sensor_layout with %s', (_, layout) => {
    expect(sensorLayoutSchema.safeParse(layout).success).toBe(false);
  });

  it.each([
    ['a pile of 11 (1–10)', { ...defaultStack(0), piles: [{ c: 0, r: 0, h: 11 }] }],
    ['a pile of 0', { ...defaultStack(0), piles: [{ c: 0, r: 0, h: 0 }] }],
    ['31 columns', { ...defaultStack(0), nColumns: 31 }],
    ['16 rows', { ...defaultStack(0), nRows: 16 }],
    ['index 10 (at most 10 stacks)', { ...defaultStack(0), index: 10 }],
  ])('refuse a stack with %s', (_, stack) => {
    expect(stackSchema.safeParse(stack).success).toBe(false);
  });

  it('allow at most 10 stacks (doc 3 §9)', () => {
    const stacks = Array.from({ length: 10 }, (_, i) => defaultStack(i));
    expect(stacksSchema.safeParse(stacks).success).toBe(true);
    expect(stacksSchema.safeParse([...stacks, defaultStack(9)]).success).toBe(false);
  });

  it('take a bale {id,r,c,f} and layout prefs within the slider limits (doc 3 §5)', () => {
    expect(baleSchema.parse({ id: 'H12', r: 0, c: 5, f: 3 })).toEqual({ id: 'H12', r: 0, c: 5, f: 3 });
    expect(layoutPrefsSchema.safeParse({ angleDefault: 45, sizeDefault: 50, spaceDefault: 50 }).success).toBe(
      true,
    );
    expect(layoutPrefsSchema.safeParse({ angleDefault: 65, sizeDefault: 50, spaceDefault: 50 }).success).toBe(
      false,
    );
    expect(layoutPrefsSchema.safeParse({ angleDefault: 0, sizeDefault: 24, spaceDefault: 50 }).success).toBe(
      false,
    );
    expect(layoutPrefsSchema.safeParse({ angleDefault: 0, sizeDefault: 40, spaceDefault: 101 }).success).toBe(
      false,
    );
  });
});
