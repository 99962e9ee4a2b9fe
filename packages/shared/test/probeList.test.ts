import { describe, expect, it } from 'vitest';
import {
  ALL_ROWS,
  DEFAULT_PROBE_SORT,
  PROBE_PAGE_SIZE_DEFAULT,
  PROBE_PAGE_SIZE_IN_STORAGE,
  PROBE_PAGE_SIZES,
  probePageSizeOptions,
  sortProbes,
  TIMESTAMP_REFRESH_MS,
  type SortableProbe,
} from '../src/domain/probeList.js';

const p = (name: string, temperature: number | null, stale = false): SortableProbe => ({
  name,
  temperature,
  stale,
});
const names = (rows: SortableProbe[]): string[] => rows.map((r) => r.name);

// Spec doc 2 §2.2: sortable by name or temperature, ascending or descending; doc 1 §9: default sensor sort
// temperature ascending; doc 2 §4: older than 7 days shows n/a and sorts below fresh readings.
describe('sortProbes (spec doc 2 §2.2, §4; doc 1 §9)', () => {
  const rows = [p('H10', 523), p('H2', 210), p('H1', 380, true), p('H3', null), p('H11', 210)];

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

  it('returns a copy and leaves the input alone', () => {
    const copy = [...rows];
    sortProbes(rows, DEFAULT_PROBE_SORT);
    expect(rows).toEqual(copy);
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
