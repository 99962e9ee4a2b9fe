import { describe, expect, it } from 'vitest';
import type { StorageInput } from '@emberwatch/shared/contracts/storages';
import { checkStorageLayout, probesOf } from '../src/features/storages/checkStorageLayout.js';

type Part = Pick<StorageInput, 'layoutType' | 'sensor_layout' | 'stacks'>;
type Stack = StorageInput['stacks'][number];

const rows = (n: number, length = 3) =>
  Array.from({ length: n }, (_, index) => ({ index, rowLength: length }));
const grid = (over: Partial<NonNullable<Part['sensor_layout']>> = {}): Part => ({
  layoutType: 1,
  sensor_layout: { rows: rows(3), floors: 1, sensors: [], ...over },
  stacks: [],
});
const stack = (index: number, over: Partial<Stack> = {}): Stack => ({
  index,
  nRows: 2,
  nColumns: 2,
  color: '#c8a165',
  sensors: [],
  piles: [{ c: 0, r: 0, h: 2 }],
  ...over,
});
const stacks = (...list: Stack[]): Part => ({ layoutType: 3, sensor_layout: null, stacks: list });
const at = (id: string, row: number, column: number, floor = 0) => ({ id, row, column, floor });

describe('checkStorageLayout', () => {
  it.each([
    ['an undefined layout with nothing in it', { layoutType: null, sensor_layout: null, stacks: [] }, null],
    [
      'three rows of three with a probe and one in the bin',
      grid({ sensors: [at('H1', 2, 2), at('H2', -1, -1)] }),
      null,
    ],
    [
      'a floors layout with a probe on the top floor',
      { ...grid({ floors: 3, sensors: [at('H1', 0, 0, 2)] }), layoutType: 2 },
      null,
    ],
    ['a probe in a bale of a stack', stacks(stack(0, { sensors: [at('H1', 0, 0, 1)] })), null],
    ['an undefined layout with a sensor_layout', { ...grid(), layoutType: null }, 'item.sensor_layout'],
    [
      'a rows layout without its layout',
      { layoutType: 1, sensor_layout: null, stacks: [] },
      'item.sensor_layout',
    ],
    [
      'rows out of order',
      grid({
        rows: [
          { index: 1, rowLength: 3 },
          { index: 0, rowLength: 3 },
        ],
      }),
      'item.sensor_layout.rows',
    ],
    [
      'a probe beyond a short row',
      grid({ rows: [{ index: 0, rowLength: 1 }], sensors: [at('H1', 0, 1)] }),
      'item.sensor_layout.sensors',
    ],
    [
      'a probe on a floor the layout lacks',
      { ...grid({ floors: 2, sensors: [at('H1', 0, 0, 2)] }), layoutType: 2 },
      'item.sensor_layout.sensors',
    ],
    ['a stack index twice', stacks(stack(0), stack(0)), 'item.stacks.1'],
    ['a pile outside its stack', stacks(stack(0, { piles: [{ c: 2, r: 0, h: 1 }] })), 'item.stacks.0.piles'],
    [
      'two piles on one spot',
      stacks(
        stack(0, {
          piles: [
            { c: 0, r: 0, h: 1 },
            { c: 0, r: 0, h: 2 },
          ],
        }),
      ),
      'item.stacks.0.piles',
    ],
    [
      'a probe where there is no pile',
      stacks(stack(0, { sensors: [at('H1', 1, 1)] })),
      'item.stacks.0.sensors',
    ],
    [
      'two probes in one bale',
      stacks(stack(0, { sensors: [at('H1', 0, 0), at('H2', 0, 0)] })),
      'item.stacks.0.sensors',
    ],
    [
      'one probe in two stacks',
      stacks(stack(0, { sensors: [at('H1', 0, 0)] }), stack(1, { sensors: [at('H1', -1, -1)] })),
      'item',
    ],
    ['a stacks layout with a sensor_layout', { ...grid(), layoutType: 3 }, 'item.sensor_layout'],
  ] as [string, Part, string | null][])('%s → %s', (_what, part, path) => {
    expect(checkStorageLayout(part, null)?.path ?? null).toBe(path);
  });

  it('holds rows to 10 and columns to 20, or 15 and 30 for plan segment 15', () => {
    for (const [part, ok15] of [
      [grid({ rows: rows(11) }), true],
      [grid({ rows: rows(2, 21) }), true],
      [stacks(stack(0, { nRows: 11 })), true],
      [stacks(stack(0, { nColumns: 31 })), false],
    ] as [Part, boolean][]) {
      expect(checkStorageLayout(part, null)).not.toBeNull();
      expect(checkStorageLayout(part, 14)).not.toBeNull();
      expect(checkStorageLayout(part, 15) === null).toBe(ok15);
    }
  });

  it('lists every probe of a storage, placed or in the bin', () => {
    expect(
      probesOf(stacks(stack(0, { sensors: [at('H1', 0, 0)] }), stack(1, { sensors: [at('H2', -1, -1)] }))),
    ).toEqual(['H1', 'H2']);
  });
});
