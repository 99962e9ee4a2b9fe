import { describe, expect, it } from 'vitest';
import type { Stack } from '../../src/contracts/storageLayout.js';
import { addBales, canAddBales } from '../../src/domain/storageLayout/addBales.js';
import { addStack, removeStack } from '../../src/domain/storageLayout/addStack.js';
import { defaultStack } from '../../src/domain/storageLayout/defaultStack.js';
import { removeBales } from '../../src/domain/storageLayout/removeBales.js';
import { setPileHeight } from '../../src/domain/storageLayout/setPileHeight.js';

const plain = { segment: null };
// 2 rows × 3 columns: row 0 has piles of 2, 9 and none; row 1 has a pile of 1 at column 0.
const stack: Stack = {
  index: 0,
  nRows: 2,
  nColumns: 3,
  color: '#c8a165',
  sensors: [
    { id: 'H1', row: 0, column: 1, floor: 8 },
    { id: 'H2', row: 0, column: 0, floor: 0 },
  ],
  piles: [
    { c: 0, r: 0, h: 2 },
    { c: 1, r: 0, h: 9 },
    { c: 0, r: 1, h: 1 },
  ],
};
const heights = (s: Stack) => s.piles.map((p) => `${p.r}:${p.c}=${p.h}`).join(' ');

// Spec doc 3 §5 "Adding bales is disabled when the count is 0 and needs a row or column selection".
describe('canAddBales', () => {
  it.each([
    [1, 0, null, true],
    [1, null, 2, true],
    [3, 1, 1, true],
    [0, 0, null, false],
    [-1, 0, null, false],
    [2, null, null, false],
  ])('count %i, row %s, column %s → %s', (count, row, column, expected) => {
    expect(canAddBales({ count, row, column })).toBe(expected);
  });
});

// Spec doc 3 §5 "Pile height 1-10": piles grow and shrink within 1–10.
describe('addBales', () => {
  it.each([
    [
      'a row: every cell, a new pile where there was none, 9+2 held at 10',
      { count: 2, row: 0, column: null },
      '0:0=4 0:1=10 0:2=2 1:0=1',
    ],
    ['a column', { count: 1, row: null, column: 0 }, '0:0=3 0:1=9 1:0=2'],
    ['one pile where row and column cross', { count: 5, row: 1, column: 2 }, '0:0=2 0:1=9 1:0=1 1:2=5'],
  ])('to %s', (_, input, expected) => {
    expect(heights(addBales(plain, stack, input))).toBe(expected);
  });

  it.each([
    ['count 0', { count: 0, row: 0, column: null }],
    ['no selection', { count: 1, row: null, column: null }],
    ['a row outside the stack', { count: 1, row: 5, column: null }],
    ['piles already at 10', { count: 1, row: 0, column: 1 }],
  ])('changes nothing with %s', (_, input) => {
    const full = setPileHeight(plain, stack, { row: 0, column: 1, height: 10 });
    expect(addBales(plain, full, input)).toBe(full);
  });
});

describe('removeBales', () => {
  it('takes bales off, removes empty piles and bins the probes of the bales taken away', () => {
    const next = removeBales(plain, stack, { count: 2, row: 0, column: null });
    expect(heights(next)).toBe('0:1=7 1:0=1');
    expect(next.sensors).toEqual([
      { id: 'H1', row: -1, column: -1, floor: 0 },
      { id: 'H2', row: -1, column: -1, floor: 0 },
    ]);
  });

  it('keeps the probes in the bales that remain', () => {
    const next = removeBales(plain, stack, { count: 1, row: null, column: 1 });
    expect(heights(next)).toBe('0:0=2 0:1=8 1:0=1');
    expect(next.sensors).toEqual([{ id: 'H1', row: -1, column: -1, floor: 0 }, stack.sensors[1]]);
  });

  it('changes nothing without a count, a selection or piles', () => {
    expect(removeBales(plain, stack, { count: 0, row: 0, column: null })).toBe(stack);
    expect(removeBales(plain, stack, { count: 1, row: null, column: null })).toBe(stack);
    expect(removeBales(plain, stack, { count: 1, row: null, column: 2 })).toBe(stack);
  });
});

describe('setPileHeight', () => {
  it.each([
    ['raises a pile', { row: 0, column: 0, height: 5 }, '0:0=5 0:1=9 1:0=1'],
    ['holds 12 at 10', { row: 0, column: 0, height: 12 }, '0:0=10 0:1=9 1:0=1'],
    ['starts a pile', { row: 1, column: 2, height: 1 }, '0:0=2 0:1=9 1:0=1 1:2=1'],
    ['removes a pile at 0', { row: 1, column: 0, height: 0 }, '0:0=2 0:1=9'],
  ])('%s', (_, change, expected) => {
    expect(heights(setPileHeight(plain, stack, change))).toBe(expected);
  });

  it('ignores cells outside the stack and unchanged heights', () => {
    expect(setPileHeight(plain, stack, { row: 2, column: 0, height: 3 })).toBe(stack);
    expect(setPileHeight(plain, stack, { row: 0, column: 0, height: 2 })).toBe(stack);
  });

  it('bins a probe above the new height', () => {
    expect(setPileHeight(plain, stack, { row: 0, column: 1, height: 8 }).sensors[0]).toEqual({
      id: 'H1',
      row: -1,
      column: -1,
      floor: 0,
    });
  });
});

// Spec doc 3 §9 "Stack defaults 6x3x4. Limits: 10 stacks".
describe('addStack and removeStack', () => {
  it('adds default stacks up to 10', () => {
    let stacks: Stack[] = [];
    for (let i = 0; i < 12; i++) stacks = addStack(plain, stacks);
    expect(stacks).toHaveLength(10);
    expect(stacks.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(stacks[9]).toEqual(defaultStack(9));
    expect(addStack(plain, stacks)).toBe(stacks);
  });

  it('removes a stack and numbers the rest again', () => {
    const stacks = [defaultStack(0), defaultStack(1), defaultStack(2)];
    const next = removeStack(stacks, { index: 1 });
    expect(next.map((s) => [s.index, s.color])).toEqual([
      [0, stacks[0]?.color],
      [1, stacks[2]?.color],
    ]);
    expect(next[0]).toBe(stacks[0]);
    expect(removeStack(stacks, { index: 7 })).toBe(stacks);
  });
});
