import { describe, expect, it } from 'vitest';
import type { SensorLayout } from '../../src/contracts/storageLayout.js';
import { placedProbeIds } from '../../src/domain/storageLayout/placedProbeIds.js';
import { vacantProbes } from '../../src/domain/storageLayout/vacantProbes.js';

const probes = [
  { id: 'H10', name: 'Barn north', storageId: null },
  { id: 'H2', name: 'Barn south', storageId: 7 },
  { id: 'H3', name: 'Shed', storageId: 8 },
  { id: 'G1', name: 'Silo top', storageId: null },
  { id: 'C5', name: 'Windrow', storageId: 7 },
  { id: 'G9', name: 'Bin probe', storageId: 7 },
];
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

// Spec doc 3 §5 "Vacant probes are offered by kind: hay ("H") probes only for stack layouts,
// non-hay otherwise. Probes already in another storage are excluded. Search is by id or name."
describe('vacantProbes', () => {
  it.each([
    ['stacks: hay probes of no storage or this one', 'stacks', 7, [], '', ['H10', 'H2']],
    ['rows: non-hay probes', 'rows', 7, [], '', ['G9', 'G1', 'C5']],
    ['floors: non-hay probes', 'floors', 7, ['C5'], '', ['G9', 'G1']],
    ['a new storage: only probes in no storage', 'stacks', null, [], '', ['H10']],
    ['placed probes are not offered again', 'stacks', 7, ['H2'], '', ['H10']],
    ['search by id, any case', 'rows', 7, [], 'g1', ['G1']],
    ['search by name, any case', 'stacks', 7, [], 'SOUTH', ['H2']],
    ['search with spaces around', 'rows', 7, [], '  wind ', ['C5']],
    ['nothing matches', 'rows', 7, [], 'zzz', []],
  ] as const)('%s', (_, layout, storageId, placedIds, search, expected) => {
    expect(ids(vacantProbes({ layout }, probes, { storageId, placedIds, search }))).toEqual(expected);
  });
});

describe('placedProbeIds', () => {
  it('lists the probes in cells of the layout and stacks, not those in the bin', () => {
    const sensorLayout: SensorLayout = {
      rows: [{ index: 0, rowLength: 3 }],
      floors: 1,
      sensors: [
        { id: 'G1', row: 0, column: 0, floor: 0 },
        { id: 'G2', row: -1, column: -1, floor: 0 },
      ],
    };
    const stack = {
      index: 0,
      nRows: 1,
      nColumns: 1,
      color: '#fff',
      piles: [{ c: 0, r: 0, h: 2 }],
      sensors: [
        { id: 'H1', row: 0, column: 0, floor: 1 },
        { id: 'H2', row: -1, column: -1, floor: 0 },
      ],
    };
    expect(placedProbeIds({ sensorLayout, stacks: [stack] })).toEqual(['G1', 'H1']);
    expect(placedProbeIds({ sensorLayout: null, stacks: null })).toEqual([]);
  });
});
