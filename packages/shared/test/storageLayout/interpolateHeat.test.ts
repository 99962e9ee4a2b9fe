import { describe, expect, it } from 'vitest';
import { heatMap, interpolateAt } from '../../src/domain/storageLayout/interpolateHeat.js';

describe('interpolateAt (inverse-distance weighting)', () => {
  it.each([
    ['no probes', [], { row: 0, column: 0 }, null],
    ['one probe anywhere', [{ row: 0, column: 0, value: 300 }], { row: 4, column: 7 }, 300],
    [
      'on a probe keeps its reading',
      [
        { row: 0, column: 0, value: 300 },
        { row: 0, column: 2, value: 100 },
      ],
      { row: 0, column: 0 },
      300,
    ],
    [
      'midway between two is their mean',
      [
        { row: 0, column: 0, value: 300 },
        { row: 0, column: 2, value: 100 },
      ],
      { row: 0, column: 1 },
      200,
    ],
    // distances 1 and 3: weights 1 and 1/9 → (300 + 100/9) / (10/9) = 280
    [
      'nearer counts more (power 2)',
      [
        { row: 0, column: 0, value: 300 },
        { row: 0, column: 4, value: 100 },
      ],
      { row: 0, column: 1 },
      280,
    ],
    [
      'two probes in one cell: their mean',
      [
        { row: 1, column: 1, value: 400 },
        { row: 1, column: 1, value: 200 },
      ],
      { row: 1, column: 1 },
      300,
    ],
    // diagonal distance √2 (weight 1/2) vs 1 (weight 1): (0.5·600 + 1·0 + 1·0) / 2.5 = 120
    [
      'diagonals count by Euclidean distance',
      [
        { row: 0, column: 0, value: 600 },
        { row: 1, column: 2, value: 0 },
        { row: 2, column: 1, value: 0 },
      ],
      { row: 1, column: 1 },
      120,
    ],
  ] as const)('%s', (_name, points, at, expected) => {
    const v = interpolateAt(points, at);
    if (expected === null) expect(v).toBeNull();
    else expect(v).toBeCloseTo(expected, 6);
  });

  it('a higher power flattens towards the nearest probe', () => {
    const points = [
      { row: 0, column: 0, value: 300 },
      { row: 0, column: 4, value: 100 },
    ];
    expect(interpolateAt(points, { row: 0, column: 1 }, 4)).toBeGreaterThan(
      interpolateAt(points, { row: 0, column: 1 })!,
    );
  });
});

describe('heatMap', () => {
  it('gives every cell a value between the hottest and coldest probe, rounded to tenths', () => {
    const cells = [0, 1, 2, 3].map((column) => ({ row: 0, column }));
    const map = heatMap(
      [
        { row: 0, column: 0, value: 400 },
        { row: 0, column: 3, value: 100 },
      ],
      cells,
    );
    expect([...map.entries()]).toEqual([
      ['0:0', 400],
      ['0:1', 340],
      ['0:2', 160],
      ['0:3', 100],
    ]);
  });

  it('shows no heat on a level without readings', () => {
    expect(heatMap([], [{ row: 0, column: 0 }]).size).toBe(0);
  });
});
