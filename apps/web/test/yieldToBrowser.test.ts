import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLICE_MS, inSlices, yieldToBrowser } from '../src/lib/yieldToBrowser';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('work at start cut into slices', () => {
  it('runs as many items as fit in a slice, then goes on after yielding to the browser', async () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const done: number[] = [];
    // Each item takes half a slice: two fit in the first, the rest wait for the browser.
    const all = inSlices([1, 2, 3, 4, 5], (n) => {
      done.push(n);
      now += SLICE_MS / 2;
    });
    expect(done).toEqual([1, 2]);
    await all;
    expect(done).toEqual([1, 2, 3, 4, 5]);
  });

  it('does not wait for a timer (a background tab runs its timers once a second)', async () => {
    vi.useFakeTimers();
    let resumed = false;
    void yieldToBrowser().then(() => (resumed = true));
    // The page's timers held: only a yield that needs none goes on (Node's own promise timer is real).
    await sleep(50);
    expect(resumed).toBe(true);
  });
});
