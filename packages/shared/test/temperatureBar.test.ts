import { describe, expect, it } from 'vitest';
import { MAX_DEPTHS } from '../src/contracts/ingest.js';
import { TEMPERATURE_BAR_MAX_SEGMENTS, temperatureBarDepths } from '../src/domain/temperatureBar.js';

// Spec doc 2 §9: the multi-depth temperature bar shows depth values up to a maximum count (handle first).
describe('temperatureBarDepths (spec doc 2 §9)', () => {
  it('shows at most 6 segments, fewer than the protocol allows depths', () => {
    expect(TEMPERATURE_BAR_MAX_SEGMENTS).toBe(6);
    expect(TEMPERATURE_BAR_MAX_SEGMENTS).toBeLessThan(MAX_DEPTHS);
  });

  it.each([
    [[], [], []],
    [[523], [523], []],
    [[523, 511, 498], [523, 511, 498], []],
    [[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], []],
    [
      [1, 2, 3, 4, 5, 6, 7],
      [1, 2, 3, 4, 5],
      [6, 7],
    ],
    [
      [1, 2, 3, 4, 5, 6, 7, 8],
      [1, 2, 3, 4, 5],
      [6, 7, 8],
    ],
  ])('%o shows %o, folds %o', (temperatures, shown, folded) => {
    expect(temperatureBarDepths(temperatures)).toEqual({ shown, folded });
  });

  it('keeps the handle first under a smaller maximum', () => {
    expect(temperatureBarDepths([10, 20, 30, 40], 3)).toEqual({ shown: [10, 20], folded: [30, 40] });
  });
});
