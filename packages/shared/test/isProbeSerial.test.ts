import { describe, expect, it } from 'vitest';
import { isProbeSerial } from '../src/domain/isProbeSerial.js';

describe('isProbeSerial', () => {
  it.each([
    ['a demo hay probe', 'H10001', true],
    ['a demo grain probe', 'G20001', true],
    ['a demo compost probe', 'C30001', true],
    ['a one-letter id', 'H', true],
    ['a dash inside', 'H-001', true],
    ['an underscore inside', 'X_1', true],
    ['32 characters', 'H' + '0'.repeat(31), true],
    ['33 characters', 'H' + '0'.repeat(32), false],
    ['empty', '', false],
    ['lower case', 'h10001', false],
    ['an object property name', 'hasOwnProperty', false],
    ['the prototype accessor', '__proto__', false],
    ['prototype', 'prototype', false],
    ['constructor', 'constructor', false],
    ['a negative number', '-1', false],
    ['a digit first', '10001', false],
    ['an underscore first', '_H1', false],
    ['a space', 'H 1', false],
    ['a dot', 'H1.0', false],
    ['a trailing newline', 'H1\n', false],
  ])('%s (%j) → %s', (_name, id, expected) => {
    expect(isProbeSerial(id)).toBe(expected);
  });
});
