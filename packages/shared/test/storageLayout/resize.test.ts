import { describe, expect, it } from 'vitest';
import type { SensorLayout, Stack } from '../../src/contracts/storageLayout.js';
import {
  addColumn,
  addFloor,
  addRow,
  removeLastColumn,
  removeLastFloor,
  removeLastRow,
} from '../../src/domain/storageLayout/layoutSizeSteps.js';
import type { LayoutSettings } from '../../src/domain/storageLayout/layoutLimits.js';
import { resizeSensorLayout } from '../../src/domain/storageLayout/resizeSensorLayout.js';
import { resizeStack } from '../../src/domain/storageLayout/resizeStack.js';

const plain: LayoutSettings = { segment: null };
const large: LayoutSettings = { segment: 15 };
const BIN = (id: string) => ({ id, row: -1, column: -1, floor: 0 });

// 3 rows of 3 on 2 floors; a probe in the last row, the last column of row 0, the top floor, and the middle.
const layout: SensorLayout = {
  rows: [0, 1, 2].map((index) => ({ index, rowLength: 3 })),
  floors: 2,
  sensors: [
    { id: 'LASTROW', row: 2, column: 0, floor: 0 },
    { id: 'LASTCOL', row: 0, column: 2, floor: 0 },
    { id: 'TOP', row: 1, column: 1, floor: 1 },
    { id: 'MID', row: 1, column: 1, floor: 0 },
  ],
};
const ids = (l: SensorLayout) =>
  Object.fromEntries(l.sensors.map((s) => [s.id, s.row === -1 ? 'bin' : 'placed']));

// Spec doc 3 §4 "Removing the last column, row or floor returns its probes to the bin".
describe('one-step size changes', () => {
  it.each([
    [
      'removeLastRow',
      removeLastRow(plain, layout),
      { LASTROW: 'bin', LASTCOL: 'placed', TOP: 'placed', MID: 'placed' },
    ],
    [
      'removeLastColumn of row 0',
      removeLastColumn(plain, layout, { row: 0 }),
      { LASTROW: 'placed', LASTCOL: 'bin', TOP: 'placed', MID: 'placed' },
    ],
    [
      'removeLastFloor',
      removeLastFloor(plain, layout),
      { LASTROW: 'placed', LASTCOL: 'placed', TOP: 'bin', MID: 'placed' },
    ],
  ])('%s returns its probes to the bin', (_, next, expected) => {
    expect(ids(next)).toEqual(expected);
    expect(next.sensors.find((s) => s.row === -1)).toMatchObject({ column: -1, floor: 0 });
  });

  it('shrink the layout by one', () => {
    expect(removeLastRow(plain, layout).rows).toHaveLength(2);
    expect(removeLastColumn(plain, layout, { row: 0 }).rows[0]).toEqual({ index: 0, rowLength: 2 });
    expect(removeLastFloor(plain, layout).floors).toBe(1);
  });

  it('grow the layout by one; a new row is as long as the last one', () => {
    const shortLast = resizeSensorLayout(plain, layout, { rowLengths: [3, 3, 2], floors: 2 });
    expect(addRow(plain, shortLast).rows.at(-1)).toEqual({ index: 3, rowLength: 2 });
    expect(addColumn(plain, layout, { row: 1 }).rows[1]).toEqual({ index: 1, rowLength: 4 });
    expect(addFloor(plain, layout).floors).toBe(3);
    expect(addRow(plain, layout).sensors).toBe(layout.sensors);
  });

  // Spec doc 3 §5: rows 1–10 (15 for segment 15), columns 1–20 (30), floors 1–10.
  it.each([
    ['the only row', removeLastRow, { rowLengths: [3], floors: 1 }, plain],
    ['the only floor', removeLastFloor, { rowLengths: [3], floors: 1 }, plain],
    [
      'the only cell of a row',
      (s: LayoutSettings, l: SensorLayout) => removeLastColumn(s, l, { row: 0 }),
      { rowLengths: [1], floors: 1 },
      plain,
    ],
    ['a row past 10', addRow, { rowLengths: Array<number>(10).fill(3), floors: 1 }, plain],
    ['a row past 15 on segment 15', addRow, { rowLengths: Array<number>(15).fill(3), floors: 1 }, large],
    [
      'a column past 20',
      (s: LayoutSettings, l: SensorLayout) => addColumn(s, l, { row: 0 }),
      { rowLengths: [20], floors: 1 },
      plain,
    ],
    [
      'a column past 30 on segment 15',
      (s: LayoutSettings, l: SensorLayout) => addColumn(s, l, { row: 0 }),
      { rowLengths: [30], floors: 1 },
      large,
    ],
    ['a floor past 10', addFloor, { rowLengths: [3], floors: 10 }, plain],
    [
      'a column of a missing row',
      (s: LayoutSettings, l: SensorLayout) => addColumn(s, l, { row: 5 }),
      { rowLengths: [3], floors: 1 },
      plain,
    ],
  ])('do not step past the limits: %s', (_, step, size, settings) => {
    const start = resizeSensorLayout(settings, layout, size);
    expect(step(settings, start)).toBe(start);
  });

  it('segment 15 may grow to 11 rows and 21 columns', () => {
    const ten = resizeSensorLayout(large, layout, { rowLengths: Array<number>(10).fill(20), floors: 1 });
    expect(addRow(large, ten).rows).toHaveLength(11);
    expect(addColumn(large, ten, { row: 0 }).rows[0]?.rowLength).toBe(21);
  });
});

