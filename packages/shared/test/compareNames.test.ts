import { describe, expect, it } from 'vitest';
import { compareNames } from '../src/domain/compareNames.js';

describe('names in a person’s order', () => {
  it.each([
    ['Probe 2', 'Probe 10', -1],
    ['Probe 10', 'Probe 2', 1],
    ['barn', 'Barn', 0],
    ['Écurie', 'ecurie', 0],
    ['Alpha', 'Beta', -1],
  ])('%s against %s: %i', (a, b, sign) => {
    expect(Math.sign(compareNames(a, b))).toBe(sign);
  });
});
