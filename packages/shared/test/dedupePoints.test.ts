import { describe, expect, it } from 'vitest';
import { dedupePoints } from '../src/domain/dedupePoints.js';

// Spec doc 2 §9: "Points closer than 60 seconds deduplicated".
describe('dedupePoints', () => {
  const rows: Array<[string, number[], number[]]> = [
    ['keeps readings 20 minutes apart', [0, 1200, 2400], [0, 1200, 2400]],
    ['drops a reading 59 s after the previous one', [0, 59, 1200], [0, 1200]],
    ['keeps a reading exactly 60 s later', [0, 60], [0, 60]],
    ['drops a twin with the same time', [100, 100, 100], [100]],
    ['measures the window from the last point kept, not the last seen', [0, 30, 59, 61], [0, 61]],
    ['keeps an empty series empty', [], []],
  ];
  it.each(rows)('%s', (_name, times, kept) => {
    expect(dedupePoints(times, (t) => t)).toEqual(kept);
  });

  it('keeps the first of two near-twins with its own values', () => {
    const pts = [
      { b: 0, h: 300 },
      { b: 30, h: 310 },
    ];
    expect(dedupePoints(pts, (p) => p.b)).toEqual([{ b: 0, h: 300 }]);
  });
});
