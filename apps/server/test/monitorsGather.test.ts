import { describe, expect, it } from 'vitest';
import { EVALUATION_WAIT_MAX_MS, passDelayMs } from '../src/features/monitors/monitorEvaluator.js';

describe('how long the monitor evaluator waits before its next pass', () => {
  it.each([
    {
      what: 'the first pass: at once',
      oldestWaitingMs: 0,
      sinceLastPassMs: Infinity,
      lastPassMs: 0,
      wait: 0,
    },
    {
      what: 'a quiet server after a quick pass long ago',
      oldestWaitingMs: 0,
      sinceLastPassMs: 5000,
      lastPassMs: 8,
      wait: 0,
    },
    {
      what: 'right after a quick pass: its rest',
      oldestWaitingMs: 0,
      sinceLastPassMs: 0,
      lastPassMs: 8,
      wait: 16,
    },
    { what: 'part of the rest is over', oldestWaitingMs: 10, sinceLastPassMs: 10, lastPassMs: 20, wait: 30 },
    {
      what: 'after a pass of 200 ms: the bound, not 400 ms',
      oldestWaitingMs: 0,
      sinceLastPassMs: 0,
      lastPassMs: 200,
      wait: EVALUATION_WAIT_MAX_MS,
    },
    {
      what: 'a station that arrived during that pass: only what is left of the bound',
      oldestWaitingMs: 70,
      sinceLastPassMs: 0,
      lastPassMs: 200,
      wait: 30,
    },
    {
      what: 'a station that waited through a long pass: at once',
      oldestWaitingMs: 250,
      sinceLastPassMs: 0,
      lastPassMs: 250,
      wait: 0,
    },
    {
      what: 'after a long pass under a burst, nothing waiting long',
      oldestWaitingMs: 1,
      sinceLastPassMs: 1,
      lastPassMs: 3000,
      wait: EVALUATION_WAIT_MAX_MS - 1,
    },
    {
      what: 'the rest is shorter than the bound',
      oldestWaitingMs: 40,
      sinceLastPassMs: 40,
      lastPassMs: 30,
      wait: 20,
    },
  ])('$what: $wait ms', ({ oldestWaitingMs, sinceLastPassMs, lastPassMs, wait }) => {
    expect(passDelayMs({ oldestWaitingMs, sinceLastPassMs, lastPassMs })).toBe(wait);
  });

  it('never waits longer than the bound, nor less than nothing', () => {
    for (const oldestWaitingMs of [0, 1, 50, 99, 100, 101, 10_000])
      for (const sinceLastPassMs of [0, 1, 50, 1000, Infinity])
        for (const lastPassMs of [0, 1, 49, 50, 51, 500, 10_000]) {
          const wait = passDelayMs({ oldestWaitingMs, sinceLastPassMs, lastPassMs });
          expect(wait).toBeGreaterThanOrEqual(0);
          expect(oldestWaitingMs + wait).toBeLessThanOrEqual(
            Math.max(EVALUATION_WAIT_MAX_MS, oldestWaitingMs),
          );
        }
  });
});
