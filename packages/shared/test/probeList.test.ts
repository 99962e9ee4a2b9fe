import { describe, expect, it } from 'vitest';
import {
  ALL_ROWS,
  DEFAULT_PROBE_SORT,
  hottestTemperature,
  PROBE_PAGE_SIZE_DEFAULT,
  PROBE_PAGE_SIZE_IN_STORAGE,
  PROBE_PAGE_SIZES,
  probePageSizeOptions,
  sortProbes,
  TIMESTAMP_REFRESH_MS,
  type SortableProbe,
} from '../src/domain/probeList.js';

const p = (name: string, temperatures: number[], stale = false): SortableProbe => ({
  name,
  temperatures,
  stale,
});
const names = (rows: SortableProbe[]): string[] => rows.map((r) => r.name);

// Spec doc 2 §2.2: sortable by name or temperature, ascending or descending; doc 1 §9: default sensor sort
// temperature ascending; doc 2 §4: older than 7 days shows n/a and sorts below fresh readings.
describe('sortProbes (spec doc 2 §2.2, §4; doc 1 §9)', () => {
  const rows = [p('H10', [523]), p('H2', [210]), p('H1', [380], true), p('H3', []), p('H11', [210])];

  it('sorts by temperature ascending by default, ties by name', () => {
    expect(DEFAULT_PROBE_SORT).toEqual({ key: 'temperature', direction: 'asc' });
    expect(names(sortProbes(rows, DEFAULT_PROBE_SORT))).toEqual(['H2', 'H11', 'H10', 'H1', 'H3']);
  });

  it('sorts by temperature descending, stale and silent probes still last', () => {
    expect(names(sortProbes(rows, { key: 'temperature', direction: 'desc' }))).toEqual([
      'H10',
      'H2',
      'H11',
      'H1',
      'H3',
    ]);
  });

  it('sorts names naturally (H2 before H10), both directions, stale last', () => {
    expect(names(sortProbes(rows, { key: 'name', direction: 'asc' }))).toEqual([
      'H2',
      'H10',
      'H11',
      'H1',
      'H3',
    ]);
    expect(names(sortProbes(rows, { key: 'name', direction: 'desc' }))).toEqual([
      'H11',
      'H10',
      'H2',
      'H3',
      'H1',
    ]);
  });

  // Issue 7 on the compost demo: a windrow at 43.8 / 61.9 / 60.4 sorted by its handle came before
  // two at 63.1 °C in the core. The hottest depth is the probe's temperature.
  it.each([
    ['asc', ['W1', 'W2', 'W3', 'W-old']],
    ['desc', ['W2', 'W3', 'W1', 'W-old']],
  ] as const)('sorts by the hottest depth, %s', (direction, order) => {
    const windrows = [
      p('W1', [438, 619, 604]),
      p('W3', [500, 631, 620]),
      p('W2', [631, 590, 580]),
      // Hotter than all, but older than 7 days: still last.
      p('W-old', [400, 700, 690], true),
    ];
    expect(names(sortProbes(windrows, { key: 'temperature', direction }))).toEqual(order);
  });

  it('returns a copy and leaves the input alone', () => {
    const copy = [...rows];
    sortProbes(rows, DEFAULT_PROBE_SORT);
    expect(rows).toEqual(copy);
  });
});

describe('hottestTemperature (spec doc 3 §9: the storage temperature shown is the maximum one)', () => {
  it.each([
    [[438, 619, 604], 619],
    [[631], 631],
    [[-250, -120], -120],
    [[0, -5], 0],
    [[], null],
  ])('of %o is %o', (temperatures, hottest) => {
    expect(hottestTemperature(temperatures)).toBe(hottest);
  });
});

// Spec doc 2 §9: probe list page size 50 (200 in a storage) with options 50/100/200/All; timestamp refresh 20 s.
describe('probe list paging (spec doc 2 §9)', () => {
  it('uses the spec numbers', () => {
    expect(PROBE_PAGE_SIZE_DEFAULT).toBe(50);
    expect(PROBE_PAGE_SIZE_IN_STORAGE).toBe(200);
    expect([...PROBE_PAGE_SIZES]).toEqual([50, 100, 200]);
    expect(TIMESTAMP_REFRESH_MS).toBe(20_000);
  });

  it.each([
    [0, 50, []],
    [50, 50, []],
    [51, 50, [50, ALL_ROWS]],
    [150, 50, [50, 100, ALL_ROWS]],
    [500, 50, [50, 100, 200, ALL_ROWS]],
    [150, 200, []],
    [500, 200, [200, ALL_ROWS]],
  ])('%s probes with page size %s offer %o', (count, size, options) => {
    expect(probePageSizeOptions(count, size)).toEqual(options);
  });
});
