import type { Stack } from '../../contracts/storageLayout.js';
import { defaultStack } from './defaultStack.js';
import { layoutLimits, type LayoutSettings } from './layoutLimits.js';

/**
 * A new default stack (6 × 3, height 4; spec doc 3 §9) appended, while there are fewer than 10
 * (doc 3 §9 "Limits: 10 stacks"). The same list at the limit.
 */
export function addStack(settings: LayoutSettings, stacks: Stack[]): Stack[] {
  if (stacks.length >= layoutLimits(settings).stacks) return stacks;
  return [...stacks, defaultStack(stacks.length)];
}

/**
 * Stack `index` removed with its piles and probes (which become vacant again); the others are
 * numbered 0, 1, 2… again so that `index` stays the stack's position. The same list when there is
 * no such stack.
 */
export function removeStack(stacks: Stack[], input: { index: number }): Stack[] {
  if (!stacks.some((s) => s.index === input.index)) return stacks;
  return stacks
    .filter((s) => s.index !== input.index)
    .map((s, index) => (s.index === index ? s : { ...s, index }));
}
