import { describe, expect, it } from 'vitest';
import { missingStorageInfo, storageCapacityMax } from '../../src/domain/storageLayout/storageCapacity.js';
import { layoutLayers } from '../../src/domain/storageLayout/layoutLayers.js';
import { defaultStack } from '../../src/domain/storageLayout/defaultStack.js';

// Spec doc 3 §5: capacity capped by the survey's bales or tons per year; default max 1000.
describe('storageCapacityMax', () => {
  it.each([
    ['no survey', null, 1000],
    ['bales per year', { hayTypeUnit: 'bales', balesPerYear: 2500, averageTonsPerYear: 40 }, 2500],
    ['tons per year', { hayTypeUnit: 'tons', balesPerYear: 2500, averageTonsPerYear: 40 }, 40],
    ['fractional tons', { hayTypeUnit: 'tons', balesPerYear: null, averageTonsPerYear: 12.7 }, 12],
    ['unit without a volume', { hayTypeUnit: 'bales', balesPerYear: null, averageTonsPerYear: 40 }, 1000],
    ['zero volume', { hayTypeUnit: 'bales', balesPerYear: 0, averageTonsPerYear: null }, 1000],
    ['no unit reads bales', { hayTypeUnit: null, balesPerYear: 300, averageTonsPerYear: null }, 300],
  ] as const)('%s → %i', (_name, survey, max) => {
    expect(storageCapacityMax(survey)).toBe(max);
  });
});

// Spec doc 3 §5: the missing-info dialog when capacity, type or name is missing, or more than 5
// hay probes together with non-hay probes.
describe('missingStorageInfo', () => {
  const complete = { name: 'Barn', type: 'warehouse', capacity: 200 };
  const hay = (n: number) => Array.from({ length: n }, (_, i) => `H-${i}`);
  it.each([
    ['complete', complete, [], []],
    ['no name', { ...complete, name: ' ' }, [], ['name']],
    ['no type', { ...complete, type: '' }, [], ['type']],
    ['no capacity', { ...complete, capacity: null }, [], ['capacity']],
    ['capacity 0 is given', { ...complete, capacity: 0 }, [], []],
    ['5 hay + 1 grain', complete, [...hay(5), 'G-1'], []],
    ['6 hay + 1 grain', complete, [...hay(6), 'G-1'], ['mixedProbes']],
    ['6 hay only', complete, hay(6), []],
    [
      'all missing',
      { name: '', type: '', capacity: null },
      [...hay(6), 'C-1'],
      ['name', 'type', 'capacity', 'mixedProbes'],
    ],
  ] as const)('%s', (_name, storage, probes, expected) => {
    expect(missingStorageInfo(storage, probes)).toEqual(expected);
  });
});

describe('layoutLayers', () => {
  it.each<[string, Parameters<typeof layoutLayers>[0], boolean, number]>([
    ['no layout', { sensor_layout: null, stacks: [] }, false, 1],
    [
      '3 floors',
      { sensor_layout: { rows: [{ index: 0, rowLength: 3 }], floors: 3, sensors: [] }, stacks: [] },
      false,
      3,
    ],
    ['default stack (height 4)', { sensor_layout: null, stacks: [defaultStack(0)] }, true, 4],
    ['stacks without piles', { sensor_layout: null, stacks: [{ ...defaultStack(0), piles: [] }] }, true, 1],
  ])('%s → %i', (_name, layout, stacks, layers) => {
    expect(layoutLayers(layout, stacks)).toBe(layers);
  });
});
