import { describe, expect, it } from 'vitest';
import {
  applyCorrection,
  correctionAt,
  correctionTenths,
  correctionTimeline,
  currentCorrection,
  sortCorrections,
} from '../src/domain/applyCorrection.js';

// Spec doc 2 §3: corrections are a list of {date (epoch s), factor, user}; §5: factor −1…1, step 0.1.
const list = [
  { date: 2000, factor: -0.5, user: 'b' },
  { date: 1000, factor: 0.3, user: 'a' },
];

describe('value corrections', () => {
  it.each([
    ['before the first correction nothing is added', 999, 0],
    ['at the correction date it applies', 1000, 0.3],
    ['between two corrections the older one applies', 1999, 0.3],
    ['after the newest the newest applies (not the sum)', 5000, -0.5],
  ])('%s', (_name, ts, factor) => {
    expect(correctionAt(sortCorrections(list), ts)).toBe(factor);
  });

  it.each([
    [0.1, 1],
    [-1, -10],
    [1, 10],
    [0.3, 3],
    [-0.7, -7],
    [0, 0],
  ])('a factor of %f °C is %i tenths', (factor, tenths) => {
    expect(correctionTenths(factor)).toBe(tenths);
  });

  it('shifts every depth by the same offset', () => {
    expect(applyCorrection([500, 480, 455], 3)).toEqual([503, 483, 458]);
    expect(applyCorrection([500], -10)).toEqual([490]);
  });

  it('the current correction is the newest entry, or 0 without any', () => {
    expect(currentCorrection(list)).toBe(-0.5);
    expect(currentCorrection([])).toBe(0);
    expect(currentCorrection(null)).toBe(0);
  });

  it('a timeline gives the same answers as a lookup, in order and out of order', () => {
    const tl = correctionTimeline(list);
    const times = [0, 999, 1000, 1500, 2000, 9000, 10, 2500];
    expect(times.map((t) => tl.at(t))).toEqual([0, 0, 3, 3, -5, -5, 0, -5]);
    expect(correctionTimeline(undefined).empty).toBe(true);
  });
});
