import { describe, expect, it } from 'vitest';
import { heatingDegreeDays } from '../src/domain/heatingDegreeDays.js';

describe('heatingDegreeDays', () => {
  it.each([
    // HDD °C·h, unit, degree-days shown
    [0, 'C', 0],
    [0, 'F', 0],
    [24, 'C', 1],
    [24, 'F', 1.8],
    [240, 'C', 10],
    [240, 'F', 18],
    [2_000, 'C', 83.3],
    [2_000, 'F', 150],
    [1, 'C', 0],
    [3, 'C', 0.1],
    [3, 'F', 0.2],
  ] as const)('%s °C·h in °%s: %s degree-days', (hdd, unit, expected) => {
    expect(heatingDegreeDays(hdd, unit)).toBe(expected);
  });
});
