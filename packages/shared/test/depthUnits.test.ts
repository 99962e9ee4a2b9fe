import { describe, expect, it } from 'vitest';
import { depthMetres, depthUnitFor, depthValue, formatDepth } from '../src/domain/depthUnits.js';

// Spec doc 2 §9: US users see depths in feet, others metres.
describe('depth units', () => {
  it.each([
    ['us', 'ft'],
    ['US', 'ft'],
    [' Us ', 'ft'],
    ['fi', 'm'],
    ['GB', 'm'],
    [null, 'm'],
    [undefined, 'm'],
  ] as const)('country %j → %s', (country, unit) => {
    expect(depthUnitFor(country)).toBe(unit);
  });
});

describe('depth positions (handle 0.5 m, tip 2.0 m, evenly spaced)', () => {
  it('places a 4-depth probe at 0.5, 1.0, 1.5 and 2.0 m', () => {
    expect([0, 1, 2, 3].map((i) => depthMetres(i, 4))).toEqual([0.5, 1, 1.5, 2]);
  });

  it('places a single-depth probe at its tip', () => {
    expect(depthMetres(0, 1)).toBe(2);
  });

  it('converts to feet with one decimal', () => {
    expect([0, 1, 2, 3].map((i) => depthValue(i, 4, 'ft'))).toEqual([1.6, 3.3, 4.9, 6.6]);
  });

  it('labels with the unit', () => {
    expect(formatDepth(0, 3, 'm')).toBe('0.5 m');
    expect(formatDepth(1, 3, 'm')).toBe('1.3 m');
    expect(formatDepth(2, 3, 'ft')).toBe('6.6 ft');
    // In the interface language's notation when a formatter is given (Finnish, German: decimal comma).
    const comma = (v: number) => v.toFixed(1).replace('.', ',');
    expect(formatDepth(0, 3, 'm', comma)).toBe('0,5 m');
  });
});
