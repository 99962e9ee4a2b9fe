import { describe, expect, it } from 'vitest';
import {
  coldestPoint,
  EMPTY_PROGRESS,
  foldProgress,
  hottestPoint,
  progressOf,
  type ProgressReading,
} from '../../src/domain/batches/index.js';

const H = 3600;
const r = (h: number, ...temps: (number | null)[]): ProgressReading => ({ ts: 1000 + h * H, temps });

describe('a probe’s progress in a phase', () => {
  it.each([
    ['counts the time between two readings both at the target', [r(0, 600), r(1, 600)], 550, 1 * H],
    ['not when the first is below', [r(0, 500), r(1, 600)], 550, 0],
    ['not when the second is below', [r(0, 600), r(1, 500)], 550, 0],
    ['judges the coldest depth', [r(0, 600, 540), r(1, 600, 600)], 550, 0],
    ['bridges a gap of up to 3 hours', [r(0, 600), r(3, 600)], 550, 3 * H],
    ['but not a longer one', [r(0, 600), r(3.5, 600)], 550, 0],
    ['skips readings with no measured depth', [r(0, 600), r(1, null), r(2, 600)], 550, 2 * H],
    ['skips a repeated time', [r(0, 600), r(1, 600), r(1, 600)], 550, 1 * H],
    ['counts nothing without a target temperature', [r(0, 600), r(1, 600)], null, 0],
  ] as const)('%s', (_n, readings, target, hotS) => {
    expect(foldProgress(EMPTY_PROGRESS, readings, target).hotS).toBe(hotS);
  });

  it('folds in steps to the same state as at once', () => {
    const all = [r(0, 560), r(1, 570), r(2, 540), r(3, 600), r(4, 610), r(5, 620)];
    const once = foldProgress(EMPTY_PROGRESS, all, 550);
    const stepped = foldProgress(foldProgress(EMPTY_PROGRESS, all.slice(0, 3), 550), all.slice(2), 550);
    expect(stepped).toEqual(once);
    expect(once).toEqual({ hotS: 3 * H, lastTs: 1000 + 5 * H, lastTemp: 620, maxTemp: 620 });
  });

  it.each([
    [
      'not started',
      { targetTemp: 550, targetHours: 72, start: null, completed: null },
      0,
      { progress: 0, hours: 0 },
    ],
    [
      'half way',
      { targetTemp: 550, targetHours: 72, start: 0, completed: null },
      36 * H,
      { progress: 0.5, hours: 36 },
    ],
    [
      'done, capped at 1',
      { targetTemp: 550, targetHours: 72, start: 0, completed: null },
      100 * H,
      { progress: 1, hours: 100 },
    ],
    [
      'time alone: since the start',
      { targetTemp: null, targetHours: 10, start: 0, completed: null },
      0,
      { progress: 0.5, hours: 5 },
    ],
    [
      'time alone: to its completion',
      { targetTemp: null, targetHours: 10, start: 0, completed: 2 * H },
      0,
      { progress: 0.2, hours: 2 },
    ],
    [
      'no target hours: no progress',
      { targetTemp: 550, targetHours: null, start: 0, completed: null },
      5 * H,
      { progress: null, hours: 5 },
    ],
  ] as const)('%s', (_n, plan, hotS, want) => {
    expect(progressOf(plan, { ...EMPTY_PROGRESS, hotS }, 5 * H)).toEqual(want);
  });

  it.each([
    [[600, 550, 700], 550, 700],
    [[null, 600], 600, 600],
    [[null, null], null, null],
    [[], null, null],
  ] as const)('coldest and hottest of %j', (temps, cold, hot) => {
    expect(coldestPoint(temps)).toBe(cold);
    expect(hottestPoint(temps)).toBe(hot);
  });
});
