import { describe, expect, it } from 'vitest';
import { batchLength } from '../src/features/ingest/batchLength.js';

describe('how many waiting packets the next ingest transaction commits', () => {
  it.each([
    { probes: [], maxBatch: 64, maxProbes: Infinity, length: 0, why: 'nothing waits' },
    { probes: [100, 100, 100], maxBatch: 64, maxProbes: Infinity, length: 3, why: 'no probe limit (SQLite)' },
    { probes: [1, 1, 1, 1], maxBatch: 3, maxProbes: Infinity, length: 3, why: 'at most maxBatch packets' },
    {
      probes: [100, 100, 100, 100, 100, 100],
      maxBatch: 64,
      maxProbes: 512,
      length: 5,
      why: '500 ≤ 512 < 600',
    },
    { probes: [256, 256, 1], maxBatch: 64, maxProbes: 512, length: 2, why: 'exactly the limit is allowed' },
    { probes: [2_000, 10], maxBatch: 64, maxProbes: 512, length: 1, why: 'a large packet goes alone' },
    { probes: [10, 2_000], maxBatch: 64, maxProbes: 512, length: 1, why: 'a large packet waits for its own' },
    { probes: [0, 0, 513], maxBatch: 64, maxProbes: 512, length: 2, why: 'packets naming no valid probe' },
    {
      probes: Array.from({ length: 70 }, () => 0),
      maxBatch: 64,
      maxProbes: 512,
      length: 64,
      why: 'packets the cache settles lock nothing: up to maxBatch of them (decision 0148)',
    },
    {
      probes: [0, 0, 0, 500, 100],
      maxBatch: 64,
      maxProbes: 512,
      length: 4,
      why: 'settled, then locking ones',
    },
  ])('$why: $length', ({ probes, maxBatch, maxProbes, length }) => {
    expect(batchLength(probes, maxBatch, maxProbes)).toBe(length);
  });
});
