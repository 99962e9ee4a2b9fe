import type { IngestReading } from '@emberwatch/shared/contracts/ingest';
import { describe, expect, it } from 'vitest';
import { RollupDeltas } from '../src/features/ingest/rollupDeltas.js';

const DAY = 86_400;
const D0 = 20_000 * DAY;
const r = (id: string, ts: number, temps: number[], batt?: number): IngestReading => ({
  sensor_id: id,
  meas_ts: ts,
  temperatures: temps,
  ...(batt === undefined ? {} : { batt_voltage: batt }),
});

/** The deltas as plain data, for comparing two ways of folding the same readings. */
function plain(d: RollupDeltas) {
  return {
    seqs: [...d.seqs].sort((a, b) => a - b),
    depths: d.depths,
    probes: Object.fromEntries(
      [...d.probes].map(([id, p]) => [
        id,
        {
          latest: [p.latestTs, p.latestBsId],
          days: Object.fromEntries(p.days.map(({ day, ...rest }) => [day, rest])),
        },
      ]),
    ),
  };
}

function foldAll(parts: [string, IngestReading[]][]): RollupDeltas {
  const d = new RollupDeltas();
  parts.forEach(([bs, rs], seq) => {
    for (const x of rs) d.fold(x, bs);
    d.seqs.push(seq);
  });
  return d;
}

/** Each part folded on its own, then absorbed one into the next, in `order`. */
function foldApart(parts: [string, IngestReading[]][], order: number[]): RollupDeltas {
  const d = new RollupDeltas();
  for (const i of order) {
    const part = new RollupDeltas();
    const [bs, rs] = parts[i] as [string, IngestReading[]];
    for (const x of rs) part.fold(x, bs);
    part.seqs.push(i);
    d.absorb(part);
  }
  return d;
}

describe('RollupDeltas', () => {
  const cases: { name: string; parts: [string, IngestReading[]][]; expect: Record<string, unknown> }[] = [
    {
      name: 'one reading',
      parts: [['S1', [r('P1', D0 + 10, [200, 210], 300)]]],
      expect: {
        P1: {
          latest: [D0 + 10, 'S1'],
          days: {
            [D0]: {
              sensorId: 'P1',
              n: 1,
              maxTemp: 210,
              minTemp: 200,
              maxTemps: [200, 210],
              minTemps: [200, 210],
              minBatt: 300,
              maxBatt: 300,
            },
          },
        },
      },
    },
    {
      name: 'a late reading does not move the latest back; depths and battery only one side has stay',
      parts: [
        ['S1', [r('P1', D0 + 50, [200, 210, 220])]],
        ['S2', [r('P1', D0 + 40, [150], 310), r('P1', D0 + 60, [-30, 400], 290)]],
      ],
      expect: {
        P1: {
          latest: [D0 + 60, 'S2'],
          days: {
            [D0]: {
              sensorId: 'P1',
              n: 3,
              maxTemp: 400,
              minTemp: -30,
              maxTemps: [200, 400, 220],
              minTemps: [-30, 210, 220],
              minBatt: 290,
              maxBatt: 310,
            },
          },
        },
      },
    },
    {
      name: 'two days and two probes',
      parts: [
        ['S1', [r('P1', D0 + DAY - 1, [100]), r('P2', D0 + 5, [5], 280)]],
        ['S1', [r('P1', D0 + DAY, [120])]],
      ],
      expect: {
        P1: {
          latest: [D0 + DAY, 'S1'],
          days: {
            [D0]: {
              sensorId: 'P1',
              n: 1,
              maxTemp: 100,
              minTemp: 100,
              maxTemps: [100],
              minTemps: [100],
              minBatt: null,
              maxBatt: null,
            },
            [D0 + DAY]: {
              sensorId: 'P1',
              n: 1,
              maxTemp: 120,
              minTemp: 120,
              maxTemps: [120],
              minTemps: [120],
              minBatt: null,
              maxBatt: null,
            },
          },
        },
        P2: {
          latest: [D0 + 5, 'S1'],
          days: {
            [D0]: {
              sensorId: 'P2',
              n: 1,
              maxTemp: 5,
              minTemp: 5,
              maxTemps: [5],
              minTemps: [5],
              minBatt: 280,
              maxBatt: 280,
            },
          },
        },
      },
    },
  ];

  it.each(cases)(
    '$name: folded at once or in parts absorbed in any order, the same',
    ({ parts, expect: want }) => {
      const all = plain(foldAll(parts));
      expect(all.probes).toEqual(want);
      const orders =
        parts.length === 1
          ? [[0]]
          : [
              [0, 1],
              [1, 0],
            ];
      for (const order of orders) expect(plain(foldApart(parts, order))).toEqual(all);
    },
  );

  it('absorbing leaves the absorbed deltas as they were (a rolled-back write puts them back)', () => {
    const taken = foldAll([['S1', [r('P1', D0 + 1, [100], 300)]]]);
    const before = plain(taken);
    const writing = foldAll([['S2', [r('P1', D0 + 2, [500], 200)]]]);
    writing.absorb(taken);
    expect(plain(taken)).toEqual(before);
    expect(writing.probes.get('P1')?.days[0]?.n).toBe(2);
  });
});