// Spec doc 3 §4 "Changing layout size drops probes and piles outside the new bounds"; §5 limits.
describe('resizeSensorLayout', () => {
  it('bins the probes outside the new size and keeps the others where they were', () => {
    const next = resizeSensorLayout(plain, layout, { rowLengths: [2, 2], floors: 1 });
    expect(next.rows).toEqual([
      { index: 0, rowLength: 2 },
      { index: 1, rowLength: 2 },
    ]);
    expect(next.sensors).toEqual([
      BIN('LASTROW'),
      BIN('LASTCOL'),
      BIN('TOP'),
      { id: 'MID', row: 1, column: 1, floor: 0 },
    ]);
  });

  it.each([
    ['no rows → 1', { rowLengths: [], floors: 1 }, plain, 1, 1, 1],
    ['12 rows → 10', { rowLengths: Array<number>(12).fill(3), floors: 1 }, plain, 10, 3, 1],
    ['12 rows on segment 15 stay', { rowLengths: Array<number>(12).fill(3), floors: 1 }, large, 12, 3, 1],
    ['a row of 25 → 20', { rowLengths: [25], floors: 1 }, plain, 1, 20, 1],
    ['a row of 25 on segment 15 stays', { rowLengths: [25], floors: 1 }, large, 1, 25, 1],
    ['a row of 0 → 1', { rowLengths: [0], floors: 1 }, plain, 1, 1, 1],
    ['12 floors → 10', { rowLengths: [3], floors: 12 }, plain, 1, 3, 10],
    ['0 floors → 1', { rowLengths: [3], floors: 0 }, plain, 1, 3, 1],
  ])('holds the size inside the limits: %s', (_, size, settings, rows, firstRow, floors) => {
    const next = resizeSensorLayout(settings, layout, size);
    expect(next.rows).toHaveLength(rows);
    expect(next.rows[0]?.rowLength).toBe(firstRow);
    expect(next.floors).toBe(floors);
  });

  it('returns the same layout when the size does not change', () => {
    expect(resizeSensorLayout(plain, layout, { rowLengths: [3, 3, 3], floors: 2 })).toBe(layout);
  });
});

// Stack 3 rows × 4 columns, piles everywhere of 2; probes at (r2,c0), (r0,c3) and (r0,c0).
const stack: Stack = {
  index: 0,
  nRows: 3,
  nColumns: 4,
  color: '#c8a165',
  sensors: [
    { id: 'H1', row: 2, column: 0, floor: 1 },
    { id: 'H2', row: 0, column: 3, floor: 0 },
    { id: 'H3', row: 0, column: 0, floor: 1 },
  ],
  piles: [0, 1, 2].flatMap((r) => [0, 1, 2, 3].map((c) => ({ c, r, h: 2 }))),
};

describe('resizeStack', () => {
  it('drops piles and bins probes outside the new bounds', () => {
    const next = resizeStack(plain, stack, { nRows: 2, nColumns: 3 });
    expect(next).toMatchObject({ nRows: 2, nColumns: 3 });
    expect(next.piles).toHaveLength(6);
    expect(next.piles.every((p) => p.r < 2 && p.c < 3)).toBe(true);
    expect(next.sensors).toEqual([BIN('H1'), BIN('H2'), { id: 'H3', row: 0, column: 0, floor: 1 }]);
  });

  it('grows without piles in the new cells and keeps every probe', () => {
    const next = resizeStack(plain, stack, { nRows: 4, nColumns: 5 });
    expect(next.piles).toEqual(stack.piles);
    expect(next.sensors).toBe(stack.sensors);
  });

  it.each([
    [plain, { nRows: 11, nColumns: 21 }, 10, 20],
    [large, { nRows: 16, nColumns: 31 }, 15, 30],
    [plain, { nRows: 0, nColumns: -3 }, 1, 1],
  ])('holds the size inside the limits (%o, %o)', (settings, size, nRows, nColumns) => {
    expect(resizeStack(settings, stack, size)).toMatchObject({ nRows, nColumns });
  });

  it('returns the same stack when the size does not change', () => {
    expect(resizeStack(plain, stack, { nRows: 3, nColumns: 4 })).toBe(stack);
  });
});
