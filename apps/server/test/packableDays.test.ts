import { describe, expect, it } from 'vitest';
import { packableDays } from '../src/features/ingest/packableDays.js';

const DAY = 86_400;
/** A packet received at noon of day 100 (its packable days end before day 98). */
const received = 100 * DAY + 12 * 3_600;
const packet = (receivedTs: number, times: number[]) => ({
  receivedTs,
  packet: { readings: times.map((meas_ts) => ({ meas_ts })) },
});

describe('packableDays (decision 0149)', () => {
  it.each([
    ['no packet', [], []],
    ['readings of today and yesterday', [packet(received, [received - 60, 99 * DAY + 5])], []],
    ['the day before yesterday is not packable yet', [packet(received, [98 * DAY])], []],
    ['the day before it is', [packet(received, [98 * DAY - 1])], [97]],
    [
      'each day once, ascending, whatever the order',
      [packet(received, [10 * DAY + 7, 3 * DAY, 10 * DAY, received - 5]), packet(received, [3 * DAY + 1])],
      [3, 10],
    ],
    [
      'each packet by its own arrival',
      [packet(received, [50 * DAY]), packet(60 * DAY, [50 * DAY, 59 * DAY])],
      [50],
    ],
    ['before the epoch', [packet(received, [-1])], [-1]],
  ] as const)('%s', (_name, packets, days) => {
    expect(packableDays(packets)).toEqual(days);
  });
});
