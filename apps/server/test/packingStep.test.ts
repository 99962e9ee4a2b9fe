import { describe, expect, it } from 'vitest';
import { packingStepLength } from '../src/features/readings/packingStep.js';

const DAY = 86_400;
const days = (...n: number[]) => n.map((d) => d * DAY);
const run = (n: number) => Array.from({ length: n }, (_, i) => (1_000 + i) * DAY);

describe('packingStepLength (decision 0149)', () => {
  it.each([
    ['one day', days(5), 0, 32, 1],
    ['every day of a month, at most 32', run(40), 0, 32, 32],
    ['fewer when fewer are asked', run(40), 0, 3, 3],
    ['what is left', run(40), 32, 32, 8],
    ['a span of 32 days holds days 0 to 31 after the first', days(10, 20, 41, 42), 0, 32, 3],
    ['a day a month: one a step', days(0, 31 + 1, 62, 93), 0, 32, 1],
    ['from the middle', days(0, 40, 50, 80), 1, 32, 2],
    ['at least one, even when none is asked', days(0, 1), 0, 0, 1],
  ] as const)('%s', (_name, list, from, most, n) => {
    expect(packingStepLength(list, from, most)).toBe(n);
  });
});
