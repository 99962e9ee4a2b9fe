import { describe, expect, it } from 'vitest';
import { packDay, unpackDay, type PackedReading } from '../src/features/readings/packedDay.js';

const DAY = 1_790_000_000 - (1_790_000_000 % 86_400);

function reading(i: number, over: Partial<PackedReading> = {}): PackedReading {
  return {
    meas_ts: DAY + i * 300,
    bs_id: 'F1000001',
    received_ts: DAY + i * 300 + 4,
    temperature: 215 + (i % 3),
    temps: JSON.stringify([215 + (i % 3), 230 - (i % 2), 198]),
    sensor_rssi: -71 - (i % 4),
    bs_rssi: -60,
    batt: 360,
    ...over,
  };
}

const cadence = (n: number) => Array.from({ length: n }, (_, i) => reading(i));

describe('packDay / unpackDay', () => {
  const cases: { name: string; readings: PackedReading[] }[] = [
    { name: 'no reading', readings: [] },
    { name: 'one reading', readings: [reading(0)] },
    { name: 'a day at a 5-minute cadence', readings: cadence(288) },
    {
      name: 'nulls in signal, battery and a depth',
      readings: [
        reading(0, { sensor_rssi: null, bs_rssi: null, batt: null }),
        reading(1, { temps: '[210,null,190]' }),
        reading(2, { batt: 0, sensor_rssi: -200, bs_rssi: 0 }),
      ],
    },
    {
      name: 'depth count changing from reading to reading',
      readings: [reading(0, { temps: '[100]' }), reading(1, { temps: '[100,101,102,103,104]' }), reading(2)],
    },
    {
      name: 'two stations, late arrival, irregular times, extreme temperatures',
      readings: [
        reading(0, { bs_id: 'F1000002', received_ts: DAY + 86_400 * 30, temperature: -500, temps: '[-500]' }),
        reading(1, { meas_ts: DAY + 301, received_ts: DAY + 301 }),
        reading(2, { meas_ts: DAY + 86_399, temperature: 2000, temps: '[2000,-500]', bs_id: 'Fé-ø' }),
      ],
    },
  ];

  it.each(cases)('gives back every value: $name', ({ readings }) => {
    expect(unpackDay(packDay(readings))).toEqual(readings);
  });

  it('gives the readings back in time order whatever order they came in', () => {
    const readings = cadence(20);
    expect(unpackDay(packDay([...readings].reverse()))).toEqual(readings);
  });

  it('gives back random days exactly', () => {
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % n;
    for (let day = 0; day < 50; day++) {
      const n = 1 + rnd(300);
      let ts = DAY;
      const readings = Array.from({ length: n }, () => {
        ts += 1 + rnd(900);
        const temps = Array.from({ length: 1 + rnd(6) }, () => (rnd(10) === 0 ? null : rnd(2501) - 500));
        return reading(0, {
          meas_ts: ts,
          received_ts: ts + rnd(100_000),
          temperature: rnd(2501) - 500,
          temps: JSON.stringify(temps),
          sensor_rssi: rnd(5) === 0 ? null : 0 - rnd(201),
          bs_rssi: rnd(5) === 0 ? null : 0 - rnd(201),
          batt: rnd(5) === 0 ? null : rnd(1001),
          bs_id: rnd(4) === 0 ? 'F1000009' : 'F1000001',
        });
      });
      expect(unpackDay(packDay(readings))).toEqual(readings);
    }
  });

  it('takes a few bytes a reading for a probe on its cadence', () => {
    // Hourly readings of three depths that wander by a tenth or two: the demo's and most farms' shape.
    const readings = Array.from({ length: 24 }, (_, i) =>
      reading(i, {
        meas_ts: DAY + i * 3600,
        received_ts: DAY + i * 3600 + 3,
        temps: JSON.stringify([215 + (i % 3), 230 - (i % 2), 198 + (i % 4)]),
      }),
    );
    expect(packDay(readings).length / readings.length).toBeLessThan(8);
  });

  it('refuses a buffer it did not write', () => {
    expect(() => unpackDay(Buffer.of(9, 1, 2))).toThrow(/format/);
  });
});
