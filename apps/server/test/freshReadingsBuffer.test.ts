import { describe, expect, it } from 'vitest';
import type { FreshReading } from '../src/features/ingest/index.js';
import { FRESH_PER_PROBE, FreshReadingsBuffer } from '../src/features/monitors/freshReadingsBuffer.js';

const r = (sensor_id: string, meas_ts: number, received_ts: number): FreshReading => ({
  sensor_id,
  meas_ts,
  temperatures: [meas_ts % 1000],
  received_ts,
});
const keys = (rs: FreshReading[] | undefined) => rs?.map((x) => `${x.sensor_id}@${x.meas_ts}`);

/**
 * The buffer may answer a pass only when it holds every reading the store would give (decision 0060):
 * each case sets it up and asks `take(sensors, from, measuredAfter)`.
 */
describe('FreshReadingsBuffer', () => {
  const cases: {
    name: string;
    setUp: (b: FreshReadingsBuffer) => void;
    take: [string[], number, number];
    want: string[] | undefined;
  }[] = [
    {
      name: 'a probe never watched: the store must be read',
      setUp: (b) => b.add([r('A', 100, 100)]),
      take: [['A'], 50, 0],
      want: undefined,
    },
    {
      name: 'readings before the watch are not kept',
      setUp: (b) => {
        b.add([r('A', 100, 100)]);
        b.watch(['A'], 100);
        b.add([r('A', 101, 101)]);
      },
      take: [['A'], 101, 0],
      want: ['A@101'],
    },
    {
      name: 'asking from the watch second itself: a reading of that second may have come before it',
      setUp: (b) => {
        b.watch(['A'], 100);
        b.add([r('A', 100, 100)]);
      },
      take: [['A'], 100, 0],
      want: undefined,
    },
    {
      name: 'every watched probe must be whole, or none is used',
      setUp: (b) => {
        b.watch(['A'], 100);
        b.watch(['B'], 200);
        b.add([r('A', 201, 201), r('B', 201, 201)]);
      },
      take: [['A', 'B'], 150, 0],
      want: undefined,
    },
    {
      name: 'by measurement time, then probe; arrival before `from` and measurement before the look-back left out',
      setUp: (b) => {
        b.watch(['A', 'B'], 100);
        b.add([r('B', 300, 120), r('A', 300, 120), r('A', 290, 130), r('B', 150, 130), r('A', 310, 110)]);
      },
      take: [['A', 'B'], 120, 200],
      want: ['A@290', 'A@300', 'B@300'],
    },
    {
      name: 'release lets go of what came before and no longer vouches for it',
      setUp: (b) => {
        b.watch(['A'], 100);
        b.add([r('A', 101, 101), r('A', 102, 102), r('A', 103, 103)]);
        b.release(['A'], 103);
      },
      take: [['A'], 102, 0],
      want: undefined,
    },
    {
      name: 'after a release, from the released second on',
      setUp: (b) => {
        b.watch(['A'], 100);
        b.add([r('A', 101, 101), r('A', 102, 102), r('A', 103, 103)]);
        b.release(['A'], 103);
      },
      take: [['A'], 103, 0],
      want: ['A@103'],
    },
    {
      name: `beyond ${FRESH_PER_PROBE} readings the oldest goes, and the buffer stops vouching for its second`,
      setUp: (b) => {
        b.watch(['A'], 0);
        b.add(Array.from({ length: FRESH_PER_PROBE + 1 }, (_, i) => r('A', 1000 + i, 1 + i)));
      },
      take: [['A'], 1, 0],
      want: undefined,
    },
    {
      name: `beyond ${FRESH_PER_PROBE} readings the rest is still whole`,
      setUp: (b) => {
        b.watch(['A'], 0);
        b.add(Array.from({ length: FRESH_PER_PROBE + 1 }, (_, i) => r('A', 1000 + i, 1 + i)));
      },
      take: [['A'], FRESH_PER_PROBE + 1, 0],
      want: [`A@${1000 + FRESH_PER_PROBE}`],
    },
    {
      name: 'clear forgets the watch',
      setUp: (b) => {
        b.watch(['A'], 100);
        b.add([r('A', 101, 101)]);
        b.clear();
        b.add([r('A', 102, 102)]);
      },
      take: [['A'], 101, 0],
      want: undefined,
    },
  ];

  it.each(cases)('$name', ({ setUp, take, want }) => {
    const b = new FreshReadingsBuffer();
    setUp(b);
    expect(keys(b.take(...take))).toEqual(want);
  });
});
