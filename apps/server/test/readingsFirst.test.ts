import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedReading, ReadingHistory, ReadingPacker } from '../src/features/readings/index.js';
import { hourOf } from '../src/features/readings/readingHours.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * ReadingHistory.firstReadings (the public API's pages, decision 0127) against `range`, the reader
 * every other feature uses: the same readings, in the same order, the depths as numbers, for ranges
 * over packed days, raw days, late raw rows of a packed day and a sparse probe.
 */
const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
const today = now - (now % DAY);
/** Hourly for 20 days, then every 10 minutes for the last 2 (raw: packing leaves the last 3 days). */
const DENSE = 'H10001';
/** One reading every 5 days for 300 days: a page's first batch of packed days holds too few. */
const SPARSE = 'H10002';

function row(sensor: string, ts: number, i: number) {
  const temps = i % 23 === 0 ? [200 + (i % 9), null, 150] : [200 + (i % 9), 170 - (i % 5), 150 + (i % 3)];
  return {
    ...(TEST_ENGINE === 'sqlite' ? { hour: hourOf(ts) } : {}),
    sensor_id: sensor,
    meas_ts: ts,
    bs_id: 'F1000001',
    received_ts: ts + 5,
    temperature: Math.max(...temps.filter((t): t is number => t !== null)),
    temps: JSON.stringify(temps),
    sensor_rssi: i % 11 === 0 ? null : -70 - (i % 7),
    bs_rssi: i % 13 === 0 ? null : -55,
    batt: i % 17 === 0 ? null : 360 - (i % 4),
  };
}

describe(`a probe's first readings of a range, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let history: ReadingHistory;
  const start = today - 20 * DAY;
  let lateNew = 0;
  let lateRepeat = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { READINGS_PACK_AFTER_DAYS: '3' } });
    const readings = t.features.find((f) => f.name === 'readings') as unknown as {
      exports: { history: ReadingHistory; packer: ReadingPacker };
    };
    history = readings.exports.history;
    const rows = [
      ...Array.from({ length: 18 * 24 }, (_, i) => row(DENSE, start + i * 3_600 + 7, i)),
      ...Array.from({ length: 2 * 144 }, (_, i) => row(DENSE, today - 2 * DAY + i * 600, i)),
      ...Array.from({ length: 60 }, (_, i) => row(SPARSE, today - 300 * DAY + i * 5 * DAY + 100, i)),
    ];
    for (let i = 0; i < rows.length; i += 200)
      await t.store.db
        .insertInto('readings')
        .values(rows.slice(i, i + 200))
        .execute();
    // The packer packs the probes it knows a latest reading of.
    await t.store.db.deleteFrom('probe_latest').where('sensor_id', 'in', [DENSE, SPARSE]).execute();
    for (const sensor of [DENSE, SPARSE]) {
      const last = rows.filter((r) => r.sensor_id === sensor).at(-1)!;
      await t.store.db
        .insertInto('probe_latest')
        .values({
          sensor_id: sensor,
          bs_id: last.bs_id,
          meas_ts: last.meas_ts,
          temperature: last.temperature,
          temps: last.temps,
          sensor_rssi: last.sensor_rssi,
          bs_rssi: last.bs_rssi,
          batt: last.batt,
        })
        .execute();
    }
    const packed = await readings.exports.packer.run();
    expect(packed.days).toBeGreaterThan(60);
    // Late raw rows of a packed day, as ingest leaves them until the next packing run: one at a new
    // time, one repeating a packed time with other values (the packed one counts).
    lateNew = start + 5 * DAY + 1_800;
    lateRepeat = start + 6 * DAY + 7;
    await t.store.db
      .insertInto('readings')
      .values([
        { ...row(DENSE, lateNew, 1), temps: '[111,112,113]', temperature: 113 },
        { ...row(DENSE, lateRepeat, 2), temps: '[999,999,999]', temperature: 999 },
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const expected = async (sensor: string, from: number, to: number, count: number) =>
    (await history.range([sensor], from, to))
      .slice(0, Math.max(0, count))
      .map(({ sensor_id: _sensor, ...r }): DecodedReading => ({
        ...r,
        temps: JSON.parse(r.temps) as (number | null)[],
      }));

  const cases: { name: string; sensor: string; from: () => number; to: () => number; count: number }[] = [
    { name: 'everything', sensor: DENSE, from: () => 0, to: () => now + DAY, count: 100_000 },
    { name: 'the first reading', sensor: DENSE, from: () => 0, to: () => now, count: 1 },
    { name: 'a page of hourly packed days', sensor: DENSE, from: () => start, to: () => now, count: 101 },
    {
      name: 'a page from inside a day',
      sensor: DENSE,
      from: () => start + 3 * DAY + 5_000,
      to: () => now,
      count: 50,
    },
    {
      name: 'a page ending inside a day',
      sensor: DENSE,
      from: () => start,
      to: () => start + 2 * DAY + 7,
      count: 1_000,
    },
    {
      name: 'a page over the late rows',
      sensor: DENSE,
      from: () => start + 5 * DAY,
      to: () => now,
      count: 60,
    },
    {
      name: 'a page from packed into raw days',
      sensor: DENSE,
      from: () => today - 4 * DAY,
      to: () => now,
      count: 200,
    },
    { name: 'raw days only', sensor: DENSE, from: () => today - 2 * DAY, to: () => now, count: 1_000 },
    {
      name: 'one reading’s exact time',
      sensor: DENSE,
      from: () => start + 7,
      to: () => start + 7,
      count: 10,
    },
    {
      name: 'a sparse probe, batches of days doubling',
      sensor: SPARSE,
      from: () => 0,
      to: () => now,
      count: 45,
    },
    { name: 'a sparse probe, all of it', sensor: SPARSE, from: () => 0, to: () => now, count: 1_000 },
    { name: 'a range without readings', sensor: DENSE, from: () => 1_000, to: () => 2_000, count: 10 },
    { name: 'from after to', sensor: DENSE, from: () => now, to: () => start, count: 10 },
    { name: 'no reading asked for', sensor: DENSE, from: () => 0, to: () => now, count: 0 },
  ];

  it.each(cases)('gives what range gives: $name', async ({ sensor, from, to, count }) => {
    const got = await history.firstReadings(sensor, from(), to(), count);
    expect(got).toEqual(await expected(sensor, from(), to(), count));
  });

  it('pages through the whole history, each page starting after the last, as range has it', async () => {
    const all = await expected(DENSE, 0, now, 100_000);
    const walked: DecodedReading[] = [];
    for (let from = 0; ;) {
      const page = await history.firstReadings(DENSE, from, now, 37);
      walked.push(...page);
      if (page.length < 37) break;
      from = page.at(-1)!.meas_ts + 1;
    }
    expect(walked).toEqual(all);
    // The late new time is served; the repeated time keeps its packed values.
    expect(walked.find((r) => r.meas_ts === lateNew)?.temps).toEqual([111, 112, 113]);
    expect(walked.find((r) => r.meas_ts === lateRepeat)?.temperature).not.toBe(999);
  });
});
