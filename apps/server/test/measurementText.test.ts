import { describe, expect, it } from 'vitest';
import type { Measurement } from '@emberwatch/shared/contracts/publicApi';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import type { DecodedReading } from '../src/features/readings/index.js';
import { measurementOf } from '../src/features/public-api/measurementPage.js';
import {
  measurementsCsv,
  measurementsJson,
  type MeasurementsPage,
} from '../src/features/public-api/measurementText.js';

/**
 * The page's hand-written JSON and CSV (decision 0127) against the texts the general path wrote before
 * it: JSON.stringify of the measurements, and the CSV built from them cell by cell (kept here as
 * the reference it replaced).
 */
function referenceCsv(readings: readonly Measurement[], unit: DegreesUnit): string {
  const depths = readings.reduce((m, r) => Math.max(m, r.temps.length), 0);
  const head = [
    'ts',
    'time',
    `temperature_${unit}`,
    ...Array.from({ length: depths }, (_, i) => `t${i + 1}_${unit}`),
    'batt',
    'rssi',
  ];
  const lines = [head.join(',')];
  const cell = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  for (const r of readings) {
    const temps = Array.from({ length: depths }, (_, i) => cell(r.temps[i]));
    lines.push(
      [
        String(r.ts),
        new Date(r.ts * 1000).toISOString(),
        cell(r.temperature),
        ...temps,
        cell(r.batt),
        cell(r.rssi),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

const measurements = (readings: readonly DecodedReading[], unit: DegreesUnit) =>
  readings.map((r) => measurementOf({ ...r, temps: JSON.stringify(r.temps) }, unit));

function referenceJson(page: MeasurementsPage): string {
  return JSON.stringify({
    status_code: 0,
    bs_id: page.bs_id,
    sensor_id: page.sensor_id,
    unit: page.unit,
    from: page.from,
    to: page.to,
    readings: measurements(page.readings, page.unit),
    next_cursor: page.next_cursor,
  });
}

const T0 = 1_790_000_000 - (1_790_000_000 % 86_400);

function reading(ts: number, temps: (number | null)[], over: Partial<DecodedReading> = {}): DecodedReading {
  const values = temps.filter((t): t is number => t !== null);
  return {
    meas_ts: ts,
    bs_id: 'F1000001',
    received_ts: ts + 4,
    temperature: values.length > 0 ? Math.max(...values) : 0,
    temps,
    sensor_rssi: -71,
    bs_rssi: -60,
    batt: 360,
    ...over,
  };
}

/** Every tenth from −60.0 °C to 200.0 °C, a day of hourly readings at a time. */
const sweep = Array.from({ length: 2_601 }, (_, i) => reading(T0 + i * 3_600, [i - 600, -(i % 700), null]));

const cases: { name: string; readings: DecodedReading[]; next?: string | null }[] = [
  { name: 'an empty page', readings: [] },
  { name: 'one reading', readings: [reading(T0, [215, 230, 198])] },
  { name: 'every tenth from −60 °C to 200 °C', readings: sweep, next: 'bTEuMTc5MDAwMDAwMA' },
  {
    name: 'nulls in depths, battery and signal',
    readings: [
      reading(T0, [null, 120, null], { batt: null, sensor_rssi: null }),
      reading(T0 + 60, [null], { temperature: -5 }),
      reading(T0 + 120, [], { temperature: 0, batt: 0, sensor_rssi: 0 }),
    ],
  },
  {
    name: 'depth counts changing from reading to reading (CSV pads the shallow ones)',
    readings: [reading(T0, [100]), reading(T0 + 1, [100, 101, 102, 103, 104, 105]), reading(T0 + 2, [1, 2])],
  },
  {
    name: '−0 in °F (−17.8 °C rounds to −0.0 °F) and values around zero',
    readings: [reading(T0, [-178, -177, -179, -1, 1, 0], { temperature: -178 })],
  },
  {
    name: 'values past the cached texts and tenths that are not whole',
    readings: [
      reading(T0, [150_000, -150_000, 10_000, -10_000, 9_999, -10_001], { temperature: 150_000 }),
      reading(T0 + 3_600, [215.5, -0.25, 1e-7], { temperature: 215.5 }),
    ],
  },
  {
    name: 'times at the edges of days, years and the ISO text',
    readings: [
      reading(0, [1]),
      reading(59, [1]),
      reading(86_399, [1]),
      reading(86_400, [1]),
      reading(951_782_400, [1]),
      reading(253_402_300_799, [1]),
      reading(253_402_300_800, [1]),
    ],
  },
  {
    name: 'readings across days, minutes and seconds, not on the hour',
    readings: Array.from({ length: 500 }, (_, i) => reading(T0 + i * 997 + (i % 61), [i % 400])),
    next: 'x',
  },
];

describe('the measurements page text', () => {
  const pageOf = (
    c: (typeof cases)[number],
    unit: DegreesUnit,
    ids = { bs: 'F1000001', sensor: 'H10001' },
  ) => ({
    bs_id: ids.bs,
    sensor_id: ids.sensor,
    unit,
    from: T0 - 86_400,
    to: T0 + 10 * 86_400,
    readings: c.readings,
    next_cursor: c.next ?? null,
  });

  for (const unit of ['C', 'F'] as const) {
    it.each(cases)(`JSON in °${unit}: $name, the bytes JSON.stringify writes`, (c) => {
      const page = pageOf(c, unit);
      expect(measurementsJson(page)).toBe(referenceJson(page));
    });

    it.each(cases)(`CSV in °${unit}: $name, the bytes the cell-by-cell CSV wrote`, (c) => {
      expect(measurementsCsv(c.readings, unit)).toBe(referenceCsv(measurements(c.readings, unit), unit));
    });
  }

  it('escapes the ids as JSON does', () => {
    const page = pageOf(cases[1]!, 'C', { bs: 'F"1\\\u00e9\n', sensor: 'H\u2028' });
    expect(measurementsJson(page)).toBe(referenceJson(page));
    expect(JSON.parse(measurementsJson(page))).toMatchObject({ bs_id: 'F"1\\\u00e9\n' });
  });

  it('gives the same text when called again after another unit (the cached texts are the unit’s)', () => {
    const c = cases[2]!;
    const f = measurementsJson(pageOf(c, 'F'));
    const celsius = measurementsJson(pageOf(c, 'C'));
    expect(measurementsJson(pageOf(c, 'F'))).toBe(f);
    expect(celsius).toBe(referenceJson(pageOf(c, 'C')));
  });
});
