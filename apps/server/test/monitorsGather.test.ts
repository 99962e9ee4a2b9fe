import { describe, expect, it } from 'vitest';
import {
  EVALUATION_GATHER_MAX_MS,
  EVALUATION_GATHER_MIN_MS,
  gatherMs,
} from '../src/features/monitors/monitorEvaluator.js';

describe('how long a monitor pass gathers stations first', () => {
  it.each([
    { what: 'the first pass', lastPassMs: 0, wait: EVALUATION_GATHER_MIN_MS },
    { what: 'after a quick pass', lastPassMs: 12, wait: EVALUATION_GATHER_MIN_MS },
    { what: 'after a pass of 200 ms', lastPassMs: 200, wait: 400 },
    { what: 'after a pass of 499 ms', lastPassMs: 499, wait: 998 },
    { what: 'after a long pass under a burst', lastPassMs: 3000, wait: EVALUATION_GATHER_MAX_MS },
  ])('$what waits $wait ms', ({ lastPassMs, wait }) => {
    expect(gatherMs(lastPassMs)).toBe(wait);
  });
});
