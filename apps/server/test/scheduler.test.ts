import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { Scheduler } from '../src/jobs/Scheduler.js';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

describe('Scheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    // firstAfterMs, runs after 1 s, after 10 s, after 25 s
    [undefined, 0, 1, 2],
    [1_000, 1, 2, 3],
  ])(
    'a job every 10 s with firstAfterMs %s has run %i, %i, %i times',
    async (firstAfterMs, at1, at10, at25) => {
      vi.useFakeTimers();
      const scheduler = new Scheduler(log);
      let runs = 0;
      scheduler.start([
        { name: 'count', everyMs: 10_000, firstAfterMs, run: () => Promise.resolve(void runs++) },
      ]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(runs).toBe(at1);
      await vi.advanceTimersByTimeAsync(9_000);
      expect(runs).toBe(at10);
      await vi.advanceTimersByTimeAsync(15_000);
      expect(runs).toBe(at25);
      scheduler.stop();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(runs).toBe(at25);
    },
  );
});
