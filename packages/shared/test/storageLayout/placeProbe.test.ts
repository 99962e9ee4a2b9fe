import { describe, expect, it } from 'vitest';
import type { SensorLayout, Stack } from '../../src/contracts/storageLayout.js';
import { moveProbeToBin } from '../../src/domain/storageLayout/moveProbeToBin.js';
import { placeProbe, placeProbeInStack } from '../../src/domain/storageLayout/placeProbe.js';
import { removeStackProbes } from '../../src/domain/storageLayout/removeStackProbes.js';

// Two rows (3 and 2 long), two floors; G1 at row 0 column 0 floor 0, G2 in the bin.
const layout: SensorLayout = {
  rows: [
    { index: 0, rowLength: 3 },
    { index: 1, rowLength: 2 },
  ],
  floors: 2,
  sensors: [
    { id: 'G1', row: 0, column: 0, floor: 0 },
    { id: 'G2', row: -1, column: -1, floor: 0 },
  ],
};

// Spec doc 3 §5 "A probe can only be dropped into an empty cell".
describe('placeProbe', () => {
  it.each([
    [
      'a new probe into an empty cell',
      { id: 'G3', row: 1, column: 1, floor: 1 },
      [...layout.sensors, { id: 'G3', row: 1, column: 1, floor: 1 }],
    ],
    [
      'a probe from the bin',
      { id: 'G2', row: 0, column: 2, floor: 0 },
      [layout.sensors[0], { id: 'G2', row: 0, column: 2, floor: 0 }],
    ],
    [
      'a placed probe to another cell',
      { id: 'G1', row: 0, column: 0, floor: 1 },
      [{ id: 'G1', row: 0, column: 0, floor: 1 }, layout.sensors[1]],
    ],
  ])('places %s', (_, input, sensors) => {
    expect(placeProbe(layout, input).sensors).toEqual(sensors);
  });

  it.each([
    ['an occupied cell', { id: 'G3', row: 0, column: 0, floor: 0 }],
    ['its own cell', { id: 'G1', row: 0, column: 0, floor: 0 }],
    ['past the end of a short row', { id: 'G3', row: 1, column: 2, floor: 0 }],
    ['a row that does not exist', { id: 'G3', row: 2, column: 0, floor: 0 }],
    ['a floor that does not exist', { id: 'G3', row: 0, column: 0, floor: 2 }],
    ['the bin position', { id: 'G3', row: -1, column: -1, floor: 0 }],
  ])('refuses %s and leaves the layout as it was', (_, input) => {
    expect(placeProbe(layout, input)).toBe(layout);
  });
});

// Stack: 2 rows × 2 columns; piles of 3 at (0,0) and 1 at (1,1); H1 in the bottom bale at (0,0).
const stack: Stack = {
  index: 0,
  nRows: 2,
  nColumns: 2,
  color: '#c8a165',
  sensors: [{ id: 'H1', row: 0, column: 0, floor: 0 }],
  piles: [
    { c: 0, r: 0, h: 3 },
    { c: 1, r: 1, h: 1 },
  ],
};

// Spec doc 3 §4 "Adding a probe: … then click a bale location".
describe('placeProbeInStack', () => {
  it.each([
    ['the top bale of a pile', { id: 'H2', row: 0, column: 0, floor: 2 }, true],
    ['the only bale of a pile', { id: 'H2', row: 1, column: 1, floor: 0 }, true],
    ['above a pile', { id: 'H2', row: 0, column: 0, floor: 3 }, false],
    ['a cell with no pile', { id: 'H2', row: 0, column: 1, floor: 0 }, false],
    ['an occupied bale', { id: 'H2', row: 0, column: 0, floor: 0 }, false],
    ['outside the stack', { id: 'H2', row: 2, column: 0, floor: 0 }, false],
  ])('into %s: %s', (_, input, placed) => {
    const next = placeProbeInStack(stack, input);
    if (placed) expect(next.sensors).toContainEqual(input);
    else expect(next).toBe(stack);
  });
});

// Spec doc 3 §4 "Moving a probe to the bin sets row and column to -1 (unplaced)".
describe('moveProbeToBin', () => {
  it('sets row and column to −1 and keeps the probe in the storage', () => {
    expect(moveProbeToBin(layout, { id: 'G1' }).sensors).toEqual([
      { id: 'G1', row: -1, column: -1, floor: 0 },
      layout.sensors[1],
    ]);
    expect(moveProbeToBin(stack, { id: 'H1' }).sensors).toEqual([
      { id: 'H1', row: -1, column: -1, floor: 0 },
    ]);
  });

  it.each([
    ['already in the bin', 'G2'],
    ['not in the layout', 'G9'],
  ])('changes nothing for a probe %s', (_, id) => {
    expect(moveProbeToBin(layout, { id })).toBe(layout);
  });
});

// Spec doc 3 §4 "Clicking a probe removes it after a confirm dialog with a remove-all-sensors option".
describe('removeStackProbes', () => {
  const two = { ...stack, sensors: [...stack.sensors, { id: 'H2', row: 1, column: 1, floor: 0 }] };
  it.each([
    ['one probe', { id: 'H1' }, [{ id: 'H2', row: 1, column: 1, floor: 0 }]],
    ['all probes', { all: true as const }, []],
  ])('removes %s', (_, input, sensors) => {
    expect(removeStackProbes(two, input).sensors).toEqual(sensors);
  });

  it('changes nothing for a probe not in the stack', () => {
    expect(removeStackProbes(two, { id: 'H9' })).toBe(two);
  });
});
